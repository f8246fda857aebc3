import Foundation
import Testing
@testable import MaskGeometry

@Suite("Transform")
struct AffineTransformTests {
    func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test("identity changes nothing; translation and scale map points as Cairo does")
    func basics() {
        let p = Point(x: 3, y: -4)
        #expect(Transform.identity.apply(to: p) == p)
        #expect(Transform.translation(x: 10, y: 20).apply(to: p) == Point(x: 13, y: 16))
        #expect(Transform.scale(x: 2, y: 3).apply(to: p) == Point(x: 6, y: -12))
        #expect(Transform.scale(2).determinant == 4)
    }

    @Test("concatenating applies self first, then the argument")
    func order() {
        let p = Point(x: 1, y: 1)
        let translateThenScale = Transform.translation(x: 1, y: 0).concatenating(.scale(2))
        let scaleThenTranslate = Transform.scale(2).concatenating(.translation(x: 1, y: 0))
        #expect(translateThenScale.apply(to: p) == Point(x: 4, y: 2))
        #expect(scaleThenTranslate.apply(to: p) == Point(x: 3, y: 2))
    }

    @Test("positive rotation turns clockwise on screen (x right, y down)")
    func rotation() {
        let quarter = Transform.rotation(radians: Double.pi / 2)
        #expect(close(quarter.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        #expect(close(quarter.apply(to: Point(x: 0, y: 1)), Point(x: -1, y: 0)))
    }

    @Test("scaleRotate keeps its anchor in place")
    func anchor() {
        let anchor = Point(x: 50, y: 80)
        let t = Transform.scaleRotate(scale: 36, radians: -0.7, about: anchor)
        #expect(close(t.apply(to: anchor), anchor, 1e-9))
        let moved = t.apply(to: Point(x: 51, y: 80))
        #expect(abs(moved.distance(to: anchor) - 36) < 1e-9)
    }

    @Test("the inverse undoes the transform; a degenerate one has none")
    func inverse() throws {
        let t = Transform.scaleRotate(scale: 2.5, radians: 0.3, about: Point(x: 7, y: -2))
            .concatenating(.translation(x: 4, y: 9))
        let inverse = try #require(t.inverted)
        for p in [Point(x: 0, y: 0), Point(x: 13, y: -7), Point(x: -100, y: 250)] {
            #expect(close(inverse.apply(to: t.apply(to: p)), p, 1e-9))
        }
        #expect(Transform.scale(x: 0, y: 1).inverted == nil)
        #expect(Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).isFinite == false)
    }

    @Test("a rectangle maps to the box of its mapped corners")
    func rectBounds() {
        let square = Rect(x: -1, y: -1, width: 2, height: 2)
        let turned = Transform.rotation(radians: Double.pi / 4).apply(to: square)
        let half = 2.0.squareRoot()
        #expect(abs(turned.minX + half) < 1e-9 && abs(turned.maxY - half) < 1e-9)
        #expect(Transform.scale(3).apply(to: Rect.null).isEmpty)
    }

    @Test("description lists the six coefficients")
    func description() {
        #expect(Transform.translation(x: 1.5, y: -2).description == "[1 0 0 1 1.5 -2]")
    }
}
