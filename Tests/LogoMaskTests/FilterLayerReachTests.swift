import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// The layered filtered render (``FilterLayerPlan``) on what it used to refuse: a blur under a
/// rotation, a filtered element with its own clip path, a `<use>` of an element inside another
/// layer, a filtered element without an id, and a blurred off-centre radial gradient (drawn on a
/// region from the image's corner). Each drawn at 1536 px on surfaces no larger than its region, within 2
/// levels of rsvg-convert.
@Suite("Filtered renders in layers: rotations, clips, references", .serialized)
struct FilterLayerReachTests {
    /// The kinds of `plan`'s layers, in order.
    static func kinds(_ plan: FilterLayerPlan) -> [String] {
        plan.layers.map { layer -> String in
            switch layer.kind {
            case .plain: return layer.inGroup ? "plain in group" : "plain"
            case .filtered: return layer.inGroup ? "filtered in group" : "filtered"
            case .groupEnd: return "group end"
            }
        }
    }

    /// The largest filtered region of `plan`, in pixels.
    static func largestRegion(_ plan: FilterLayerPlan) -> Int {
        plan.layers.map { layer -> Int in
            if case .filtered(let r) = layer.kind { return (r.x1 - r.x0) * (r.y1 - r.y0) }
            return 0
        }.max() ?? 0
    }

    /// Renders `svg` at 1536 px in layers and against rsvg-convert; the layers drawn, the largest
    /// layer surface and the largest premultiplied difference.
    static func renderAgainstRsvg(_ svg: String, name: String) throws -> (layers: Int, largest: Int, difference: Int?) {
        let logo = try VectorLogo(data: Data(svg.utf8), name: name)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.svg").path
        try Data(svg.utf8).write(to: URL(fileURLWithPath: input))
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        let drawn = try FilterLayerRenderTests.renderWatched(logo, to: ours)
        let result = try runTool("rsvg-convert", ["-w", "1536", input, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let difference = maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
        return (drawn.layers, drawn.largest, difference)
    }

    static let header = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
        xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="64" height="64" viewBox="0 0 64 64">
        """

    @Test("A blur under a rotation and one under a skewed matrix: two filtered layers on small regions, within 2 levels of rsvg-convert")
    func rotatedBlurs() throws {
        let svg = Self.header + """
            <defs><filter id="b"><feGaussianBlur stdDeviation="1.5 0.5"/></filter></defs>
            <rect x="2" y="2" width="60" height="60" fill="#204a87"/>
            <rect id="r" x="20" y="8" width="24" height="6" fill="#ef2929" filter="url(#b)" transform="rotate(30 32 11)"/>
            <ellipse id="e" cx="22" cy="44" rx="10" ry="4" fill="#fce94f" style="filter:url(#b)" transform="matrix(0.8 0.6 -0.6 0.8 20 -5)"/>
            </svg>
            """
        let logo = try VectorLogo(data: Data(svg.utf8), name: "filter-reach-rotated.svg")
        let plan = try #require(FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536))
        #expect(Self.kinds(plan) == ["plain", "filtered", "filtered"])
        let drawn = try Self.renderAgainstRsvg(svg, name: "filter-reach-rotated.svg")
        #expect(drawn.layers == 2)
        // Each surface its region (ink grown by 3 x the deviations' length and 8 pixels): the
        // largest under half of the image.
        #expect(drawn.largest == Self.largestRegion(plan))
        #expect(drawn.largest * 2 < 1536 * 1536, "largest layer surface \(drawn.largest) px")
        #expect(drawn.difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(drawn.difference.map(String.init) ?? "a size")")
    }

    @Test("A blurred shadow clipped to a band beside it (breeze/zanshin's kind): its region is measured unclipped, so the blur's tail inside the band is drawn; within 2 levels of rsvg-convert")
    func clippedFilteredElement() throws {
        let svg = Self.header + """
            <defs><filter id="s"><feGaussianBlur stdDeviation="2"/></filter>
            <clipPath id="band"><rect x="24" y="0" width="40" height="64"/></clipPath></defs>
            <rect x="2" y="2" width="60" height="60" fill="#eeeeec"/>
            <rect id="shadow" x="6" y="12" width="16" height="40" fill="#000" opacity="0.8" filter="url(#s)" clip-path="url(#band)"/>
            <rect x="40" y="20" width="12" height="12" fill="#729fcf"/>
            <circle id="dot" cx="48" cy="50" r="4" fill="#cc0000" filter="url(#s)"/>
            </svg>
            """
        let logo = try VectorLogo(data: Data(svg.utf8), name: "filter-reach-clipped.svg")
        let plan = try #require(FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536))
        #expect(Self.kinds(plan) == ["plain", "filtered", "plain", "filtered"])
        let region = try #require(plan.layers.compactMap { layer -> PixelBox? in
            if case .filtered(let region) = layer.kind { return region }
            return nil
        }.first)
        // The unclipped shadow (x 6...22) grown by 3 x 2 units and 8 pixels, at 24 px a unit.
        #expect(region.x0 == 0 && region.x1 >= 28 * 24, "region \(region)")
        let drawn = try Self.renderAgainstRsvg(svg, name: "filter-reach-clipped.svg")
        #expect(drawn.layers == 2)
        #expect(drawn.largest == Self.largestRegion(plan))
        #expect(drawn.largest * 2 < 1536 * 1536, "largest layer surface \(drawn.largest) px")
        #expect(drawn.difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(drawn.difference.map(String.init) ?? "a size")")
    }

    @Test("A `<use>` of a shape in another layer, a `<use>` of the filtered element, a blurred `<use>` without an id and Inkscape's offset path naming its source: each layer keeps what it references in a <defs>; within 2 levels of rsvg-convert")
    func referencesIntoLayers() throws {
        let svg = Self.header + """
            <defs><filter id="b"><feGaussianBlur stdDeviation="1.5"/></filter></defs>
            <g id="layer">
            <path id="p" d="M8 8h16v16h-16z" fill="#73d216"/>
            <rect id="f" x="30" y="30" width="20" height="20" fill="#ef2929" filter="url(#b)"/>
            <use xlink:href="#p" x="30" y="0" opacity="0.5"/>
            <path d="M40 10h10v10z" fill="none" stroke="#000" xlink:href="#p" inkscape:href="#p"/>
            </g>
            <use xlink:href="#f" x="-24" y="4" opacity="0.7"/>
            <use xlink:href="#p" x="4" y="36" filter="url(#b)"/>
            </svg>
            """
        #expect(FilterLayerPlan.referencedIDs(Data(svg.utf8)) == ["b", "p", "f"])
        let logo = try VectorLogo(data: Data(svg.utf8), name: "filter-reach-use.svg")
        let plan = try #require(FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536))
        #expect(Self.kinds(plan) == ["plain", "filtered", "plain", "plain", "filtered"])
        // The root `<use>` of #f draws its blur on the whole image: it takes the whole budget.
        #expect(plan.layers.map(\.drawsFilters) == [false, false, false, true, false])
        // The first `<use>` draws #p from its layer's document, where #p is kept but not drawn.
        let text = String(decoding: plan.layers[2].document, as: UTF8.self)
        #expect(text.contains(##"<defs><path id="p" d="M8 8h16v16h-16z" fill="#73d216"/></defs>"##))
        #expect(text.contains(#"<defs><rect id="f""#))
        let drawn = try Self.renderAgainstRsvg(svg, name: "filter-reach-use.svg")
        #expect(drawn.layers == 2)
        #expect(drawn.largest == Self.largestRegion(plan))
        #expect(drawn.largest * 2 < 1536 * 1536, "largest layer surface \(drawn.largest) px")
        #expect(drawn.difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(drawn.difference.map(String.init) ?? "a size")")
    }

    @Test("A blurred shape filled with a radial gradient off its centre is a filtered layer drawn from the image's corner (a crop at an offset would move its pixels); the blurs beside it on their own regions; the same pixels as rsvg-convert")
    func offCentreGradientFromTheCorner() throws {
        let svg = Self.header + """
            <defs><filter id="b"><feGaussianBlur stdDeviation="1"/></filter>
            <radialGradient id="g" gradientUnits="userSpaceOnUse" cx="20" cy="40" r="14" fx="20" fy="32">
            <stop offset="0" stop-color="#0d2024"/><stop offset="0.7" stop-color="#1d363e"/><stop offset="1" stop-color="#2e4c59"/>
            </radialGradient></defs>
            <ellipse id="ripple" cx="20" cy="40" rx="14" ry="7" fill="url(#g)" filter="url(#b)"/>
            <circle id="c" cx="48" cy="16" r="8" fill="#f57900" filter="url(#b)"/>
            <circle id="d" cx="50" cy="48" r="6" fill="#3465a4" filter="url(#b)"/>
            </svg>
            """
        let logo = try VectorLogo(data: Data(svg.utf8), name: "filter-reach-focal.svg")
        #expect(FilterReach(svg: logo.source, documentSize: logo.documentSize, viewBox: logo.viewBox) == nil)
        let plan = try #require(FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536))
        #expect(Self.kinds(plan) == ["filtered", "filtered", "filtered"])
        #expect(plan.layers.map(\.drawsFilters) == [false, false, false])
        // The ripple's ink (6-34 x 33-47 units) grown by the blur's reach (3 x 1 x 24 + 4 + 2 + 2
        // px, rounded out), from the corner: 0-904 x 0-1216 px, not the whole 1536 x 1536.
        guard case .filtered(let ripple) = plan.layers[0].kind else { Issue.record("the ripple is not a filtered layer"); return }
        #expect(ripple.x0 == 0 && ripple.y0 == 0, "region \(ripple)")
        #expect(ripple.x1 >= 34 * 24 + 72 && ripple.x1 <= 34 * 24 + 84, "region \(ripple)")
        #expect(ripple.y1 >= 47 * 24 + 72 && ripple.y1 <= 47 * 24 + 84, "region \(ripple)")
        if case .filtered(let c) = plan.layers[1].kind { #expect(c.x0 > 0 && c.y0 >= 0 && c.x0 > ripple.x1 / 2, "region \(c)") }
        let drawn = try Self.renderAgainstRsvg(svg, name: "filter-reach-focal.svg")
        #expect(drawn.layers == 3)
        #expect(drawn.largest == (ripple.x1 - ripple.x0) * (ripple.y1 - ripple.y0))
        // Nothing overlaps, and each layer is painted onto transparent pixels: exact.
        #expect(drawn.difference == 0, "differs from rsvg-convert by \(drawn.difference.map(String.init) ?? "a size")")
    }

    @Test("Why from the corner: the blurred off-centre ripple drawn from its document cropped at an offset is more than 2 levels off one draw (4 in scattered pixels: Cairo's fixed-point gradient matrix, widened by the filter's linearRGB); cropped from the corner, the same bytes")
    func offCentreGradientCropOffsets() throws {
        let svg = Self.header + """
            <defs><filter id="b"><feGaussianBlur stdDeviation="1"/></filter>
            <radialGradient id="g" gradientUnits="userSpaceOnUse" cx="20" cy="40" r="14" fx="20" fy="32">
            <stop offset="0" stop-color="#0d2024"/><stop offset="0.7" stop-color="#1d363e"/><stop offset="1" stop-color="#2e4c59"/>
            </radialGradient></defs>
            <ellipse id="ripple" cx="20" cy="40" rx="14" ry="7" fill="url(#g)" filter="url(#b)"/>
            </svg>
            """
        let scale = 24.0, size = 1536
        let data = Data(svg.utf8)
        /// `logo` drawn at `scale` on `width` x `rows` pixels, premultiplied ARGB.
        func draw(_ logo: VectorLogo, width: Int, rows: Int) throws -> [UInt8] {
            let drawing = try logo.makeDrawing()
            var pixels = [UInt8](repeating: 0, count: width * 4 * rows)
            try pixels.withUnsafeMutableBufferPointer { buffer in
                let base = try #require(buffer.baseAddress)
                try StripCanvas.draw(into: base, layout: .argb32, width: width, stride: width * 4, y0: 0, rows: rows) {
                    (context: CairoContext) throws(LogoMaskError) in try drawing.draw(on: context, transform: .scale(scale))
                }
            }
            return pixels
        }
        let whole = try draw(try VectorLogo(data: data, name: "focal-whole.svg"), width: size, rows: size)
        let source = try #require(CroppedSVGSource(data))
        /// The largest byte difference between one draw and the crop of pixels `x0..<x1` x `y0..<y1`.
        func cropDifference(x0: Int, y0: Int, x1: Int, y1: Int) throws -> Int {
            let crop = Rect(x: Double(x0) / scale, y: Double(y0) / scale, width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
            let logo = try VectorLogo(data: source.document(crop: crop, documentSize: Size(width: 64, height: 64)), name: "focal-crop.svg")
            let pixels = try draw(logo, width: x1 - x0, rows: y1 - y0)
            var largest = 0
            for y in y0..<y1 {
                for x in (x0 * 4)..<(x1 * 4) {
                    largest = max(largest, abs(Int(whole[y * size * 4 + x]) - Int(pixels[(y - y0) * (x1 - x0) * 4 + x - x0 * 4])))
                }
            }
            return largest
        }
        // The ripple's ink with the blur around it lies within 72-888 x 720-1200 px: both crops hold it.
        #expect(try cropDifference(x0: 0, y0: 0, x1: 904, y1: 1216) == 0)
        #expect(try cropDifference(x0: 48, y0: 600, x1: 920, y1: 1216) > 2)
    }

    @Test("An off-centre gradient inherited from a group is crop-sensitive too; inside a translucent group (drawn on the group's surface, a crop) or beside an id written with an entity, no layered plan")
    func cropSensitiveRefusals() throws {
        let defs = """
            <defs><filter id="b"><feGaussianBlur stdDeviation="1"/></filter>
            <radialGradient id="g" gradientUnits="userSpaceOnUse" cx="20" cy="40" r="14" fx="20" fy="32">
            <stop offset="0" stop-color="#0d2024"/><stop offset="1" stop-color="#2e4c59"/></radialGradient></defs>
            """
        let blurs = ##"<circle id="c" cx="48" cy="16" r="8" fill="#f57900" filter="url(#b)"/><circle id="d" cx="50" cy="48" r="6" fill="#3465a4" filter="url(#b)"/>"##
        func plan(_ body: String) throws -> FilterLayerPlan? {
            let logo = try VectorLogo(data: Data((Self.header + defs + body + blurs + "</svg>").utf8), name: "filter-reach-inherited.svg")
            return FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536)
        }
        let inherited = try #require(try plan(#"<g fill="url(#g)"><ellipse id="ripple" cx="20" cy="40" rx="14" ry="7" filter="url(#b)"/></g>"#))
        #expect(Self.kinds(inherited) == ["filtered", "filtered", "filtered"])
        if case .filtered(let region) = inherited.layers[0].kind { #expect(region.x0 == 0 && region.y0 == 0, "region \(region)") }
        #expect(try plan(#"<g opacity="0.5"><ellipse cx="20" cy="40" rx="14" ry="7" fill="url(#g)" filter="url(#b)"/><rect width="4" height="4"/></g>"#) == nil)
        #expect(try plan(#"<rect id="a&#45;b" width="4" height="4"/>"#) == nil)
        #expect(try plan(#"<rect id="a-b" width="4" height="4"/>"#) != nil)
    }
}
