import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import Testing

/// The preview's controls write the configuration file through ConfigurationEditor: one line
/// changes, comments stay; a bad value changes nothing. And PreviewPath, the rule for the files
/// the preview serves. Milliseconds.
@Suite("Configuration editor and preview paths")
struct ConfigurationEditorTests {
    static let text = """
        # The logo.
        logo: "bird.svg"
        background: "white"   # the splash colour
        logoWidth: 100
        reveal:
          # The preset.
          preset: twitter
          duration:
          anchor: "center"  # where it grows from
          fps: 60

        """

    @Test("Setting a key changes its value on its line only, keeping comments, quoting text and leaving numbers plain")
    func setsOnTheLine() throws {
        let cases: [(String, String, Int, String)] = [
            ("background", "#1DA1F2", 2, "background: \"#1DA1F2\"  # the splash colour"),
            ("logoWidth", "120", 3, "logoWidth: 120"),
            ("reveal.duration", "0.8", 7, "  duration: 0.8"),
            ("reveal.anchor", "12.5,30", 8, "  anchor: \"12.5,30\"  # where it grows from"),
            ("reveal.anchor", "", 8, "  anchor:  # where it grows from"),
        ]
        let before = Self.text.components(separatedBy: "\n")
        for (key, value, line, expected) in cases {
            let after = try ConfigurationEditor.setting(key, to: value, in: Self.text, file: "logo-mask.yml").components(separatedBy: "\n")
            #expect(after.count == before.count, "\(key)")
            for index in before.indices where index != line { #expect(after[index] == before[index], "\(key): line \(index + 1)") }
            #expect(after[line] == expected)
        }
        let configuration = try SplashConfiguration.decode(
            try ConfigurationEditor.setting("reveal.duration", to: "0.8", in: Self.text, file: "x.yml"), file: "x.yml")
        #expect(configuration.reveal.duration == 0.8)
    }

    @Test("A key the file lacks is added under its section; a bad value or another key changes nothing")
    func addsAndRefuses() throws {
        let bare = "logo: bird.svg\nreveal:\n  preset: yula  # mine\n"
        let added = try ConfigurationEditor.setting("reveal.duration", to: "1.5", in: bare, file: "x.yml")
        #expect(added == "logo: bird.svg\nreveal:\n  duration: 1.5\n  preset: yula  # mine\n")
        let top = try ConfigurationEditor.setting("logoWidth", to: "90", in: "logo: bird.svg\n", file: "x.yml")
        #expect(top == "logo: bird.svg\nlogoWidth: 90\n")
        let section = try ConfigurationEditor.setting("reveal.anchor", to: "center", in: "logo: bird.svg\n", file: "x.yml")
        #expect(section == "logo: bird.svg\nreveal:\n  anchor: \"center\"\n")
        #expect(throws: LogoMaskError.self) { try ConfigurationEditor.setting("logoWidth", to: "-3", in: Self.text, file: "x.yml") }
        #expect(throws: LogoMaskError.self) { try ConfigurationEditor.setting("reveal.anchor", to: "nowhere", in: Self.text, file: "x.yml") }
        #expect(throws: LogoMaskError.self) { try ConfigurationEditor.setting("output", to: "elsewhere", in: Self.text, file: "x.yml") }
        do {
            _ = try ConfigurationEditor.setting("logoWidth", to: "50", in: "logo: [bird.svg\n", file: "broken.yml")
            Issue.record("a broken file was edited")
        } catch let LogoMaskError.invalidConfiguration(file, line, _, _) {
            #expect(file == "broken.yml" && line >= 1)
        }
    }

    @Test("PreviewPath serves files inside the folder and refuses .., encoded or not, and links that leave it")
    func paths() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("art/logo.svg"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out").path, withDestinationPath: "/etc")
        let root = folder.path
        #expect(PreviewPath.resolve("art/logo.svg", under: root)?.hasSuffix("/art/logo.svg") == true)
        #expect(PreviewPath.resolve("art%2Flogo.svg", under: root)?.hasSuffix("/art/logo.svg") == true)
        for path in ["../etc/passwd", "art/../../etc/passwd", "%2e%2e/etc/passwd", "..%2Fetc%2Fpasswd", "art/%2E%2E/%2E%2E/x",
                     "out/passwd", "art/logo.svg%00", "%zz", "", "missing.svg"] {
            #expect(PreviewPath.resolve(path, under: root) == nil, "\(path)")
        }
    }
}
