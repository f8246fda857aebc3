import Foundation
import Testing
import LogoMaskTestSupport

/// PDF ink bounds keep their fraction (issue 17, point 12): Cairo's recording surface rounds
/// its ink extents out to whole units, which made bird.pdf 68 points high instead of 66.69.
@Suite("PDF ink bounds")
struct PDFInkBoundsTests {
    /// bird.pdf's one path (`pdftocairo -svg SampleLogos/bird.pdf`) has its extremes where the
    /// Béziers' derivatives vanish: x from 6 to 106 (end points), y from 14.846856 (the curve
    /// 76,15 84,14 90,18 94,24) to 81.532814 (the curve 92,37 94,58 80,77 56,80), computed
    /// in closed form below, independently of Cairo and poppler.
    static func exactBirdBounds() -> (x: Double, y: Double, width: Double, height: Double) {
        func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
            // B'(t)/3 = a t^2 + b t + c
            let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
            var ts: [Double] = [0, 1]
            if abs(a) < 1e-12 { if abs(b) > 1e-12 { ts.append(-c / b) } } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 { ts += [(-b + disc.squareRoot()) / (2 * a), (-b - disc.squareRoot()) / (2 * a)] }
            }
            return ts.filter { $0 >= 0 && $0 <= 1 }.map { t in
                let u = 1 - t
                return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
            }
        }
        let curves: [[Double]] = [
            [106, 29, 100, 33, 95, 35, 92, 37], [92, 37, 94, 58, 80, 77, 56, 80], [56, 80, 40, 84, 24, 80, 6, 70],
            [6, 70, 18, 70, 26, 66, 30, 60], [30, 60, 20, 52, 12, 38, 10, 16], [10, 16, 26, 30, 40, 36, 52, 36],
            [52, 36, 56, 24, 64, 16, 76, 15], [76, 15, 84, 14, 90, 18, 94, 24], [94, 24, 98, 26, 102, 27, 106, 29],
        ]
        var xs: [Double] = [], ys: [Double] = []
        for c in curves {
            xs += cubicExtremes(c[0], c[2], c[4], c[6])
            ys += cubicExtremes(c[1], c[3], c[5], c[7])
        }
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        return (minX, minY, maxX - minX, maxY - minY)
    }

    @Test("info SampleLogos/bird.pdf: ink bounds 6, 14.846856, 100, 66.685957 within 1/34 pt (its 120 pt page drawn 34 times larger), in JSON and text")
    func birdPDF() throws {
        let exact = Self.exactBirdBounds()
        #expect(abs(exact.y - 14.846856) < 1e-6 && abs(exact.height - 66.685957) < 1e-6)
        let json = try CLI.run(["info", CLI.sample("bird.pdf"), "--json"])
        #expect(json.status == 0)
        #expect(json.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let ink = try #require(object["inkBounds"] as? [String: Double])
        let tolerance = 1.0 / 34
        #expect(abs((ink["x"] ?? -1) - exact.x) <= tolerance)
        #expect(abs((ink["y"] ?? -1) - exact.y) <= tolerance)
        #expect(abs((ink["width"] ?? -1) - exact.width) <= 2 * tolerance)
        #expect(abs((ink["height"] ?? -1) - exact.height) <= 2 * tolerance)
        // The exact values: Cairo's box at 34x, rounded out to 1/34 pt.
        // (JSONSerialization may read the last digit differently: compared to 1e-12.)
        let expected: [String: Double] = ["x": 6, "y": 504.0 / 34, "width": 100, "height": 2269.0 / 34]
        for (key, value) in expected {
            #expect(abs((ink[key] ?? -1) - value) < 1e-12, "\(key)")
        }
        #expect(json.stdout.contains(#""height" : 66.73529411764706,"#) && json.stdout.contains(#""y" : 14.823529411764707"#))
        let text = try CLI.run(["info", CLI.sample("bird.pdf")])
        #expect(text.status == 0)
        #expect(text.stdout.contains("ink bounds      6,14.823529,100,66.735294  (x,y,w,h)\n"), "\(text.stdout)")
    }
}
