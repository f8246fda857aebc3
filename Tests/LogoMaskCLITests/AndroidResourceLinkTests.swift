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
/// attributes and the two parent themes are declared below as the library declares them: the
/// names and formats from androidx's `core/core-splashscreen/src/main/res/values/attrs.xml`
/// (windowSplashScreenAnimatedIcon reference, windowSplashScreenIconBackgroundColor color,
/// windowSplashScreenBackground color, windowSplashScreenAnimationDuration integer,
/// postSplashScreenTheme reference), the two public themes from its `res/values/public.xml` and
/// `res/values/styles.xml` (Theme.SplashScreen; Theme.SplashScreen.IconBackground, whose parent
/// is Theme.SplashScreen). So a misspelled attribute or parent fails the link (checked below);
/// the platform's own attributes (`android:windowLightStatusBar`) come from Debian's
/// android-framework-res (Android 10's framework-res.apk).
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
        // Tango's utilities-terminal: translucent groups folded into the paths' fillAlpha and strokeAlpha.
        Case(name: "folded group opacity",
             arguments: ["--dark-background", "#101418", "--dark-logo", TestPaths.realWorldFolder.appendingPathComponent("tango/utilities-terminal.svg").path],
             parent: "Theme.SplashScreen", icon: "splash_icon", duration: "0", iconBackground: false, night: true),
    ]

    /// A temporary folder with the written Android resources of `gradient.svg` under the options.
    static func write(_ arguments: [String], in folder: URL) throws -> String {
        let out = folder.appendingPathComponent("splash").path
        let written = try CLI.run(["assets", CLI.sample("gradient.svg"), "-o", out, "--platforms", "android", "-q"] + arguments)
        try #require(written.status == 0, "\(written.stderr)")
        return out + "/android/res"
    }

    /// Compiles `res` and the core-splashscreen stub and links them against the framework:
    /// aapt2's status and messages, and the APK.
    static func link(_ res: String, in folder: URL) throws -> (status: Int32, stderr: String, apk: String) {
        let aapt2 = try Tool.path("aapt2")
        guard FileManager.default.fileExists(atPath: Self.framework) else {
            throw MissingTool(name: Self.framework, package: "android-framework-res")
        }
        let stub = folder.appendingPathComponent("stub/values")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        try Self.splashScreenStub.write(to: stub.appendingPathComponent("splashscreen.xml"), atomically: true, encoding: .utf8)
        let manifest = folder.appendingPathComponent("AndroidManifest.xml")
        try Self.manifest.write(to: manifest, atomically: true, encoding: .utf8)
        let app = folder.appendingPathComponent("app.zip").path, library = folder.appendingPathComponent("stub.zip").path
        let apk = folder.appendingPathComponent("app.apk").path
        for (input, output) in [(res, app), (stub.deletingLastPathComponent().path, library)] {
            let compiled = try runTool(aapt2, ["compile", "--dir", input, "-o", output])
            try #require(compiled.status == 0, "aapt2 compile \(input): \(compiled.stderr)")
        }
        let linked = try runTool(aapt2, ["link", "-I", Self.framework, "--manifest", manifest.path, "-o", apk, library, app])
        return (linked.status, linked.stderr, apk)
    }

    @Test("aapt2 compiles and links the resources; the theme is in the default configuration (and night's with a dark appearance)", arguments: cases)
    func link(_ option: Case) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let res = try Self.write(option.arguments, in: folder)
        let linked = try Self.link(res, in: folder)
        try #require(linked.status == 0, "aapt2 link: \(linked.stderr)")
        if option.name == "folded group opacity" {
            let night = try String(contentsOfFile: res + "/drawable-night/splash_icon.xml", encoding: .utf8)
            #expect(night.contains("<vector") && night.contains("android:fillAlpha=") && night.contains("android:strokeAlpha="), "a vector: \(night.prefix(300))")
        }

        let dump = try runTool(try Tool.path("aapt2"), ["dump", "resources", linked.apk])
        try #require(dump.status == 0, "\(dump.stderr)")
        let theme = Self.entries(of: "style/Theme.App.Starting", in: dump.stdout)
        // In the default configuration "()": API 23 and later read it; no -v31 entry. With a
        // dark appearance, also in "(night)".
        #expect(theme.keys.sorted() == (option.night ? ["()", "(night)"] : ["()"]), "\(theme.keys.sorted())")
        for (configuration, lines) in theme {
            #expect(lines.first?.contains("parent=style/\(option.parent) ") == true, "\(configuration) \(lines.first ?? "")")
            // Gradient.svg's white background wants dark status bar icons, #101418 light ones.
            var expected = [
                "postSplashScreenTheme=@style/Theme.App",
                "windowSplashScreenAnimatedIcon=@drawable/\(option.icon)",
                "windowSplashScreenAnimationDuration=\(option.duration)",
                "windowSplashScreenBackground=@color/splash_background",
                // aapt2 dumps a framework attribute by its id: 0x010104e0 is android:windowLightStatusBar.
                "0x010104e0=\(configuration == "(night)" ? "false" : "true")",
            ]
            if option.iconBackground { expected.append("windowSplashScreenIconBackgroundColor=@color/splash_icon_background") }
            let items = lines.dropFirst().map { line in
                // "name(0x7f010000)=value" -> "name=value"
                line.replacingOccurrences(of: #"\(0x[0-9a-f]+\)"#, with: "", options: .regularExpression)
            }.sorted()
            #expect(items == expected.sorted(), "\(configuration)")
        }

        let icon = Self.entries(of: "drawable/\(option.icon)", in: dump.stdout)
        #expect(icon["()"] != nil, "the icon in the default configuration: \(icon.keys.sorted())")
        #expect((icon["(night)"] != nil) == option.night, "a night icon only with a dark logo: \(icon.keys.sorted())")
        // values-night/colors.xml is always written; without a dark background it repeats the
        // light colour, which aapt2 folds into the default entry.
        let background = Self.entries(of: "color/splash_background", in: dump.stdout)
        #expect(background.keys.sorted() == (option.night ? ["()", "(night)"] : ["()"]))
    }

    @Test("A misspelled core-splashscreen attribute or parent fails the link: the stub is what checks the names", arguments: [
        ("windowSplashScreenBackground\"", "windowSplashScreenBackgroundColor\""),
        ("parent=\"Theme.SplashScreen\"", "parent=\"Theme.SplashScreenCompat\""),
        ("postSplashScreenTheme\"", "postSplashTheme\""),
    ])
    func misspelled(_ change: (String, String)) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let res = try Self.write([], in: folder)
        let themes = URL(fileURLWithPath: res + "/values/themes.xml")
        let text = try String(contentsOf: themes, encoding: .utf8)
        try #require(text.contains(change.0), "themes.xml has \(change.0)")
        try text.replacingOccurrences(of: change.0, with: change.1).write(to: themes, atomically: true, encoding: .utf8)
        let linked = try Self.link(res, in: folder)
        #expect(linked.status != 0, "aapt2 link accepted \(change.1)")
        let name = change.1.replacingOccurrences(of: "parent=", with: "").replacingOccurrences(of: "\"", with: "")
        #expect(linked.stderr.contains(name), "\(linked.stderr)")
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
