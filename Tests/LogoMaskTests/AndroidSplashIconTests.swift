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
    struct Case: Sendable {
        var name: String
        var drawable: URL
        var svg: URL
        var drawn: URL
        var logo: VectorLogo
        var fit: AndroidIconFit

        /// The xxxhdpi PNG `assets` writes, as coverage.
        func png() throws -> RasterImage {
            try Rasterizer.image(of: logo, width: side, height: side, transform: fit.transform.concatenating(.scale(4)), coverageOnly: true)
        }
    }

    /// Writes the drawables of `logos` into `folder`, converts them all with one Python process
    /// and draws the SVGs with rsvg-convert, several at a time.
    static func convertAndDraw(_ logos: [String], in folder: URL) throws -> [Case] {
        // Two at a time: the fits and drawables are independent.
        let made = CaseList()
        DispatchQueue.concurrentPerform(iterations: logos.count) { index in
            do {
                made.set(index, try makeCase(logos[index], in: folder))
            } catch {
                made.fail("\(logos[index]): \(error)")
            }
        }
        #expect(made.failures.isEmpty, "\(made.failures)")
        let cases = made.cases
        // One Python process converts every drawable and runs rsvg-convert four at a time.
        let script = TestPaths.path("Tests/Scripts/vector_drawable_to_svg.py")
        let converted = try runTool(
            Tool.path("python3"),
            [script, "--rsvg", try Tool.path("rsvg-convert"), "--jobs", "4", "\(side)"] + cases.flatMap { [$0.drawable.path, $0.svg.path] })
        #expect(converted.status == 0, "\(converted.stderr)")
        return cases
    }

    /// The drawable of the logo at `path`, written into `folder`.
    static func makeCase(_ path: String, in folder: URL) throws -> Case {
        let logo = try VectorLogo(contentsOf: path)
        let fit = try AndroidIconFit(logo: logo, canvas: 288, mode: .circle)
        // The picture gives gradients their flattened colour, as in `assets`; flat paints need none.
        let png = try logo.outline.shapes.allSatisfy(\.paint.isFlat)
            ? nil : Rasterizer.image(of: logo, width: side, height: side, transform: fit.transform.concatenating(.scale(4)))
        let drawable = try AndroidVectorDrawable(logo: logo, fit: fit, pixels: png, pixelsPerDp: 4)
        let base = URL(fileURLWithPath: path).lastPathComponent.replacingOccurrences(of: ".", with: "-")
        let xml = folder.appendingPathComponent("\(base).xml")
        try Data(drawable.text.utf8).write(to: xml)
        return Case(name: base, drawable: xml, svg: folder.appendingPathComponent("\(base).svg"),
                    drawn: folder.appendingPathComponent("\(base).png"), logo: logo, fit: fit)
    }

    /// Pixels with alpha > 16 farther than a third of the width from the centre, and the
    /// intersection over union of the two pictures' ink (alpha > 16).
    static func measure(_ drawn: RasterImage, against png: RasterImage) -> (outside: Int, iou: Double) {
        let centre = Double(side) / 2, limit = Double(side) / 3
        var outside = 0, both = 0, either = 0
        // The alpha byte of a pixel: the last of four in ARGB32, the only one in A8.
        func layout(_ image: RasterImage) -> (step: Int, offset: Int) {
            image.format == .coverage ? (1, 0) : (4, 3)
        }
        let (stepA, offsetA) = layout(drawn), (stepB, offsetB) = layout(png)
        drawn.bytes.withUnsafeBufferPointer { a in
            png.bytes.withUnsafeBufferPointer { b in
                for y in 0..<min(drawn.height, png.height) {
                    let rowA = y * drawn.stride + offsetA, rowB = y * png.stride + offsetB
                    let dy = Double(y) + 0.5 - centre
                    for x in 0..<min(drawn.width, png.width) {
                        let inkA = a[rowA + x * stepA] > 16, inkB = b[rowB + x * stepB] > 16
                        if inkA {
                            let dx = Double(x) + 0.5 - centre
                            if dx * dx + dy * dy > limit * limit { outside += 1 }
                            either += 1
                            if inkB { both += 1 }
                        } else if inkB {
                            either += 1
                        }
                    }
                }
            }
        }
        return (outside, either == 0 ? 0 : Double(both) / Double(either))
    }

    @Test("Every sample and the 204 corpus logos: no ink outside the circle, the PNG's ink matched (IoU >= 0.99)")
    func corpus() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // glow.svg is a filter result, which a vector drawable cannot hold (see filterOnlyLogo).
        let samples = ["bird.svg", "bird.pdf", "gradient.svg", "ring.svg", "wordmark.svg", "wordmark.pdf", "y-mark.svg"]
            .map(TestPaths.sample)
        let icons = TestPaths.simpleIcons.map(TestPaths.simpleIcon)
        #expect(icons.count >= 200)
        let cases = try Self.convertAndDraw(samples + icons, in: folder)
        #expect(cases.count == samples.count + icons.count)
        var worst = 1.0
        for item in cases {
            let drawn = try RasterImage(contentsOfPNG: item.drawn.path)
            #expect(drawn.width == Self.side && drawn.height == Self.side)
            let (outside, iou) = Self.measure(drawn, against: try item.png())
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
        let fit = try AndroidIconFit(logo: logo, canvas: 288, mode: .circle)
        #expect(abs(fit.inkCenter.x - 70) < 0.01 && abs(fit.inkCenter.y - 50) < 0.01)
        #expect(fit.inkRadius >= 40 && fit.inkRadius < 40.1)  // the cubic circle bulges 0.027% out; the flattening tolerance (0.08) is added
        // 95.75 dp over the ink radius (40 and the tolerance); the disc's centre lands on the canvas centre.
        #expect(abs(fit.scale - (96 - 0.25) / fit.inkRadius) < 1e-9 && abs(fit.scale / ((96 - 0.25) / 40) - 1) < 0.003)
        let centre = fit.transform.apply(to: Point(x: 70, y: 50))
        #expect(abs(centre.x - 144) < 1e-6 && abs(centre.y - 144) < 1e-6)
        #expect(abs(fit.ratio - 95.75 / 96) < 1e-3)
        // With an icon background: the 240 dp canvas, its 160 dp circle.
        let small = try AndroidIconFit(logo: logo, canvas: 240, mode: .circle)
        #expect(abs(small.scale - (80 - 0.25) / small.inkRadius) < 1e-9)
        // A stroke widens the ink by half its width: a circle path r=30 stroked 20 wide reaches 40.
        let ring = folder.appendingPathComponent("ring.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><circle cx='50' cy='50' r='30' fill='none' stroke='red' stroke-width='20'/></svg>".utf8).write(to: ring)
        let ringLogo = try VectorLogo(contentsOf: ring.path)
        let ringFit = try AndroidIconFit(logo: ringLogo, canvas: 288, mode: .circle)
        #expect(ringFit.inkRadius >= 40 - 1e-6 && ringFit.inkRadius < 40 * 1.03, "\(ringFit.inkRadius)")
        // Canvas mode: the document fills the canvas (the old placement) and the ratio says how far out the ink reaches.
        let canvas = try AndroidIconFit(logo: logo, canvas: 288, mode: .canvas)
        #expect(abs(canvas.scale - 1.44) < 1e-9)
        #expect(canvas.ratio > 1)
    }

    @Test("A logo drawn by a filter: the fit holds librsvg's ink rectangle, the splash icon is a <bitmap> of the PNGs")
    func filterOnlyLogo() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // No devices: a filter makes the cover-scale searches slow, and they are not what is tested here.
        let report = try AssetGenerator.write(
            logo: try VectorLogo(contentsOf: TestPaths.sample("glow.svg")), options: AssetOptions(platforms: [.android], devices: []),
            to: folder.appendingPathComponent("out").path)
        let icon = try String(contentsOf: folder.appendingPathComponent("out/android/res/drawable/splash_icon.xml"), encoding: .utf8)
        #expect(icon.contains("<bitmap ") && icon.contains("android:src=\"@drawable/splash_logo\""), "\(icon)")
        #expect(report.manifest.notes.count == 1)
        #expect(report.manifest.notes.first?.hasPrefix("android/res/drawable/splash_icon.xml: the splash icon is a picture") == true)
        let theme = try String(contentsOf: folder.appendingPathComponent("out/android/res/values/themes.xml"), encoding: .utf8)
        #expect(theme.contains("@drawable/splash_icon<"))
        let png = try RasterImage(contentsOfPNG: folder.appendingPathComponent("out/android/res/drawable-xxxhdpi/splash_logo.png").path)
        let (outside, _) = Self.measure(png, against: png)
        #expect(outside == 0)
        #expect((report.manifest.androidIcon?.ratio ?? 2) <= 1)
    }

    @Test("An empty drawing: a clear error naming the file")
    func emptyOutline() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("empty.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".utf8).write(to: svg)
        let logo = try VectorLogo(contentsOf: svg.path)
        #expect(throws: LogoMaskError.noVisibleInk(file: svg.path)) {
            try AndroidIconFit(logo: logo, canvas: 288, mode: .circle)
        }
    }
}


/// Cases made on several threads, in their input order.
final class CaseList: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Int: AndroidSplashIconTests.Case] = [:]
    private var errors: [String] = []

    func set(_ index: Int, _ item: AndroidSplashIconTests.Case) {
        lock.lock()
        slots[index] = item
        lock.unlock()
    }

    func fail(_ message: String) {
        lock.lock()
        errors.append(message)
        lock.unlock()
    }

    var cases: [AndroidSplashIconTests.Case] {
        lock.lock()
        defer { lock.unlock() }
        return slots.keys.sorted().compactMap { slots[$0] }
    }

    var failures: [String] {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }
}
