import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// A filtered render drawn layer by layer (``FilterLayerPlan``, ``LayeredFilterRender``): each
/// filtered element alone on a surface of its own region (its ink grown by its filters' reach),
/// the rest of the document drawn in paint order around it, a group's opacity and clip applied
/// to its layers together. Pins which real logos take it, that no filtered layer is drawn on a
/// surface larger than its region, and that the pixels stay within 2 levels of rsvg-convert.
@Suite("Filtered renders in layers", .serialized)
struct FilterLayerRenderTests {
    static let kitenPath = TestPaths.realWorldFolder.appendingPathComponent("breeze/kiten.svg").path

    @Test("Which filtered real logos are drawn in layers at 4096 px: kiten (111 blurs, most in two translucent clipped groups), kteatime (rotated and clipped blurs), rocs (24 drop shadows computed here) and zanshin (5 of its blurs drawn whole: off-centre radial gradients); the Tango media logos (one blur) keep their strips, the rest one draw")
    func realLogosTakingLayers() throws {
        var layered: [String] = []
        var filtered = 0
        for path in TestPaths.realWorldLogos {
            let logo = try VectorLogo(contentsOf: path)
            guard logo.usesFilterEffects else { continue }
            filtered += 1
            let raster = try RenderSize.width(4096).resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
            if FilterLayerPlan(logo: logo, scale: raster.scale, width: raster.width, height: raster.height) != nil {
                let url = URL(fileURLWithPath: path)
                layered.append(url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent)
            }
        }
        #expect(filtered == 9)
        #expect(layered == ["breeze/kiten.svg", "breeze/kteatime.svg", "breeze/rocs.svg", "breeze/zanshin.svg"], "drawn in layers: \(layered)")
    }

    @Test("kiten at 1536 px: its 110 filtered elements in 102 layers (8 lie off the image), each blurred here, each on a surface of its region (the largest under 0.9 of the image, all of them together under 7 images' worth where one draw gives each of the 110 the whole image), within 2 levels of rsvg-convert")
    func kitenInLayers() throws {
        // Under a name of its own: other suites draw kiten too.
        let logo = try VectorLogo(data: Data(contentsOf: URL(fileURLWithPath: Self.kitenPath)), name: "filter-layers-kiten.svg")
        let plan = try #require(FilterLayerPlan(logo: logo, scale: 1536.0 / 128, width: 1536, height: 1536))
        let regions = plan.layers.compactMap { layer -> PixelBox? in
            if case .filtered(let region) = layer.kind { return region }
            return nil
        }
        #expect(regions.count == 102)
        let areas = regions.map { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) }
        #expect(areas.reduce(0, +) < 7 * 1536 * 1536)
        // Two opened groups, each ending in its alpha layer; plain runs drawn straight.
        let groups = plan.layers.compactMap { layer -> PixelBox? in
            if case .groupEnd(let region) = layer.kind { return region }
            return nil
        }
        #expect(groups.count == 2)
        #expect(plan.layers.filter { $0.inGroup }.count == 101)

        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        let drawn = try Self.renderWatched(logo, to: ours)
        #expect(drawn.layers == 102)
        // Each a path blurred by one feGaussianBlur: the blur computed here (GaussianBoxBlurTests).
        #expect(drawn.blurred == 102)
        #expect(drawn.largest == areas.max())
        #expect(drawn.largest * 10 < 9 * 1536 * 1536, "largest layer surface \(drawn.largest) px")
        let written = try RasterImage(contentsOfPNG: ours)
        let result = try runTool("rsvg-convert", ["-w", "1536", Self.kitenPath, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed on \(Self.kitenPath) (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let difference = maxPremultipliedDifference(written, try RasterImage(contentsOfPNG: reference))
        #expect(difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(difference.map(String.init) ?? "a size")")
    }

    /// Renders `logo` 1536 px wide into `path` on two workers; what ``LayeredFilterRender`` logged.
    static func renderWatched(_ logo: VectorLogo, to path: String) throws -> (largest: Int, layers: Int, blurred: Int) {
        try LayeredFilterRender.surfaceLog.watching(logo.name) {
            try Rasterizer.writePNG(
                of: logo, size: .width(1536), background: nil, to: path, compression: .fast,
                maxPixels: Rasterizer.defaultMaxPixels, deadline: .none, progress: nil, workers: 2)
        }
    }

    /// A translucent group clipped to a circle around two blurred shapes and a flat one, a flat
    /// shape over it, and a blurred shape at the top level.
    static let groupedBlurs = """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
        <defs>
        <filter id="b"><feGaussianBlur stdDeviation="1.5"/></filter>
        <clipPath id="c"><circle cx="32" cy="32" r="22"/></clipPath>
        </defs>
        <rect x="2" y="2" width="60" height="60" fill="#204a87"/>
        <g opacity="0.6" clip-path="url(#c)" transform="translate(2,1)">
        <rect id="r1" x="4" y="6" width="12" height="10" fill="#ef2929" filter="url(#b)"/>
        <rect x="20" y="20" width="20" height="20" fill="#fce94f"/>
        <circle id="c1" cx="40" cy="40" r="8" fill="#73d216" style="filter:url(#b)"/>
        </g>
        <rect x="30" y="4" width="8" height="56" fill="#ffffff" opacity="0.5"/>
        <ellipse id="e1" cx="50" cy="14" rx="6" ry="4" fill="#000000" filter="url(#b)"/>
        </svg>
        """

    @Test("A translucent clipped group around blurred shapes, in layers at 1536 px: three filtered layers on small surfaces, the group's clip and opacity applied once, within 2 levels of rsvg-convert; in memory the same layers")
    func groupedBlursInLayers() throws {
        let logo = try VectorLogo(data: Data(Self.groupedBlurs.utf8), name: "filter-layers-group.svg")
        let plan = try #require(FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536))
        let kinds = plan.layers.map { layer -> String in
            switch layer.kind {
            case .plain: return layer.inGroup ? "plain in group" : "plain"
            case .filtered: return layer.inGroup ? "filtered in group" : "filtered"
            case .groupEnd(let region):
                // A plain run in the group may paint anywhere: its surface is the whole image.
                return region == PixelBox(x0: 0, y0: 0, x1: 1536, y1: 1536) ? "group end" : "group end (part)"
            }
        }
        #expect(kinds == ["plain", "filtered in group", "plain in group", "filtered in group", "group end", "plain", "filtered"])

        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("group.svg").path
        try Data(Self.groupedBlurs.utf8).write(to: URL(fileURLWithPath: input))
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        let drawn = try Self.renderWatched(logo, to: ours)
        #expect(drawn.layers == 3)
        // The largest, the 16-unit circle with its blur's reach (648 px square): under a fifth of the image.
        #expect(drawn.largest * 5 < 1536 * 1536, "largest layer surface \(drawn.largest) px")
        let written = try RasterImage(contentsOfPNG: ours)
        // In memory (assets, pictures for exports): the same layers, the same pixels but for the
        // PNG's straight alpha.
        var image: RasterImage?
        let inMemory = try LayeredFilterRender.surfaceLog.watching(logo.name) {
            image = try Rasterizer.image(of: logo, size: .width(1536))
        }
        #expect(inMemory.layers == 3)
        #expect(try maxPremultipliedDifference(#require(image), written).map { $0 <= 1 } == true)
        let result = try runTool("rsvg-convert", ["-w", "1536", input, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let difference = maxPremultipliedDifference(written, try RasterImage(contentsOfPNG: reference))
        #expect(difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(difference.map(String.init) ?? "a size")")
    }

    @Test("Refused: a flood (paints its whole filter region), one filtered element (the strips share it across the cores), an image under 2 megapixels or over 4096 px square (memory follows the image: the strip cut bounds it). Taken: an element used from another layer (kept there in a <defs>), filtered elements without an id")
    func refusals() throws {
        func plan(_ body: String, flood: Bool = false) throws -> FilterLayerPlan? {
            let filter = flood
                ? ##"<filter id="b"><feFlood flood-color="#f00"/><feComposite in2="SourceGraphic" operator="over"/></filter>"##
                : #"<filter id="b"><feGaussianBlur stdDeviation="1.5"/></filter>"#
            let text = """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">
                <defs>\(filter)</defs>
                \(body)
                </svg>
                """
            let logo = try VectorLogo(data: Data(text.utf8), name: "filter-layers-refused.svg")
            return FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536)
        }
        let one = #"<rect id="a" x="4" y="4" width="8" height="8" filter="url(#b)"/>"#
        let blurred = one + #"<rect id="a2" x="40" y="40" width="8" height="8" filter="url(#b)"/>"#
        #expect(try plan(blurred) != nil)
        #expect(try plan(one) == nil)
        let small = try VectorLogo(data: Data(Self.groupedBlurs.utf8), name: "filter-layers-small.svg")
        #expect(FilterLayerPlan(logo: small, scale: 16, width: 1024, height: 1024) == nil)
        #expect(FilterLayerPlan(logo: small, scale: 64, width: 4096, height: 4096) != nil)
        #expect(FilterLayerPlan(logo: small, scale: 64, width: 4096, height: 4097) == nil)
        // An id after another attribute's own `id`-ending name and spaces around `=` still counts:
        // the `<use>`'s layer keeps #c in a <defs>.
        let used = try #require(try plan(blurred + ##"<rect grid="1" id = "c" x="30" y="4" width="8" height="8"/><use xlink:href="#c" y="20"/>"##))
        #expect(used.layers.contains { String(decoding: $0.document, as: UTF8.self).contains(#"<defs><rect grid="1" id = "c""#) })
        #expect(try plan(blurred + ##"<use xlink:href="#a" x="20"/>"##) != nil)
        #expect(try plan(blurred, flood: true) == nil)
        #expect(try plan(#"<rect x="4" y="4" width="8" height="8" filter="url(#b)"/><circle cx="40" cy="40" r="4" filter="url(#b)"/>"#) != nil)
    }
}
