import Foundation
import Testing
import LogoMaskTestSupport

/// A picture splash icon (a `<bitmap>` drawable of the `splash_logo` density PNGs) from the
/// command line: it compiles and links with aapt2 as ``AndroidResourceLinkTests`` links the
/// vector one, in both mixes of appearances (a picture light logo with a vector dark one, and the
/// reverse, so one resource name is an XML `<bitmap>` in one configuration and a `<vector>` in
/// the other), and the Kotlin exit does not skip a motion the still picture never played.
@Suite("Android picture icon from the command line")
struct AndroidPictureIconCLITests {
    @Test("aapt2 links a <bitmap> splash icon beside a vector one, and its PNG source at every density", arguments: [
        ("glow.svg", "bird.svg"), ("bird.svg", "glow.svg"),
    ])
    func link(_ logos: (light: String, dark: String)) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("splash").path
        let written = try CLI.run([
            "assets", CLI.sample(logos.light), "-o", out, "--platforms", "android", "-q",
            "--dark-background", "#101418", "--dark-logo", CLI.sample(logos.dark), "--animated-icon", "twitter",
        ])
        try #require(written.status == 0, "\(written.stderr)")
        let res = out + "/android/res"
        let pictureFolder = logos.light == "glow.svg" ? "drawable" : "drawable-night"
        let picture = try String(contentsOfFile: "\(res)/\(pictureFolder)/splash_icon.xml", encoding: .utf8)
        #expect(picture.contains("<bitmap "), "\(picture)")
        let linked = try AndroidResourceLinkTests.link(res, in: folder)
        try #require(linked.status == 0, "aapt2 link: \(linked.stderr)")
        let dump = try runTool(try Tool.path("aapt2"), ["dump", "resources", linked.apk])
        try #require(dump.status == 0, "\(dump.stderr)")
        // The icon in both configurations; no animated icon (a picture cannot be animated).
        let icon = AndroidResourceLinkTests.entries(of: "drawable/splash_icon", in: dump.stdout)
        #expect(icon.keys.sorted() == ["()", "(night)"], "\(icon.keys.sorted())")
        #expect(AndroidResourceLinkTests.entries(of: "drawable/splash_icon_animated", in: dump.stdout).isEmpty)
        let theme = AndroidResourceLinkTests.entries(of: "style/Theme.App.Starting", in: dump.stdout)
        for (configuration, lines) in theme {
            #expect(lines.contains { $0.contains("windowSplashScreenAnimatedIcon") && $0.hasSuffix("=@drawable/splash_icon") }, "\(configuration): \(lines)")
        }
        // The <bitmap>'s source at the five densities, light and dark.
        let source = AndroidResourceLinkTests.entries(of: "drawable/splash_logo", in: dump.stdout)
        let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]
        #expect(source.keys.sorted() == (densities.map { "(\($0))" } + densities.map { "(night-\($0))" }).sorted(), "\(source.keys.sorted())")
    }

    @Test("code --animated-icon yula on a picture icon: the exit starts at 0, as no animated icon is written")
    func pictureIconStartsAtZero() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = folder.appendingPathComponent("code").path
        let run = try CLI.run(["code", CLI.sample("glow.svg"), "--platform", "android", "--preset", "yula", "--animated-icon", "yula", "-o", code, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let kotlin = try String(contentsOfFile: code + "/RevealGeometry.kt", encoding: .utf8)
        let line = try #require(kotlin.split(separator: "\n").first { $0.contains("const val startTime = ") })
        #expect(line.split(separator: " ").last.flatMap { Double($0) } == 0, "\(line)")
    }
}
