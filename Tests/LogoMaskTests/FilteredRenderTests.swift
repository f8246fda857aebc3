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
}
