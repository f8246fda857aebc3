import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// The Gaussian blur computed here in place of librsvg's (``GaussianBoxBlur``,
/// ``FilterLayerPlan/LayerBlur``): which filtered layers take it, and that each such layer's
/// pixels are exactly those librsvg draws for the same layer, byte for byte.
@Suite("Blurs computed here")
struct GaussianBoxBlurTests {
    /// Six blurred shapes, each a layer of its own at 1536 px (scale 24): odd and even box sizes,
    /// unequal deviations, a gradient at an opacity, a filter region tighter than the blur (its
    /// edges cut the tails), `color-interpolation-filters: sRGB`, a user-space region under a
    /// group's and the shape's own scale; one clipped at an opacity; and a masked one, which
    /// librsvg still blurs.
    static let blurs = """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
        <defs>
        <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fce94f"/><stop offset="1" stop-color="#a40000"/></linearGradient>
        <filter id="odd"><feGaussianBlur stdDeviation="1"/></filter>
        <filter id="even"><feGaussianBlur stdDeviation="0.45 1.1"/></filter>
        <filter id="tight" x="-0.05" width="1.1" y="-0.1" height="1.2"><feGaussianBlur stdDeviation="0.8"/></filter>
        <filter id="srgb" style="color-interpolation-filters:sRGB"><feGaussianBlur stdDeviation="0.7"/></filter>
        <filter id="user" filterUnits="userSpaceOnUse" x="-4" y="-4" width="16" height="14"><feGaussianBlur in="SourceGraphic" stdDeviation="0.6"/></filter>
        <clipPath id="c"><circle cx="54" cy="52" r="4"/></clipPath>
        <mask id="mk"><rect x="0" y="54" width="8" height="8" fill="#fff"/></mask>
        </defs>
        <rect x="2" y="2" width="60" height="60" fill="#eeeeec"/>
        <rect id="a" x="4" y="4" width="8" height="6" fill="#ef2929" filter="url(#odd)"/>
        <circle id="b" cx="40" cy="12" r="5" fill="url(#g)" style="opacity:0.7;filter:url(#even)"/>
        <path id="t" d="M 10 40 h 14 v 10 h -14 z" fill="#3465a4" filter="url(#tight)"/>
        <ellipse id="s" cx="46" cy="40" rx="7" ry="4" fill="#73d216" opacity="60%" filter="url(#srgb)"/>
        <g transform="translate(26,24) scale(1.5,0.8)">
        <rect id="u" x="0" y="0" width="6" height="5" fill="#75507b" transform="scale(0.9)" filter="url(#user)"/>
        </g>
        <rect id="k" x="48" y="48" width="12" height="8" fill="#000" opacity="0.5" clip-path="url(#c)" filter="url(#odd)"/>
        <rect id="m" x="2" y="54" width="10" height="6" fill="#c4a000" mask="url(#mk)" filter="url(#odd)"/>
        </svg>
        """

    @Test("Box sizes as librsvg picks them: d = floor(s * 3 * sqrt(2 pi) / 4 + 0.5); odd d three boxes of d centred, even d two of d (either side) and one of d + 1")
    func boxSizes() {
        #expect(GaussianBoxBlur.boxSize(deviation: 2) == 4)
        #expect(GaussianBoxBlur.boxSize(deviation: 2.5) == 5)
        #expect(GaussianBoxBlur.boxSize(deviation: 24) == 45)
        #expect(GaussianBoxBlur.boxSize(deviation: 1000) == 500)
        #expect(GaussianBoxBlur.boxes(deviation: 2.5).map(\.size) == [5, 5, 5])
        #expect(GaussianBoxBlur.boxes(deviation: 2.5).map(\.target) == [2, 2, 2])
        #expect(GaussianBoxBlur.boxes(deviation: 2).map(\.size) == [4, 4, 5])
        #expect(GaussianBoxBlur.boxes(deviation: 2).map(\.target) == [2, 1, 2])
        // 1.8613... gives 4 exactly before the floor: ambiguous, left to librsvg.
        #expect(GaussianBoxBlur.isAmbiguous(3.5 / (3 * (2 * Double.pi).squareRoot() / 4)))
        #expect(!GaussianBoxBlur.isAmbiguous(2.5))
    }

    @Test("Seven blurred layers at 1536 px: six blurred here (the masked one by librsvg), each exactly librsvg's pixels for its layer (the clipped one within 1: its clip and opacity applied as one mask); the whole render within 2 levels of rsvg-convert")
    func layersEqualLibrsvg() throws {
        let logo = try VectorLogo(data: Data(Self.blurs.utf8), name: "box-blur-layers.svg")
        let plan = try #require(FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536))
        let filtered = plan.layers.filter { if case .filtered = $0.kind { return true } else { return false } }
        #expect(filtered.count == 7)
        #expect(filtered.filter { $0.blur != nil }.count == 6)
        #expect(filtered.compactMap(\.blur).map(\.linearRGB) == [true, true, true, false, true, true])
        #expect(filtered.compactMap(\.blur).map { $0.clip != nil } == [false, false, false, false, false, true])
        #expect(filtered[1].blur?.opacity == 0.7)
        #expect(filtered[3].blur?.opacity == 0.6)
        // The user-space layer: 0.6 x 0.9 x 1.5 x 24 across, 0.6 x 0.9 x 0.8 x 24 down.
        let user = try #require(filtered[4].blur)
        #expect(abs(user.deviationX - 19.44) < 1e-9 && abs(user.deviationY - 10.368) < 1e-9)

        for layer in filtered {
            guard let blur = layer.blur, case .filtered(let region) = layer.kind else { continue }
            let drawn = try #require(try LayeredFilterRender.drawBlurred(blur, of: logo, scale: 24, region: region))
            // A blur's surface covers its whole region (only a shadow's covers less).
            #expect(drawn.x == 0 && drawn.y == 0)
            let ours = drawn.surface
            let theirs = try LayeredFilterRender.draw(layer.document, of: logo, scale: 24, region: region, layout: .argb32)
            let (a, b) = (Self.bytes(ours), Self.bytes(theirs))
            #expect(a.count == b.count)
            let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= (blur.clip == nil ? 0 : 1), "differs from librsvg's layer by \(largest)")
            #expect(a.contains { $0 != 0 }, "the layer drew nothing")
        }

        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("blurs.svg").path
        try Data(Self.blurs.utf8).write(to: URL(fileURLWithPath: svg))
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        let drawn = try FilterLayerRenderTests.renderWatched(logo, to: ours)
        #expect(drawn.layers == 7 && drawn.blurred == 6)
        let result = try runTool("rsvg-convert", ["-w", "1536", svg, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let difference = maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
        #expect(difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(difference.map(String.init) ?? "a size")")
    }

    @Test("Not taken: a second primitive, an input other than the source graphic, a deviation under 2 device pixels, a rotation")
    func notTaken() throws {
        func blurs(_ filter: String, transform: String = "") throws -> Int {
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
                <defs><filter id="f">\(filter)</filter></defs>
                <rect x="4" y="4" width="8" height="8" fill="#000" filter="url(#f)" \(transform)/>
                <rect x="40" y="40" width="8" height="8" fill="#000" filter="url(#f)"/>
                </svg>
                """
            let logo = try VectorLogo(data: Data(svg.utf8), name: "box-blur-refused.svg")
            let plan = try #require(FilterLayerPlan(logo: logo, scale: 24, width: 1536, height: 1536))
            return plan.layers.filter { $0.blur != nil }.count
        }
        #expect(try blurs("<feGaussianBlur stdDeviation=\"1\"/>") == 2)
        #expect(try blurs("<feGaussianBlur stdDeviation=\"1\"/><feOffset dx=\"1\"/>") == 0)
        #expect(try blurs("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"1\"/>") == 0)
        #expect(try blurs("<feGaussianBlur stdDeviation=\"0.05\"/>") == 0)
        #expect(try blurs("<feGaussianBlur stdDeviation=\"1\"/>", transform: "transform=\"rotate(10)\"") == 1)
    }

    /// The surface's pixel bytes, row by row without padding.
    static func bytes(_ surface: CairoSurface) -> [UInt8] {
        guard let data = surface.imageData else { return [] }
        var out: [UInt8] = []
        for row in 0..<surface.imageHeight {
            out += UnsafeBufferPointer(start: data + row * surface.imageStride, count: surface.imageWidth * 4)
        }
        return out
    }
}
