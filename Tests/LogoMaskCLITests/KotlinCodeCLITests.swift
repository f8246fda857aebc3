import Foundation
import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

@Suite("code --platform android: the launch screen's colours, night mode and icon canvas")
struct KotlinCodeCLITests {
    @Test("--background, --dark-background, --dark-logo and --android-icon-background reach RevealGeometry.kt; the logo rect is the launch scene's; same bytes twice; a bad --android-fit exits 64")
    func launchOptions() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--platform", "android", "--preset", "fade", "--viewport", "412x915@2.625", "--background", "#123456",
                       "--dark-background", "#0A0B0C", "--dark-logo", CLI.sample("ring.svg"), "--android-icon-background", "#FFFFFF"]
        let first = folder.appendingPathComponent("a").path, second = folder.appendingPathComponent("b").path
        let a = try CLI.run(["code", CLI.sample("gradient.svg")] + options + ["-o", first, "-q"])
        #expect(a.status == 0, "\(a.stderr)")
        let b = try CLI.run(["code", CLI.sample("gradient.svg")] + options + ["-o", second, "-q"])
        #expect(b.status == 0, "\(b.stderr)")
        for name in ["RevealGeometry.kt", "SplashReveal.kt", "SplashRevealCompose.kt"] {
            #expect(FileManager.default.contentsEqual(atPath: first + "/" + name, andPath: second + "/" + name), "\(name): same bytes")
        }
        let kotlin = try String(contentsOfFile: first + "/RevealGeometry.kt", encoding: .utf8)
        // #123456 and #0A0B0C as 0..1 with 4 decimals.
        #expect(kotlin.contains("val backgroundColor = doubleArrayOf(0.0706, 0.2039, 0.3373, 1.0)"))
        #expect(kotlin.contains("val darkBackgroundColor: DoubleArray? = doubleArrayOf(0.0392, 0.0431, 0.0471, 1.0)"))
        #expect(!kotlin.contains("darkShapes: List<Shape> = listOf(\n\n    )"), "the dark logo's shapes are written")
        #expect(kotlin.contains("ShapePaint.LINEAR") && kotlin.contains("ShapePaint.RADIAL"), "the sample's gradients")

        // The logo on the 240 dp icon canvas (an icon background), as the launch scene places it.
        let logo = try VectorLogo(contentsOf: CLI.sample("gradient.svg"))
        let launch = try LaunchScene(
            platform: .android, logo: logo, viewport: Viewport(width: 412, height: 915, density: 2.625), logoWidth: 100,
            background: .white, androidCanvas: 240)
        let icon = try #require(launch.iconCanvas)
        let line = try #require(kotlin.split(separator: "\n").first { $0.contains("val logoOnIcon = doubleArrayOf(") })
        let fractions = line.split(separator: "(")[1].split(separator: ")")[0].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        try #require(fractions.count == 4)
        #expect(abs(icon.x + fractions[0] * icon.width - launch.logoFrame.x) <= 1e-6)
        #expect(abs(fractions[2] * icon.width - launch.logoFrame.width) <= 1e-6)
        #expect(abs(icon.width - 240) < 0.5, "the icon canvas with a background is 240 dp: \(icon.width)")

        let bad = try CLI.run(["code", CLI.sample("gradient.svg"), "--platform", "android", "--preset", "fade", "--android-fit", "square", "-o", folder.appendingPathComponent("c").path])
        #expect(bad.status == 64 && bad.stderr.contains("--android-fit"))
    }

    @Test("--animated-icon yula: the exit starts at the assets manifest's animatedIcon.handOffTime; another preset than the icon's exits 64")
    func animatedIconHandOff() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let assets = folder.appendingPathComponent("assets").path
        let made = try CLI.run(["assets", CLI.sample("bird.svg"), "-o", assets, "--platforms", "android", "--animated-icon", "yula", "--still-preset", "none", "-q"])
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: assets + "/manifest.json"))) as? [String: Any]
        let handOff = try #require((manifest?["animatedIcon"] as? [String: Any])?["handOffTime"] as? Double)
        #expect(handOff > 0)
        let code = folder.appendingPathComponent("code").path
        let run = try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "android", "--preset", "yula", "--animated-icon", "yula", "-o", code, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let kotlin = try String(contentsOfFile: code + "/RevealGeometry.kt", encoding: .utf8)
        let line = try #require(kotlin.split(separator: "\n").first { $0.contains("const val startTime = ") })
        let start = try #require(line.split(separator: " ").last.flatMap { Double($0) })
        #expect(abs(start - handOff) <= 1e-9, "startTime \(start), the icon hands off at \(handOff)")
        let other = try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "android", "--preset", "twitter", "--animated-icon", "yula", "-o", folder.appendingPathComponent("x").path])
        #expect(other.status == 64 && other.stderr.contains("--animated-icon"))
    }
}
