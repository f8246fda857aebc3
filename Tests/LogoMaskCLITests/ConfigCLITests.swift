import Foundation
import LogoMaskTestSupport
import Testing

@Suite("configuration file: init, generate, --config")
struct ConfigCLITests {
    /// A folder holding bird.svg and a configuration `text`.
    private func project(_ text: String) throws -> (folder: URL, config: String) {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: CLI.sample("bird.svg"), toPath: folder.appendingPathComponent("bird.svg").path)
        let config = folder.appendingPathComponent("logo-mask.yml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        return (folder, config)
    }

    /// The RGBA of pixel (x, y).
    private func pixel(_ path: String, _ x: Int, _ y: Int) throws -> [UInt8] {
        let picture = try PNGPicture(contentsOf: path)
        let at = (y * picture.width + x) * 4
        return Array(picture.rgba[at..<at + 4])
    }

    /// Every file under `folder` with its bytes' hash, sorted by path.
    private func hashes(_ folder: String) throws -> [String: Int] {
        var result: [String: Int] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            var hasher = Hasher()
            hasher.combine(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
            result[path] = hasher.finalize()
        }
        return result
    }

    @Test("init writes the commented defaults, refuses to overwrite without --force; generate writes the whole list, byte-identical twice")
    func initAndGenerate() throws {
        let (folder, _) = try project("")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("app/logo-mask.yml").path
        try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("app").path, withIntermediateDirectories: true)
        let written = try CLI.run(["init", folder.appendingPathComponent("bird.svg").path, "-o", config, "-q"])
        #expect(written.status == 0, "\(written.stderr)")
        var text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.contains("logo: \"../bird.svg\""))
        #expect(text.contains("anchor: \"center-or-auto\""))
        let refused = try CLI.run(["init", folder.appendingPathComponent("bird.svg").path, "-o", config])
        #expect(refused.status == 64)
        #expect(refused.stderr == "logo-mask: \(config) exists; pass --force to replace it.\n")
        #expect(try CLI.run(["init", folder.appendingPathComponent("bird.svg").path, "-o", config, "--force", "-q"]).status == 0)

        // One device and a low frame rate keep the run short; every output kind is still there.
        text = text.replacingOccurrences(of: "  - \"iPhone 15\"\n  - \"iPhone 15 Pro Max\"\n  - \"iPad Pro 12.9\\\"\"\n  - \"Pixel 8\"\n", with: "")
            .replacingOccurrences(of: "fps: 60", with: "fps: 10")
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        let first = try CLI.run(["generate", config, "-q"])
        #expect(first.status == 0, "\(first.stderr)")
        let out = folder.appendingPathComponent("app/splash").path
        let files = try hashes(out)
        let expected: Set<String> = [
            "manifest.json", "reveal/reveal.json", "reveal/reveal.lottie", "reveal/reveal.html", "reveal/logo-reveal.js",
            "previews/iPhone-SE.png", "previews/Galaxy-S24.png",
            "ios/Reveal/RevealGeometry.swift", "ios/Reveal/SplashReveal.swift", "ios/Reveal/SplashRevealView.swift",
            "android/Reveal/RevealGeometry.kt", "android/Reveal/SplashReveal.kt", "android/Reveal/SplashRevealCompose.kt",
            "ios/LaunchScreen.storyboard", "ios/UILaunchScreen.plist",
            "ios/LaunchStills/iPhone-SE-portrait.png", "ios/LaunchStills/iPhone-SE-landscape.png",
            "ios/Assets.xcassets/Contents.json", "ios/Assets.xcassets/SplashBackground.colorset/Contents.json",
            "ios/Assets.xcassets/LaunchLogo.imageset/Contents.json", "ios/Assets.xcassets/LaunchLogo.imageset/LaunchLogo.png",
            "ios/Assets.xcassets/LaunchLogo.imageset/LaunchLogo@2x.png", "ios/Assets.xcassets/LaunchLogo.imageset/LaunchLogo@3x.png",
            "ios/Assets.xcassets/LaunchLogoVector.imageset/Contents.json", "ios/Assets.xcassets/LaunchLogoVector.imageset/LaunchLogo.pdf",
            "ios/Assets.xcassets/SplashHole.imageset/Contents.json", "ios/Assets.xcassets/SplashHole.imageset/SplashHole.pdf",
            "android/LaunchStills/Galaxy-S24-portrait.png", "android/LaunchStills/Galaxy-S24-landscape.png",
            "android/res/drawable/splash_icon.xml", "android/res/values/colors.xml", "android/res/values-night/colors.xml",
            "android/res/values/themes.xml",
            "android/res/drawable-mdpi/splash_logo.png", "android/res/drawable-hdpi/splash_logo.png",
            "android/res/drawable-xhdpi/splash_logo.png", "android/res/drawable-xxhdpi/splash_logo.png",
            "android/res/drawable-xxxhdpi/splash_logo.png",
            "web/logo.png", "web/logo@2x.png", "web/logo@3x.png", "web/logo@4x.png", "web/splash-hole.svg",
            "web/splash.html", "web/splash-hole.css",
        ]
        #expect(Set(files.keys) == expected)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any]
        let listed = (manifest?["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        #expect(Set(listed) == expected.subtracting(["manifest.json"]))
        #expect(pngSize(out + "/previews/iPhone-SE.png") != nil)

        let second = try CLI.run(["generate", config, "-q"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try hashes(out) == files)
    }

    @Test("generate with center-or-auto: one anchor for the launch files of every platform and the Swift and Kotlin code, though each device alone would pick its own")
    func oneAnchorAcrossPlatforms() throws {
        // monogame (simple-icons, CC0): its centre is in a gap; alone, an iPhone SE picks x 12.0, a Pixel 8 x 1.7.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: TestPaths.packageRoot.appendingPathComponent("Tests/LogoMaskTests/Fixtures/simple-icons-cover/monogame.svg").path,
            toPath: folder.appendingPathComponent("monogame.svg").path)
        let config = folder.appendingPathComponent("logo-mask.yml").path
        try Data("""
            logo: monogame.svg
            platforms: [ios, android]
            devices: ["iPhone SE", "Pixel 8"]
            reveal:
              anchor: center-or-auto
              fps: 10
            """.utf8).write(to: URL(fileURLWithPath: config))
        let run = try CLI.run(["generate", config, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let out = folder.appendingPathComponent("splash").path
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any])
        let launch = try #require(manifest["launch"] as? [String: [String: Any]])
        func anchor(_ platform: String) throws -> (x: Double, y: Double) {
            let point = try #require(launch[platform]?["anchor"] as? [String: Double], "\(platform)")
            return (try #require(point["x"]), try #require(point["y"]))
        }
        let ios = try anchor("ios"), android = try anchor("android")
        #expect(ios == android && launch["ios"]?["anchorChosen"] as? String == "best")
        #expect(abs(ios.x - 1.72) > 1, "the Pixel 8's own point \(ios)")
        // The code's anchor offsets are the same point: (anchor - the box's centre 12,12) x points per unit.
        func constant(_ name: String, in file: String) throws -> Double {
            let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first { $0.contains(name) && $0.contains("=") }, "\(name) in \(file)")
            return try #require(Double(line.split(separator: "=").last!.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
        let swift = try String(contentsOfFile: out + "/ios/Reveal/RevealGeometry.swift", encoding: .utf8)
        #expect(swift.contains(String(format: "anchorOffset = (x: %.9f, y: %.9f)", (ios.x - 12) * 100 / 24, (ios.y - 12) * 100 / 24)), "iOS anchor")
        let kotlin = "android/Reveal/RevealGeometry.kt"
        let perUnit = try constant("logoWidth", in: kotlin) / 24
        #expect(abs(try constant("anchorOffsetX", in: kotlin) - (android.x - 12) * perUnit) < 1e-6)
        #expect(abs(try constant("anchorOffsetY", in: kotlin) - (android.y - 12) * perUnit) < 1e-6)
    }

    @Test("generate and --config stop with 64 naming the file, the line and the key; nothing is written")
    func badValue() throws {
        let (folder, config) = try project("logo: bird.svg\nbackground: white\nreveal:\n  preset: twiter\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try CLI.run(["generate", config])
        #expect(generated.status == 64)
        #expect(generated.stderr == "logo-mask: \(config):4: reveal.preset: \"twiter\" is not one of twitter, yula, huvi, fade\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("splash").path))
        #expect(try CLI.run(["generate", "--config", config]).stderr == generated.stderr)
        let hole = try CLI.run(["hole", "--config", config, "-o", folder.appendingPathComponent("h.png").path])
        #expect(hole.status == 64)
        #expect(hole.stderr == generated.stderr)

        // The output folder is replaced whole: never the one holding the file and the logo.
        try Data("logo: bird.svg\noutput: .\n".utf8).write(to: URL(fileURLWithPath: config))
        let mine = try CLI.run(["generate", config])
        #expect(mine.status == 64)
        #expect(mine.stderr == "logo-mask: .: the output folder is replaced whole, and it holds the configuration file; give the output a folder of its own, such as splash.\n")
        #expect(FileManager.default.fileExists(atPath: config))
    }

    @Test("hole --config: the file's background and device when the flags are absent; the flags win when given")
    func holePrecedence() throws {
        let (folder, config) = try project("logo: bird.svg\nbackground: \"#FF0000\"\ndevices: [iPhone SE]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromFile = folder.appendingPathComponent("file.png").path
        #expect(try CLI.run(["hole", "--config", config, "-o", fromFile, "-q"]).status == 0)
        #expect(pngSize(fromFile) == PNGSize(750, 1334))
        #expect(try pixel(fromFile, 0, 0) == [255, 0, 0, 255])
        let flags = folder.appendingPathComponent("flags.png").path
        let run = try CLI.run(["hole", "--config", config, "-o", flags, "--background-gradient", "#0000FF,#0000FF", "--viewport", "100x80@1", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(pngSize(flags) == PNGSize(100, 80))
        #expect(try pixel(flags, 0, 0) == [0, 0, 255, 255])
        // A logo given on the command line wins over the file's.
        let given = folder.appendingPathComponent("given.png").path
        #expect(try CLI.run(["hole", CLI.sample("bird.svg"), "--config", config, "-o", given, "-q"]).status == 0)
        #expect(FileManager.default.contents(atPath: given) == FileManager.default.contents(atPath: fromFile))
    }

    @Test("reveal --config: the file's preset, device and background unless given")
    func revealPrecedence() throws {
        let (folder, config) = try project("logo: bird.svg\nbackground: \"#00FF00\"\ndevices: [iPhone SE]\nreveal:\n  preset: fade\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromFile = folder.appendingPathComponent("file.png").path
        let run = try CLI.run(["reveal", "--config", config, "--still", fromFile, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"duration\" : 0.25"))  // fade
        #expect(pngSize(fromFile) == PNGSize(750, 1334))
        #expect(try pixel(fromFile, 0, 0) == [0, 255, 0, 255])
        let flags = folder.appendingPathComponent("flags.png").path
        let given = try CLI.run(["reveal", "--config", config, "--still", flags, "--preset", "twitter", "--background", "#0000FF", "--viewport", "90x120@1", "--json"])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout.contains("\"duration\" : 0.6"))  // twitter
        #expect(pngSize(flags) == PNGSize(90, 120))
        #expect(try pixel(flags, 0, 0) == [0, 0, 255, 255])
    }

    @Test("assets --config: the file's platforms and background unless given")
    func assetsPrecedence() throws {
        let (folder, config) = try project("logo: bird.svg\nbackground: \"#FF0000\"\nplatforms: [web]\nlogoWidth: 50\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromFile = folder.appendingPathComponent("file").path
        #expect(try CLI.run(["assets", "--config", config, "-o", fromFile, "-q"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: fromFile + "/web/logo.png"))
        #expect(!FileManager.default.fileExists(atPath: fromFile + "/ios"))
        #expect(pngSize(fromFile + "/web/logo.png") == PNGSize(50, 42))
        #expect(try String(contentsOfFile: fromFile + "/manifest.json", encoding: .utf8).contains("\"background\" : \"#FF0000\""))
        let flags = folder.appendingPathComponent("flags").path
        let run = try CLI.run(["assets", "--config", config, "-o", flags, "--platforms", "web", "--logo-width", "80", "--background", "#00FF00", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(pngSize(flags + "/web/logo.png") == PNGSize(80, 67))
        #expect(try String(contentsOfFile: flags + "/manifest.json", encoding: .utf8).contains("\"background\" : \"#00FF00\""))
    }
}
