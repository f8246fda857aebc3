import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// `render` of a real logo with a filter at 4096 px: librsvg sizes a filter's surfaces by its
/// toplevel viewport, so a filtered render is cut into strips (``FilteredStripCut``), each drawn
/// from the document cropped to its rows and at least every filter's reach around them
/// (``FilterReach``), two workers drawing. This pins the cut, the margin, and that the pixels
/// stay within Cairo's gradient rounding of rsvg-convert's (the blurs as one draw's), and that a
/// margin short of the reach would not (the last two tests say why the pixels are not exact).
@Suite("Filtered renders at 4096 px", .serialized)
struct FilteredRenderTests {
    static let cfPath = TestPaths.realWorldFolder.appendingPathComponent("tango/gnome-dev-media-cf.svg").path
    /// gnome-dev-media-cf's one blur: `stdDeviation` on a rect under no transform, in a 48-unit document.
    static let cfDeviation = 1.1886709

    @Test("gnome-dev-media-cf (Tango, a blurred shadow) at 4096 px: two strips, each with the blur's whole reach around it, and the ink probe; at 2048 px within 2 levels of rsvg-convert")
    func filteredRenderInStrips() throws {
        // Under a name of its own: the hand-off tests draw gnome-dev-media-cf beside this one.
        let logo = try VectorLogo(data: Data(contentsOf: URL(fileURLWithPath: Self.cfPath)), name: "filtered-render-strips.svg")
        #expect(logo.usesFilterEffects)
        let scale = 4096.0 / 48
        let reach = try #require(FilterReach(svg: logo.source, documentSize: logo.documentSize, viewBox: logo.viewBox))
        // 3 standard deviations at 85.3 px a unit, and librsvg's box-blur rounding on top.
        #expect(reach.devicePixels(scale: scale) >= 3 * Self.cfDeviation * scale + 4)
        #expect(reach.devicePixels(scale: scale) < 3 * Self.cfDeviation * scale + 8)
        let cut = try #require(FilteredStripCut(logo: logo, width: 4096, height: 4096, scale: scale, clipped: true))
        #expect(cut.margin >= reach.devicePixels(scale: scale))
        #expect(cut.rowsPerStrip == 2048)

        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        var size: RasterSize?
        let draws = try LogoDrawing.libraryDrawLog.watching(logo.name) {
            size = try Rasterizer.writePNG(
                of: logo, size: .width(4096), background: nil, to: ours, compression: .fast,
                maxPixels: Rasterizer.defaultMaxPixels, deadline: .none, progress: nil, workers: 2)
        }
        let written = try #require(size)
        #expect(written.width == 4096 && written.height == 4096)
        // Two strips and the 256-px ink probe: the filter is computed once per strip, not once
        // per 4 MiB strip of an unfiltered logo of this size (16).
        #expect(draws == 3, "\(draws) librsvg draws for one 4096 px render")

        // The pixels at 2048 px (also two strips): decoding and comparing two 4096 px images
        // takes a debug build 8 s of CPU, a quarter of that here.
        try Rasterizer.writePNG(
            of: logo, size: .width(2048), background: nil, to: ours, compression: .fast,
            maxPixels: Rasterizer.defaultMaxPixels, deadline: .none, progress: nil, workers: 2)
        let result = try runTool("rsvg-convert", ["-w", "2048", Self.cfPath, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed on \(Self.cfPath) (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let difference = maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
        #expect(difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(difference.map(String.init) ?? "a size")")
    }

    /// A rectangle as tall as the document, blurred: every row near a cut has blurred ink above and below it.
    static let tallBlur = """
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
        <defs><filter id="b" x="-0.5" y="-0.5" width="2" height="2"><feGaussianBlur stdDeviation="3"/></filter></defs>
        <rect x="10" y="-8" width="28" height="64" fill="#336699" filter="url(#b)"/>
        </svg>
        """

    @Test("The margin is what keeps the blur: two strips with the reach around each are within 2 levels of rsvg-convert, with 8 px around each far from it")
    func shortMarginBreaksTheBlur() throws {
        let logo = try VectorLogo(data: Data(Self.tallBlur.utf8), name: "filtered-render-short.svg")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("tall-blur.svg").path
        try Data(Self.tallBlur.utf8).write(to: URL(fileURLWithPath: source))
        func render(margin: Double) throws -> RasterImage {
            let path = folder.appendingPathComponent("margin-\(Int(margin)).png").path
            let transform = Transform.scale(1024.0 / 48)
            try PNGWriter.write(
                path: path, width: 1024, height: 1024, layout: .argb32, channels: .rgba, rowsPerStrip: 512, workers: 2
            ) { () throws(LogoMaskError) in
                let drawing = try logo.makeDrawing()
                drawing.filterMargin = margin
                return { (context: CairoContext) throws(LogoMaskError) in try drawing.draw(on: context, transform: transform) }
            }
            return try RasterImage(contentsOfPNG: path)
        }
        let reach = try #require(FilterReach(svg: logo.source, documentSize: logo.documentSize, viewBox: logo.viewBox))
        // 3 x 3 units x 21.3 px a unit, and 6 px of rounding.
        let scale = 1024.0 / 48
        let margin = reach.devicePixels(scale: scale)
        #expect(abs(margin - (9 * scale + 6)) < 1e-9)
        let full = try render(margin: margin.rounded(.up))
        let short = try render(margin: 8)
        let reference = folder.appendingPathComponent("reference.png").path
        let result = try runTool("rsvg-convert", ["-w", "1024", source, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed on \(source) (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let expected = try RasterImage(contentsOfPNG: reference)
        let withReach = try #require(maxPremultipliedDifference(full, expected))
        let withShort = try #require(maxPremultipliedDifference(short, expected))
        #expect(withReach <= 2, "with the reach around each strip, \(withReach) levels off")
        #expect(withShort > 8, "with 8 px around each strip, only \(withShort) levels off")
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
