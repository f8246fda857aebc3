import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// `render` of a real logo with a filter at 4096 px: librsvg computes a filter over the whole
/// region it draws at every draw, and sizes the filter's surfaces by its toplevel viewport, so
/// a render cut into strips pays for every filtered element once per strip. A filtered render
/// is one strip up to 8192 rows (``PNGWriter/filteredRowsPerStrip(height:stride:)``); this pins
/// that the filters are drawn once per render and that the pixels are then rsvg-convert's own.
@Suite("Filtered renders at 4096 px", .serialized)
struct FilteredRenderTests {
    @Test("gnome-dev-media-cf (Tango, a blurred shadow) at 4096 px: one librsvg draw for the whole render; at 2048 px rsvg-convert's pixels exactly")
    func filterDrawnOncePerRender() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("tango/gnome-dev-media-cf.svg").path
        // Under a name of its own: the hand-off tests draw gnome-dev-media-cf beside this one.
        let logo = try VectorLogo(data: Data(contentsOf: URL(fileURLWithPath: path)), name: "filtered-render-once.svg")
        #expect(logo.usesFilterEffects)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path

        var size: RasterSize?
        let draws = try LogoDrawing.libraryDrawLog.watching(logo.name) {
            size = try Rasterizer.writePNG(of: logo, size: .width(4096), to: ours)
        }
        let written = try #require(size)
        #expect(written.width == 4096 && written.height == 4096)
        // One draw: the filter is computed once, not once per strip (a strip per core would be 2,
        // the 4 MiB strips of an unfiltered logo of this size 16).
        #expect(draws == 1, "\(draws) librsvg draws for one 4096 px render")

        // The pixels at 2048 px (also one draw): decoding and comparing two 4096 px images takes
        // a debug build 8 s of CPU, a quarter of that here.
        try Rasterizer.writePNG(of: logo, size: .width(2048), to: ours)
        let result = try runTool("rsvg-convert", ["-w", "2048", path, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed on \(path) (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let difference = maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
        #expect(difference == 0, "differs from rsvg-convert by \(difference.map(String.init) ?? "a size")")
    }

    @Test("Why not strips: a gradient under a transform drawn in two strips is not one draw's pixels (Cairo rounds it around the centre of what each strip shows)")
    func stripCutChangesGradientRounding() throws {
        // No filter at all: only the strip cut differs. If this ever passes with 0 differences,
        // Cairo stopped fitting gradients to the composite's extents, and filtered renders could
        // be cut into strips drawn on every core again (PNGWriter.filteredRowsPerStrip).
        let logo = try VectorLogo(data: Data(Self.gradientUnderTransform.utf8), name: "strip-cut-gradient.svg")
        let drawing = try logo.makeDrawing()
        let size = 1024, stride = 1024 * 4
        let transform = Transform.scale(Double(size) / 48)
        func render(strips: Int) throws -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: stride * size)
            let rows = size / strips
            try pixels.withUnsafeMutableBufferPointer { buffer in
                let base = try #require(buffer.baseAddress)
                for y0 in Swift.stride(from: 0, to: size, by: rows) {
                    try StripCanvas.draw(into: base + y0 * stride, layout: .argb32, width: size, stride: stride, y0: y0, rows: rows) {
                        (context: CairoContext) throws(LogoMaskError) in try drawing.draw(on: context, transform: transform)
                    }
                }
            }
            return pixels
        }
        let whole = try render(strips: 1), halves = try render(strips: 2)
        let differences = zip(whole, halves).map { abs(Int($0) - Int($1)) }
        let differing = differences.filter { $0 > 0 }.count
        #expect(differing > 1000, "\(differing) bytes differ between one draw and two strips")
        #expect(differences.max() == 1, "the strips differ by \(differences.max() ?? 0), not by a rounding step")
    }

    /// A gradient-filled rectangle under a scaled group, filling most of a 48-unit document.
    static let gradientUnderTransform = """
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#123456"/>\
        <stop offset="0.5" stop-color="#89abcd"/><stop offset="1" stop-color="#fedcba"/></linearGradient></defs>
        <g transform="matrix(0.965812,0,0,1,0.8219361,0)"><rect x="2.3" y="3.1" width="43" height="41" fill="url(#g)"/></g>
        </svg>
        """

    @Test("Why not regions either: each half drawn from the document cropped to it and 64 px around (librsvg's viewport the crop, on the same pixel grid) is not one draw's pixels")
    func regionCropChangesGradientRounding() throws {
        // The cut that would let a filtered render use every core while bounding librsvg's
        // filter surfaces by the region (Benchmarks/PERFORMANCE.md, "filtered logos on every
        // core"): the crop moves the rectangle's composite extents just as a strip does. If this
        // ever passes with 0 differences, filtered renders can be cut into cropped regions.
        let size = 1024, stride = size * 4, margin = 64
        let scale = Double(size) / 48
        func draw(_ logo: VectorLogo, rows: Int) throws -> [UInt8] {
            let drawing = try logo.makeDrawing()
            var pixels = [UInt8](repeating: 0, count: stride * rows)
            try pixels.withUnsafeMutableBufferPointer { buffer in
                let base = try #require(buffer.baseAddress)
                try StripCanvas.draw(into: base, layout: .argb32, width: size, stride: stride, y0: 0, rows: rows) {
                    (context: CairoContext) throws(LogoMaskError) in try drawing.draw(on: context, transform: .scale(scale))
                }
            }
            return pixels
        }
        let data = Data(Self.gradientUnderTransform.utf8)
        let whole = try draw(try VectorLogo(data: data, name: "region-crop-whole.svg"), rows: size)
        let source = try #require(CroppedSVGSource(data))
        var regions = [UInt8]()
        for (y0, y1) in [(0, size / 2), (size / 2, size)] {
            let top = max(0, y0 - margin), bottom = min(size, y1 + margin)
            let crop = Rect(x: 0, y: Double(top) / scale, width: 48, height: Double(bottom - top) / scale)
            let cropped = try VectorLogo(
                data: source.document(crop: crop, documentSize: Size(width: 48, height: 48)), name: "region-crop-\(y0).svg")
            let pixels = try draw(cropped, rows: bottom - top)
            regions += pixels[(y0 - top) * stride..<(y1 - top) * stride]
        }
        let differences = zip(whole, regions).map { abs(Int($0) - Int($1)) }
        let differing = differences.filter { $0 > 0 }.count
        #expect(regions.count == whole.count)
        #expect(differing > 100, "\(differing) bytes differ between one draw and two cropped regions")
        #expect(differences.max() == 1, "the regions differ by \(differences.max() ?? 0), not by a rounding step")
    }
}
