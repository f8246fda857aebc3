import Foundation
import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// The Android 12 splash icon checked from outside: the vector drawable is turned into SVG by an
/// independent Python script (Tests/Scripts/vector_drawable_to_svg.py), drawn by rsvg-convert at
/// xxxhdpi (1152 px for the 288 dp canvas), and its pixels counted.
@Suite("Android splash icon")
struct AndroidSplashIconTests {
    /// The xxxhdpi side of the 288 dp canvas.
    static let side = 1152

    /// One logo's drawable and xxxhdpi PNG, as `assets` writes them.
    struct Case {
        var name: String
        var drawable: URL
        var svg: URL
        var drawn: URL
        var png: RasterImage
        var fit: AndroidIconFit
    }

    /// Writes the drawables of `logos` into `folder`, converts them all with one Python process
    /// and draws the SVGs with rsvg-convert, several at a time.
    static func convertAndDraw(_ logos: [String], in folder: URL) throws -> [Case] {
        var cases: [Case] = []
        for path in logos {
            let logo = try VectorLogo(contentsOf: path)
            let fit = try AndroidIconFit(outline: try logo.outline, file: logo.name, canvas: 288, mode: .circle)
            let png = try Rasterizer.image(of: logo, width: side, height: side, transform: fit.transform.concatenating(.scale(4)))
            let drawable = try AndroidVectorDrawable(logo: logo, fit: fit, pixels: png, pixelsPerDp: 4)
            let base = URL(fileURLWithPath: path).lastPathComponent.replacingOccurrences(of: ".", with: "-")
            let xml = folder.appendingPathComponent("\(base).xml")
            try Data(drawable.text.utf8).write(to: xml)
            cases.append(Case(name: base, drawable: xml, svg: folder.appendingPathComponent("\(base).svg"),
                              drawn: folder.appendingPathComponent("\(base).png"), png: png, fit: fit))
        }
        let script = TestPaths.path("Tests/Scripts/vector_drawable_to_svg.py")
        let converted = try runTool(Tool.path("python3"), [script, "\(side)"] + cases.flatMap { [$0.drawable.path, $0.svg.path] })
        #expect(converted.status == 0, "\(converted.stderr)")
        let rsvg = try Tool.path("rsvg-convert")
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: cases.count) { i in
            let result = try? runTool(rsvg, ["-w", "\(side)", "-h", "\(side)", "-o", cases[i].drawn.path, cases[i].svg.path])
            if result?.status != 0 { failures.append("\(cases[i].name): \(result?.stderr ?? "did not run")") }
        }
        #expect(failures.items.isEmpty, "\(failures.items)")
        return cases
    }

    /// Pixels with alpha > 16 farther than a third of the width from the centre, and the
    /// intersection over union of the two pictures' ink (alpha > 16).
    static func measure(_ drawn: RasterImage, against png: RasterImage) -> (outside: Int, iou: Double) {
        let centre = Double(side) / 2, limit = Double(side) / 3
        var outside = 0, both = 0, either = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                let a = drawn.alpha(x: x, y: y) > 16, b = png.alpha(x: x, y: y) > 16
                if a {
                    let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                    if (dx * dx + dy * dy).squareRoot() > limit { outside += 1 }
                }
                if a && b { both += 1 }
                if a || b { either += 1 }
            }
        }
        return (outside, either == 0 ? 0 : Double(both) / Double(either))
    }

    @Test("Every sample and the 204 corpus logos: no ink outside the circle, the PNG's ink matched (IoU >= 0.99)")
    func corpus() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = ["bird.svg", "bird.pdf", "glow.svg", "gradient.svg", "ring.svg", "wordmark.svg", "wordmark.pdf", "y-mark.svg"]
            .map(TestPaths.sample)
        let icons = TestPaths.simpleIcons.map(TestPaths.simpleIcon)
        #expect(icons.count >= 200)
        let cases = try Self.convertAndDraw(samples + icons, in: folder)
        #expect(cases.count == samples.count + icons.count)
        var worst = 1.0
        for item in cases {
            let drawn = try RasterImage(contentsOfPNG: item.drawn.path)
            #expect(drawn.width == Self.side && drawn.height == Self.side)
            let (outside, iou) = Self.measure(drawn, against: item.png)
            #expect(outside == 0, "\(item.name): \(outside) ink pixels outside the circle")
            #expect(iou >= 0.99, "\(item.name): IoU \(iou)")
            #expect(item.fit.ratio <= 1, "\(item.name): ratio \(item.fit.ratio)")
            worst = min(worst, iou)
        }
        #expect(worst > 0)
    }

    @Test("The fit is the largest: the ink's enclosing circle meets the safe circle less the margin")
    func fitIsTight() throws {
        // A disc of radius 40 at (70, 50) on a 200x100 document: the ink circle is the disc.
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("disc.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='200' height='100'><circle cx='70' cy='50' r='40'/></svg>".utf8).write(to: svg)
        let logo = try VectorLogo(contentsOf: svg.path)
        let fit = try AndroidIconFit(outline: try logo.outline, file: logo.name, canvas: 288, mode: .circle)
        #expect(abs(fit.inkCenter.x - 70) < 0.01 && abs(fit.inkCenter.y - 50) < 0.01)
        #expect(abs(fit.inkRadius - 40) < 0.01)
        // 95.75 dp over 40 units; the disc's centre lands on the canvas centre.
        #expect(abs(fit.scale - (96 - 0.25) / 40) < 1e-3)
        let centre = fit.transform.apply(to: Point(x: 70, y: 50))
        #expect(abs(centre.x - 144) < 1e-6 && abs(centre.y - 144) < 1e-6)
        #expect(abs(fit.ratio - 95.75 / 96) < 1e-3)
        // With an icon background: the 240 dp canvas, its 160 dp circle.
        let small = try AndroidIconFit(outline: try logo.outline, file: logo.name, canvas: 240, mode: .circle)
        #expect(abs(small.scale - (80 - 0.25) / 40) < 1e-3)
        // A stroke widens the ink by half its width: a circle path r=30 stroked 20 wide reaches 40.
        let ring = folder.appendingPathComponent("ring.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><circle cx='50' cy='50' r='30' fill='none' stroke='red' stroke-width='20'/></svg>".utf8).write(to: ring)
        let ringLogo = try VectorLogo(contentsOf: ring.path)
        let ringFit = try AndroidIconFit(outline: try ringLogo.outline, file: ringLogo.name, canvas: 288, mode: .circle)
        #expect(ringFit.inkRadius >= 40 - 1e-6 && ringFit.inkRadius < 40 * 1.03, "\(ringFit.inkRadius)")
        // Canvas mode: the document fills the canvas (the old placement) and the ratio says how far out the ink reaches.
        let canvas = try AndroidIconFit(outline: try logo.outline, file: logo.name, canvas: 288, mode: .canvas)
        #expect(abs(canvas.scale - 1.44) < 1e-9)
        #expect(canvas.ratio > 1)
    }

    @Test("An empty drawing: a clear error naming the file")
    func emptyOutline() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("empty.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".utf8).write(to: svg)
        let logo = try VectorLogo(contentsOf: svg.path)
        #expect(throws: LogoMaskError.noVisibleInk(file: svg.path)) {
            try AndroidIconFit(outline: try logo.outline, file: logo.name, canvas: 288, mode: .circle)
        }
    }
}

/// Failures collected from concurrent work.
final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ item: String) {
        lock.lock()
        list.append(item)
        lock.unlock()
    }

    var items: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
