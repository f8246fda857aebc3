import Testing
@testable import LogoAnimation
import MaskGeometry

@Suite("Interpolatable")
struct InterpolatableTests {
    @Test("Double is exact at both ends and linear between")
    func double() {
        #expect(1.0.interpolated(to: 0.85, fraction: 0) == 1)
        #expect(1.0.interpolated(to: 0.85, fraction: 1) == 0.85)
        #expect(abs(2.0.interpolated(to: 4, fraction: 0.25) - 2.5) < 1e-15)
        #expect(abs(2.0.interpolated(to: 4, fraction: 1.5) - 5) < 1e-15)
        #expect(!Double.nan.allComponentsFinite)
    }

    @Test("Point, Size and Rect move every component")
    func geometry() {
        let point = Point(x: 0, y: 10).interpolated(to: Point(x: 10, y: -10), fraction: 0.5)
        #expect(point == Point(x: 5, y: 0))
        let size = Size(width: 10, height: 20).interpolated(to: Size(width: 30, height: 40), fraction: 0.25)
        #expect(size == Size(width: 15, height: 25))
        let launch = Rect(x: 150, y: 380, width: 96, height: 96)
        let target = Rect(x: 16, y: 60, width: 40, height: 40)
        #expect(launch.interpolated(to: target, fraction: 0) == launch)
        #expect(launch.interpolated(to: target, fraction: 1) == target)
        #expect(launch.interpolated(to: target, fraction: 0.5) == Rect(x: 83, y: 220, width: 68, height: 68))
        #expect(!Rect.null.allComponentsFinite)
        #expect(launch.allComponentsFinite)
    }
}
