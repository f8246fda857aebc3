import Foundation
import LogoMask
import LogoMaskTestSupport
import Testing

/// Dark mode in the reveal outputs: `reveal` writes a dark twin beside each output when a dark
/// background or logo is given (by flag or by `--config`), and `generate` writes and lists the
/// dark Lottie, previews and stills and the night theme. That frame 0 of the dark outputs is the
/// dark launch screen is HandOffTests' job; here: which files, and that they are dark.
@Suite("dark mode: reveal twins and generate")
struct DarkModeCLITests {
    static let dark = "#0B1320"
    /// The dark background as the Lottie writes a colour (channels over 255, four decimals).
    static let darkInLottie = "[0.0431,0.0745,0.1255"

    /// The RGBA of pixel (x, y).
    static func pixel(_ path: String, _ x: Int, _ y: Int) throws -> [UInt8] {
        let picture = try PNGPicture(contentsOf: path)
        let at = (y * picture.width + x) * 4
        return Array(picture.rgba[at..<at + 4])
    }

    @Test("The dark twin of a path: -dark before the extension, on the last component, a folder's slash kept")
    func darkPaths() {
        #expect(DarkVariantPath.of("x.json") == "x-dark.json")
        #expect(DarkVariantPath.of("out/sheet.png") == "out/sheet-dark.png")
        #expect(DarkVariantPath.of("frames/") == "frames-dark/")
        #expect(DarkVariantPath.of("a.b/frames") == "a.b/frames-dark")
        #expect(DarkVariantPath.of("out/.hidden") == "out/.hidden-dark")
        #expect(DarkVariantPath.of("clip.tar.mp4") == "clip.tar-dark.mp4")
    }

    @Test("reveal --dark-background --dark-logo: the Lottie, sheet, still and frames get dark twins over the dark colour; --config gives the same")
    func revealTwins() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let screen = ["--preset", "twitter", "--viewport", "160x284@1", "--logo-width", "48", "--fps", "10", "-q"]
        let flags = ["--dark-background", Self.dark, "--dark-logo", CLI.sample("y-mark.svg")]
        let lottie = try CLI.run(["reveal", CLI.sample("bird.svg"), "-o", path("x.json"), "--still", path("still.png")] + screen + flags)
        #expect(lottie.status == 0, "\(lottie.stderr)")
        let frames = try CLI.run(["reveal", CLI.sample("bird.svg"), "-o", path("frames/"), "--contact-sheet", path("sheet.png")] + screen + flags)
        #expect(frames.status == 0, "\(frames.stderr)")
        for name in ["x.json", "x-dark.json", "still.png", "still-dark.png", "sheet.png", "sheet-dark.png", "frames/frame-0000.png", "frames-dark/frame-0000.png"] {
            #expect(FileManager.default.fileExists(atPath: path(name)), "\(name)")
        }
        let light = try String(contentsOfFile: path("x.json"), encoding: .utf8)
        let dark = try String(contentsOfFile: path("x-dark.json"), encoding: .utf8)
        #expect(dark.contains(Self.darkInLottie) && !light.contains(Self.darkInLottie))
        // The corner is the launch background; the middle the logo (y-mark's green, bird's blue).
        #expect(try Self.pixel(path("still-dark.png"), 2, 2) == [0x0B, 0x13, 0x20, 255])
        #expect(try Self.pixel(path("frames-dark/frame-0000.png"), 2, 2) == [0x0B, 0x13, 0x20, 255])
        #expect(try Self.pixel(path("still.png"), 2, 2) != [0x0B, 0x13, 0x20, 255])
        #expect(try Self.pixel(path("still-dark.png"), 80, 142) != Self.pixel(path("still.png"), 80, 142))

        // The configuration's darkBackground reaches reveal through --config.
        let config = path("logo-mask.yml")
        try Data("logo: \"\(CLI.sample("bird.svg"))\"\ndarkBackground: \"\(Self.dark)\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let configured = try CLI.run(["reveal", "--config", config, "--still", path("c.png")] + screen)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(try Self.pixel(path("c-dark.png"), 2, 2) == [0x0B, 0x13, 0x20, 255])
        #expect(try Self.pixel(path("c.png"), 2, 2) == [255, 255, 255, 255])
    }

    @Test("generate with a dark background and logo writes and lists reveal-dark.json, the dark previews and stills and values-night/themes.xml")
    func generate() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["bird.svg", "y-mark.svg"] {
            try FileManager.default.copyItem(atPath: CLI.sample(name), toPath: folder.appendingPathComponent(name).path)
        }
        let config = folder.appendingPathComponent("logo-mask.yml").path
        let text = """
            logo: bird.svg
            darkLogo: y-mark.svg
            darkBackground: "\(Self.dark)"
            platforms: [ios, android]
            devices: ["iPhone SE"]
            reveal:
              fps: 10

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        let run = try CLI.run(["generate", config, "-q"])
        try #require(run.status == 0, "\(run.stderr)")
        let out = folder.appendingPathComponent("splash").path
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any]
        let listed = Set((manifest?["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? [])
        for name in [
            "reveal/reveal.json", "reveal/reveal-dark.json", "previews/iPhone-SE.png", "previews/iPhone-SE-dark.png",
            "ios/LaunchStills/iPhone-SE-portrait-dark.png", "ios/LaunchStills/iPhone-SE-landscape-dark.png",
            "android/res/values/themes.xml", "android/res/values-night/themes.xml",
        ] {
            #expect(listed.contains(name), "\(name) in the manifest")
            #expect(FileManager.default.fileExists(atPath: out + "/" + name), "\(name)")
        }
        let dark = try String(contentsOfFile: out + "/reveal/reveal-dark.json", encoding: .utf8)
        #expect(dark.contains(Self.darkInLottie))
        #expect(try Self.pixel(out + "/ios/LaunchStills/iPhone-SE-portrait-dark.png", 2, 2) == [0x0B, 0x13, 0x20, 255])
    }
}
