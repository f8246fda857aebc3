import FoundationEssentials
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// Logos with filter effects: librsvg computes a filter over its whole region at the resolution
/// asked for, whatever part of the image is drawn.
@Suite("Filtered logos", .serialized)
struct FilteredLogoTests {
    @Test("glow.svg's alpha-tight box is measured from one render, not from zoomed refinements (which failed with InvalidSize)")
    func alphaTightWithoutZoom() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("glow.svg"))
        #expect(logo.usesFilterEffects)
        let bounds = try AlphaBounds.alphaTight(of: logo)
        #expect(bounds.refinedResolution == bounds.resolution)
        // The glow reaches past the star (21.47...78.53 by 20...74.27) on every side, and stays
        // inside the filter region (-40% of the star's box).
        let star = Rect(x: 21.47, y: 20, width: 57.06, height: 54.27)
        #expect(bounds.rect.minX < star.minX && bounds.rect.minY < star.minY)
        #expect(bounds.rect.maxX > star.maxX && bounds.rect.maxY > star.maxY)
        #expect(bounds.rect.minX > 0 && bounds.rect.maxX < 100 && bounds.rect.maxY < 100)
    }

    @Test("a filtered logo's PNG is drawn in strips of up to 256 MiB (each strip pays for the whole filter)")
    func filteredStrips() {
        #expect(PNGWriter.filteredRowsPerStrip(height: 4096, stride: 4096 * 4) == 4096)
        #expect(PNGWriter.filteredRowsPerStrip(height: 8192, stride: 8192 * 4) == 8192)
        #expect(PNGWriter.filteredRowsPerStrip(height: 16384, stride: 16384 * 4) == 4096)
        #expect(PNGWriter.filteredRowsPerStrip(height: 100_000, stride: 400) == 8192)
        #expect(PNGWriter.filteredRowsPerStrip(height: 1, stride: 1 << 30) == 1)
    }
    // MARK: - Pictures past the picture scale

    /// glow.svg under a name of its own, so the draw counts are this suite's alone.
    static func glow(_ name: String) throws -> VectorLogo {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("glow.svg")))
        return try VectorLogo(data: data, name: name)
    }

    /// How many times the drawings of `name` called librsvg while `body` ran.
    static func libraryDraws(_ name: String, _ body: () throws -> Void) rethrows -> Int {
        try LogoDrawing.libraryDrawLog.watching(name, body)
    }

    /// The premultiplied BGRA pixel at the centre of a 200 x 200 image of `drawing` at `scale`,
    /// centred on the document point (`x`, `y`).
    static func centrePixel(_ drawing: LogoDrawing, scale: Double, x: Double, y: Double) throws -> [UInt8] {
        let canvas = StripCanvas(layout: .argb32, width: 200, maxRows: 200)
        let transform = Transform.scale(scale).concatenating(.translation(x: 100 - x * scale, y: 100 - y * scale))
        try canvas.draw(y0: 0, rows: 200) { (context: CairoContext) throws(LogoMaskError) in
            try drawing.draw(on: context, transform: transform)
        }
        let at = 100 * canvas.stride + 100 * 4
        return (0..<4).map { canvas.buffer[at + $0] }
    }

    @Test("past its first draw's scale and the picture scale, a filtered logo is painted from one picture: 2 librsvg draws for 1 + 12, the star, glow and outside where they were")
    func picturePastScale() throws {
        let name = "picture-past-scale.svg"
        let logo = try Self.glow(name)
        var star: [UInt8] = [], glow: [UInt8] = [], outside: [UInt8] = []
        let draws = try Self.libraryDraws(name) {
            let drawing = try logo.makeDrawing()
            _ = try Self.centrePixel(drawing, scale: 1, x: 50, y: 50)
            for step in 0..<12 { _ = try Self.centrePixel(drawing, scale: 60, x: 40 + Double(step), y: 50) }
            star = try Self.centrePixel(drawing, scale: 60, x: 50, y: 50)
            glow = try Self.centrePixel(drawing, scale: 60, x: 50, y: 64)
            outside = try Self.centrePixel(drawing, scale: 60, x: 50, y: 4)
        }
        #expect(draws == 2)
        // Against the vectors at 60x (a fresh drawing's first draw): the blur is alike.
        let vectors = try Self.centrePixel(try logo.makeDrawing(), scale: 60, x: 50, y: 64)
        #expect(zip(glow, vectors).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "\(glow) vs \(vectors)")
        // #FFC300 opaque (B, G, R, A), the glow #FF8C00 at partial alpha, nothing far outside.
        #expect(star == [0x00, 0xC3, 0xFF, 0xFF])
        #expect(glow[3] > 40 && glow[3] < 230 && glow[0] == 0, "\(glow)")
        #expect(outside == [0, 0, 0, 0])
    }

    @Test("a drawing's first draw and everything up to its scale stay vectors (one render at any size is rsvg-convert's pixels)")
    func firstScaleStaysVector() throws {
        let name = "first-scale-vector.svg"
        let logo = try Self.glow(name)
        var pixel: [UInt8] = []
        let draws = try Self.libraryDraws(name) {
            let drawing = try logo.makeDrawing()
            for step in 0..<3 { pixel = try Self.centrePixel(drawing, scale: 60, x: 50, y: 50 + Double(step)) }
        }
        #expect(draws == 3)
        #expect(pixel == [0x00, 0xC3, 0xFF, 0xFF])
    }
    @Test("glow's cover search and reveal frames past 27x draw through librsvg a bounded number of times, whatever the frame count")
    func coverAndRevealBounded() throws {
        let name = "cover-reveal-bounded.svg"
        let logo = try Self.glow(name)
        let viewport = try #require(Device.named("iPhone SE")).viewport()
        var cover: CoverScaleResult?
        let coverDraws = try Self.libraryDraws(name) {
            cover = try CoverScale.compute(logo: logo, placement: Placement(documentSize: logo.documentSize, viewport: viewport))
        }
        let result = try #require(cover)
        #expect(result.scale > 5 && result.scale < 60, "\(result.scale)")
        // The grids and the exact checks past a quarter of the picture scale paint the logo's
        // pictures (one librsvg draw per rung; vectors drew 14 times here before).
        #expect(coverDraws <= 3, "\(coverDraws) librsvg draws")

        // A reveal growing to 60x; the frames whose hole is drawn past the picture scale.
        var settings = RevealSettings(viewport: Viewport(width: 180, height: 390, density: 1))
        settings.finalScale = 60
        settings.anchor = .point(Point(x: 50, y: 20))
        let scene = try RevealScene(logo: logo, spec: RevealPreset.twitter.spec, settings: settings)
        let layers = try RevealLayers(scene: scene)
        for fps in [30.0, 60.0] {
            let states = scene.frameTimes(fps: fps).map { scene.state(at: $0) }.filter { state in
                let t = scene.holeTransform(state)
                return !scene.holeCovers(state) && (t.a * t.a + t.b * t.b).squareRoot() > 27
            }
            #expect(states.count >= Int(fps / 10))
            let compositor = try FrameCompositor(scene: scene, layers: layers)
            let frame = try FrameBuffer(width: layers.width, height: layers.height)
            let draws = try Self.libraryDraws(name) {
                try compositor.render(scene.state(at: 0), into: frame)
                for state in states { try compositor.render(state, into: frame) }
            }
            // Frame 0 draws vectors at 30 fps; at 60 fps it is that first draw again, shared by
            // the logo's compositors (``VectorLogo/firstDrawBitmaps``). The later frames paint the
            // cap picture, which the cover search above already drew for this logo.
            #expect(draws == (fps == 30 ? 1 : 0), "\(draws) librsvg draws for \(states.count + 1) frames at \(fps) fps")
            // The last of them against the vectors (a fresh compositor's first draw): only the
            // softened edge differs, by more than 8 levels in under 2% of the bytes (1.4% here:
            // the picture at 26.6x magnified 2.25 times spreads the edge over about 2 pixels).
            let last = try #require(states.last)
            let reference = try FrameBuffer(width: layers.width, height: layers.height)
            try FrameCompositor(scene: scene, layers: layers).render(last, into: reference)
            let count = layers.width * layers.height * 4
            let far = (0..<count).filter { abs(Int(frame.bytes[$0]) - Int(reference.bytes[$0])) > 8 }.count
            #expect(far < count / 50, "\(far) of \(count) bytes")
            #expect((0..<count).contains { frame.bytes[$0] != 0 })
        }
    }
}
