import Foundation
import LogoMask
import Testing

/// Paths and helpers shared by the LogoMask test suites.
enum TestPaths {
    /// The package root (the tests live in Tests/LogoMaskTests/Support/).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// SampleLogos/NAME.
    static func sample(_ name: String) -> String {
        packageRoot.appendingPathComponent("SampleLogos").appendingPathComponent(name).path
    }

    /// The fixed selection of simple-icons logos copied into the fixtures (CC0).
    static let simpleIconsFolder = packageRoot.appendingPathComponent("Tests/LogoMaskTests/Fixtures/simple-icons")

    /// Every SVG in the simple-icons fixtures, sorted.
    static var simpleIcons: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: simpleIconsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".svg") }.sorted()
    }

    /// A fresh temporary folder for one test.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logo-mask-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The largest difference between two images' premultiplied channels, or nil when their sizes
/// differ. Premultiplied, because straight colour at alpha 1 turns a rounding step of one level
/// into 255; what a person sees is the premultiplied value.
func maxPremultipliedDifference(_ a: RasterImage, _ b: RasterImage) -> Int? {
    guard a.width == b.width, a.height == b.height, a.format == b.format else { return nil }
    var worst = 0
    let bpp = a.format == .coverage ? 1 : 4
    for y in 0..<a.height {
        let ra = y * a.stride, rb = y * b.stride
        for i in 0..<(a.width * bpp) {
            let d = abs(Int(a.bytes[ra + i]) - Int(b.bytes[rb + i]))
            if d > worst { worst = d }
        }
    }
    return worst
}

/// Width and height from a PNG file's IHDR, read without decoding.
func pngHeaderSize(_ path: String) -> (width: Int, height: Int)? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = [UInt8](handle.readData(ofLength: 24))
    guard head.count == 24, head[12...15] == [0x49, 0x48, 0x44, 0x52] else { return nil }
    func be(_ i: Int) -> Int { Int(head[i]) << 24 | Int(head[i + 1]) << 16 | Int(head[i + 2]) << 8 | Int(head[i + 3]) }
    return (be(16), be(20))
}

/// True when `rsvg-convert` (Debian's librsvg2-bin, the reference renderer) is on the PATH.
let hasRsvgConvert = (try? runTool("which", ["rsvg-convert"]).status) == 0
