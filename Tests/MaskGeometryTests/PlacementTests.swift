import Foundation
import MaskGeometry
import Testing

@Suite("Placement, viewport and summed-area table")
struct PlacementTests {
    @Test("viewports parse WxH and WxH@D, default density 3")
    func viewports() {
        #expect(Viewport(parsing: "375x667@2") == Viewport(width: 375, height: 667, density: 2))
        #expect(Viewport(parsing: "393x852") == Viewport(width: 393, height: 852, density: 3))
        #expect(Viewport(parsing: "412X915@2.625")?.pixelWidth == 1082)
        for bad in ["", "375", "375x", "x667", "0x10", "-1x2", "10x10@0", "10x10@", "axb", "10x10@2@3"] {
            #expect(Viewport(parsing: bad) == nil, "\(bad)")
        }
        #expect(Viewport(width: 375, height: 667).swapped == Viewport(width: 667, height: 375))
    }

    @Test("the document box is logo-width points wide and centred; the anchor stays put as the scale changes")
    func placement() {
        let doc = Size(width: 120, height: 100)
        let viewport = Viewport(width: 375, height: 667, density: 2)
        let p = Placement(documentSize: doc, viewport: viewport)
        let box = p.logoFrame
        #expect(abs(box.width - 100) < 1e-9 && abs(box.height - 100.0 * 100 / 120) < 1e-9)
        #expect(abs(box.center.x - 187.5) < 1e-9 && abs(box.center.y - 333.5) < 1e-9)
        let centre = p.pixelTransform.apply(to: Point(x: 60, y: 50))
        #expect(abs(centre.x - 375) < 1e-9 && abs(centre.y - 667) < 1e-9)
        // An off-centre anchor keeps its screen position under scale and rotation.
        var q = p
        q.anchor = Point(x: 10, y: 20)
        q.center = Point(x: 100, y: 200)
        let fixed = q.transform.apply(to: Point(x: 10, y: 20))
        for s in [0.5, 3.0, 36.0] {
            for r in [0.0, 0.7, -2.0] {
                var moved = q
                moved.scale = s
                moved.rotation = r
                let p2 = moved.transform.apply(to: Point(x: 10, y: 20))
                #expect(abs(p2.x - fixed.x) < 1e-9 && abs(p2.y - fixed.y) < 1e-9)
                #expect(abs(moved.transform.determinant - (s * 100 / 120) * (s * 100 / 120)) < 1e-6)
            }
        }
        #expect(abs(q.anchorInPoints.x - fixed.x) < 1e-9 && abs(q.anchorInPoints.y - fixed.y) < 1e-9)
    }

    @Test("summed-area counts equal brute-force counts")
    func summedArea() {
        let w = 37, h = 23, stride = 40
        var bytes = [UInt8](repeating: 255, count: stride * h)
        var seed: UInt32 = 12345
        for i in bytes.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            if seed >> 28 == 0 { bytes[i] = UInt8(truncatingIfNeeded: seed >> 16) }
        }
        var table = SummedAreaTable()
        bytes.withUnsafeBufferPointer { table.build(bytes: $0, width: w, height: h, stride: stride, criterion: .belowFull) }
        for (x0, y0, x1, y1) in [(0, 0, w, h), (3, 4, 20, 9), (10, 10, 11, 11), (-5, -5, 100, 100), (5, 5, 5, 9)] {
            var brute = 0
            for y in max(0, y0)..<min(h, max(max(0, y0), y1)) {
                for x in max(0, x0)..<min(w, max(max(0, x0), x1)) where bytes[y * stride + x] != 255 { brute += 1 }
            }
            #expect(table.count(x0: x0, y0: y0, x1: x1, y1: y1) == brute)
        }
    }

    /// A shape with an exact answer: an opaque disc. Its cover scale about its centre for a
    /// viewport w x h is the one where the viewport's preimage diagonal equals the diameter.
    final class DiscSource: CoverageSource {
        typealias Failure = Never
        let radius: Double
        init(radius: Double) { self.radius = radius }

        func coverage(_ t: Transform, _ x: Int, _ y: Int) -> Bool {
            // Pixel (x, y) is fully covered when its four corners are inside the disc.
            guard let inverse = t.inverted else { return false }
            for (cx, cy) in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
                let p = inverse.apply(to: Point(x: Double(cx), y: Double(cy)))
                if p.distance(to: Point(x: 0, y: 0)) > radius { return false }
            }
            return true
        }

        func buildCoverageTable(transform: Transform, width: Int, height: Int, into table: inout SummedAreaTable) {
            var bytes = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height { for x in 0..<width where coverage(transform, x, y) { bytes[y * width + x] = 255 } }
            bytes.withUnsafeBufferPointer { table.build(bytes: $0, width: width, height: height, stride: width, criterion: .belowFull) }
        }

        func viewportIsCovered(transform: Transform, boxes: [PixelBox]?) -> Bool {
            // The corners of the viewport decide for a disc about the centre.
            guard let inverse = transform.inverted else { return false }
            let all = boxes ?? [PixelBox(x0: 0, y0: 0, x1: 60, y1: 100)]
            for box in all {
                for (x, y) in [(box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)] {
                    if inverse.apply(to: Point(x: Double(x), y: Double(y))).distance(to: .zero) > radius { return false }
                }
            }
            return true
        }
    }

    @Test("the search finds a disc's exact cover scale within the tolerance, and no scale about a point outside")
    func discSearch() {
        // Document: a disc of radius 10 about the origin in a 20x20 box whose centre is the origin.
        let viewport = Viewport(width: 60, height: 100, density: 1)
        var placement = Placement(documentSize: Size(width: 20, height: 20), viewport: viewport, logoWidth: 20)
        placement.anchor = Point(x: 10, y: 10)
        // Shift the document so the disc's centre is the document box's centre.
        let disc = DiscSource(radius: 10)
        struct Shifted: CoverageSource {
            let inner: DiscSource
            func buildCoverageTable(transform: Transform, width: Int, height: Int, into table: inout SummedAreaTable) {
                inner.buildCoverageTable(transform: Transform.translation(x: 10, y: 10).concatenating(transform), width: width, height: height, into: &table)
            }
            func viewportIsCovered(transform: Transform, boxes: [PixelBox]?) -> Bool {
                inner.viewportIsCovered(transform: Transform.translation(x: 10, y: 10).concatenating(transform), boxes: boxes)
            }
        }
        var search = CoverScaleSearch(source: Shifted(inner: disc), settings: CoverSearchSettings(tolerance: 1e-4, gridSide: 256))
        let diagonal: Double = (3600.0 + 10000.0).squareRoot()
        let exact: Double = diagonal / 20
        guard case let .covers(scale, lower, _) = search.solve(placement: placement, inkBounds: Rect(x: 0, y: 0, width: 20, height: 20)) else {
            Issue.record("no scale")
            return
        }
        #expect(scale >= exact * (1 - 1e-12) && scale <= exact * (1 + 1e-4) * (1 + 1e-12), "\(scale) vs \(exact)")
        #expect(lower < exact)
        placement.anchor = Point(x: 0.5, y: 0.5)  // a corner of the box, outside the disc
        if case .covers = search.solve(placement: placement, inkBounds: Rect(x: 0, y: 0, width: 20, height: 20)) {
            Issue.record("a point outside the disc cannot cover")
        }
    }
}
