import Foundation
import Testing
@testable import LogoMask

/// The veil blend's three implementations (one pixel, Swift SIMD, AVX2 in C) give the same bits.
@Suite("Pixel run kernels")
struct PixelRunTests {
    /// Premultiplied pixels from a fixed pseudo-random sequence, 1,043 of them (not a multiple of 8 or 16).
    static let source: [UInt32] = {
        var pixels: [UInt32] = []
        var seed: UInt32 = 987_654
        for _ in 0..<1043 {
            seed = seed &* 1_103_515_245 &+ 12345
            let a = seed >> 24
            let scale = { (c: UInt32) in (c * a) / 255 }
            pixels.append(a << 24 | scale((seed >> 16) & 0xFF) << 16 | scale((seed >> 8) & 0xFF) << 8 | scale(seed & 0xFF))
        }
        return pixels
    }()

    static let veils: [(UInt32, UInt32)] = [
        (0xFFFF_FFFF, 1), (0xFFFF_FFFF, 207), (0xFF1D_9BF0, 128), (0x8040_2010, 254), (0xFFFF_FFFF, 0), (0xFF00_0000, 255),
    ]

    /// The kernel is chosen from what the CPU reports; CI machines differ, so the check is that
    /// the choice agrees with the kernel's own list of CPU flags, not that AVX2 is there.
    @Test("the AVX2 kernel is used exactly when /proc/cpuinfo lists avx2")
    func avx2IsUsedWhenPresent() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
        let listed = flags.split(separator: " ").contains("avx2")
        #expect(!flags.isEmpty, "no flags line in /proc/cpuinfo")
        #expect(PixelRuns.hasAVX2 == listed, "cpuinfo says avx2: \(listed), the kernel choice: \(PixelRuns.hasAVX2)")
    }

    @Test("AVX2 and Swift SIMD runs equal the one-pixel blend, at every run length 0-40 and 1,043")
    func kernelsMatchScalar() {
        let source = Self.source
        for (color, level) in Self.veils {
            let expected = source.map { lerpPixel($0, color, level) }
            for count in Array(0...40) + [source.count] {
                var simd = [UInt32](repeating: 0xDEAD_BEEF, count: source.count)
                var avx = simd
                source.withUnsafeBufferPointer { s in
                    simd.withUnsafeMutableBufferPointer { o in
                        lerpRunSIMD(s.baseAddress!, into: o.baseAddress!, count: count, toward: color, level: level)
                    }
                    if PixelRuns.hasAVX2 {
                        avx.withUnsafeMutableBufferPointer { o in
                            PixelRuns.lerpRunAVX2(s.baseAddress!, into: o.baseAddress!, count: count, toward: color, level: level)
                        }
                    }
                }
                #expect(Array(simd[..<count]) == Array(expected[..<count]), "Swift SIMD, \(count) pixels, level \(level)")
                #expect(simd[count...].allSatisfy { $0 == 0xDEAD_BEEF }, "Swift SIMD wrote past \(count)")
                if PixelRuns.hasAVX2 {
                    #expect(Array(avx[..<count]) == Array(expected[..<count]), "AVX2, \(count) pixels, level \(level)")
                    #expect(avx[count...].allSatisfy { $0 == 0xDEAD_BEEF }, "AVX2 wrote past \(count)")
                }
            }
        }
    }
}
