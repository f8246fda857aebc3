import Foundation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// What the generated Swift and Kotlin draw beyond plain shapes, read back from the files: the
/// logo's picture where its outline is not exact (its rect at launch against the launch scene's
/// logo rect, its pixels against the launch image `assets` writes), clip paths, and a background
/// gradient.
@Suite("Native code: the logo's picture where vectors cannot carry it, clip paths, the background gradient and picture")
struct NativePictureTests {
    static let screen = Viewport(width: 393, height: 852, density: 3)
    /// gpick (Breeze): a filter (its shadow) over clipped gradient shapes.
    static let filtered = TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path
    /// rocs (Breeze): a filter result drawn through a mask, which the code draws as one picture of
    /// the whole logo (gpick's filters are pictures between its shapes: CodeFilterPicturesTests).
    static let masked = TestPaths.realWorldFolder.appendingPathComponent("breeze/rocs.svg").path

    static func scene(_ path: String, _ spec: RevealSpec) throws -> RevealScene {
        var settings = RevealSettings(viewport: screen)
        settings.finalScale = 1
        return try RevealScene(logo: try VectorLogo(contentsOf: path), spec: spec, settings: settings)
    }

    static func text(_ bundle: RevealCodeBundle, _ name: String) throws -> String {
        try #require(bundle.files.first { $0.name == name }, "\(name) is written").text
    }

    /// The numbers of the first line of `text` containing `marker`, after it.
    static func numbers(after marker: String, in text: String) throws -> [Double] {
        let line = try #require(text.split(separator: "\n").first { $0.contains(marker) }, "\(marker) is written")
        let tail = line[line.range(of: marker)!.upperBound...]
        return SwiftCodeTests.numbers(String(tail))
    }

    /// Premultiplied RGBA of a straight-alpha pixel.
    static func premultiplied(_ p: [UInt8]) -> [Double] {
        let a = Double(p[3]) / 255
        return [Double(p[0]) * a, Double(p[1]) * a, Double(p[2]) * a, Double(p[3])]
    }

    /// The mean of `picture` (premultiplied, taken as constant over each pixel, transparent
    /// outside) over the box x0...x1, y0...y1 in its pixel coordinates: a box filter, exact when
    /// the grids agree.
    static func area(_ picture: PNGPicture, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Double] {
        var result = [0.0, 0, 0, 0]
        let total = (x1 - x0) * (y1 - y0)
        guard total > 0 else { return result }
        for py in max(0, Int(y0.rounded(.down)))..<min(picture.height, Int(y1.rounded(.up))) {
            let h = min(y1, Double(py + 1)) - max(y0, Double(py))
            guard h > 0 else { continue }
            for px in max(0, Int(x0.rounded(.down)))..<min(picture.width, Int(x1.rounded(.up))) {
                let w = min(x1, Double(px + 1)) - max(x0, Double(px))
                guard w > 0 else { continue }
                let p = premultiplied(picture.pixel(x: px, y: py))
                for c in 0..<4 { result[c] += p[c] * w * h / total }
            }
        }
        return result
    }

    @Test("A Breeze logo with a filter drawn through a mask (rocs): the code draws a picture (an image set for iOS, a nodpi drawable for Android, the same PNG), whose rect at launch is the launch scene's logo rect and whose pixels are those of the LaunchLogo@3x image assets writes (at most 0.5 % of the logo box differs by more than 24)")
    func pictureIsTheLaunchImage() throws {
        let scene = try Self.scene(Self.masked, RevealPreset.twitter.spec)
        let ios = try RevealCode.swift(scene)
        let android = try RevealCode.kotlin(scene)
        #expect(ios.resources.map(\.path) == ["LogoReveal.imageset/Contents.json", "LogoReveal.imageset/LogoReveal.png"])
        #expect(android.resources.map(\.path) == ["res/drawable-nodpi/logo_reveal.png"])
        let png = try #require(ios.resources.last).bytes
        #expect(android.resources.first?.bytes == png, "one picture for both platforms")
        #expect(ios.notes.contains { $0.contains("PNG of its ink box") && $0.contains("a filter") }, "\(ios.notes)")

        // The picture's rect, about the anchor in points, as RevealGeometry.swift and .kt write it.
        let geometry = try Self.text(ios, "RevealGeometry.swift")
        let rect = try Self.numbers(after: "public static let picture: Picture? = (name: \"LogoReveal\",", in: geometry)
        try #require(rect.count == 6, "\(rect)")
        let kotlinRect = try Self.numbers(after: "val picture: Picture? = Picture(\"logo_reveal\",", in: try Self.text(android, "RevealGeometry.kt"))
        #expect(kotlinRect == rect, "Kotlin \(kotlinRect) against Swift \(rect)")
        #expect(try Self.text(ios, "SplashReveal.swift").contains("let image = UIImage(named: picture.name)?.cgImage"))
        #expect(try Self.text(android, "SplashReveal.kt").contains("canvas.drawBitmap(bitmap, null, rect, pictureCut)"))

        // At launch SplashReveal maps the shapes' space (the document box is logoWidth wide about
        // the anchor) onto the launch image's rect: the picture lands on the launch scene's logo rect.
        let logoWidth = try Self.numbers(after: "public static let logoWidth =", in: geometry)[0]
        let logoHeight = try Self.numbers(after: "public static let logoHeight =", in: geometry)[0]
        let anchor = try Self.numbers(after: "public static let anchorOffset =", in: geometry)
        let launch = try LaunchScene(platform: .ios, logo: scene.logo, viewport: Self.screen, logoWidth: logoWidth, background: .white)
        let frame = launch.logoFrame
        let fit = frame.width / logoWidth
        let boxX = -logoWidth / 2 - anchor[0], boxY = -logoHeight / 2 - anchor[1]
        let placed = Rect(
            x: frame.x + (rect[0] - boxX) * fit, y: frame.y + (rect[1] - boxY) * fit, width: rect[2] * fit, height: rect[3] * fit)
        // The filter's shadow covers the document box: cut to it, the picture is the logo rect
        // (within the picture's whole pixels, a third of a point at most on this 3x screen).
        let pixel = rect[2] / rect[4]
        for (got, want) in zip([placed.x, placed.y, placed.width, placed.height], [frame.x, frame.y, frame.width, frame.height]) {
            #expect(abs(got - want) <= pixel * fit + 1e-9, "picture at launch \(placed) against the launch rect \(frame)")
        }

        // The launch image as assets writes it, and the picture over each of its pixels (a box
        // filter): the same logo at the same scale.
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = AssetOptions(
            platforms: [.ios], logoWidth: logoWidth, devices: [try #require(Device.builtIn.first)], stillPreset: nil)
        try AssetGenerator.write(logo: scene.logo, options: options, to: folder.appendingPathComponent("a").path)
        let launchImage = try PNGPicture(contentsOf: folder.appendingPathComponent("a/ios/Assets.xcassets/LaunchLogo.imageset/LaunchLogo@3x.png").path)
        let pictureURL = folder.appendingPathComponent("LogoReveal.png")
        try Data(png).write(to: pictureURL)
        let picture = try PNGPicture(contentsOf: pictureURL.path)
        #expect(picture.width == Int(rect[4]) && picture.height == Int(rect[5]))
        // Launch pixels to the picture's: both in points about the anchor at launch scale.
        let launchPointsPerPixel = logoWidth / Double(launchImage.width)
        let picturePixelsPerPoint = Double(picture.width) / rect[2]
        var differing = 0, largest = 0.0, inked = 0
        for v in 0..<launchImage.height {
            for u in 0..<launchImage.width {
                let k = launchPointsPerPixel * picturePixelsPerPoint
                let x0 = (boxX + Double(u) * launchPointsPerPixel - rect[0]) * picturePixelsPerPoint
                let y0 = (boxY + Double(v) * launchPointsPerPixel - rect[1]) * picturePixelsPerPoint
                let sum = Self.area(picture, x0, y0, x0 + k, y0 + k)
                let want = Self.premultiplied(launchImage.pixel(x: u, y: v))
                if want[3] > 0 { inked += 1 }
                let worst = zip(sum, want).map { abs($0 - $1) }.max() ?? 0
                largest = max(largest, worst)
                if worst > 24 { differing += 1 }
            }
        }
        let share = Double(differing) / Double(launchImage.width * launchImage.height)
        print("LogoReveal.png against LaunchLogo@3x: \(differing) of \(launchImage.width * launchImage.height) pixels differ by more than 24, largest \(formatNumber(largest, decimals: 1))")
        #expect(inked > launchImage.width * launchImage.height / 4, "the launch image shows the logo")
        #expect(share <= 0.005, "\(differing) of \(launchImage.width)x\(launchImage.height) launch pixels differ by more than 24 (largest \(largest))")
    }

    @Test("A dark logo its shapes and filter pictures cannot carry (rocs under a flat light logo: a filter through a mask): dark mode and night mode draw it from its own picture (LogoRevealDark.imageset, res/drawable-nodpi/logo_reveal_dark.png), its rect the light logo's document box in points about the anchor; the light logo stays shapes")
    func darkLogoPicture() throws {
        let light = try VectorLogo(contentsOf: TestPaths.simpleIcon("burgerking.svg"))
        // (A dark gpick gets filter pictures of its own: LaunchVectorsTests.)
        let dark = try VectorLogo(contentsOf: Self.masked)
        var settings = RevealSettings(viewport: Self.screen)
        settings.finalScale = 1
        let scene = try RevealScene(logo: light, spec: RevealPreset.twitter.spec, settings: settings)
        let ios = try RevealCode.swift(scene, darkBackground: .black, darkLogo: dark)
        let launch = try LaunchScene(platform: .android, logo: light, viewport: Self.screen, logoWidth: settings.logoWidth, background: .white)
        var androidSettings = RevealSettings(launch: launch)
        androidSettings.finalScale = 1
        let androidScene = try RevealScene(logo: light, spec: RevealPreset.twitter.spec, settings: androidSettings)
        let android = try RevealCode.kotlin(androidScene, launch: KotlinLaunch(scene: launch, darkBackground: .black, darkLogo: dark))
        #expect(ios.resources.map(\.path) == ["LogoRevealDark.imageset/Contents.json", "LogoRevealDark.imageset/LogoRevealDark.png"])
        #expect(android.resources.map(\.path) == ["res/drawable-nodpi/logo_reveal_dark.png"])
        #expect(ios.notes.contains { $0.hasPrefix("Dark mode: the dark logo is drawn from a") && $0.contains("a filter") }, "\(ios.notes)")
        #expect(android.notes.contains { $0.hasPrefix("Dark mode: the dark logo is drawn from a") }, "\(android.notes)")

        let geometry = try Self.text(ios, "RevealGeometry.swift")
        #expect(geometry.contains("public static let picture: Picture? = nil"))
        let rect = try Self.numbers(after: "public static let darkPicture: Picture? = (name: \"LogoRevealDark\",", in: geometry)
        try #require(rect.count == 6, "\(rect)")
        let kotlinGeometry = try Self.text(android, "RevealGeometry.kt")
        #expect(kotlinGeometry.contains("val picture: Picture? = null"))
        let kotlinRect = try Self.numbers(after: "val darkPicture: Picture? = Picture(\"logo_reveal_dark\",", in: kotlinGeometry)
        try #require(kotlinRect.count == 6, "\(kotlinRect)")
        // rocs's art covers its document box, so the picture (cut to that box) is the light
        // logo's document box about the anchor, within one picture pixel (iOS places the dark box
        // as wide and centred, Android stretched: both squares here).
        func number(_ marker: String, _ text: String) throws -> Double { try Self.numbers(after: marker, in: text)[0] }
        let iosAnchor = try Self.numbers(after: "public static let anchorOffset =", in: geometry)
        let boxes = [
            ("Swift", rect, try number("public static let logoWidth =", geometry), try number("public static let logoHeight =", geometry), iosAnchor[0], iosAnchor[1]),
            ("Kotlin", kotlinRect, try number("const val logoWidth =", kotlinGeometry), try number("const val logoHeight =", kotlinGeometry),
             try number("const val anchorOffsetX =", kotlinGeometry), try number("const val anchorOffsetY =", kotlinGeometry)),
        ]
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes, rect) in [("Swift", ios.resources.last?.bytes, rect), ("Kotlin", android.resources.first?.bytes, kotlinRect)] {
            let url = folder.appendingPathComponent("\(name).png")
            try Data(try #require(bytes)).write(to: url)
            let png = try PNGPicture(contentsOf: url.path)
            #expect(png.width == Int(rect[4]) && png.height == Int(rect[5]), "\(name): \(png.width)x\(png.height) against \(rect)")
        }
        for (name, picture, width, height, ax, ay) in boxes {
            let box = [-width / 2 - ax, -height / 2 - ay, width, height]
            let pixel = picture[2] / picture[4]
            for (got, want) in zip(picture.prefix(4), box) {
                #expect(abs(got - want) <= pixel + 1e-9, "\(name): dark picture \(picture) against the box \(box)")
            }
        }
        #expect(try Self.text(ios, "SplashReveal.swift").contains("pictureLayer(darkShapes == nil ? RevealGeometry.picture : RevealGeometry.darkPicture)"))
        #expect(try Self.text(android, "SplashReveal.kt").contains("loadBitmap(context, RevealGeometry.darkPicture?.name)"))
    }

    @Test("Clip paths: every clip of a clipped Breeze logo (gpick) reads back from RevealGeometry.swift and .kt as the outline's clip in points about the anchor; the Swift masks each clipped layer, the Kotlin calls canvas.clipPath")
    func clipsReadBack() throws {
        let scene = try Self.scene(Self.filtered, RevealPreset.fade.spec)
        let swift = try Self.text(try RevealCode.swift(scene), "RevealGeometry.swift")
        let kotlin = try Self.text(try RevealCode.kotlin(scene), "RevealGeometry.kt")
        let outline = try scene.logo.outline
        let anchor = scene.placement.resolvedAnchor
        let toPoints = Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(scene.placement.pointsPerUnit))
        var clipped = 0
        for shape in outline.shapes where !shape.path.mapped(by: toPoints).isEmpty && !shape.clips.isEmpty {
            let clips = shape.clips.map { (data: $0.path.mapped(by: toPoints).svgPathData(decimals: 3), evenOdd: $0.fillRule == .evenOdd) }
            let swiftList = "clips: [" + clips.map { "Clip(pathData: \"\($0.data)\", evenOdd: \($0.evenOdd))" }.joined(separator: ", ") + "]"
            let kotlinList = "listOf(" + clips.map { "Clip(\"\($0.data)\", \($0.evenOdd))" }.joined(separator: ", ") + ")"
            #expect(swift.contains(swiftList), "Swift: \(swiftList.prefix(200))")
            #expect(kotlin.contains(kotlinList), "Kotlin: \(kotlinList.prefix(200))")
            clipped += 1
        }
        #expect(clipped >= 6, "gpick has clipped shapes: \(clipped)")
        // The shapes' clips (the filter pictures' are checked in CodeFilterPicturesTests).
        let shapeLines = swift.split(separator: "\n").filter { $0.hasPrefix("        Shape(pathData:") }.joined(separator: "\n")
        #expect(shapeLines.components(separatedBy: "Clip(pathData:").count - 1 == outline.shapes.filter { !$0.path.mapped(by: toPoints).isEmpty }.map(\.clips.count).reduce(0, +))
        let splash = try Self.text(try RevealCode.swift(scene), "SplashReveal.swift")
        #expect(splash.contains("group.addSublayer(clipped(layer, shape))") && splash.contains("container.mask = mask"))
        #expect(try Self.text(try RevealCode.kotlin(scene), "SplashReveal.kt").contains("for (clip in clips) canvas.clipPath(clip)"))
        #expect(!(try RevealCode.swift(scene)).notes.contains { $0.contains("Clip paths are not applied") })
    }

    @Test("A background gradient reads back from RevealGeometry.swift and .kt (colours, CSS angle, the line's ends on two windows as LinearGradient.line(in:)); Swift draws a CAGradientLayer, Kotlin a LinearGradient shader; a colour background writes none")
    func backgroundGradientReadsBack() throws {
        var spec = RevealPreset.fade.spec
        let gradient = LinearGradient(colors: [RGBAColor(red: 0x1D, green: 0x9B, blue: 0xF0), RGBAColor(red: 0x0B, green: 0x13, blue: 0x20, alpha: 200)], direction: .angle(degrees: 135))
        spec.background = .gradient(gradient)
        let scene = try Self.scene(TestPaths.sample("bird.svg"), spec)
        let swiftBundle = try RevealCode.swift(scene)
        let swift = try Self.text(swiftBundle, "RevealGeometry.swift")
        let kotlin = try Self.text(try RevealCode.kotlin(scene), "RevealGeometry.kt")
        let want = gradient.colors.flatMap(SwiftCodeTests.rgba)
        #expect(SwiftCodeTests.close(try Self.numbers(after: "public static let backgroundGradientColors: [[Double]] =", in: swift), want))
        #expect(SwiftCodeTests.close(try Self.numbers(after: "val backgroundGradientColors: Array<DoubleArray> =", in: kotlin), want))
        #expect(try Self.numbers(after: "public static let backgroundGradientAngle: Double? =", in: swift) == [135])
        #expect(try Self.numbers(after: "val backgroundGradientAngle: Double? =", in: kotlin) == [135])
        #expect(!swiftBundle.notes.contains { $0.contains("gradient is drawn as its first colour") })
        #expect(try Self.text(swiftBundle, "SplashReveal.swift").contains("let layer = CAGradientLayer()\n"))
        #expect(try Self.text(try RevealCode.kotlin(scene), "SplashReveal.kt").contains("backgroundPaint.shader = LinearGradient("))
        // The line's formula as written (the Swift), against the library's, on two windows.
        for (w, h) in [(393.0, 852.0), (1024.0, 768.0)] {
            let line = gradient.line(in: Size(width: w, height: h))
            let dx = sin(135 * Double.pi / 180), dy = -cos(135 * Double.pi / 180)
            let half = (abs(w * dx) + abs(h * dy)) / 2
            let written = [w / 2 - dx * half, h / 2 - dy * half, w / 2 + dx * half, h / 2 + dy * half]
            #expect(SwiftCodeTests.close(written, [line.start.x, line.start.y, line.end.x, line.end.y]))
            #expect(swift.contains("let dx = sin(degrees * .pi / 180), dy = -cos(degrees * .pi / 180)"))
            #expect(swift.contains("let half = (abs(w * dx) + abs(h * dy)) / 2"))
        }
        // A colour: no gradient.
        let plain = try Self.text(try RevealCode.swift(try Self.scene(TestPaths.sample("bird.svg"), RevealPreset.fade.spec)), "RevealGeometry.swift")
        #expect(plain.contains("public static let backgroundGradientColors: [[Double]] = []"))
    }

    @Test("A background picture is written beside the code (LogoRevealBackground.imageset, res/drawable-nodpi/logo_reveal_background.png) with the source's pixels, named with its pixel size in RevealGeometry.swift and .kt; Swift fills the window with it, Kotlin draws it; with an Android launch screen the colour stays")
    func backgroundPictureIsWritten() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var source = PNGPicture(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 { source.setPixel(x: x, y: y, [UInt8(x * 6), UInt8(y * 8), 200, 255]) }
        }
        let path = folder.appendingPathComponent("back.png").path
        try source.write(to: path)
        var spec = RevealPreset.twitter.spec
        spec.background = .image(path)
        let scene = try Self.scene(TestPaths.sample("bird.svg"), spec)
        let ios = try RevealCode.swift(scene)
        let android = try RevealCode.kotlin(scene)
        #expect(ios.resources.map(\.path) == ["LogoRevealBackground.imageset/Contents.json", "LogoRevealBackground.imageset/LogoRevealBackground.png"])
        #expect(android.resources.map(\.path) == ["res/drawable-nodpi/logo_reveal_background.png"])
        let written = folder.appendingPathComponent("written.png")
        try Data(try #require(android.resources.first).bytes).write(to: written)
        #expect(try PNGPicture(contentsOf: written.path) == source, "the source's pixels")
        #expect(ios.resources.last?.bytes == android.resources.first?.bytes)
        #expect(try Self.text(ios, "RevealGeometry.swift").contains(
            "public static let backgroundPicture: (name: String, pixelWidth: Int, pixelHeight: Int)? = (name: \"LogoRevealBackground\", pixelWidth: 40, pixelHeight: 30)"))
        #expect(try Self.text(android, "RevealGeometry.kt").contains(
            "val backgroundPicture: BackgroundPicture? = BackgroundPicture(\"logo_reveal_background\", 40, 30)"))
        #expect(try Self.text(ios, "SplashReveal.swift").contains("layer.contentsGravity = .resizeAspectFill"))
        #expect(try Self.text(android, "SplashReveal.kt").contains("canvas.drawBitmap(backgroundPicture, null, backgroundBox, backgroundPicturePaint)"))
        #expect(!ios.notes.contains { $0.contains("background picture is not embedded") })
        // Android with its launch screen: the background is windowSplashScreenBackground.
        let launched = try KotlinCodeTests.bundle(TestPaths.sample("bird.svg"), preset: .fade, background: .white).bundle
        #expect(launched.resources.isEmpty)
    }
}
