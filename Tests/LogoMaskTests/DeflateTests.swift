import Foundation
import Testing

@testable import LogoMask
import LogoMaskTestSupport

/// Runs of random values and random lengths (1...600): literals, short runs, runs past 258.
private func runsOfBytes(count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(state: seed)
    var bytes: [UInt8] = []
    while bytes.count < count {
        let value = UInt8.random(in: 0...3, using: &generator) == 0 ? 0 : UInt8.random(in: 0...255, using: &generator)
        let length = Int.random(in: 1...600, using: &generator)
        bytes += [UInt8](repeating: value, count: min(length, count - bytes.count))
    }
    return bytes
}

/// Deflates `input` as strips cut at `cuts`, `lineLength` bytes a scanline, and concatenates them.
private func deflateStrips(_ input: [UInt8], lineLength: Int, cuts: [Int] = []) -> [UInt8] {
    let deflater = RunLengthDeflater()
    let bounds = [0] + cuts + [input.count]
    var output: [UInt8] = []
    input.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for strip in 0..<(bounds.count - 1) {
            deflater.begin()
            var offset = bounds[strip]
            while offset < bounds[strip + 1] {
                let length = min(lineLength, bounds[strip + 1] - offset)
                deflater.append(base + offset, count: length)
                offset += length
            }
            output += deflater.finish(isLast: strip == bounds.count - 2)
        }
    }
    return output
}

@Suite("Run-length deflate")
struct RunLengthDeflaterTests {
    /// Inputs that exercise literals, runs around the 258-byte match limit and several blocks.
    static let inputs: [(name: String, bytes: [UInt8])] = [
        ("zeros", [UInt8](repeating: 0, count: 100_000)),
        ("one byte", [7]),
        ("runs of 257...260", [UInt8](repeating: 0, count: 257) + [1] + [UInt8](repeating: 9, count: 260) + [2, 2]),
        ("runs", runsOfBytes(count: 300_000, seed: 1)),
        ("noise", (0..<200_000).map { (i: Int) -> UInt8 in UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 13) }),
    ]

    @Test("zlib inflates what it writes, byte for byte", arguments: inputs)
    func roundTrip(name: String, input: [UInt8]) throws {
        let deflated = deflateStrips(input, lineLength: 4097)
        let inflated = try #require(inflateRaw(deflated, expectedLength: input.count), "\(name): zlib rejected the stream")
        #expect(inflated == input, "\(name)")
    }

    @Test("strips deflated apart concatenate into one stream")
    func stripsConcatenate() throws {
        let input = runsOfBytes(count: 500_000, seed: 2)
        let deflated = deflateStrips(input, lineLength: 1025, cuts: [1, 70_000, 70_001, 333_333])
        let inflated = try #require(inflateRaw(deflated, expectedLength: input.count))
        #expect(inflated == input)
    }

    @Test("a zero row costs about a bit a match: 16 MiB of zero rows deflate to under 40 KB")
    func zeroRowsAreSmall() throws {
        let deflater = RunLengthDeflater()
        deflater.begin()
        let rows = 1024, zeros = 16384
        var filter: UInt8 = 2
        for _ in 0..<rows {
            deflater.append(&filter, count: 1)
            deflater.appendZeros(zeros)
        }
        let deflated = deflater.finish(isLast: true)
        #expect(deflated.count < 40_000, "\(deflated.count) bytes")
        var expected: [UInt8] = []
        for _ in 0..<rows { expected += [2] + [UInt8](repeating: 0, count: zeros) }
        #expect(inflateRaw(deflated, expectedLength: expected.count) == expected)
    }

    @Test("Huffman codes stay within their length limit and are complete")
    func huffmanLimit() {
        // Fibonacci frequencies make the deepest possible tree: 29 symbols would need 28 bits.
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 29 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (frequencies, limit) in [(fibonacci, 15), (Array(fibonacci.prefix(19)), 7), ([0, 0, 5, 0], 15)] {
            let code = HuffmanCode(frequencies: frequencies, limit: limit)
            let used = code.lengths.filter { $0 > 0 }
            #expect(used.allSatisfy { Int($0) <= limit })
            // Kraft: a complete prefix code has sum(2^-length) == 1.
            let kraft = used.reduce(0.0) { $0 + pow(2, -Double($1)) }
            #expect(kraft == 1, "limit \(limit): Kraft sum \(kraft)")
            #expect(zip(frequencies, code.lengths).allSatisfy { $0.0 == 0 || $0.1 > 0 }, "every used symbol has a code")
        }
    }
}

@Suite("PNG writer round trips")
struct PNGRoundTripTests {
    /// 3 strips' worth of rows (the writer cuts strips at 1024 rows): noise, flat areas, runs.
    private static func coverageImage(width: Int, height: Int, seed: UInt64) -> RasterImage {
        var generator = SplitMix64(state: seed)
        let stride = (width + 3) & ~3
        var bytes = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let value: UInt8
                switch (y / 300) % 3 {
                case 0: value = UInt8.random(in: 0...255, using: &generator)  // noise
                case 1: value = x < width / 3 ? 0 : (x < 2 * width / 3 ? 255 : UInt8(x % 256))  // flat, same every row
                default: value = UInt8((x + y) % 7 == 0 ? 128 : 0)  // diagonal lines: no row equals the one above
                }
                bytes[y * stride + x] = value
            }
        }
        return RasterImage(width: width, height: height, format: .coverage, stride: stride, bytes: bytes)
    }

    @Test("coverage survives the fast writer exactly, across strips", arguments: PNGCompression.allCases)
    func coverageRoundTrip(compression: PNGCompression) throws {
        let image = Self.coverageImage(width: 333, height: 2100, seed: 3)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("coverage.png").path
        try image.writePNG(to: path, compression: compression)
        let decoded = try RasterImage(contentsOfPNG: path)
        #expect(decoded.width == 333 && decoded.height == 2100)
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width where decoded.color(x: x, y: y).red != image.bytes[y * image.stride + x] {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("opaque colour survives the fast writer exactly")
    func colourRoundTrip() throws {
        var generator = SplitMix64(state: 4)
        let width = 257, height = 1500
        var bytes = [UInt8](repeating: 0, count: width * 4 * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let flat = y % 200 < 120  // bands of rows equal to the row above
                bytes[i] = flat ? 0x40 : UInt8.random(in: 0...255, using: &generator)
                bytes[i + 1] = flat ? UInt8(x & 0xFF) : UInt8.random(in: 0...255, using: &generator)
                bytes[i + 2] = flat ? 0x10 : UInt8.random(in: 0...255, using: &generator)
                bytes[i + 3] = 255
            }
        }
        let image = RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("colour.png").path
        try image.writePNG(to: path)
        let decoded = try RasterImage(contentsOfPNG: path)
        #expect(decoded.bytes == image.bytes)
    }
}
