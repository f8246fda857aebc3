import Foundation
import Testing

@testable import LogoMask

@Suite("PNG writer")
struct PNGWriterTests {
    /// Premultiplied ARGB with flat bands, repeated rows, gradients and transparency.
    static func argbImage(width: Int, height: Int) -> RasterImage {
        var bytes = [UInt8](repeating: 0, count: width * 4 * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let alpha = UInt8(y % 40 < 20 ? 255 : (x * 3 + y) % 256)
                let value = UInt8((y / 7 % 2 == 0 ? x : x ^ y) % 256)
                bytes[i] = min(value, alpha)
                bytes[i + 1] = min(UInt8(y % 256), alpha)
                bytes[i + 2] = y % 50 < 25 ? alpha : 0
                bytes[i + 3] = alpha
            }
        }
        return RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes)
    }

    @Test("rows on one thread and strips on every core write the same bytes", arguments: PNGCompression.allCases)
    func rowsEqualStrips(compression: PNGCompression) throws {
        let image = Self.argbImage(width: 301, height: 257)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rowsPath = folder.appendingPathComponent("rows.png").path
        let stripsPath = folder.appendingPathComponent("strips.png").path
        for rowsPerStrip in [1, 40, 257] {
            let writer = try PNGWriter(
                width: image.width, height: image.height, compression: compression, rowsPerStrip: rowsPerStrip)
            try image.bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(LogoMaskError) in
                guard let base = buffer.baseAddress else { return }
                try writer.write(rows: base, stride: image.stride, to: rowsPath)
            }
            try PNGWriter.write(
                path: stripsPath, width: image.width, height: image.height, layout: .argb32, channels: .rgba,
                compression: compression, rowsPerStrip: rowsPerStrip
            ) { () throws(LogoMaskError) in
                return { (canvas: StripCanvas, y0: Int, rows: Int) throws(LogoMaskError) in
                    image.bytes.withUnsafeBufferPointer { source in
                        guard let base = source.baseAddress else { return }
                        for row in 0..<rows {
                            (canvas.buffer + row * canvas.stride).update(from: base + (y0 + row) * image.stride, count: image.width * 4)
                        }
                    }
                }
            }
            let rows = try Data(contentsOf: URL(fileURLWithPath: rowsPath))
            let strips = try Data(contentsOf: URL(fileURLWithPath: stripsPath))
            #expect(rows == strips, "\(rowsPerStrip) rows a strip")
            #expect(try RasterImage(contentsOfPNG: rowsPath) == image)
        }
    }
}
