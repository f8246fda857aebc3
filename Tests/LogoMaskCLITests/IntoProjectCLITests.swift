import Foundation
import LogoMaskTestSupport
import Testing

/// `assets --into PROJECT_DIR`: from empty project layouts (folders only), the files land where
/// each tool reads them, a re-run gives the same bytes, a hand-edited file is refused (status 73,
/// named, nothing changed) and `--force` overwrites it.
@Suite("assets --into")
struct IntoProjectCLITests {
    /// A project made of `folders` (no files) in a fresh temporary folder.
    static func project(_ folders: [String]) throws -> URL {
        let root = try CLI.temporaryFolder().appendingPathComponent("MyApp")
        for folder in [""] + folders {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        return root
    }

    /// Every regular file under `root`, by relative path, with its bytes.
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
            var isFolder: ObjCBool = false
            let full = root.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }

    /// Runs `assets bird.svg --into ROOT --platforms PLATFORM` (and `extra`).
    static func into(_ root: URL, _ platform: String, _ extra: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        try CLI.run(["assets", CLI.sample("bird.svg"), "--into", root.path, "--platforms", platform, "-q"] + extra)
    }

    /// Runs twice over a fresh layout: the exact files, then the same bytes again.
    static func placesExactly(_ platform: String, layout: [String], expected: [String]) throws -> URL {
        let root = try project(layout)
        let first = try into(root, platform)
        #expect(first.status == 0, "\(first.stderr)")
        let written = try snapshot(root)
        #expect(written.keys.sorted() == (expected + [".logo-mask/written.json"]).sorted())
        let second = try into(root, platform)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try snapshot(root) == written)
        return root
    }

    @Test("react-native: res/, ios/<App>/ (named by the .xcodeproj) and assets/bootsplash/; an edited file is refused, --force overwrites")
    func reactNative() throws {
        let res = "android/app/src/main/res"
        let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]
        let imageset = "ios/MyApp/Images.xcassets/BootSplashLogo.imageset"
        let expected = densities.map { "\(res)/drawable-\($0)/bootsplash_logo.png" } + [
            "\(res)/values/colors.xml", "\(res)/values/bootsplash_styles.xml",
            "ios/MyApp/BootSplash.storyboard", "ios/MyApp/Colors.xcassets/BootSplashBackground.colorset/Contents.json",
            "\(imageset)/Contents.json", "\(imageset)/bootsplash_logo.png", "\(imageset)/bootsplash_logo@2x.png", "\(imageset)/bootsplash_logo@3x.png",
            "assets/bootsplash/manifest.json", "assets/bootsplash/logo.png", "assets/bootsplash/logo@1,5x.png",
            "assets/bootsplash/logo@2x.png", "assets/bootsplash/logo@3x.png", "assets/bootsplash/logo@4x.png",
        ]
        let root = try Self.placesExactly(
            "react-native", layout: [res, "ios/MyApp", "ios/MyApp.xcodeproj", "assets", "src"], expected: expected)
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let original = try Self.snapshot(root)

        // Edited by hand: refused with 73, named, and no file changes (the others are not rewritten either).
        let edited = "assets/bootsplash/manifest.json"
        let mine = Data("{\"edited\": true}\n".utf8)
        try mine.write(to: root.appendingPathComponent(edited))
        let refused = try Self.into(root, "react-native", ["--background", "#102030"])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains(root.appendingPathComponent(edited).path))
        #expect(refused.stderr.contains("--force"))
        var expectedAfter = original
        expectedAfter[edited] = mine
        #expect(try Self.snapshot(root) == expectedAfter)

        // --force overwrites it with logo-mask's bytes.
        let forced = try Self.into(root, "react-native", ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.snapshot(root) == original)
    }

    @Test("react-native without an iOS app folder is refused naming ios/, and nothing is written")
    func noAppFolder() throws {
        let root = try Self.project(["android/app/src/main/res", "ios"])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let result = try Self.into(root, "react-native")
        #expect(result.status == 64)
        #expect(result.stderr.contains("cannot tell the iOS app's folder"))
        #expect(try Self.snapshot(root).isEmpty)
    }

    @Test("expo: assets/splash-icon.png and app.config.js adding the plugin entry; app.json is left as it was")
    func expo() throws {
        let root = try Self.placesExactly("expo", layout: ["assets", "app"], expected: ["assets/splash-icon.png", "app.config.js"])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let script = try String(contentsOf: root.appendingPathComponent("app.config.js"), encoding: .utf8)
        #expect(script.contains("\"expo-splash-screen\""))
        #expect(script.contains("\"image\" : \"./assets/splash-icon.png\""))
        #expect(script.contains("module.exports = ({ config }) =>"))
        let appJSON = Data("{\"expo\": {\"name\": \"MyApp\", \"plugins\": [\"expo-router\"]}}\n".utf8)
        try appJSON.write(to: root.appendingPathComponent("app.json"))
        #expect(try Self.into(root, "expo").status == 0)
        #expect(try Data(contentsOf: root.appendingPathComponent("app.json")) == appJSON)
    }

    @Test("flutter: flutter_native_splash.yaml at the root and the images it names under assets/splash/; an edited yaml is refused")
    func flutter() throws {
        let root = try Self.placesExactly(
            "flutter", layout: ["lib", "android", "ios", "assets"],
            expected: ["flutter_native_splash.yaml", "assets/splash/logo.png", "assets/splash/android12.png"])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let yaml = try String(contentsOf: root.appendingPathComponent("flutter_native_splash.yaml"), encoding: .utf8)
        for named in ["image: assets/splash/logo.png", "image: assets/splash/android12.png"] { #expect(yaml.contains(named)) }
        try Data((yaml + "# mine\n").utf8).write(to: root.appendingPathComponent("flutter_native_splash.yaml"))
        let refused = try Self.into(root, "flutter")
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("flutter_native_splash.yaml"))
    }

    @Test("capacitor: @capacitor/assets' inputs under assets/; with -o too, the folder holds the same bytes")
    func capacitor() throws {
        let root = try Self.placesExactly(
            "capacitor", layout: ["assets", "src", "android", "ios"], expected: ["assets/logo.svg", "assets/splash.png"])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let out = root.deletingLastPathComponent().appendingPathComponent("splash")
        #expect(try Self.into(root, "capacitor", ["-o", out.path]).status == 0)
        let project = try Self.snapshot(root), folder = try Self.snapshot(out)
        #expect(folder["capacitor/assets/splash.png"] == project["assets/splash.png"])
        #expect(folder["capacitor/assets/logo.svg"] == project["assets/logo.svg"])
        #expect(folder["manifest.json"] != nil)
    }

    @Test("generate with into: in the configuration writes the same project files; --force goes through")
    func generateInto() throws {
        let root = try Self.project(["lib", "assets"])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let config = root.deletingLastPathComponent().appendingPathComponent("logo-mask.yml")
        try Data("""
            logo: \(CLI.sample("bird.svg"))
            platforms: [flutter]
            devices: ["iPhone SE"]
            output: splash
            into: MyApp

            """.utf8).write(to: config)
        let result = try CLI.run(["generate", config.path, "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try Self.snapshot(root)
        #expect(written.keys.sorted() == [
            ".logo-mask/written.json", "assets/splash/android12.png", "assets/splash/logo.png", "flutter_native_splash.yaml",
        ])
        // The same bytes as assets --into writes (same logo, width and colours).
        let other = try Self.project(["lib", "assets"])
        defer { try? FileManager.default.removeItem(at: other.deletingLastPathComponent()) }
        #expect(try Self.into(other, "flutter").status == 0)
        #expect(try Self.snapshot(other) == written)
        try Data("mine\n".utf8).write(to: root.appendingPathComponent("assets/splash/logo.png"))
        #expect(try CLI.run(["generate", config.path, "-q"]).status == 73)
        #expect(try CLI.run(["generate", config.path, "-q", "--force"]).status == 0)
        #expect(try Self.snapshot(root) == written)
    }
}
