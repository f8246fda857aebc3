import Foundation
@testable import LogoMask
import MaskGeometry
import Testing

/// Pens and radial gradients stretched too little to see go into the Lottie as one width and
/// one circle (``LottieNearSimilarity``), so Tango's internet-web-browser (a ring stroked with a
/// radial gradient under a 0.002 % stretch) is shapes, not a picture ladder; help-browser (its
/// text stroked under a 1.7 % stretch) stays a picture. internet-web-browser's players' figures
/// are in ``LottiePlayersTests`` and the hand-off matrix. About 3 s in debug.
@Suite("Lottie: nearly similar pens and gradients")
struct LottieNearSimilarityTests {
    @Test("A pen stretched by up to 0.1 % is drawn at its geometric mean width; a larger stretch is refused")
    func pens() throws {
        // help-browser's outer ring: width 1 under matrix(0.938442,0,0,0.938680,…), 0.025 %.
        let ring = LogoOutline.Stroke(width: 1, transform: Transform(a: 0.938442, b: 0, c: 0, d: 0.938680, tx: 1.564075, ty: 1.633906))
        #expect(abs(LottieNearSimilarity.stretch(of: ring.transform) - 0.0002535475) < 1e-9)
        let width = try #require(LottieNearSimilarity.width(of: ring))
        #expect(abs(width - (0.938442 * 0.938680).squareRoot()) < 1e-12, "\(width)")
        // A similarity keeps its exact width; a 0.09 % stretch turned 30 degrees is kept too.
        let similar = LogoOutline.Stroke(width: 2, transform: Transform(a: 0, b: 3, c: -3, d: 0, tx: 5, ty: 5))
        #expect(LottieNearSimilarity.width(of: similar) == 6)
        let turned = LogoOutline.Stroke(
            width: 1, transform: Transform(a: 1, b: 0, c: 0, d: 0.9991, tx: 0, ty: 0).concatenating(.rotation(radians: .pi / 6)))
        #expect(abs((LottieNearSimilarity.width(of: turned) ?? 0) - 0.9991.squareRoot()) < 1e-9)
        // help-browser's text outline: stroke-width 1.09947276 under matrix(0.849895,0,0,0.835205,…),
        // 1.73 %; and a skew: refused (the players stroke with one width).
        let text = LogoOutline.Stroke(width: 1.09947276, transform: Transform(a: 0.849895, b: 0, c: 0, d: 0.835205, tx: 41.72981, ty: 8.548327))
        #expect(abs(LottieNearSimilarity.stretch(of: text.transform) - 0.0172845) < 1e-6)
        #expect(LottieNearSimilarity.width(of: text) == nil)
        #expect(LottieNearSimilarity.width(of: LogoOutline.Stroke(transform: Transform(a: 1, b: 0, c: 0.2, d: 1, tx: 0, ty: 0))) == nil)
    }

    @Test("A stroke's radial gradient stretched by up to 0.1 % is a circle of the mean radius; 7 % is refused")
    func strokeGradients() throws {
        // internet-web-browser's radialGradient4132 on its ring's stroke.
        func gradient(_ sx: Double, _ sy: Double) -> LogoOutline.Gradient {
            LogoOutline.Gradient(
                kind: .radial(center: Point(x: 15.601279, y: 12.142302), radius: 43.526714, focal: Point(x: 15.601279, y: 14)),
                stops: [.init(offset: 0, color: .white), .init(offset: 1, color: .black)],
                transform: Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0))
        }
        let near = gradient(0.999989, 1.000011)
        let circle = try #require(LottieNearSimilarity.circle(of: near))
        #expect(abs(circle.radius - 43.526714 * (0.999989 * 1.000011).squareRoot()) < 1e-12)
        #expect(abs(circle.center.x - 15.601279 * 0.999989) < 1e-12 && abs(circle.focal.y - 14 * 1.000011) < 1e-12)
        let fill = try LottieGradientFill(gradient: near, tint: nil, opacity: 1, stroke: true, style: [:])
        #expect(fill.spaceTransform == nil)
        guard case let .object(item) = fill.item else { Issue.record("not an object"); return }
        #expect(item["ty"] == .string("gs") && item["t"] == .int(2))
        // The focal point 1.857 units below the centre: 4.27 % of the radius at 90 degrees.
        guard case let .object(h) = item["h"], case let .number(highlight, _) = h["k"] else { Issue.record("no h"); return }
        #expect(abs(highlight - 1.857698 * 1.000011 / (43.526714 * (0.999989 * 1.000011).squareRoot()) * 100) < 1e-4)
        // Its fills' scale(1.036822,0.964486) is 7 % apart: a stroke cannot carry it, a fill goes
        // into the gradient's space.
        let far = gradient(1.036822, 0.964486)
        #expect(LottieNearSimilarity.circle(of: far) == nil)
        #expect(throws: LottieGradientFill.Refusal.stretchedRadialStroke) {
            try LottieGradientFill(gradient: far, tint: nil, opacity: 1, stroke: true, style: [:])
        }
        #expect(try LottieGradientFill(gradient: far, tint: nil, opacity: 1, stroke: false, style: [:]).spaceTransform != nil)
    }

    @Test("internet-web-browser goes into the Lottie as shapes under 100 kB; help-browser stays a picture for its stretched pen")
    func tangoLogos() throws {
        for name in ["help-browser.svg", "internet-web-browser.svg"] {
            let path = TestPaths.realWorldFolder.appendingPathComponent("tango/" + name).path
            let shapes = name == "internet-web-browser.svg"
            // help-browser's picture ladder on one preset keeps the test short.
            for preset in shapes ? [RevealPreset.twitter, .yula] : [.twitter] {
                let file = try RevealExport.lottie(try LottieExportTests.scene(path, preset.spec), options: RevealExportOptions())
                let bytes = file.text.utf8.count
                #expect(file.embeddedPicture == !shapes, "\(name) \(preset): \(file.notes)")
                #expect(file.text.contains("data:image") == !shapes, "\(name) \(preset)")
                if shapes {
                    // Its ring: a radial gradient stroke (the 0.002 % stretch drawn as a circle). Its
                    // shapes twice: the drawn logo, and the hole's art in coverage order (its translucent
                    // highlights beneath its opaque shapes, for ThorVG): 89.6 kB (2.34 MB as a picture).
                    #expect(bytes < 100_000 && bytes > 10_000, "\(name) \(preset): \(bytes) bytes")
                    #expect(file.text.contains("\"ty\":\"gs\""), "\(name)")
                } else {
                    #expect(file.notes.contains { $0.contains("a stroke with a stretched pen") }, "\(name) \(preset): \(file.notes)")
                }
            }
        }
    }
}
