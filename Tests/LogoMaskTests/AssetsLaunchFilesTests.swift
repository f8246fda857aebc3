import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import LogoMask
import LogoAnimation
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// The launch files `assets` writes besides pictures: the Android themes, colours, vector and
/// animated drawables, the iOS storyboard and UILaunchScreen plist, read back as XML.
@Suite("assets launch files")
struct AssetsLaunchFilesTests {
    /// The bird with an icon background, a dark logo and the twitter icon animation, Android and iOS only.
    static let shared: Result<URL, any Error> = Result {
        let folder = try TestPaths.temporaryFolder().appendingPathComponent("splash")
        let options = AssetOptions(
            platforms: [.android, .ios], background: try #require(RGBAColor(parsing: "#1DA1F2")),
            darkBackground: RGBAColor(parsing: "#0B1320"), darkLogo: try VectorLogo(contentsOf: TestPaths.sample("gradient.svg")),
            logoWidth: 120, stillPreset: nil, androidIconBackground: .white, animatedIcon: .twitter)
        _ = try AssetGenerator.write(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), options: options, to: folder.path)
        return folder
    }

    static func xml(_ relative: String) throws -> XMLElement {
        let url = try shared.get().appendingPathComponent(relative)
        let document = try XMLDocument(contentsOf: url, options: [])
        return try #require(document.rootElement(), "\(relative) has no root element")
    }

    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    /// Every element under `element` (itself included) named `name`.
    static func all(_ element: XMLElement, _ name: String) -> [XMLElement] {
        var found = element.name == name ? [element] : []
        for child in element.children ?? [] {
            if let child = child as? XMLElement { found += all(child, name) }
        }
        return found
    }

    @Test("Themes: Theme.App.Starting in values/ for every Android version and in values-night/ for dark, the icon-background parent, pointing at the animated icon; no -v31 override; colours with the icon background")
    func themes() throws {
        let folder = try Self.shared.get()
        // core-splashscreen's back-port needs the theme on API 23-30 too, and its own values-v31
        // maps every attribute written: nothing only in -v31.
        for gone in ["values-v31", "values-night-v31"] {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("android/res/\(gone)").path), "\(gone)")
        }
        // The same theme in both modes but for the status bar's icon shade: #1DA1F2 is dark
        // enough for light icons (luminance 0.32), and so is #0B1320.
        for path in ["values/themes.xml", "values-night/themes.xml"] {
            let root = try Self.xml("android/res/\(path)")
            let style = try #require(Self.all(root, "style").first)
            #expect(Self.attribute(style, "name") == "Theme.App.Starting")
            // The library forwards windowSplashScreenIconBackgroundColor only from this parent.
            #expect(Self.attribute(style, "parent") == "Theme.SplashScreen.IconBackground")
            var items: [String: String] = [:]
            for item in Self.all(style, "item") { items[Self.attribute(item, "name") ?? ""] = item.stringValue }
            #expect(items == [
                "windowSplashScreenBackground": "@color/splash_background",
                "windowSplashScreenAnimatedIcon": "@drawable/splash_icon_animated",
                "windowSplashScreenIconBackgroundColor": "@color/splash_icon_background",
                "windowSplashScreenAnimationDuration": "600",
                "postSplashScreenTheme": "@style/Theme.App",
                "android:windowLightStatusBar": "false",
            ], "\(path)")
        }
        #expect(AndroidThemes.isLight(.white) && AndroidThemes.isLight(RGBAColor(red: 0xC0, green: 0xC0, blue: 0xC0)))
        #expect(!AndroidThemes.isLight(RGBAColor(red: 0x1D, green: 0xA1, blue: 0xF2)) && !AndroidThemes.isLight(RGBAColor(red: 0x76, green: 0x76, blue: 0x76)))
        for (folder, background) in [("values", "#FF1DA1F2"), ("values-night", "#FF0B1320")] {
            let root = try Self.xml("android/res/\(folder)/colors.xml")
            var colors: [String: String] = [:]
            for color in Self.all(root, "color") { colors[Self.attribute(color, "name") ?? ""] = color.stringValue }
            #expect(colors == ["splash_background": background, "splash_icon_background": "#FFFFFFFF"])
        }
    }

    @Test("Vector drawable: the 240 dp canvas with an icon background, a path per shape, the pivot at the anchor")
    func vectorDrawable() throws {
        let root = try Self.xml("android/res/drawable/splash_icon.xml")
        #expect(root.name == "vector")
        #expect(Self.attribute(root, "android:width") == "240dp")
        #expect(Self.attribute(root, "android:viewportWidth") == "240")
        let group = try #require(Self.all(root, "group").first)
        #expect(Self.attribute(group, "android:name") == "logo")
        let paths = Self.all(root, "path")
        #expect(paths.count == 1)
        #expect(Self.attribute(paths[0], "android:fillColor") == "#1DA1F2")
        #expect(Self.attribute(paths[0], "android:pathData")?.hasPrefix("M") == true)
        // The pivot is the document box's centre (60, 50) under the fit.
        let manifest = try JSONDecoder().decode(
            AssetManifest.self, from: try Data(contentsOf: try Self.shared.get().appendingPathComponent("manifest.json")))
        let fit = try #require(manifest.androidIcon)
        #expect(fit.canvas == 240 && fit.safeRadius == 80)
        let pivot = fit.transform.apply(to: Point(x: 60, y: 50))
        #expect(abs((Double(Self.attribute(group, "android:pivotX") ?? "") ?? 0) - pivot.x) < 1e-3)
        #expect(abs((Double(Self.attribute(group, "android:pivotY") ?? "") ?? 0) - pivot.y) < 1e-3)
        // The dark logo's gradients go in as <gradient>s (linear and radial), its colours as colours.
        let night = try Self.xml("android/res/drawable-night/splash_icon.xml")
        let gradients = Self.all(night, "gradient")
        #expect(gradients.compactMap { Self.attribute($0, "android:type") } == ["linear", "radial"])
        #expect(Self.all(night, "path").filter { Self.attribute($0, "android:fillColor")?.count == 7 }.count == 3)
        #expect(!manifest.notes.contains { $0.hasPrefix("android/res/drawable-night/splash_icon.xml: gradients") })
        // Every file is listed with a purpose.
        #expect(manifest.files.allSatisfy { $0.purpose.count > 20 })
        #expect(manifest.files.contains { $0.path == "android/res/drawable/splash_icon_animated.xml" })
    }

    @Test("Animated icon: inline drawable, animators on the group's scale about the anchor, twitter's curves, <= 1,000 ms")
    func animatedIcon() throws {
        let root = try Self.xml("android/res/drawable/splash_icon_animated.xml")
        #expect(root.name == "animated-vector")
        #expect(Self.all(root, "vector").count == 1)
        let target = try #require(Self.all(root, "target").first)
        #expect(Self.attribute(target, "android:name") == "logo")
        let animators = Self.all(root, "objectAnimator")
        #expect(animators.count == 4)  // scaleX and scaleY, shrink and grow back
        var end = 0
        for animator in animators {
            let start = Int(Self.attribute(animator, "android:startOffset") ?? "") ?? -1
            let duration = Int(Self.attribute(animator, "android:duration") ?? "") ?? -1
            #expect(start >= 0 && duration > 0)
            end = max(end, start + duration)
            #expect(Self.all(animator, "pathInterpolator").count == 1)
        }
        #expect(end == 600 && end <= 1000)
        let properties = animators.map { Self.attribute($0, "android:propertyName") ?? "" }
        #expect(properties == ["scaleX", "scaleX", "scaleY", "scaleY"])
        let first = try #require(Self.all(animators[0], "pathInterpolator").first)
        #expect(["controlX1", "controlY1", "controlX2", "controlY2"].map { Self.attribute(first, "android:\($0)") } == ["0.42", "0", "0.58", "1"])
        #expect(Self.attribute(animators[0], "android:valueTo") == "0.75")
        #expect(Self.attribute(animators[1], "android:valueTo") == "1")
    }

    @Test("A motion longer than 1,000 ms is played faster to last exactly 1,000 ms; a segment past 1 is cut on its curve")
    func longMotion() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let fit = try AndroidIconFit(logo: logo, canvas: 288, mode: .circle)
        let drawable = try AndroidVectorDrawable(logo: logo, fit: fit, pixels: nil, pixelsPerDp: 4)
        // 1 -> 0.5 over 1 s, then 0.5 -> 2 over 2 s linearly: back at 1 at 1 + 2/3 s.
        let scale = AndroidAnimatedVectorDrawable.Motion(times: [0, 1, 3], values: [1, 0.5, 2], curves: [.easeInEaseOut, .linear])
        let icon = try AndroidAnimatedVectorDrawable(drawable: drawable, preset: "custom", scale: scale, rotation: nil)
        #expect(abs(icon.handOffTime - 5.0 / 3) < 1e-9)
        #expect(icon.durationMilliseconds == 1000)
        #expect(icon.notes.count == 1 && icon.notes[0].contains("1.667"))
        // An ease-out segment cut where it reaches 1: the left part keeps the curve's shape.
        let easeOut = AndroidAnimatedVectorDrawable.Motion(times: [0, 1], values: [0.5, 2.5], curves: [.easeOut])
        let cut = try #require(AndroidAnimatedVectorDrawable.returnToOne(easeOut))
        let part = AndroidAnimatedVectorDrawable.cut(easeOut, at: cut.time, endValue: 1)
        let curve = try #require(part.curves.first)
        for progress in stride(from: 0.0, through: 1.0, by: 0.125) {
            let value = 0.5 + 0.5 * curve.value(at: progress)
            let original = 0.5 + 2 * TimingCurve.easeOut.value(at: progress * cut.time)
            #expect(abs(value - original) < 1e-6, "\(progress)")
        }
        // A preset without hole motion is refused, naming it.
        #expect(throws: LogoMaskError.self) {
            try AndroidAnimatedVectorDrawable(drawable: drawable, preset: "huvi", scale: nil, rotation: nil)
        }
    }

    @Test("iOS: the storyboard centres the logo by constraints at its image's own size on the colour set; the plist names both")
    func iosLaunchScreen() throws {
        let root = try Self.xml("ios/LaunchScreen.storyboard")
        #expect(Self.attribute(root, "launchScreen") == "YES")
        let image = try #require(Self.all(root, "imageView").first)
        #expect(Self.attribute(image, "image") == "LaunchLogo")
        let constraints = Self.all(root, "constraint")
        let attributes = Set(constraints.compactMap { Self.attribute($0, "firstAttribute") })
        // No size constraints: the image view takes the PNG's point size, as UILaunchScreen does.
        #expect(attributes == ["centerX", "centerY"])
        let frame = Self.all(image, "rect").first
        #expect(frame.flatMap { Self.attribute($0, "width") } == "120")  // the @3x PNG's 360 px / 3
        #expect(frame.flatMap { Self.attribute($0, "height") } == "100")
        let colors = Self.all(root, "color").filter { Self.attribute($0, "key") == "backgroundColor" }
        #expect(colors.first.flatMap { Self.attribute($0, "name") } == "SplashBackground")
        let plist = try Self.xml("ios/UILaunchScreen.plist")
        let strings = Self.all(plist, "string").compactMap(\.stringValue)
        #expect(strings == ["SplashBackground", "LaunchLogo"])
        #expect(Self.all(plist, "key").compactMap(\.stringValue).first == "UILaunchScreen")
        // The colour set the storyboard names has a dark appearance.
        let colorSet = try Data(contentsOf: try Self.shared.get().appendingPathComponent("ios/Assets.xcassets/SplashBackground.colorset/Contents.json"))
        #expect(String(decoding: colorSet, as: UTF8.self).contains("\"dark\""))
    }

    @Test("assets is deterministic with every option: two runs, identical bytes")
    func deterministic() throws {
        let first = try Self.shared.get()
        let second = try TestPaths.temporaryFolder().appendingPathComponent("splash")
        defer { try? FileManager.default.removeItem(at: second.deletingLastPathComponent()) }
        let options = AssetOptions(
            platforms: [.android, .ios], background: try #require(RGBAColor(parsing: "#1DA1F2")),
            darkBackground: RGBAColor(parsing: "#0B1320"), darkLogo: try VectorLogo(contentsOf: TestPaths.sample("gradient.svg")),
            logoWidth: 120, stillPreset: nil, androidIconBackground: .white, animatedIcon: .twitter)
        _ = try AssetGenerator.write(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), options: options, to: second.path)
        let files = try #require(FileManager.default.subpaths(atPath: first.path)).sorted()
        #expect(files == (try #require(FileManager.default.subpaths(atPath: second.path))).sorted())
        var compared = 0
        for file in files {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: first.appendingPathComponent(file).path, isDirectory: &isFolder)
            if isFolder.boolValue { continue }
            #expect(FileManager.default.contents(atPath: first.appendingPathComponent(file).path)
                == FileManager.default.contents(atPath: second.appendingPathComponent(file).path), "\(file)")
            compared += 1
        }
        #expect(compared > 25)
    }
}
