import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// The reveal's hole drawn from the cached outline (``HoleMask``: Cairo's fill reproduced in
/// Swift) against librsvg drawing the same logo through Cairo, as the compositor did before, on
/// real pixels.
///
/// Tolerance: an SVG of plain paths matches bit for bit (its points are librsvg's own doubles,
/// ``SVGPathData``). Where the points can only be read back from Cairo's SVG surface (PDF
/// logos, SVGs with transforms or other elements) they are known to 1/(256 x 65536) of a unit,
/// so now and then one lands on the other side of a 1/256-px rounding step and a pixel differs
/// by up to one sub-row of Cairo's 15 (255 / 15 = 17 levels): wordmark.pdf, 240 pixels in 860,000.
@Suite("HoleRaster")
struct HoleRasterTests {
    /// One sub-row of one pixel in Cairo's scan converter: 255 / 15, rounded up.
    static let oneSubRow = 17

    /// Coverage of `logo` under `transform` inside `box` of a `width` x `height` A8 plane, drawn
    /// by librsvg the way the compositor's fallback draws it.
    static func librsvgMask(_ logo: VectorLogo, _ transform: Transform, box: PixelBox, width: Int, height: Int) throws -> [UInt8] {
        let stride = PixelLayout.a8.stride(width: width)
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        defer { plane.deallocate() }
        plane.initialize(repeating: 0, count: stride * height)
        do {
            let surface = try CairoSurface.image(wrapping: plane, layout: .a8, width: width, height: height, stride: stride)
            let context = try CairoContext(surface)
            context.clip(to: Rect(x: Double(box.x0), y: Double(box.y0),
                                            width: Double(box.x1 - box.x0), height: Double(box.y1 - box.y0)))
            try logo.makeDrawing().draw(on: context, transform: transform)
            surface.flush()
        }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + x] = plane[y * stride + x] } }
        return out
    }

    /// The same from the outline; nil when the outline path declines the frame.
    static func outlineMask(_ mask: HoleMask, _ transform: Transform, box: PixelBox, width: Int, height: Int) -> [UInt8]? {
        guard mask.prepare(transform: transform, box: box) else { return nil }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        defer { row.deallocate() }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in box.y0..<box.y1 {
            mask.row(y, into: row)
            for x in box.x0..<box.x1 { out[y * width + x] = row[x] }
        }
        return out
    }

    struct Comparison {
        var worst = 0
        var differing = 0
        var pixels = 0
        var frames = 0
        var declined = 0
    }

    /// Both masks for `frames` seeded transforms of `logo` on a `width` x `height` viewport: the
    /// logo 200 px across times 0.3 to 60, about a random point of it, placed at a random point
    /// of the viewport (so many frames are clipped by its edges), rotated in two frames of three.
    static func compare(_ logo: VectorLogo, frames: Int = 12, width: Int = 300, height: Int = 400, seed: UInt64 = 1) throws -> Comparison? {
        guard let outline = HoleOutline.load(logo) else { return nil }
        let mask = HoleMask(outline: outline, width: width, height: height)
        var generator = SplitMix64(state: seed)
        var result = Comparison()
        let size = logo.documentSize
        let base = 200 / max(size.width, size.height)
        for frame in 0..<frames {
            let scale = base * exp(Double.random(in: log(0.3)...log(60), using: &generator))
            let rotation = frame % 3 == 0 ? 0 : Double.random(in: -Double.pi...Double.pi, using: &generator)
            let anchor = Point(x: Double.random(in: 0...size.width, using: &generator),
                               y: Double.random(in: 0...size.height, using: &generator))
            let at = Point(x: Double.random(in: 0...Double(width), using: &generator),
                           y: Double.random(in: 0...Double(height), using: &generator))
            let transform = Transform.translation(x: -anchor.x, y: -anchor.y)
                .concatenating(.scale(scale)).concatenating(.rotation(radians: rotation))
                .concatenating(.translation(x: at.x, y: at.y))
            guard let box = FrameCompositor.region(of: logo.inkBounds, under: transform, width: width, height: height) else { continue }
            result.frames += 1
            guard let ours = outlineMask(mask, transform, box: box, width: width, height: height) else {
                result.declined += 1
                continue
            }
            let theirs = try librsvgMask(logo, transform, box: box, width: width, height: height)
            for i in 0..<ours.count where ours[i] != theirs[i] {
                result.differing += 1
                result.worst = max(result.worst, abs(Int(ours[i]) - Int(theirs[i])))
            }
            result.pixels += (box.x1 - box.x0) * (box.y1 - box.y0)
        }
        return result
    }

    static var fixtureLogos: [String] {
        TestPaths.simpleIcons.map { TestPaths.simpleIconsFolder.appendingPathComponent($0).path }
            + ["bird.svg", "ring.svg", "wordmark.svg", "y-mark.svg", "bird.pdf", "wordmark.pdf"].map(TestPaths.sample)
            + ["kotlin", "debridlink", "elsevier"].map {
                TestPaths.packageRoot.appendingPathComponent("Benchmarks/Fixtures/\($0).svg").path
            }
    }

    @Test("the outline's mask is librsvg's, bit for bit for every SVG fixture (12 transforms each, clipped and rotated)")
    func outlineMatchesLibrsvg() throws {
        var checked = 0
        for path in Self.fixtureLogos {
            let logo = try VectorLogo(contentsOf: path)
            let name = URL(fileURLWithPath: path).lastPathComponent
            let outline = try #require(HoleOutline.load(logo), "\(name): no outline")
            let comparison = try #require(try Self.compare(logo), "\(name): no outline")
            checked += 1
            #expect(comparison.frames > comparison.declined, "\(name): every frame declined")
            if logo.format == .svg {
                #expect(outline.exact, "\(name): points read back from Cairo, not librsvg's")
                #expect(comparison.differing == 0, "\(name): \(comparison.differing) pixels differ, by up to \(comparison.worst)")
            } else {
                // PDF: points read back from Cairo (see the suite's note).
                #expect(!outline.exact)
                #expect(comparison.worst <= Self.oneSubRow, "\(name): a pixel off by \(comparison.worst)")
                #expect(comparison.differing * 1000 <= comparison.pixels, "\(name): \(comparison.differing) of \(comparison.pixels) pixels differ")
            }
        }
        #expect(checked == Self.fixtureLogos.count)
    }

    @Test("librsvg's reading of path data: relative, smooth, quadratic and arc commands to the same doubles")
    func pathData() throws {
        let parsed = SVGPathData.parse("m1 2 3 4h1v-1.5.5c1 1 2 2 3 3s1 1 2 0q1 1 2 2t1 0a1 1 0 0110 0z").path
        #expect(parsed.verbs.first == .move && parsed.verbs.last == .close)
        #expect(parsed.points[0] == Point(x: 1, y: 2) && parsed.points[1] == Point(x: 4, y: 6))
        #expect(parsed.points[2] == Point(x: 5, y: 6) && parsed.points[3] == Point(x: 5, y: 4.5) && parsed.points[4] == Point(x: 5, y: 5))
        // `s`: the first control reflects the previous curve's second one about the current point.
        #expect(parsed.points[8] == Point(x: 8 + 8 - 7, y: 8 + 8 - 7))
        // An arc of 180° with radii scaled up to reach: two Bézier pieces ending exactly there.
        #expect(parsed.verbs.suffix(3) == [.cubic, .cubic, .close])
        let end = try #require(parsed.points.last)
        #expect(abs(end.x - (parsed.points[parsed.points.count - 7].x + 10)) < 1e-12)
    }

    @Test("a pure path logo at its launch size is bit for bit librsvg's")
    func birdAtLaunch() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let outline = try #require(HoleOutline.load(logo))
        let mask = HoleMask(outline: outline, width: 390, height: 844)
        for (scale, rotation) in [(1.0, 0.0), (0.75, 0.0), (1.5, 0.3), (3.0, -1.2)] {
            let transform = Transform.scaleRotate(scale: scale, radians: rotation, about: Point(x: 60, y: 50))
                .concatenating(.translation(x: 195 - 60, y: 422 - 50))
            let box = try #require(FrameCompositor.region(of: logo.inkBounds, under: transform, width: 390, height: 844))
            let ours = try #require(Self.outlineMask(mask, transform, box: box, width: 390, height: 844))
            let theirs = try Self.librsvgMask(logo, transform, box: box, width: 390, height: 844)
            #expect(ours == theirs, "scale \(scale), rotation \(rotation)")
            #expect(ours.contains(255) && ours.contains { $0 > 0 && $0 < 255 }, "a filled, antialiased hole")
        }
    }

    @Test("logos the outline cannot carry stay on librsvg", arguments: ["gradient.svg", "glow.svg"])
    func unsupportedLogos(name: String) throws {
        #expect(HoleOutline.load(try VectorLogo(contentsOf: TestPaths.sample(name))) == nil)
    }

    @Test("a shape of horizontal and vertical edges is Cairo's box filler: declined upright, drawn when turned")
    func rectilinearShapes() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2H22V22H2ZM8 8V16H16V8Z"/></svg>"#
        let logo = try VectorLogo(data: Data(svg.utf8), name: "square.svg")
        let outline = try #require(HoleOutline.load(logo))
        let mask = HoleMask(outline: outline, width: 200, height: 200)
        let upright = Transform.scale(5.3).concatenating(.translation(x: 20.3, y: 30.7))
        #expect(!mask.prepare(transform: upright, box: PixelBox(x0: 0, y0: 0, x1: 200, y1: 200)))
        let turned = Transform.scaleRotate(scale: 5.3, radians: 0.4, about: Point(x: 12, y: 12)).concatenating(.translation(x: 88, y: 88))
        let box = try #require(FrameCompositor.region(of: logo.inkBounds, under: turned, width: 200, height: 200))
        let ours = try #require(Self.outlineMask(mask, turned, box: box, width: 200, height: 200))
        let theirs = try Self.librsvgMask(logo, turned, box: box, width: 200, height: 200)
        #expect(ours == theirs)
        // Non-zero fill, the inner square drawn the other way round: a square hole in the middle.
        #expect(ours[100 * 200 + 100] == 0 && ours[100 * 200 + 48] == 255)
    }
}

/// Whole reveal frames: the compositor drawing the hole from the outline against the same
/// compositor drawing it through librsvg.
@Suite("HoleRasterFrames")
struct HoleRasterFrameTests {
    static func scene(_ path: String, anchor: Anchor, viewport: Viewport) throws -> RevealScene {
        var settings = RevealSettings(viewport: viewport)
        settings.anchor = anchor
        return try RevealScene(logo: try VectorLogo(contentsOf: path), spec: RevealPreset.twitter.spec, settings: settings)
    }

    @Test("twitter frames of path logos are the same bytes either way, every hole from the outline; librsvg's fading frames draw the logo once", arguments: [
        (TestPaths.sample("bird.svg"), Anchor.center), (TestPaths.sample("y-mark.svg"), Anchor.automatic),
        (TestPaths.packageRoot.appendingPathComponent("Benchmarks/Fixtures/elsevier.svg").path, Anchor.center),
    ])
    func twitterFramesMatch(path: String, anchor: Anchor) throws {
        let viewport = Viewport(width: 180, height: 390, density: 2)
        let scene = try Self.scene(path, anchor: anchor, viewport: viewport)
        let layers = try RevealLayers(scene: scene)
        #expect(layers.holeOutline != nil)
        let outline = try FrameCompositor(scene: scene, layers: layers)
        let librsvg = try FrameCompositor(scene: scene, layers: layers, outlineHole: false)
        let a = try FrameBuffer(width: layers.width, height: layers.height)
        let b = try FrameBuffer(width: layers.width, height: layers.height)
        let count = layers.width * layers.height * 4
        var drawnOnce = 0
        for time in scene.frameTimes(fps: 60) {
            let state = scene.state(at: time)
            let stats = try outline.render(state, into: a)
            let reference = try librsvg.render(state, into: b)
            #expect(stats.covered == reference.covered)
            // While the drawn logo is opaque it closes the hole (twitter's frame 0): no hole is drawn.
            #expect(stats.covered || stats.maskFromOutline || state.logoOpacity >= 1, "t = \(time)")
            #expect(!reference.maskFromOutline)
            // The fading frames draw librsvg's logo once, for the hole's mask and the drawn logo.
            #expect(reference.logoDrawnOnce == (reference.maskedPixels > 0 && state.logoOpacity > 0), "t = \(time)")
            if reference.logoDrawnOnce { drawnOnce += 1 }
            let same = (0..<count).allSatisfy { a.bytes[$0] == b.bytes[$0] }
            #expect(same, "t = \(time)")
        }
        #expect(drawnOnce > 0)
    }
}
