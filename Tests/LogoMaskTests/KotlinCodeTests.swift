import Foundation
import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// The Android code continues the launch screen: its numbers read back from the generated Kotlin
/// equal the launch scene's and the outline's, and every file (View system and Compose) type-checks
/// with kotlinc against the stubs in Tests/Stubs/android.
@Suite("Kotlin code: the logo's own paints, the launch scene, night mode, Compose; kotlinc against stubs")
struct KotlinCodeTests {
    /// An Android phone (Pixel 7 size): the icon canvas is 756 px at 2.625.
    static let phone = Viewport(width: 412, height: 915, density: 2.625)

    /// The Kotlin bundle of `path` played by `preset`, placed from Android's launch screen over
    /// `background`, with night mode's background and logo when given.
    static func bundle(
        _ path: String, preset: RevealPreset, background: RGBAColor, dark: (RGBAColor, String)? = nil,
        iconBackground: Bool = false, package: String = "t.k"
    ) throws -> (bundle: RevealCodeBundle, launch: KotlinLaunch, scene: RevealScene) {
        let logo = try VectorLogo(contentsOf: path)
        let launchScene = try LaunchScene(
            platform: .android, logo: logo, viewport: phone, logoWidth: 100, background: background,
            androidCanvas: iconBackground ? 240 : 288)
        let launch = KotlinLaunch(
            scene: launchScene, darkBackground: dark?.0, darkLogo: try dark.map { try VectorLogo(contentsOf: $0.1) })
        var settings = RevealSettings(launch: launchScene)
        settings.finalScale = 1
        let scene = try RevealScene(logo: logo, spec: preset.spec, settings: settings)
        return (try RevealCode.kotlin(scene, package: package, launch: launch), launch, scene)
    }

    static func text(_ bundle: RevealCodeBundle, _ name: String) throws -> String {
        try #require(bundle.files.first { $0.name == name }, "\(name) is written").text
    }

    // MARK: - Read-back

    @Test("The numbers in RevealGeometry.kt (background, dark background, logo rect on the icon view, each shape's colour, opacity and gradient) equal the launch scene's and the outline's, on the samples and real-world gradient logos")
    func numbersReadBack() throws {
        let realWorld = ["papirus/firefox.svg", "papirus/telegram.svg", "papirus/com.github.eneshecan.WhatsAppForLinux.svg",
                         "papirus/brave-browser.svg", "breeze/kdenlive.svg", "tango/internet-web-browser.svg"]
        let inputs: [(String, RevealPreset)] = [
            (TestPaths.sample("gradient.svg"), .twitter), (TestPaths.sample("bird.svg"), .yula), (TestPaths.sample("wordmark.svg"), .fade),
        ] + realWorld.map { (TestPaths.realWorldFolder.appendingPathComponent($0).path, .fade) }
        let background = RGBAColor(red: 0x12, green: 0x34, blue: 0x56)
        let night = RGBAColor(red: 0x0A, green: 0x0B, blue: 0x0C)
        var gradients = 0, flats = 0
        for (index, (path, preset)) in inputs.enumerated() {
            // Every other case with night mode (its dark logo: the ring sample) and an icon background.
            let dark = index % 2 == 0 ? (night, TestPaths.sample("ring.svg")) : nil
            let made = try Self.bundle(path, preset: preset, background: background, dark: dark, iconBackground: index % 2 == 0)
            let geometry = try KotlinGeometryText(Self.text(made.bundle, "RevealGeometry.kt"))
            let name = URL(fileURLWithPath: path).lastPathComponent
            let launch = made.launch.scene

            // Background and night mode's background.
            try expectColour(geometry.array("backgroundColor"), launch.background, 1, "\(name) background")
            if let dark {
                try expectColour(geometry.array("darkBackgroundColor"), dark.0, 1, "\(name) dark background")
            } else {
                #expect(geometry.constant("darkBackgroundColor") == "null", "\(name): no dark background")
            }
            // The logo rect: its size and centre, and its place on the icon view.
            let frame = launch.logoFrame
            let icon = try #require(launch.iconCanvas)
            let on = try geometry.array("logoOnIcon")
            try #require(on.count == 4, "\(name): logoOnIcon has x, y, width, height")
            let fromIcon = Rect(x: icon.x + on[0] * icon.width, y: icon.y + on[1] * icon.height, width: on[2] * icon.width, height: on[3] * icon.height)
            for (got, want, what) in [(fromIcon.x, frame.x, "x"), (fromIcon.y, frame.y, "y"), (fromIcon.width, frame.width, "width"), (fromIcon.height, frame.height, "height"),
                                      (try geometry.number("logoWidth"), frame.width, "logoWidth"), (try geometry.number("logoHeight"), frame.height, "logoHeight"),
                                      (try geometry.number("centerOffsetX") + Self.phone.size.width / 2, frame.center.x, "centre x"),
                                      (try geometry.number("centerOffsetY") + Self.phone.size.height / 2, frame.center.y, "centre y")] {
                #expect(abs(got - want) <= 1e-6, "\(name) logo \(what): \(got) in the code, \(want) in the launch scene")
            }
            #expect(try geometry.number("startTime") == 0)

            // Each shape's paint, light and dark.
            let placement = made.scene.placement
            let anchor = placement.resolvedAnchor
            let k = placement.pointsPerUnit
            let toPoints = Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(k))
            var expectations = [("shapes", try made.scene.logo.outline, Transform.identity)]
            if let dark {
                let darkLogo = try VectorLogo(contentsOf: dark.1)
                let fit = Transform.scale(x: made.scene.logo.documentSize.width / darkLogo.documentSize.width,
                                          y: made.scene.logo.documentSize.height / darkLogo.documentSize.height)
                expectations.append(("darkShapes", try darkLogo.outline, fit))
            } else {
                #expect(try geometry.paints("darkShapes").isEmpty, "\(name): no dark shapes")
            }
            for (list, outline, fit) in expectations {
                let paints = try geometry.paints(list)
                let shapes = outline.shapes.filter { !$0.path.isEmpty }
                try #require(paints.count == shapes.count, "\(name) \(list): \(paints.count) paints in the code, \(shapes.count) shapes in the outline")
                for (i, (got, shape)) in zip(paints, shapes).enumerated() {
                    let what = "\(name) \(list)[\(i)]"
                    let paint = shape.paint.mapped(by: fit.concatenating(toPoints))
                    if let tint = made.scene.spec.logoColor {
                        try expectFlat(got, tint, paint.opacity, what)
                        continue
                    }
                    switch paint {
                    case let .flat(color, opacity):
                        flats += 1
                        try expectFlat(got, color, opacity, what)
                    case .pattern:
                        try expectFlat(got, .black, 1, what)
                    case let .gradient(gradient):
                        gradients += 1
                        try expectGradient(got, gradient, what)
                    }
                }
            }
        }
        print("read back: \(gradients) gradients, \(flats) flat colours")
        // The set has gradients to read back (firefox, brave, the gradient sample…).
        #expect(gradients >= 20, "gradients read back: \(gradients)")
        #expect(flats >= 20, "flat colours read back: \(flats)")
    }

    private func expectColour(_ got: [Double], _ want: RGBAColor, _ opacity: Double, _ what: String) throws {
        try #require(got.count >= 3, "\(what): a colour")
        let channels = [want.red, want.green, want.blue].map { Double($0) / 255 }
        for (a, b) in zip(got, channels) { #expect(abs(a - b) <= 0.00005 + 1e-12, "\(what): \(got) against \(channels)") }
        if got.count == 4 { #expect(abs(got[3] - Double(want.alpha) / 255 * opacity) <= 0.00005 + 1e-12, "\(what) alpha: \(got[3])") }
    }

    private func expectFlat(_ got: KotlinGeometryText.Paint, _ colour: RGBAColor, _ opacity: Double, _ what: String) throws {
        #expect(got.kind == "FLAT", "\(what): a flat paint, not \(got.kind)")
        try expectColour(got.color, colour, 1, what)
        #expect(abs(got.opacity - opacity) <= 1e-9, "\(what) opacity: \(got.opacity) against \(opacity)")
    }

    private func expectGradient(_ got: KotlinGeometryText.Paint, _ gradient: LogoOutline.Gradient, _ what: String) throws {
        let last = gradient.stops.last!
        let geometry: [Double]
        switch gradient.kind {
        case let .linear(start, end):
            guard start != end else { return try expectFlat(got, last.color, gradient.opacity * last.opacity, what) }
            #expect(got.kind == "LINEAR", "\(what): \(got.kind)")
            geometry = [start.x, start.y, end.x, end.y]
        case let .radial(center, radius, focal):
            guard radius > 0 else { return try expectFlat(got, last.color, gradient.opacity * last.opacity, what) }
            #expect(got.kind == "RADIAL", "\(what): \(got.kind)")
            geometry = [center.x, center.y, radius, focal.x, focal.y]
        }
        func close(_ a: [Double], _ b: [Double], _ part: String, tolerance: Double = 1e-8) {
            #expect(a.count == b.count, "\(what) \(part): \(a.count) numbers, want \(b.count)")
            for (x, y) in zip(a, b) { #expect(abs(x - y) <= tolerance * max(1, abs(y)), "\(what) \(part): \(a) against \(b)") }
        }
        close(got.geometry, geometry, "geometry")
        var stops = gradient.stops
        if stops.count == 1 { stops.append(LogoOutline.Gradient.Stop(offset: 1, color: stops[0].color, opacity: stops[0].opacity)) }
        close(got.stopOffsets, stops.map(\.offset), "stop offsets")
        #expect(got.stopColors.count == stops.count, "\(what): \(got.stopColors.count) stop colours")
        for (colour, stop) in zip(got.stopColors, stops) {
            try expectColour(Array(colour.prefix(3)), stop.color, 1, "\(what) stop")
            #expect(abs(colour[3] - stop.opacity) <= 1e-9, "\(what) stop opacity: \(colour[3]) against \(stop.opacity)")
        }
        #expect(abs(got.opacity - gradient.opacity) <= 1e-9, "\(what) opacity")
        let spread = ["pad": "PAD", "reflect": "REFLECT", "repeat": "REPEAT"][gradient.spread.rawValue]
        #expect(got.spread == spread, "\(what) spread: \(got.spread)")
        let t = gradient.transform
        close(got.matrix, [t.a, t.b, t.c, t.d, t.tx, t.ty], "matrix", tolerance: 1e-7)
    }

    // MARK: - kotlinc

    @Test("kotlinc type-checks RevealGeometry.kt, SplashReveal.kt and SplashRevealCompose.kt for every preset, light and dark, a gradient sample, a real-world gradient logo, a logo with translucent groups, filtered logos drawn as shapes with filter pictures between them (gpick, gnome-dev-media-cf) and as one picture (gpick in one colour), gpick as a night logo with its own filter pictures, a background gradient and a background picture, against the Android, androidx and Compose stubs, in one invocation")
    func kotlincTypeChecks() throws {
        let kotlinc = try Tool.path("kotlinc")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases: [(String, RevealPreset, (RGBAColor, String)?)] = []
        for preset in RevealPreset.allCases {
            cases.append((TestPaths.sample("gradient.svg"), preset, nil))
            cases.append((TestPaths.sample("gradient.svg"), preset, (RGBAColor(red: 0, green: 0, blue: 0), TestPaths.sample("bird.svg"))))
        }
        cases.append((TestPaths.realWorldFolder.appendingPathComponent("papirus/firefox.svg").path, .fade, (RGBAColor(red: 0x20, green: 0x20, blue: 0x20), TestPaths.sample("ring.svg"))))
        // office-calendar (Tango): translucent groups, composited with saveLayerAlpha; utilities-terminal's in night mode.
        cases.append((TestPaths.realWorldFolder.appendingPathComponent("tango/office-calendar.svg").path, .twitter,
                      (RGBAColor(red: 0x20, green: 0x20, blue: 0x20), TestPaths.realWorldFolder.appendingPathComponent("tango/utilities-terminal.svg").path)))
        // gpick as bird's night logo: night mode's own filter pictures (darkFilterPictures).
        cases.append((TestPaths.sample("bird.svg"), .twitter, (RGBAColor(red: 0x20, green: 0x20, blue: 0x20), TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path)))
        var files: [String] = []
        var sawGradient = false
        for (index, (path, preset, dark)) in cases.enumerated() {
            let made = try Self.bundle(path, preset: preset, background: .white, dark: dark, package: "t.k\(index)")
            #expect(made.bundle.files.map(\.name) == ["RevealGeometry.kt", "SplashReveal.kt", "SplashRevealCompose.kt"])
            let geometry = try Self.text(made.bundle, "RevealGeometry.kt")
            sawGradient = sawGradient || geometry.contains("ShapePaint.LINEAR") || geometry.contains("ShapePaint.RADIAL")
            #expect(geometry.contains("darkShapes: List<Shape> = listOf(\n\n    )") == (dark == nil), "\(index): dark shapes only with a dark logo")
            for file in made.bundle.files {
                let url = folder.appendingPathComponent("k\(index)").appendingPathComponent(file.name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
                files.append(url.path)
            }
        }
        #expect(sawGradient, "a gradient reaches the compiled code")
        // The two-circle RadialGradient (a focal point) is API 31 (Android 12); the stubs carry no
        // API levels, so the gate is read from the source: API 29 would fail on Android 10 and 11.
        let splash = try Self.text(try Self.bundle(TestPaths.sample("gradient.svg"), preset: .fade, background: .white, dark: nil, package: "t.gate").bundle, "SplashReveal.kt")
        let gate = try #require(splash.range(of: "focal && Build.VERSION.SDK_INT >= Build.VERSION_CODES."), "the focal gradient's API gate")
        #expect(splash[gate.upperBound...].hasPrefix("S ->"), "\(splash[gate.lowerBound...].prefix(80))")
        // gpick (Breeze): filters, so pictures between its clipped shapes in translucent groups;
        // gnome-dev-media-cf (Tango): one blurred shadow under its shapes; gpick in one colour: one
        // whole-logo picture; and a background gradient without a launch screen (with one, the
        // background is windowSplashScreenBackground).
        let gpick = TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path
        let picture = try Self.bundle(gpick, preset: .twitter, background: .white, package: "t.picture").bundle
        #expect(picture.resources.map(\.path) == (1...picture.resources.count).map { "res/drawable-nodpi/logo_reveal_filter_\($0).png" })
        let media = TestPaths.realWorldFolder.appendingPathComponent("tango/gnome-dev-media-cf.svg").path
        let shadow = try Self.bundle(media, preset: .yula, background: .white, package: "t.shadow").bundle
        #expect(shadow.resources.map(\.path) == ["res/drawable-nodpi/logo_reveal_filter_1.png"])
        var tintedSpec = RevealPreset.twitter.spec
        tintedSpec.logoColor = RGBAColor(red: 20, green: 30, blue: 40)
        var tintedSettings = RevealSettings(viewport: Self.phone)
        tintedSettings.finalScale = 1
        let whole = try RevealCode.kotlin(
            try RevealScene(logo: try VectorLogo(contentsOf: gpick), spec: tintedSpec, settings: tintedSettings), package: "t.whole")
        #expect(whole.resources.map(\.path) == ["res/drawable-nodpi/logo_reveal.png"])
        var gradientSpec = RevealPreset.fade.spec
        gradientSpec.background = .gradient(LinearGradient(from: .white, to: RGBAColor(red: 29, green: 155, blue: 240)))
        var gradientSettings = RevealSettings(viewport: Self.phone)
        gradientSettings.finalScale = 1
        let gradient = try RevealCode.kotlin(
            try RevealScene(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), spec: gradientSpec, settings: gradientSettings),
            package: "t.gradient")
        #expect(try Self.text(gradient, "RevealGeometry.kt").contains("val backgroundGradientColors: Array<DoubleArray> = arrayOf(doubleArrayOf("))
        var pictureSpec = RevealPreset.twitter.spec
        pictureSpec.background = .image(TestPaths.path("Tests/LogoMaskCLITests/References/reveal/twitter-bird.still.png"))
        let backgroundPicture = try RevealCode.kotlin(
            try RevealScene(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), spec: pictureSpec, settings: gradientSettings),
            package: "t.backgroundpicture")
        #expect(backgroundPicture.resources.map(\.path) == ["res/drawable-nodpi/logo_reveal_background.png"])
        for (name, bundle) in [
            ("picture", picture), ("shadow", shadow), ("whole", whole), ("gradient", gradient), ("backgroundpicture", backgroundPicture),
        ] {
            for file in bundle.files {
                let url = folder.appendingPathComponent(name).appendingPathComponent(file.name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
                files.append(url.path)
            }
        }
        let started = Date()
        let compiled = try runTool(kotlinc, files + (try AndroidStubs.paths()) + ["-d", folder.appendingPathComponent("out").path])
        let seconds = Date().timeIntervalSince(started)
        print("kotlinc: \(files.count) generated files and the stubs in \(formatNumber(seconds, decimals: 1)) s")
        #expect(compiled.status == 0, "kotlinc: \(compiled.stderr.split(separator: "\n").filter { !$0.contains("warning") }.prefix(40).joined(separator: "\n"))")
    }

    @Test("A reveal scene not placed from the launch screen is refused, naming RevealSettings(launch:)")
    func misplacedScene() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let launchScene = try LaunchScene(platform: .android, logo: logo, viewport: Self.phone, logoWidth: 100, background: .white)
        var settings = RevealSettings(viewport: Self.phone)
        settings.finalScale = 1
        let scene = try RevealScene(logo: logo, spec: RevealPreset.fade.spec, settings: settings)
        do {
            _ = try RevealCode.kotlin(scene, launch: KotlinLaunch(scene: launchScene))
            Issue.record("a scene 100 pt wide is not the launch screen's \(launchScene.logoFrame.width) pt")
        } catch {
            #expect("\(error)".contains("RevealSettings(launch:)"), "\(error)")
        }
    }
}
