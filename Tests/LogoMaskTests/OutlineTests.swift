import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// ``LogoOutline`` (``VectorLogo/outline``) and the one SVG path-data parser (``SVGPathData``).
///
/// Tolerances: the parser's points are compared exactly (`==`) where the arithmetic is exact in
/// doubles (additions, thirds of multiples of 3), and within 1e-12 where sines enter (arcs).
/// Outlines of SVGs made only of paths hold librsvg's own doubles, compared exactly; points read
/// back from Cairo's SVG surface (PDF, strokes, shapes librsvg builds) are known to 1/(256 x zoom)
/// of a unit (zoom >= 17476 for these logos, so under 2.3e-7) and are compared within 1e-6.
@Suite("Outline")
struct OutlineTests {
    typealias Path = LogoOutline.Path

    static func near(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    // MARK: The parser

    @Test("relative and shorthand commands become absolute moves, lines and cubics, exactly")
    func relativeAndShorthand() {
        let (path, complete) = SVGPathData.parse("m 10 10 l 5 0 h 5 v 5 c 1 1 2 2 3 3 s 1 1 2 0 z m 1 2 3 4")
        #expect(complete)
        #expect(path.verbs == [.move, .line, .line, .line, .cubic, .cubic, .close, .move, .line])
        #expect(path.segments == [
            .move(to: Point(x: 10, y: 10)), .line(to: Point(x: 15, y: 10)), .line(to: Point(x: 20, y: 10)),
            .line(to: Point(x: 20, y: 15)),
            .cubic(control1: Point(x: 21, y: 16), control2: Point(x: 22, y: 17), to: Point(x: 23, y: 18)),
            // `s`: the first control is the previous second control (22, 17) reflected about (23, 18).
            .cubic(control1: Point(x: 24, y: 19), control2: Point(x: 24, y: 19), to: Point(x: 25, y: 18)),
            .close,
            // After a close the current point is the subpath's start (10, 10); `m 1 2 3 4` is a
            // move and an implicit relative line.
            .move(to: Point(x: 11, y: 12)), .line(to: Point(x: 14, y: 16)),
        ])
    }

    @Test("quadratics (Q and T) are raised to cubics as (p + 2q) / 3, exactly")
    func quadratics() {
        let (path, complete) = SVGPathData.parse("M0 0 Q 30 60 60 0 T 120 0")
        #expect(complete)
        #expect(path.segments == [
            .move(to: Point(x: 0, y: 0)),
            .cubic(control1: Point(x: 20, y: 40), control2: Point(x: 40, y: 40), to: Point(x: 60, y: 0)),
            // `T`: the control (30, 60) reflected about (60, 0) is (90, -60).
            .cubic(control1: Point(x: 80, y: -40), control2: Point(x: 100, y: -40), to: Point(x: 120, y: 0)),
        ])
    }

    @Test("a 90° arc is one cubic with librsvg's 4/3 tan(θ/4) controls (±1e-12)")
    func quarterArc() throws {
        let (path, complete) = SVGPathData.parse("M0 0 A10 10 0 0 1 10 10")
        #expect(complete)
        #expect(path.verbs == [.move, .cubic])
        let k = 5.522847498307934  // 10 x (8/3) sin²(π/8) / sin(π/4)
        let expected = [Point(x: 0, y: 0), Point(x: k, y: 0), Point(x: 10, y: 10 - k), Point(x: 10, y: 10)]
        #expect(path.points.count == 4)
        for (got, want) in zip(path.points, expected) { #expect(Self.near(got, want, 1e-12), "\(got) vs \(want)") }
    }

    @Test("a half-circle arc with radii too small is scaled up and split into two cubics ending exactly (±1e-12)")
    func halfArc() {
        // Radii 1 cannot reach 10 away: librsvg scales them to 5; 180° is two pieces of 90°.
        let (path, _) = SVGPathData.parse("M0 0 a1 1 0 0 1 10 0")
        #expect(path.verbs == [.move, .cubic, .cubic])
        #expect(path.points.count == 7)
        #expect(Self.near(path.points[3], Point(x: 5, y: -5), 1e-12) || Self.near(path.points[3], Point(x: 5, y: 5), 1e-12))
        #expect(Self.near(path.points[6], Point(x: 10, y: 0), 1e-12))
    }

    @Test("Cairo's own output (absolute M L C Z with spaces) and librsvg's number lexer")
    func cairoFormAndNumbers() {
        let cairo = SVGPathData.parse("M 10.5 20 L 30 40 C 1 2 3 4 5 6 Z M 7 8")
        #expect(cairo.complete)
        #expect(cairo.path.verbs == [.move, .line, .cubic, .close, .move])
        #expect(cairo.path.points == [Point(x: 10.5, y: 20), Point(x: 30, y: 40), Point(x: 1, y: 2), Point(x: 3, y: 4),
                                      Point(x: 5, y: 6), Point(x: 7, y: 8)])
        // `.5.5` is two numbers; `-1e1` an exponent.
        let packed = SVGPathData.parse("M.5.5L-1e1-2")
        #expect(packed.path.points == [Point(x: 0.5, y: 0.5), Point(x: -10, y: -2)])
        // An error stops the reading: what came before is kept (librsvg draws it), marked incomplete.
        let broken = SVGPathData.parse("M1 1 L2 2 L3 x")
        #expect(!broken.complete)
        #expect(broken.path.points == [Point(x: 1, y: 1), Point(x: 2, y: 2)])
    }

    // MARK: The path type

    @Test("paths: segments round-trip, verbs must match points, mapping and bounds")
    func pathType() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.line(to: Point(x: 10, y: 0))
        path.cubic(to: Point(x: 0, y: 10), control1: Point(x: 12, y: 5), control2: Point(x: 5, y: -3))
        path.close()
        #expect(Path(path.segments) == path)
        #expect(Path(verbs: path.verbs, points: path.points) == path)
        #expect(Path(verbs: [.move, .cubic], points: [.zero, .zero]) == nil)
        #expect(path.bounds == Rect(x: 0, y: -3, width: 12, height: 13))
        let moved = path.mapped(by: Transform.scale(2).concatenating(.translation(x: 1, y: 1)))
        #expect(moved.points == [Point(x: 1, y: 1), Point(x: 21, y: 1), Point(x: 25, y: 11), Point(x: 11, y: -5), Point(x: 1, y: 21)])
        #expect(Path().bounds == .null)
    }

    // MARK: Outlines of logos

    @Test("bird.svg: one non-zero fill of librsvg's own points, flat #1DA1F2, exact")
    func bird() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let outline = try logo.outline
        #expect(outline.isExact && outline.inexactReasons.isEmpty)
        #expect(outline.hasSourcePoints)
        #expect(outline.documentSize == Size(width: 120, height: 100))
        #expect(outline.shapes.count == 1)
        let shape = try #require(outline.shapes.first)
        #expect(shape.fillRule == .nonZero && shape.stroke == nil && shape.clips.isEmpty)
        #expect(shape.paint == .flat(color: RGBAColor(red: 0x1D, green: 0xA1, blue: 0xF2), opacity: 1))
        #expect(shape.path.verbs == [.move] + Array(repeating: .cubic, count: 9) + [.close])
        #expect(shape.path.points.count == 28)
        #expect(shape.path.points.first == Point(x: 106, y: 29) && shape.path.points.last == Point(x: 106, y: 29))
        #expect(shape.path.points[1] == Point(x: 100, y: 33))
        // Control points span x 6...106, y 14...84.
        #expect(outline.bounds == Rect(x: 6, y: 14, width: 100, height: 70))
        let doubled = outline.mapped(by: .scale(2))
        #expect(doubled.bounds == Rect(x: 12, y: 28, width: 200, height: 140))
        // Made once: the same value on every call.
        #expect(try logo.outline == outline)
    }

    @Test("many threads asking at once get one and the same outline")
    func concurrentFirstUse() async throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("ring.svg"))
        let outlines = try await withThrowingTaskGroup(of: LogoOutline.self) { group in
            for _ in 0..<8 { group.addTask { try logo.outline } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outlines.count == 8)
        #expect(Set(outlines).count == 1)
        let ring = try #require(outlines.first?.shapes.first)
        #expect(ring.fillRule == .evenOdd)
        // Four arcs of 180°, two cubics each, in two closed subpaths.
        #expect(ring.path.verbs.filter { $0 == .cubic }.count == 8)
        #expect(ring.path.verbs.filter { $0 == .close }.count == 2)
    }

    @Test("a stroked logo keeps its pen: width, cap, join, miter limit, dashes, offset, user space")
    func stroked() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 100 50"><path d="M10 10 L90 10 L90 40" fill="none" stroke="#ff0000" stroke-width="3" stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="7" stroke-dasharray="5 2" stroke-dashoffset="1" stroke-opacity="0.5"/></svg>"##
        let outline = try VectorLogo(data: Data(svg.utf8), name: "stroked.svg").outline
        #expect(outline.isExact)
        #expect(outline.shapes.count == 1)
        let shape = try #require(outline.shapes.first)
        let pen = try #require(shape.stroke)
        #expect(shape.fillRule == nil)
        #expect(pen.width == 3 && pen.cap == .round && pen.join == .bevel && pen.miterLimit == 7)
        #expect(pen.dashes == [5, 2] && pen.dashOffset == 1)
        // The viewBox doubles everything: the pen's user space is scale 2 (±1e-9), 6 units wide.
        #expect(abs(pen.transform.a - 2) <= 1e-9 && abs(pen.transform.d - 2) <= 1e-9)
        #expect(abs(pen.transform.b) <= 1e-9 && abs(pen.transform.c) <= 1e-9)
        #expect(abs((pen.documentWidth ?? 0) - 6) <= 1e-9)
        // The path in document units (±1e-6, read back from Cairo).
        #expect(shape.path.verbs == [.move, .line, .line])
        for (got, want) in zip(shape.path.points, [Point(x: 20, y: 20), Point(x: 180, y: 20), Point(x: 180, y: 80)]) {
            #expect(Self.near(got, want, 1e-6), "\(got) vs \(want)")
        }
        // librsvg hands Cairo the opacity as 8 bits: 0.5 becomes 128/255 (±1e-6, Cairo writes 6 decimals).
        guard case let .flat(color, opacity) = shape.paint else { Issue.record("paint \(shape.paint)"); return }
        #expect(color == RGBAColor(red: 255, green: 0, blue: 0))
        #expect(abs(opacity - 128.0 / 255) <= 1e-6)
    }

    @Test("gradient.svg: gradients keep kind, geometry and stops; flat paints keep colour and opacity")
    func gradient() throws {
        let outline = try VectorLogo(contentsOf: TestPaths.sample("gradient.svg")).outline
        #expect(outline.isExact)
        #expect(outline.shapes.count == 5)
        let paints = outline.shapes.map(\.paint)
        // The tile's bounding-box gradient (0,0)-(1,1) becomes user space: scale 88, moved by 6 (±1e-6).
        guard let tileGradient = paints[0].gradient, case let .linear(start, end) = tileGradient.kind, let line = tileGradient.documentLine else {
            Issue.record("paint \(paints[0])"); return
        }
        #expect(!paints[0].isFlat && start == Point(x: 0, y: 0) && end == Point(x: 1, y: 1))
        #expect(Self.near(line.start, Point(x: 6, y: 6), 1e-6) && Self.near(line.end, Point(x: 94, y: 94), 1e-6))
        #expect(tileGradient.stops.map(\.color) == [RGBAColor(red: 0x7B, green: 0x2F, blue: 0xF7), RGBAColor(red: 0xF1, green: 0x07, blue: 0xA3),
                                             RGBAColor(red: 0xFF, green: 0x9F, blue: 0x1C)])
        #expect(tileGradient.stops.map(\.offset) == [0, 0.5, 1] && tileGradient.stops.allSatisfy { $0.opacity == 1 } && tileGradient.spread == .pad)
        #expect(paints[1] == .flat(color: RGBAColor(red: 0x1B, green: 0x99, blue: 0x8B), opacity: 1))
        #expect(paints[2] == .flat(color: RGBAColor(red: 0x14, green: 0x21, blue: 0x3D), opacity: 1))
        // The sun: centre (0.4, 0.4) radius 0.6 of its 28-unit box at (52, 20) (±1e-6).
        guard let sun = paints[3].gradient, let circle = sun.documentCircle else { Issue.record("paint \(paints[3])"); return }
        #expect(Self.near(circle.center, Point(x: 63.2, y: 31.2), 1e-6) && abs(circle.radius - 16.8) <= 1e-6)
        #expect(Self.near(circle.focal, circle.center, 1e-6) && paints[3].opacity == 1)
        #expect(sun.stops.map(\.color) == [.white, RGBAColor(red: 0xFF, green: 0xE0, blue: 0x66)])
        guard case let .flat(white, dotOpacity) = paints[4] else { Issue.record("paint \(paints[4])"); return }
        #expect(white == .white)
        // fill-opacity 0.85 as 8 bits: 217/255 (±1e-6).
        #expect(abs(dotOpacity - 217.0 / 255) <= 1e-6)
        // The rounded tile (rx 20) becomes lines and cubics: its first point is (6 + 20, 6) (±1e-6).
        let tile = outline.shapes[0].path
        #expect(Self.near(tile.points[0], Point(x: 26, y: 6), 1e-6))
        #expect(tile.verbs.filter { $0 == .cubic }.count == 4)
        #expect(outline.shapes.allSatisfy { $0.fillRule == .nonZero })
    }

    @Test("glow.svg: a filter makes the outline inexact, and says so")
    func glow() throws {
        let outline = try VectorLogo(contentsOf: TestPaths.sample("glow.svg")).outline
        #expect(!outline.isExact)
        #expect(outline.inexactReasons == [.filter])
        #expect(outline.inexactReasons.map(\.description) == ["a filter"])
    }

    @Test("bird.pdf: poppler's path read back from Cairo, within 1e-6 of the SVG's points")
    func birdPDF() throws {
        let pdf = try VectorLogo(contentsOf: TestPaths.sample("bird.pdf"))
        let outline = try pdf.outline
        #expect(outline.isExact)
        #expect(!outline.hasSourcePoints)
        #expect(outline.shapes.count == 1)
        let shape = try #require(outline.shapes.first)
        #expect(shape.fillRule == .nonZero)
        #expect(shape.paint.isFlat)
        let cubics = shape.path.segments.compactMap { segment -> Point? in
            if case let .cubic(_, _, end) = segment { return end }
            return nil
        }
        let svgShape = try #require(try VectorLogo(contentsOf: TestPaths.sample("bird.svg")).outline.shapes.first)
        let svgEnds = svgShape.path.segments.compactMap { segment -> Point? in
            if case let .cubic(_, _, end) = segment { return end }
            return nil
        }
        #expect(cubics.count == 9)
        for (got, want) in zip(cubics, svgEnds) { #expect(Self.near(got, want, 1e-6), "\(got) vs \(want)") }
        #expect(Self.near(Point(x: outline.bounds.minX, y: outline.bounds.minY), Point(x: 6, y: 14), 1e-6))
        #expect(Self.near(Point(x: outline.bounds.maxX, y: outline.bounds.maxY), Point(x: 106, y: 84), 1e-6))
    }

    @Test("a clipped group: the clip is kept on the shape in document units (±1e-6)")
    func clipped() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs><clipPath id="c"><rect x="10" y="20" width="30" height="40"/></clipPath></defs><g clip-path="url(#c)"><circle cx="30" cy="40" r="25" fill="#000"/></g></svg>"##
        let outline = try VectorLogo(data: Data(svg.utf8), name: "clipped.svg").outline
        #expect(outline.isExact)
        let shape = try #require(outline.shapes.first)
        #expect(outline.shapes.count == 1)
        #expect(shape.clips.count == 1)
        let clip = try #require(shape.clips.first)
        let box = clip.path.bounds
        #expect(Self.near(Point(x: box.minX, y: box.minY), Point(x: 10, y: 20), 1e-6))
        #expect(Self.near(Point(x: box.maxX, y: box.maxY), Point(x: 40, y: 60), 1e-6))
        // Mapping moves the clip with the shape.
        let moved = outline.mapped(by: .translation(x: 5, y: 0))
        #expect(Self.near(Point(x: moved.shapes[0].clips[0].path.bounds.minX, y: 0), Point(x: 15, y: 0), 1e-6))
    }

    @Test("a stroke's pen maps with the shape; its width in document units needs a similarity")
    func penMapping() {
        var path = Path()
        path.move(to: .zero)
        path.line(to: Point(x: 10, y: 0))
        let shape = LogoOutline.Shape(path: path, kind: .stroke(LogoOutline.Stroke(width: 2)), paint: .flat(color: .black, opacity: 1))
        let turned = shape.mapped(by: Transform.rotation(radians: .pi / 2).concatenating(.scale(3)))
        // Rotation and uniform scale: 2 x 3 = 6 (±1e-12).
        #expect(abs((turned.stroke?.documentWidth ?? 0) - 6) <= 1e-12)
        #expect(turned.stroke?.width == 2)
        let stretched = shape.mapped(by: .scale(x: 2, y: 1))
        #expect(stretched.stroke?.documentWidth == nil)
        #expect(stretched.path.points == [.zero, Point(x: 20, y: 0)])
    }

    @Test("reasons are sorted, unique and named")
    func reasons() {
        let outline = LogoOutline(shapes: [], documentSize: Size(width: 1, height: 1),
                                  inexactReasons: [.other("<foo>"), .image, .filter, .image, .text])
        #expect(outline.inexactReasons == [.filter, .image, .text, .other("<foo>")])
        #expect(outline.inexactReasons.map(\.description) == ["a filter", "an image", "text drawn as glyphs", "<foo>"])
        #expect(!outline.isExact && outline.bounds == .null)
    }

    /// Issue 24 (a mask at any scale): librsvg draws a mask on a page-sized surface, which at the
    /// read-back's zoom of thousands Cairo refuses ("InvalidSize"); such a logo failed every
    /// Lottie and `code` with exit 70. Its outline is read on a page of 4096 px instead: the square
    /// and the dot come back as shapes at their place (within 1/256 of a pixel of that page), the
    /// mask named as what keeps it inexact.
    @Test("a logo drawn through a gradient mask has an outline (read where the mask's page fits Cairo)")
    func gradientMaskOutline() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
              <defs>
                <linearGradient id="fade" gradientUnits="userSpaceOnUse" x1="20" y1="0" x2="80" y2="0">
                  <stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0.2"/>
                </linearGradient>
                <mask id="faded" maskUnits="userSpaceOnUse" x="0" y="0" width="100" height="100">
                  <rect x="0" y="0" width="100" height="100" fill="url(#fade)"/>
                </mask>
              </defs>
              <rect x="10" y="10" width="80" height="80" fill="#2060C0"/>
              <g mask="url(#faded)"><circle cx="50" cy="50" r="30" fill="#20A040"/></g>
              <circle cx="50" cy="50" r="6" fill="#C02020"/>
            </svg>
            """
        let outline = try VectorLogo(data: Data(svg.utf8), name: "masked.svg").outline
        #expect(outline.inexactReasons.contains(.mask))
        #expect(outline.shapes.count >= 2, "\(outline.shapes.count) shapes")
        let bounds = outline.bounds
        #expect(abs(bounds.minX - 10) < 0.01 && abs(bounds.maxX - 90) < 0.01 && abs(bounds.minY - 10) < 0.01 && abs(bounds.maxY - 90) < 0.01,
                "\(bounds)")
    }
}
