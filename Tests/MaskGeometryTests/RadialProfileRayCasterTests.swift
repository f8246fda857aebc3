import Foundation
import Testing
@testable import MaskGeometry

@Suite("Radial profile ray caster")
struct RadialProfileRayCasterTests {
    /// A 20 x 10 rectangle about the anchor, with an even-odd square hole of side 2 centred at (5, 0).
    let polygons = [
        RadialProfileRayCaster.Polygon(rings: [
            [Point(x: -10, y: -5), Point(x: 10, y: -5), Point(x: 10, y: 5), Point(x: -10, y: 5)],
            [Point(x: 4, y: -1), Point(x: 6, y: -1), Point(x: 6, y: 1), Point(x: 4, y: 1)],
        ], evenOdd: true)
    ]

    @Test("each bin's radius is the exact minimum over its directions: the hole's near side along +x, the rectangle's edges elsewhere")
    func rectangleWithHole() throws {
        let caster = RadialProfileRayCaster(polygons: polygons, directionCount: 8)
        let radii = try #require(caster.radii())
        // Bin 0 (0° to 45°) meets the hole's left side at x = 4 (the foot of the perpendicular, at 0°).
        #expect(abs(radii[0] - 4) < 1e-12)
        // Bin 1 (45° to 90°) reaches the bottom edge y = 5 at 90°: 5.
        #expect(abs(radii[1] - 5) < 1e-12)
        // Bin 3 (135° to 180°): at 180° the left edge x = -10, at 135° the bottom edge at distance 5√2; the minimum is 5√2.
        #expect(abs(radii[3] - 5 * 2.0.squareRoot()) < 1e-9)
        // Bin 7 (315° to 360°) touches the hole at 360° (x = 4).
        #expect(abs(radii[7] - 4) < 1e-12)
    }

    @Test("an anchor outside the ink gives no profile; a non-zero ring the other way round does not cancel its neighbour")
    func outside() {
        let shifted = RadialProfileRayCaster.Polygon(
            rings: [[Point(x: 1, y: 1), Point(x: 3, y: 1), Point(x: 3, y: 3), Point(x: 1, y: 3)]], evenOdd: false)
        #expect(RadialProfileRayCaster(polygons: [shifted], directionCount: 16).radii() == nil)
        // Two shapes each inside by its own rule: their union holds the anchor.
        let union = RadialProfileRayCaster(polygons: polygons + [shifted], directionCount: 16)
        #expect(union.radii() != nil)
    }
}
