import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// A render of a logo that librsvg draws through intermediate surfaces draws only inside the box
/// its ink covers on a small probe (``InkProbe``): librsvg is clipped to it, strips with no row
/// in it are encoded as transparent without being drawn, and the pixels stay rsvg-convert's.
@Suite("Renders clipped to the ink box", .serialized)
struct InkClippedRenderTests {
    /// A circle with a gradient in a group with opacity (librsvg draws it through a surface of
    /// its own), in the middle fifth of a 100-unit document.
    static let smallCircle = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
          <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stop-color="#2a7ae2"/><stop offset="1" stop-color="#e2412a"/>
          </linearGradient></defs>
          <g opacity="0.8"><circle cx="50" cy="50" r="10" fill="url(#g)"/></g>
          <circle cx="50" cy="50" r="4" fill="#123456"/>
        </svg>
        """

    @Test("Transparent rows compressed without pixels give the bytes, checksum and length of zero rows compressed from memory", arguments: PNGCompression.allCases)
    func transparentStrip(compression: PNGCompression) throws {
        for (width, rows) in [(1, 1), (37, 9), (300, 40)] {
            for isLast in [false, true] {
                let stride = width * 4
                let zeros = [UInt8](repeating: 0, count: stride * rows)
                let drawn = try zeros.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(LogoMaskError) -> CompressedStrip in
                    let compressor = try StripCompressor(width: width, layout: .argb32, channels: .rgba, compression: compression)
                    return try compressor.compress(buffer.baseAddress!, stride: stride, rows: rows, isLast: isLast)
                }
                let compressor = try StripCompressor(width: width, layout: .argb32, channels: .rgba, compression: compression)
                let blank = try compressor.compressTransparent(rows: rows, isLast: isLast)
                #expect(blank.bytes == drawn.bytes, "\(width)x\(rows), last \(isLast): \(blank.bytes.count) against \(drawn.bytes.count) bytes")
                #expect(blank.adler == drawn.adler && blank.rawLength == drawn.rawLength)
                #expect(blank.rawLength == rows * (1 + 4 * width))
            }
        }
    }

    @Test("Strips outside the ink box are not drawn: 25 strips of 16 rows, librsvg draws only those the circle's probed box meets, and the pixels are those of every strip drawn")
    func stripsOutsideInkNotDrawn() throws {
        let logo = try VectorLogo(data: Data(Self.smallCircle.utf8), name: "ink-clipped-circle.svg")
        #expect(!logo.usesFilterEffects)
        let width = 400, height = 400, rowsPerStrip = 16
        let transform = Transform.scale(4)
        let box = try #require(InkProbe.paintedBox(of: logo, width: width, height: height, transform: transform, side: 64))
        // The circle spans rows and columns 160..<240; the probe (0.64 px a unit, grown by 2 of
        // its pixels, then 2 more of the render's) rounds that out by about 16 px.
        #expect(box.y0 >= 130 && box.y0 <= 160 && box.y1 >= 240 && box.y1 <= 270, "ink box \(box)")
        #expect(box.x0 >= 130 && box.x0 <= 160 && box.x1 >= 240 && box.x1 <= 270, "ink box \(box)")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ name: String, clip: PixelBox?) throws -> (path: String, draws: Int) {
            let path = folder.appendingPathComponent(name).path
            let draws = try LogoDrawing.libraryDrawLog.watching(logo.name) {
                try PNGWriter.write(
                    path: path, width: width, height: height, layout: .argb32, channels: .rgba,
                    rowsPerStrip: rowsPerStrip, paintedBox: clip
                ) { () throws(LogoMaskError) in
                    let drawing = try logo.makeDrawing()
                    return { (context: CairoContext) throws(LogoMaskError) in try drawing.draw(on: context, transform: transform) }
                }
            }
            return (path, draws)
        }
        let clipped = try render("clipped.png", clip: box)
        let whole = try render("whole.png", clip: nil)
        let meeting = (box.y1 - 1) / rowsPerStrip - box.y0 / rowsPerStrip + 1
        #expect(whole.draws == 25)
        #expect(meeting <= 10, "ink box \(box)")
        #expect(clipped.draws == meeting, "\(clipped.draws) draws, \(meeting) strips meet the ink box")
        let a = try RasterImage(contentsOfPNG: clipped.path), b = try RasterImage(contentsOfPNG: whole.path)
        #expect(maxPremultipliedDifference(a, b) == 0)
        #expect(a.bytes.contains { $0 != 0 }, "the circle is drawn")
    }

    @Test("A real logo with group opacity (Tango internet-group-chat) rendered clipped to its ink box matches rsvg-convert within 2")
    func realLogoMatchesReference() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("tango/internet-group-chat.svg").path
        let logo = try VectorLogo(contentsOf: path)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        try Rasterizer.writePNG(of: logo, size: .width(1024), to: ours)
        let result = try runTool("rsvg-convert", ["-w", "1024", path, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed: \(result.stderr)")
        let difference = maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
        #expect(difference != nil && (difference ?? 99) <= 2, "differs by \(difference ?? -1)")
    }

    @Test("librsvg's ink box is not trusted: mattermost (which paints 0.6 unit past it) in a translucent group at 1024 px matches rsvg-convert within 2 to its edges")
    func probeCoversWhatInkBoxMisses() throws {
        let source = try String(contentsOfFile: TestPaths.simpleIcon("mattermost.svg"), encoding: .utf8)
        let path = try #require(source.range(of: #"<path d="[^"]*"/>"#, options: .regularExpression).map { String(source[$0]) })
        let svg = #"<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><g opacity="0.9">"# + path + "</g></svg>"
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("mattermost-group.svg")
        try Data(svg.utf8).write(to: input)
        let logo = try VectorLogo(contentsOf: input.path)
        #expect(logo.inkBounds.maxX < 23.5, "librsvg's ink box still ends at \(logo.inkBounds.maxX)")
        let box = try #require(InkProbe.paintedBox(of: logo, width: 1024, height: 1024, transform: .scale(1024.0 / 24)))
        #expect(box.x1 == 1024 && box.y1 == 1024 && box.x0 == 0 && box.y0 == 0, "\(box)")
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        try Rasterizer.writePNG(of: logo, size: .width(1024), to: ours)
        let result = try runTool("rsvg-convert", ["-w", "1024", input.path, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed: \(result.stderr)")
        let difference = maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
        #expect(difference != nil && (difference ?? 99) <= 2, "differs by \(difference ?? -1)")
    }

    @Test("`color-interpolation-filters` (in every Inkscape style) is no filter: breeze's gimp and kdenlive draw on every core; gpick's filter still counts")
    func interpolationFiltersIsNoFilter() throws {
        for (name, filtered) in [("breeze/gimp.svg", false), ("breeze/kdenlive.svg", false), ("breeze/gpick.svg", true)] {
            let logo = try VectorLogo(contentsOf: TestPaths.realWorldFolder.appendingPathComponent(name).path)
            #expect(logo.usesFilterEffects == filtered, "\(name)")
        }
        #expect(VectorLogo.mentionsFilter(Data(#"<g style="filter:url(#f)"/>"#.utf8)))
        #expect(!VectorLogo.mentionsFilter(Data(#"<g style="color-interpolation-filters:sRGB"/>"#.utf8)))
    }
}
