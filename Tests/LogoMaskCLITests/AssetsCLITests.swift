import Foundation
import LogoMaskTestSupport
import Testing

@Suite("assets command")
struct AssetsCLITests {
    @Test("assets fits the icon in the circle by default; --android-fit canvas warns with the exact ratio; bad values are usage errors")
    func fitAndWarning() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let square = folder.appendingPathComponent("square.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><rect width='100' height='100'/></svg>".utf8).write(to: square)
        let out = folder.appendingPathComponent("splash").path
        let fitted = try CLI.run(["assets", square.path, "-o", out, "--platforms", "android,web", "-q"])
        #expect(fitted.status == 0)
        #expect(!fitted.stderr.contains("warning:"))
        #expect(FileManager.default.fileExists(atPath: out + "/android/res/drawable/splash_icon.xml"))
        let result = try CLI.run(["assets", square.path, "-o", out, "--platforms", "android,web", "--android-fit", "canvas", "-q"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning:") && result.stderr.contains("2.121"))
        #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))
        #expect(!FileManager.default.fileExists(atPath: out + "/ios"))
        #expect(try CLI.run(["assets", square.path, "-o", out, "--platforms", "windows"]).status == 64)
        #expect(try CLI.run(["assets", square.path, "-o", out, "--android-fit", "square"]).status == 64)
        #expect(try CLI.run(["assets", square.path, "-o", out, "--animated-icon", "spin"]).status == 64)
    }

    @Test("--animated-icon twitter writes the AVD and points the theme at it; huvi is refused and nothing is written")
    func animatedIcon() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("splash").path
        let ok = try CLI.run(["assets", CLI.sample("bird.svg"), "-o", out, "--platforms", "android", "--animated-icon", "twitter",
                              "--android-icon-background", "#FFFFFF", "-q"])
        #expect(ok.status == 0, "\(ok.stderr)")
        let theme = try String(contentsOfFile: out + "/android/res/values/themes.xml", encoding: .utf8)
        #expect(theme.contains("@drawable/splash_icon_animated<"))
        #expect(theme.contains("windowSplashScreenIconBackgroundColor"))
        #expect(theme.contains(">600<"))
        let other = folder.appendingPathComponent("other").path
        let refused = try CLI.run(["assets", CLI.sample("bird.svg"), "-o", other, "--platforms", "android", "--animated-icon", "huvi"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("huvi"))
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}
