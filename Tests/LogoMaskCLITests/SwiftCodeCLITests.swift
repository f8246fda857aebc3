import Foundation
import LogoMaskTestSupport
import Testing

/// The code command's launch-screen settings as a user passes them: flags, or a configuration
/// file through --config, reaching the generated Swift.
@Suite("CLI: code --background, --dark-background, --dark-logo and --config into the Swift")
struct SwiftCodeCLITests {
    /// The line of `text` after `marker`.
    private func line(_ text: String, _ marker: String) throws -> String {
        let found = try #require(text.split(separator: "\n").first { $0.contains(marker) }, "\(marker)")
        return String(found[found.range(of: marker)!.upperBound...])
    }

    @Test("the flags set the background, dark background and dark logo; without them the spec's colour and no dark mode; --config passes the file's")
    func launchSettings() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bird = CLI.sample("bird.svg")
        let flagged = folder.appendingPathComponent("flags").path
        let a = try CLI.run([
            "code", bird, "--platform", "ios", "--preset", "fade", "--background", "#FF8000", "--dark-background", "#102030",
            "--dark-logo", CLI.sample("gradient.svg"), "-o", flagged, "-q",
        ])
        #expect(a.status == 0, "\(a.stderr)")
        let swift = try String(contentsOfFile: flagged + "/RevealGeometry.swift", encoding: .utf8)
        #expect(try line(swift, "static let backgroundColor = ") == "[1.0, 0.502, 0.0, 1.0]")
        #expect(try line(swift, "static let darkBackgroundColor: [Double]? = ") == "[0.0627, 0.1255, 0.1882, 1.0]")
        #expect(try line(swift, "static let hasDarkMode = ") == "true")
        #expect(try line(swift, "static let darkLogoAspect: Double? = ") == "1.0")
        #expect(swift.contains("public static let darkShapes: [Shape]? = [\n") && swift.contains("paint: .linear("))

        let plain = folder.appendingPathComponent("plain").path
        #expect(try CLI.run(["code", bird, "--platform", "ios", "--preset", "twitter", "-o", plain, "-q"]).status == 0)
        let light = try String(contentsOfFile: plain + "/RevealGeometry.swift", encoding: .utf8)
        // twitter's own background, #1D9BF0, when no launch background is given.
        #expect(try line(light, "static let backgroundColor = ") == "[0.1137, 0.6078, 0.9412, 1.0]")
        #expect(try line(light, "static let hasDarkMode = ") == "false")
        #expect(try line(light, "static let darkShapes: [Shape]? = ") == "nil")

        // --config: the file's background, dark background and dark logo.
        try FileManager.default.copyItem(atPath: CLI.sample("gradient.svg"), toPath: folder.appendingPathComponent("dark.svg").path)
        let config = folder.appendingPathComponent("logo-mask.yml").path
        try Data("logo: \"\(bird)\"\ndarkLogo: dark.svg\nbackground: \"#FFFFFF\"\ndarkBackground: \"#000000\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let configured = folder.appendingPathComponent("configured").path
        let b = try CLI.run(["code", "--config", config, "--platform", "ios", "-o", configured, "-q"])
        #expect(b.status == 0, "\(b.stderr)")
        let fromFile = try String(contentsOfFile: configured + "/RevealGeometry.swift", encoding: .utf8)
        #expect(try line(fromFile, "static let backgroundColor = ") == "[1.0, 1.0, 1.0, 1.0]")
        #expect(try line(fromFile, "static let darkBackgroundColor: [Double]? = ") == "[0.0, 0.0, 0.0, 1.0]")
        #expect(try line(fromFile, "static let darkLogoAspect: Double? = ") == "1.0")
    }
}
