import Foundation
import Testing
import LogoMaskTestSupport

/// Every Android resource `assets` writes, compiled and linked by aapt2 (Debian's `aapt`) as a
/// Gradle build would, one link per option (plain, icon background, animated icon, dark).
///
/// What this proves: the files are valid resources (XML, names, attribute formats, the vector
/// and animated drawables' syntax, `aapt:attr` inlines), every reference resolves (colours,
/// drawables, the parent themes), and the starting theme is in the default configuration, so it
/// exists on every API level, not only 31+. What it cannot prove: how core-splashscreen or the
/// system draws them. The androidx core-splashscreen library is not on this machine, so its
/// attributes and the two parent themes are declared below as the library declares them
/// (names and formats from its `res/values/attrs.xml`: windowSplashScreenBackground color,
/// windowSplashScreenAnimatedIcon reference, windowSplashScreenAnimationDuration integer,
/// windowSplashScreenIconBackgroundColor color, postSplashScreenTheme reference); the platform's
/// own attributes come from Debian's android-framework-res (Android 10's framework-res.apk).
@Suite("Android resources link with aapt2")
struct AndroidResourceLinkTests {
    static let framework = "/usr/share/android-framework-res/framework-res.apk"

    static let splashScreenStub = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <attr name="windowSplashScreenBackground" format="color"/>
            <attr name="windowSplashScreenAnimatedIcon" format="reference"/>
            <attr name="windowSplashScreenAnimationDuration" format="integer"/>
            <attr name="windowSplashScreenIconBackgroundColor" format="color"/>
            <attr name="postSplashScreenTheme" format="reference"/>
            <style name="Theme.SplashScreen" parent="android:Theme.Material.Light.NoActionBar"/>
            <style name="Theme.SplashScreen.IconBackground" parent="Theme.SplashScreen"/>
            <!-- The app's own theme, which postSplashScreenTheme names. -->
            <style name="Theme.App" parent="android:Theme.Material.Light.NoActionBar"/>
        </resources>

        """

    static let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.splash">
            <uses-sdk android:minSdkVersion="23" android:targetSdkVersion="29"/>
            <application android:theme="@style/Theme.App.Starting"/>
        </manifest>

        """

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let parent: String
        let icon: String
        let duration: String
        let iconBackground: Bool
        let night: Bool
        var description: String { name }
    }

    static let cases = [
        Case(name: "plain", arguments: [], parent: "Theme.SplashScreen", icon: "splash_icon", duration: "0",
             iconBackground: false, night: false),
        Case(name: "icon background", arguments: ["--android-icon-background", "#FFFFFF"],
             parent: "Theme.SplashScreen.IconBackground", icon: "splash_icon", duration: "0", iconBackground: true, night: false),
        Case(name: "animated icon", arguments: ["--animated-icon", "yula"], parent: "Theme.SplashScreen",
             icon: "splash_icon_animated", duration: "600", iconBackground: false, night: false),
        Case(name: "dark", arguments: ["--dark-background", "#101418", "--dark-logo", CLI.sample("bird.svg")],
             parent: "Theme.SplashScreen", icon: "splash_icon", duration: "0", iconBackground: false, night: true),
    ]

    @Test("aapt2 compiles and links the resources; the theme is in the default configuration", arguments: cases)
    func link(_ option: Case) throws {
        let aapt2 = try Tool.path("aapt2")
        guard FileManager.default.fileExists(atPath: Self.framework) else {
            throw MissingTool(name: Self.framework, package: "android-framework-res")
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("splash").path
        let written = try CLI.run(["assets", CLI.sample("gradient.svg"), "-o", out, "--platforms", "android", "-q"] + option.arguments)
        try #require(written.status == 0, "\(written.stderr)")

        let stub = folder.appendingPathComponent("stub/values")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        try Self.splashScreenStub.write(to: stub.appendingPathComponent("splashscreen.xml"), atomically: true, encoding: .utf8)
        let manifest = folder.appendingPathComponent("AndroidManifest.xml")
        try Self.manifest.write(to: manifest, atomically: true, encoding: .utf8)
        let app = folder.appendingPathComponent("app.zip").path, library = folder.appendingPathComponent("stub.zip").path
        let apk = folder.appendingPathComponent("app.apk").path
        for (input, output) in [(out + "/android/res", app), (stub.deletingLastPathComponent().path, library)] {
            let compiled = try runTool(aapt2, ["compile", "--dir", input, "-o", output])
            try #require(compiled.status == 0, "aapt2 compile \(input): \(compiled.stderr)")
        }
        let linked = try runTool(aapt2, ["link", "-I", Self.framework, "--manifest", manifest.path, "-o", apk, library, app])
        try #require(linked.status == 0, "aapt2 link: \(linked.stderr)")

        let dump = try runTool(aapt2, ["dump", "resources", apk])
        try #require(dump.status == 0, "\(dump.stderr)")
        let theme = Self.entries(of: "style/Theme.App.Starting", in: dump.stdout)
        // One definition, in the default configuration "()": API 23 and later read it.
        #expect(theme.keys.sorted() == ["()"], "\(theme.keys.sorted())")
        let lines = theme["()"] ?? []
        #expect(lines.first?.contains("parent=style/\(option.parent) ") == true, "\(lines.first ?? "")")
        var expected = [
            "postSplashScreenTheme=@style/Theme.App",
            "windowSplashScreenAnimatedIcon=@drawable/\(option.icon)",
            "windowSplashScreenAnimationDuration=\(option.duration)",
            "windowSplashScreenBackground=@color/splash_background",
        ]
        if option.iconBackground { expected.append("windowSplashScreenIconBackgroundColor=@color/splash_icon_background") }
        let items = lines.dropFirst().map { line in
            // "name(0x7f010000)=value" -> "name=value"
            line.replacingOccurrences(of: #"\(0x[0-9a-f]+\)"#, with: "", options: .regularExpression)
        }.sorted()
        #expect(items == expected.sorted())

        let icon = Self.entries(of: "drawable/\(option.icon)", in: dump.stdout)
        #expect(icon["()"] != nil, "the icon in the default configuration: \(icon.keys.sorted())")
        #expect((icon["(night)"] != nil) == option.night, "a night icon only with a dark logo: \(icon.keys.sorted())")
        // values-night/colors.xml is always written; without a dark background it repeats the
        // light colour, which aapt2 folds into the default entry.
        let background = Self.entries(of: "color/splash_background", in: dump.stdout)
        #expect(background.keys.sorted() == (option.night ? ["()", "(night)"] : ["()"]))
    }

    /// The configurations of one resource in `aapt2 dump resources` and their lines: the
    /// configuration line's text after the qualifier, then the style's items, trimmed.
    static func entries(of resource: String, in dump: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var inside = false, current: String?
        for raw in dump.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("resource ") {
                inside = line.hasSuffix(" " + resource)
                current = nil
                continue
            }
            guard inside else { continue }
            if line.hasPrefix("type ") { inside = false; continue }
            if line.hasPrefix("("), let close = line.firstIndex(of: ")") {
                let qualifier = String(line[...close])
                current = qualifier
                result[qualifier, default: []].append(String(line[line.index(after: close)...]).trimmingCharacters(in: .whitespaces))
            } else if let current, !line.isEmpty {
                result[current, default: []].append(line)
            }
        }
        return result
    }
}
