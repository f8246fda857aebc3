import FoundationEssentials
import MaskGeometry
import Testing
@testable import LogoMask

/// Drawing at any scale allocates no librsvg surface larger than what the target shows:
/// ``LogoDrawing`` draws a logo with intermediate surfaces (group opacity, masks, filters) from a
/// document cropped to the visible region (``CroppedSVGSource``, ``DrawingCrop``), and text past
/// FreeType's size limit at a smaller zoom (``TextZoomLimit``). Each fixture is a small SVG
/// written here; each test compares the cropped draw with the whole draw where both work, reads
/// pixels at known points, and bounds the largest viewport handed to librsvg.
@Suite("Cropped drawing", .serialized)
struct CroppedDrawingTests {
    /// Group opacity: librsvg draws the group into a surface of the toplevel viewport's size.
    static let opacity = """
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
          <g opacity="0.5"><rect width="48" height="48" fill="#ff0000"/><rect x="20" y="20" width="8" height="8" fill="#0000ff"/></g>
        </svg>
        """
    /// A mask: its content and the masked element are each drawn into a toplevel-sized surface.
    static let mask = """
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
          <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="48" height="48"><rect width="48" height="24" fill="#fff"/></mask>
          <rect width="48" height="48" fill="#00ff00" mask="url(#m)"/>
        </svg>
        """
    /// A blur whose reach (3 sigma = 3 units, 180 px at 60x) crosses the visible region's edge.
    static let filter = """
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
          <filter id="b" x="-0.5" y="-0.5" width="2" height="2"><feGaussianBlur stdDeviation="1"/></filter>
          <rect x="12" y="12" width="24" height="24" fill="#000000" filter="url(#b)"/>
        </svg>
        """
    /// Text (20 units, in a group with opacity) beside a square; at 200x librsvg 2.54 would ask
    /// FreeType for a font past its limit.
    static let text = """
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
          <rect x="30" y="30" width="10" height="10" fill="#000000"/>
          <g opacity="0.9"><text x="4" y="24" font-size="20" font-family="DejaVu Sans" fill="#000000">HI</text></g>
        </svg>
        """

    /// Premultiplied ARGB bytes (B, G, R, A per pixel, rows packed) of `logo` drawn with `transform`.
    static func draw(_ logo: VectorLogo, _ transform: Transform, width: Int, height: Int, cropping: Bool = true)
        throws -> [UInt8]
    {
        let drawing = try logo.makeDrawing()
        drawing.allowsCropping = cropping
        let canvas = StripCanvas(layout: .argb32, width: width, maxRows: height)
        try canvas.draw(y0: 0, rows: height) { (context: CairoContext) throws(LogoMaskError) in
            try drawing.draw(on: context, transform: transform)
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<(width * 4) { out[(y * width) * 4 + x] = canvas.buffer[y * canvas.stride + x] }
        }
        return out
    }

    /// The largest difference of any channel.
    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// Runs `body` with the viewport log on and returns the largest viewport logged for `name`.
    static func largestViewport(of name: String, _ body: () throws -> Void) rethrows -> Size? {
        let largest = try LogoDrawing.viewportLog.watching(name, body)
        return largest.width > 0 ? largest : nil
    }

    /// A 60x window of `width` x `height` pixels whose centre is `centre` (document units).
    static func window(at centre: Point, scale: Double, width: Int, height: Int) -> Transform {
        Transform.scale(scale).concatenating(
            .translation(x: Double(width) / 2 - centre.x * scale, y: Double(height) / 2 - centre.y * scale))
    }

    /// `logo` drawn cropped and whole in a window of `width` x `height` pixels centred on
    /// `centre` at `scale`, and the largest viewport the cropped draw handed librsvg.
    static func croppedAndWhole(_ logo: VectorLogo, at centre: Point, scale: Double, width: Int, height: Int)
        throws -> (cropped: [UInt8], whole: [UInt8], viewport: Size)
    {
        let t = window(at: centre, scale: scale, width: width, height: height)
        var cropped: [UInt8] = []
        let viewport = try largestViewport(of: logo.name) { cropped = try draw(logo, t, width: width, height: height) }
        let whole = try draw(logo, t, width: width, height: height, cropping: false)
        return (cropped, whole, try #require(viewport))
    }

    @Test("group opacity at 60x: cropped equals whole within 1, known pixels, viewport no larger than the window")
    func opacityAt60x() throws {
        let logo = try VectorLogo(data: Data(Self.opacity.utf8), name: "crop-opacity.svg")
        // Centred on the blue square's top-left corner: red and blue quarters.
        let (cropped, whole, size) = try Self.croppedAndWhole(logo, at: Point(x: 20, y: 20), scale: 60, width: 300, height: 200)
        #expect(Self.maxDifference(cropped, whole) <= 1)
        // Top-left: red at half opacity (premultiplied 128); bottom-right: blue at half opacity.
        let topLeft = Array(cropped[(10 * 300 + 10) * 4..<(10 * 300 + 10) * 4 + 4])
        let bottomRight = Array(cropped[(190 * 300 + 290) * 4..<(190 * 300 + 290) * 4 + 4])
        #expect(topLeft.map(Int.init).elementsEqual([0, 0, 128, 128], by: { abs($0 - $1) <= 1 }))
        #expect(bottomRight.map(Int.init).elementsEqual([128, 0, 0, 128], by: { abs($0 - $1) <= 1 }))
        #expect(size.width <= 300 + 2 * LogoDrawing.basePadding + 2 && size.height <= 200 + 2 * LogoDrawing.basePadding + 2)
    }

    @Test("a mask at 60x: cropped equals whole within 1, known pixels, viewport no larger than the window")
    func maskAt60x() throws {
        let logo = try VectorLogo(data: Data(Self.mask.utf8), name: "crop-mask.svg")
        // Centred on the mask's edge (y = 24): green above, nothing below.
        let (cropped, whole, size) = try Self.croppedAndWhole(logo, at: Point(x: 24, y: 24), scale: 60, width: 200, height: 200)
        #expect(Self.maxDifference(cropped, whole) <= 1)
        #expect(Array(cropped[(10 * 200 + 100) * 4..<(10 * 200 + 100) * 4 + 4]) == [0, 255, 0, 255])
        #expect(Array(cropped[(190 * 200 + 100) * 4..<(190 * 200 + 100) * 4 + 4]) == [0, 0, 0, 0])
        #expect(size.width <= 200 + 2 * LogoDrawing.basePadding + 2 && size.height <= 200 + 2 * LogoDrawing.basePadding + 2)
    }

    @Test("a blur at 60x crossing the window's edge: cropped equals whole within 2, viewport the window plus the filter padding")
    func filterAt60x() throws {
        let logo = try VectorLogo(data: Data(Self.filter.utf8), name: "crop-filter.svg")
        #expect(logo.usesFilterEffects)
        // Centred on the square's left edge (x = 12): the blur ramps across the whole window.
        let (cropped, whole, size) = try Self.croppedAndWhole(logo, at: Point(x: 12, y: 24), scale: 60, width: 240, height: 120)
        #expect(Self.maxDifference(cropped, whole) <= 2)
        // Half-way through the ramp at the edge; darker inside than outside.
        let edge = Int(cropped[(60 * 240 + 120) * 4 + 3]), inside = Int(cropped[(60 * 240 + 230) * 4 + 3])
        let outside = Int(cropped[(60 * 240 + 10) * 4 + 3])
        #expect(abs(edge - 128) <= 8 && inside > edge && edge > outside)
        let padding = LogoDrawing.basePadding + min(0.1 * 48 * 60, LogoDrawing.maximumFilterPadding)
        #expect(size.width <= 240 + 2 * padding + 2 && size.height <= 120 + 2 * padding + 2)
        #expect(size.width < 48 * 60 / 2)
    }

    @Test("a 60x hole of a 600-unit logo with group opacity: whole it fails (36000 px), cropped its pixels are known")
    func holeAt60xPastCairosLimit() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
              <g opacity="0.5"><rect width="300" height="600" fill="#000"/><rect x="590" y="590" width="10" height="10"/></g>
            </svg>
            """
        // Two shapes in the group (the second far from the view): a group of one shape is folded
        // (``TranslucentShapeFold``) and needs no surface at all.
        let logo = try VectorLogo(data: Data(svg.utf8), name: "crop-hole.svg")
        let placement = Placement(
            documentSize: logo.documentSize, viewport: Viewport(width: 100, height: 100, density: 1), logoWidth: 600, scale: 60)
        let t = placement.pixelTransform
        #expect(throws: LogoMaskError.self) { try Self.draw(logo, t, width: 100, height: 100, cropping: false) }
        var hole: RasterImage?
        let viewport = try Self.largestViewport(of: logo.name) {
            hole = try LogoMasks.holeImage(of: logo, placement: placement, background: .white)
        }
        let image = try #require(hole)
        // The viewport's centre is the document's (300, 300): left of it the half-opaque rectangle
        // leaves half the background; right of it, all of it.
        #expect(abs(Int(image.alpha(x: 10, y: 50)) - 128) <= 1)
        #expect(image.alpha(x: 90, y: 50) == 255)
        let size = try #require(viewport)
        #expect(size.width <= 100 + 2 * LogoDrawing.basePadding + 2 && size.height <= 100 + 2 * LogoDrawing.basePadding + 2)
    }

    @Test("text at 200x, past FreeType's limit: drawn, its ink matches a 40x drawing, the square's edge exact")
    func textAtHugeZoom() throws {
        let logo = try VectorLogo(data: Data(Self.text.utf8), name: "crop-text.svg")
        #expect(TextZoomLimit.isRisky(fontSize: 20, scale: 200))
        #expect(!TextZoomLimit.isRisky(fontSize: 20, scale: 40))
        // The mean coverage of a 5-unit square over the letters is the same at both zooms.
        let region = Point(x: 8, y: 18)
        var near: [UInt8] = []
        let viewport = try Self.largestViewport(of: logo.name) {
            near = try Self.draw(logo, Self.window(at: region, scale: 200, width: 1000, height: 1000), width: 1000, height: 1000)
        }
        let far = try Self.draw(logo, Self.window(at: region, scale: 40, width: 200, height: 200), width: 200, height: 200)
        func meanAlpha(_ p: [UInt8]) -> Double { Double(stride(from: 3, to: p.count, by: 4).reduce(0) { $0 + Int(p[$1]) }) / Double(p.count / 4) }
        #expect(meanAlpha(far) > 5)
        #expect(abs(meanAlpha(near) - meanAlpha(far)) < 3)
        // The square's corner (30, 30) at 200x: inside opaque, outside clear.
        let corner = try Self.draw(logo, Self.window(at: Point(x: 30, y: 30), scale: 200, width: 100, height: 100), width: 100, height: 100)
        #expect(corner[(90 * 100 + 90) * 4 + 3] == 255 && corner[(10 * 100 + 10) * 4 + 3] == 0)
        let size = try #require(viewport)
        #expect(size.width <= 1000 + 2 * LogoDrawing.basePadding + 2)
    }

    @Test("a prolog with an internal subset, a byte-order mark and an svg: prefix crop to the same pixels")
    func prologsAndPrefixes() throws {
        let illustrator = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- Generator: Adobe Illustrator -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
              <!ENTITY ns_svg "http://www.w3.org/2000/svg"> <!-- a ] and a > in a comment -->
            ]>
            <svg xmlns="&ns_svg;" x="5px" y="7px" width="48px" height="48px" viewBox="0 0 24 24" overflow="hidden">
              <g opacity="0.5"><circle cx="12" cy="12" r="10" fill="#336699"/></g>
            </svg>
            """
        let prefixed = "\u{FEFF}<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\">"
            + "<svg:g opacity=\"0.5\"><svg:circle cx=\"24\" cy=\"24\" r=\"20\" fill=\"#993366\"/></svg:g></svg:svg>"
        for (index, text) in [illustrator, prefixed].enumerated() {
            let logo = try VectorLogo(data: Data(text.utf8), name: "crop-prolog-\(index).svg")
            let (cropped, whole, viewport) = try Self.croppedAndWhole(logo, at: Point(x: 10, y: 30), scale: 20, width: 160, height: 120)
            #expect(Self.maxDifference(cropped, whole) <= 1, "fixture \(index)")
            #expect(cropped.contains { $0 != 0 }, "fixture \(index)")
            #expect(viewport.width <= 160 + 2 * LogoDrawing.basePadding + 2, "fixture \(index)")
        }
    }

    @Test("group opacity rotated 30 degrees at 20x (librsvg 2.54 sizes its surface negative): drawn in device space, equal to rgba fills")
    func rotatedOpacity() throws {
        func logo(_ body: String, _ name: String) throws -> VectorLogo {
            try VectorLogo(data: Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\">\(body)</svg>".utf8), name: name)
        }
        // A second shape far from the view keeps the group a group (one shape alone is folded).
        let grouped = try logo(
            "<g opacity=\"0.5\"><rect x=\"8\" y=\"8\" width=\"32\" height=\"32\" fill=\"#ff0000\"/><rect x=\"46\" y=\"46\" width=\"1\" height=\"1\"/></g>",
            "crop-rotated.svg")
        let flat = try logo("<rect x=\"8\" y=\"8\" width=\"32\" height=\"32\" fill=\"rgba(255,0,0,0.5)\"/>", "crop-rotated-flat.svg")
        #expect(!DrawingCrop.mayUseIntermediateSurfaces(flat.source))
        let t = Transform.translation(x: -24, y: -8).concatenating(.rotation(radians: .pi / 6)).concatenating(.scale(20))
            .concatenating(.translation(x: 100, y: 100))
        var rotated: [UInt8] = []
        let viewport = try Self.largestViewport(of: grouped.name) { rotated = try Self.draw(grouped, t, width: 200, height: 200) }
        let reference = try Self.draw(flat, t, width: 200, height: 200)
        // Inside the window's one-pixel border, within 1; on it, the reference's edge (a polygon
        // clipped by the surface's own boundary) differs by a few levels (measured 7 and 2).
        let inner = (1..<199).flatMap { y in (4..<(199 * 4)).map { (y * 200) * 4 + $0 } }
        #expect(inner.allSatisfy { abs(Int(rotated[$0]) - Int(reference[$0])) <= 1 })
        #expect(Self.maxDifference(rotated, reference) <= 8)
        #expect(rotated.contains { $0 != 0 } && rotated.contains(0))
        #expect(try #require(viewport).width <= 200 + 2 * LogoDrawing.basePadding + 2)
    }

    @Test("a flat logo is never cropped (no re-parse), and a whole view of a logo is not cropped")
    func flatAndWholeNotCropped() throws {
        let flat = try VectorLogo(
            data: Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\"><path d=\"M0 0H48V48z\"/></svg>".utf8),
            name: "crop-flat.svg")
        #expect(!DrawingCrop.mayUseIntermediateSurfaces(flat.source))
        let viewport = try Self.largestViewport(of: flat.name) {
            _ = try Self.draw(flat, Self.window(at: Point(x: 24, y: 24), scale: 60, width: 100, height: 100), width: 100, height: 100)
        }
        #expect(try #require(viewport).width == 48 * 60)
        #expect(DrawingCrop.crop(document: Rect(x: 0, y: 0, width: 48, height: 48), toDevice: .scale(2),
                                 visible: Rect(x: 0, y: 0, width: 96, height: 96), padding: 2) == nil)
    }
}
