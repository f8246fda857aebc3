import Foundation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The generated Swift as an iOS engineer gets it: type-checked in Swift 6 mode against stub
/// modules of UIKit, QuartzCore and SwiftUI (Tests/Stubs/ios, which prove that names and types
/// line up, not behaviour), its key times run from 0 to 1, its launch rect and numbers read back
/// against the library's launch scene and the logo's outline.
@Suite("Swift code: paints, launch scene, dark mode, Core Animation key times, SwiftUI, type-checked against stubs")
struct SwiftCodeTests {
    static let presets = RevealPreset.allCases
    /// The stub modules, in the order they import one another.
    static let stubModules = ["CoreGraphics", "QuartzCore", "UIKit", "SwiftUI"]

    private static func scene(_ path: String, _ preset: RevealPreset, background: RGBAColor? = nil) throws -> RevealScene {
        var settings = RevealSettings(viewport: Viewport(width: 393, height: 852, density: 3))
        settings.finalScale = 1
        settings.background = background
        return try RevealScene(logo: try VectorLogo(contentsOf: path), spec: preset.spec, settings: settings)
    }

    private static func text(_ bundle: RevealCodeBundle, _ name: String) throws -> String {
        try #require(bundle.files.first { $0.name == name }, "\(name) missing").text
    }

    private static func write(_ folder: URL, _ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Builds the stub modules into `folder` with swiftc -emit-module.
    private static func buildStubs(_ swiftc: String, into folder: URL) throws {
        for module in stubModules {
            let source = TestPaths.path("Tests/Stubs/ios/\(module).swift")
            let built = try runTool(swiftc, [
                "-emit-module", "-swift-version", "6", "-parse-as-library", "-I", folder.path, "-module-name", module,
                "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path, source,
            ])
            try #require(built.status == 0, "stub \(module): \(built.stderr.prefix(2000))")
        }
    }

    @Test("every preset, light and dark, a gradient logo, filtered logos drawn as shapes with filter pictures between them and as one picture, a logo with translucent groups, one with focal gradients, a background gradient and picture: swiftc -typecheck -swift-version 6 against the stubs passes; the stubs refuse a var captured in the completion block")
    func typeChecks() throws {
        let swiftc = try Tool.path("swiftc")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.buildStubs(swiftc, into: folder)

        // Telegram (Breeze): linear gradients; VLC as the dark logo: another shape and gradients.
        let logo = TestPaths.path("Tests/LogoMaskTests/Fixtures/real-world/breeze/telegram.svg")
        let dark = try VectorLogo(contentsOf: TestPaths.path("Tests/LogoMaskTests/Fixtures/real-world/breeze/vlc.svg"))
        var profile: RadialProfile?
        var variants: [(String, RevealCodeBundle)] = []
        for preset in Self.presets {
            let scene = try Self.scene(logo, preset, background: RGBAColor(red: 255, green: 255, blue: 255))
            let light = try RevealCode.swift(scene, profile: profile)
            profile = profile ?? light.profile
            let darkBundle = try RevealCode.swift(scene, profile: profile, darkBackground: RGBAColor(red: 16, green: 20, blue: 32), darkLogo: dark)
            variants += [("\(preset.rawValue)-light", light), ("\(preset.rawValue)-dark", darkBundle)]
        }
        // gpick (Breeze): filters, so pictures between clipped shapes in translucent groups, and in
        // one colour one whole-logo picture; gnome-dev-media-cf (Tango): one blurred shadow under
        // its shapes; bird over a background gradient.
        let gpick = TestPaths.path("Tests/LogoMaskTests/Fixtures/real-world/breeze/gpick.svg")
        variants.append(("gpick-twitter", try RevealCode.swift(try Self.scene(gpick, .twitter))))
        var tinted = RevealPreset.twitter.spec
        tinted.logoColor = RGBAColor(red: 20, green: 30, blue: 40)
        var tintedSettings = RevealSettings(viewport: Viewport(width: 393, height: 852, density: 3))
        tintedSettings.finalScale = 1
        let wholePicture = try RevealCode.swift(try RevealScene(logo: try VectorLogo(contentsOf: gpick), spec: tinted, settings: tintedSettings))
        #expect(wholePicture.resources.map(\.path).last == "LogoReveal.imageset/LogoReveal.png")
        variants.append(("gpick-whole-picture", wholePicture))
        let media = TestPaths.path("Tests/LogoMaskTests/Fixtures/real-world/tango/gnome-dev-media-cf.svg")
        variants.append(("gnome-dev-media-cf-yula", try RevealCode.swift(try Self.scene(media, .yula))))
        // gpick as bird's dark logo: its filter pictures are dark mode's own (darkFilterPictures).
        variants.append(("bird-dark-gpick", try RevealCode.swift(
            try Self.scene(TestPaths.sample("bird.svg"), .twitter), darkBackground: RGBAColor(red: 16, green: 20, blue: 32), darkLogo: try VectorLogo(contentsOf: gpick))))
        // office-calendar (Tango): translucent groups, composited as layers; utilities-terminal's as the dark logo's.
        let calendar = try Self.scene(TestPaths.path("Tests/LogoMaskTests/Fixtures/real-world/tango/office-calendar.svg"), .twitter)
        let terminal = try VectorLogo(contentsOf: TestPaths.path("Tests/LogoMaskTests/Fixtures/real-world/tango/utilities-terminal.svg"))
        variants.append(("office-calendar-groups", try RevealCode.swift(calendar, darkBackground: RGBAColor(red: 16, green: 20, blue: 32), darkLogo: terminal)))
        // internet-web-browser (Tango): radial gradients with focal points off their centres, drawn by Core Graphics.
        let browser = try Self.scene(TestPaths.path("Tests/LogoMaskTests/Fixtures/real-world/tango/internet-web-browser.svg"), .yula)
        let browserCode = try RevealCode.swift(browser)
        #expect(browserCode.files.first { $0.name == "SplashReveal.swift" }?.text.contains("drawRadialGradient(") == true)
        #expect(variants.allSatisfy { !($0.1.files.first { $0.name == "SplashReveal.swift" }?.text.contains("focalGradientLayer") ?? true) })
        variants.append(("internet-web-browser-focal", browserCode))
        var gradientSpec = RevealPreset.fade.spec
        gradientSpec.background = .gradient(LinearGradient(from: .white, to: RGBAColor(red: 29, green: 155, blue: 240)))
        var gradientSettings = RevealSettings(viewport: Viewport(width: 393, height: 852, density: 3))
        gradientSettings.finalScale = 1
        let gradientScene = try RevealScene(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), spec: gradientSpec, settings: gradientSettings)
        variants.append(("bird-gradient-background", try RevealCode.swift(gradientScene)))
        #expect(variants.last?.1.files.first?.text.contains("backgroundGradientColors: [[Double]] = [[") == true)
        var pictureSpec = RevealPreset.twitter.spec
        pictureSpec.background = .image(TestPaths.path("Tests/LogoMaskCLITests/References/reveal/twitter-bird.still.png"))
        let pictureScene = try RevealScene(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), spec: pictureSpec, settings: gradientSettings)
        variants.append(("bird-picture-background", try RevealCode.swift(pictureScene)))
        #expect(variants.allSatisfy { $0.1.files.map(\.name) == ["RevealGeometry.swift", "SplashReveal.swift", "SplashRevealView.swift"] })
        let failures = TypeCheckFailures()
        let all = variants
        DispatchQueue.concurrentPerform(iterations: all.count) { i in
            let (name, bundle) = all[i]
            do {
                let sub = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
                let files = try bundle.files.map { try Self.write(sub, $0.name, $0.text) }
                let checked = try runTool(swiftc, ["-typecheck", "-swift-version", "6", "-I", folder.path] + files)
                if checked.status != 0 { failures.add("\(name): \(checked.stderr.prefix(3000))") }
            } catch {
                failures.add("\(name): \(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.joined(separator: "\n"))")

        // The stubs are strict where the issue was: a var captured by the @Sendable completion block.
        let bad = try Self.write(folder, "Captured.swift", """
            import UIKit
            @MainActor func run(_ view: UIView) {
                var added: [UIView] = []
                CATransaction.setCompletionBlock { added.removeAll() }
                added.append(view)
            }
            """)
        let refused = try runTool(swiftc, ["-typecheck", "-swift-version", "6", "-I", folder.path, bad])
        #expect(refused.status != 0 && refused.stderr.contains("added"), "\(refused.stderr.prefix(1000))")
    }

    @Test("every preset: each CAKeyframeAnimation's key times run from 0 to exactly 1 (a hold added where the motion ends early); launchFrame equals LaunchScene's rect, light and dark, on six screens")
    func keyTimesAndLaunchFrame() throws {
        let swiftc = try Tool.path("swiftc")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bird = TestPaths.sample("bird.svg")
        let darkLogo = try VectorLogo(contentsOf: TestPaths.sample("gradient.svg"))
        var bundles: [RevealCodeBundle] = []
        var profile: RadialProfile?
        for preset in Self.presets {
            let bundle = try RevealCode.swift(try Self.scene(bird, preset), profile: profile)
            profile = profile ?? bundle.profile
            bundles.append(bundle)
        }
        bundles.append(try RevealCode.swift(try Self.scene(bird, .twitter), profile: profile, darkLogo: darkLogo))

        // Every keyframe animation the code writes is made in one place, from animationKeyframes.
        for bundle in bundles {
            let splash = try Self.text(bundle, "SplashReveal.swift")
            #expect(splash.components(separatedBy: "CAKeyframeAnimation(").count == 2)
            #expect(splash.contains("animation.keyTimes = frames.keyTimes.map"))
            #expect(splash.contains("animation.values = values.map"))
            #expect(!splash.contains("track.keyTimes"))
        }

        let screens: [(Double, Double, Double)] = [(393, 852, 3), (375, 667, 2), (320, 568, 2), (1024, 1366, 2), (414, 896, 3), (360, 780, 3)]
        var files: [String] = []
        var main = ""
        for (i, bundle) in bundles.enumerated() {
            let type = "RevealGeometry\(i)"
            files.append(try Self.write(folder, "\(type).swift", try Self.text(bundle, "RevealGeometry.swift").replacingOccurrences(of: "RevealGeometry", with: type)))
            main += """
                for track in \(type).tracks {
                    let f = track.animationKeyframes(windowWidth: 393, windowHeight: 852)
                    print("keys \(i) \\(track.name) \\(track.keyTimes.count) \\(f.controlPoints.count) " + [f.keyTimes, f.values].map { $0.map { "\\($0)" }.joined(separator: ",") }.joined(separator: " "))
                }
                for dark in [false, true] {
                    for (w, h, s) in [\(screens.map { "(\($0.0), \($0.1), \($0.2))" }.joined(separator: ", "))] {
                        let r = \(type).launchFrame(windowWidth: w, windowHeight: h, screenScale: s, dark: dark)
                        print("launch \(i) \\(dark) \\(w) \\(h) \\(s) \\(r.x) \\(r.y) \\(r.width) \\(r.height)")
                    }
                }

                """
        }
        let binary = folder.appendingPathComponent("keys").path
        let compiled = try runTool(swiftc, ["-Onone", "-o", binary, try Self.write(folder, "main.swift", main)] + files)
        try #require(compiled.status == 0, "swiftc: \(compiled.stderr.prefix(3000))")
        let run = try runTool(binary, [])
        try #require(run.status == 0, "\(run.stderr.prefix(2000))")
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }

        var animations = 0, held = Set<String>()
        for fields in lines where fields[0] == "keys" {
            let (index, name) = (fields[1], fields[2])
            let original = Int(fields[3]) ?? 0, curves = Int(fields[4]) ?? -1
            let keyTimes = fields[5].split(separator: ",").compactMap { Double($0) }
            let values = fields[6].split(separator: ",").compactMap { Double($0) }
            guard original > 1 else { continue }
            animations += 1
            #expect(keyTimes.first == 0 && keyTimes.last == 1, "\(index) \(name): key times \(keyTimes)")
            #expect(zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 }, "\(index) \(name): \(keyTimes)")
            #expect(values.count == keyTimes.count && curves == keyTimes.count - 1, "\(index) \(name)")
            if keyTimes.count > original {
                held.insert("\(index) \(name)")
                // The hold repeats the end value (fill-forward) or the start value.
                #expect(values.suffix(2).first == values.last || values.prefix(2).last == values.first, "\(index) \(name): \(values)")
            }
        }
        #expect(animations >= 12)
        // The issue's two: the twitter veil (ended at 0.733) and yula's logo fade (at 0.333).
        #expect(held.contains("0 veilOpacity") && held.contains("1 logoOpacity"), "held: \(held.sorted())")

        // The launch rect, as LaunchScene places the image set's image.
        let logos = [try VectorLogo(contentsOf: bird), darkLogo]
        var compared = 0
        for fields in lines where fields[0] == "launch" {
            let index = Int(fields[1]) ?? -1, dark = fields[2] == "true"
            let numbers = fields[3...].compactMap { Double($0) }
            let viewport = Viewport(width: numbers[0], height: numbers[1], density: numbers[2])
            // Only the last bundle has a dark logo; the others draw the light one in dark mode.
            let logo = dark && index == bundles.count - 1 ? logos[1] : logos[0]
            let scene = try LaunchScene(platform: .ios, logo: logo, viewport: viewport, logoWidth: Placement.defaultLogoWidth, background: .white)
            let want = scene.logoFrame
            for (got, expected) in zip(numbers[3...], [want.x, want.y, want.width, want.height]) {
                #expect(abs(got - expected) <= 1e-6, "\(index) dark \(dark) \(viewport): \(Array(numbers[3...])) against \(want)")
            }
            compared += 1
        }
        #expect(compared == bundles.count * screens.count * 2)
    }

    @Test("read-back: background, dark background, image pixels and every shape's paint (colour, opacity, gradient stops and geometry) and pen equal the launch scene's and the outline's, on the samples and real-world gradient logos")
    func readBack() throws {
        let folder = "Tests/LogoMaskTests/Fixtures/real-world/"
        let logos = [
            TestPaths.sample("bird.svg"), TestPaths.sample("gradient.svg"), TestPaths.path(folder + "papirus/firefox.svg"),
            TestPaths.path(folder + "breeze/telegram.svg"), TestPaths.path(folder + "breeze/vlc.svg"),
            TestPaths.path(folder + "tango/internet-web-browser.svg"), TestPaths.path(folder + "breeze/steam.svg"),
        ]
        let background = RGBAColor(red: 0xF4, green: 0xF1, blue: 0xEA)
        let darkBackground = RGBAColor(red: 0x10, green: 0x14, blue: 0x20)
        var gradients = (linear: 0, radial: 0, focal: 0, colors: 0)
        var strokes = 0
        for path in logos {
            let scene = try Self.scene(path, .fade, background: background)
            let bundle = try RevealCode.swift(scene, darkBackground: darkBackground)
            let text = try Self.text(bundle, "RevealGeometry.swift")
            let name = URL(fileURLWithPath: path).lastPathComponent
            func list(after marker: String) throws -> [Double] {
                let line = try #require(text.split(separator: "\n").first { $0.contains(marker) }, "\(name): \(marker)")
                return Self.numbers(String(line[line.range(of: marker)!.upperBound...]))
            }
            #expect(Self.close(try list(after: "static let backgroundColor = "), Self.rgba(background)), "\(name)")
            #expect(Self.close(try list(after: "static let darkBackgroundColor: [Double]? = "), Self.rgba(darkBackground)), "\(name)")
            let pixels = try [1, 2, 3].flatMap { (scale: Int) -> [Double] in
                let size = try LaunchScene.imagePixels(logo: scene.logo, logoWidth: Placement.defaultLogoWidth, scale: scale)
                return [Double(size.width), Double(size.height)]
            }
            #expect(try list(after: "static let launchImagePixels: [(width: Double, height: Double)] = ") == pixels, "\(name)")

            // The shapes: the outline's, in points about the anchor, each with its paint.
            let anchor = scene.placement.resolvedAnchor
            let toPoints = Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(scene.placement.pointsPerUnit))
            let expected = try scene.logo.outline.shapes.filter { !$0.path.mapped(by: toPoints).isEmpty }
            let lines = text.split(separator: "\n").filter { $0.hasPrefix("        Shape(pathData: ") }
            try #require(lines.count == expected.count, "\(name): \(lines.count) shapes, the outline has \(expected.count)")
            for (index, (line, shape)) in zip(lines, expected).enumerated() {
                let what = "\(name) shape \(index)"
                let opacity = Self.numbers(String(line[line.range(of: "opacity: ")!.upperBound...])).first
                #expect(abs((opacity ?? -1) - shape.paint.opacity) <= 1e-9, "\(what): opacity")
                if let stroke = shape.stroke {
                    strokes += 1
                    let k = abs(stroke.transform.determinant).squareRoot() * scene.placement.pointsPerUnit
                    let width = Self.numbers(String(line[line.range(of: "strokeWidth: ")!.upperBound...])).first ?? -1
                    #expect(abs(width - stroke.width * k) <= 1e-6 * max(1, width), "\(what): stroke width")
                    #expect(line.contains("lineCap: \"\(stroke.cap.rawValue)\", lineJoin: \"\(stroke.join.rawValue)\", miterLimit: "), "\(what): pen")
                    #expect(stroke.dashes.isEmpty != line.contains("dashes: "), "\(what): dashes")
                }
                let paint = String(line[line.range(of: "paint: ")!.upperBound...])
                let n = Self.numbers(paint)
                switch shape.paint {
                case let .flat(color, _):
                    gradients.colors += 1
                    #expect(paint.hasPrefix(".color(") && Self.close(n, Array(Self.rgba(color).prefix(3))), "\(what): \(paint) against \(color)")
                case let .gradient(gradient):
                    let stopCount = gradient.stops.count
                    let head: Int
                    var points: [(Point, Point)] = []
                    switch gradient.kind {
                    case let .linear(start, end):
                        gradients.linear += 1
                        head = 4
                        try #require(paint.hasPrefix(".linear(") && n.count == head + 5 * stopCount + 10, "\(what): \(paint.prefix(200))")
                        points = [(Point(x: n[0], y: n[1]), start), (Point(x: n[2], y: n[3]), end)]
                    case let .radial(center, radius, focal):
                        gradients.radial += 1
                        // The focal point is written only when it is off the centre (Core Graphics draws it).
                        let offCentre = abs(focal.x - center.x) + abs(focal.y - center.y) > 1e-9 * max(1, radius)
                        #expect(paint.contains("focal: ") == offCentre, "\(what): focal \(focal), centre \(center)")
                        head = offCentre ? 5 : 3
                        try #require(paint.hasPrefix(".radial(") && n.count == head + 5 * stopCount + 10, "\(what): \(paint.prefix(200))")
                        points = [(Point(x: n[0], y: n[1]), center), (Point(x: n[0] + n[2], y: n[1]), Point(x: center.x + radius, y: center.y))]
                        if offCentre {
                            gradients.focal += 1
                            points.append((Point(x: n[3], y: n[4]), focal))
                        }
                    }
                    for (i, stop) in gradient.stops.enumerated() {
                        let got = Array(n[(head + 5 * i)..<(head + 5 * i + 5)])
                        let want = [stop.offset] + Array(Self.rgba(stop.color).prefix(3)) + [stop.opacity]
                        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1e-4 }, "\(what) stop \(i): \(got) against \(want)")
                    }
                    // The code's gradient space mapped by its transform lands where the outline's does.
                    let t = Array(n.suffix(6))
                    let map = Transform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
                    let outlineMap = gradient.transform.concatenating(toPoints)
                    for (code, own) in points {
                        let a = map.apply(to: code), b = outlineMap.apply(to: own)
                        #expect(abs(a.x - b.x) <= 1e-4 && abs(a.y - b.y) <= 1e-4, "\(what): \(a) against \(b)")
                    }
                    // The gradient layer's box covers the shape.
                    let box = Array(n.suffix(10).prefix(4))
                    let inverse = try #require(map.inverted)
                    for corner in shape.path.mapped(by: toPoints).bounds.corners {
                        let p = inverse.apply(to: corner)
                        #expect(p.x >= box[0] - 1e-3 && p.y >= box[1] - 1e-3 && p.x <= box[0] + box[2] + 1e-3 && p.y <= box[1] + box[3] + 1e-3, "\(what): box")
                    }
                case .pattern:
                    #expect(paint.hasPrefix(".color("), "\(what): a pattern is drawn in one colour")
                }
            }
        }
        #expect(gradients.linear >= 15 && gradients.radial >= 15 && gradients.focal >= 10 && gradients.colors >= 30, "\(gradients)")
        #expect(strokes >= 1)
        print("read back: \(gradients.linear) linear, \(gradients.radial) radial gradients, \(gradients.colors) colours, \(strokes) strokes")
    }

    /// The numbers in a piece of Swift source, in order.
    static func numbers(_ text: String) -> [Double] {
        let pattern = try! NSRegularExpression(pattern: "-?[0-9]+(\\.[0-9]+)?(e-?[0-9]+)?")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).flatMap { Double(text[$0]) } }
    }

    /// Equal counts, each number within 1e-9.
    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 }
    }

    /// Red, green, blue, alpha in 0...1 rounded to 4 decimals, as the code writes colours.
    static func rgba(_ color: RGBAColor) -> [Double] {
        [color.red, color.green, color.blue, color.alpha].map { (Double($0) / 255 * 10000).rounded() / 10000 }
    }
}

/// Failures collected from the parallel type checks.
private final class TypeCheckFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    func add(_ failure: String) { lock.withLock { failures.append(failure) } }
    var all: [String] { lock.withLock { failures.sorted() } }
}
