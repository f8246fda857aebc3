import Foundation
import Testing

@testable import LogoMask
import MaskGeometry
import LogoMaskTestSupport

@Suite("Strip canvases cleared by the compressor")
struct StripClearingTests {
    /// Each worker's canvas is drawn into strip after strip, cleared row by row by the compressor
    /// as it reads them. A row left with ink from the strip before would show in the next, so the
    /// strips (8 rows each: 53 and 63 strips, far more than the workers) must give the bytes of the same
    /// image drawn in one piece and written with the same strips.
    @Test("many small strips drawn by Cairo give the bytes of the image drawn in one piece", arguments: ["bird.svg", "glow.svg"])
    func manyStrips(name: String) throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample(name))
        let raster = try RenderSize.width(500).resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
        let rowsPerStrip = 8
        #expect((raster.height + rowsPerStrip - 1) / rowsPerStrip > 2 * ProcessInfo.processInfo.activeProcessorCount)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stripsPath = folder.appendingPathComponent("strips.png").path
        let wholePath = folder.appendingPathComponent("whole.png").path

        let transform = Transform.scale(raster.scale)
        try PNGWriter.write(
            path: stripsPath, width: raster.width, height: raster.height, layout: .argb32, channels: .rgba,
            rowsPerStrip: rowsPerStrip
        ) { () throws(LogoMaskError) in
            let drawing = try logo.makeDrawing()
            return { (canvas: StripCanvas, y0: Int, rows: Int) throws(LogoMaskError) in
                try canvas.draw(y0: y0, rows: rows) { (context: CairoContext) throws(LogoMaskError) in
                    try drawing.draw(on: context, transform: transform)
                }
            }
        }
        let image = try Rasterizer.image(of: logo, width: raster.width, height: raster.height, transform: transform)
        let writer = try PNGWriter(width: raster.width, height: raster.height, rowsPerStrip: rowsPerStrip)
        try image.bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(LogoMaskError) in
            guard let base = buffer.baseAddress else { return }
            try writer.write(rows: base, stride: image.stride, to: wholePath)
        }
        let strips = try Data(contentsOf: URL(fileURLWithPath: stripsPath))
        let whole = try Data(contentsOf: URL(fileURLWithPath: wholePath))
        #expect(strips.count > 1000)
        #expect(strips == whole)
    }
}
