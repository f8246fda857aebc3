import Foundation
import LogoMaskTestSupport
import Testing

/// `logo-mask --help` and every subcommand's `--help`, compared whole with the stored texts in
/// Help/ (`make references` rewrites them).
@Suite("help texts")
struct HelpTests {
    /// The subcommands, in the order Sources/logo-mask/LogoMaskCommand.swift lists them.
    static let commands = ["init", "generate", "info", "render", "export", "cover", "mask", "hole", "bounds", "assets", "reveal", "code", "preview", "header"]

    /// The stored texts: Help/logo-mask.txt for the tool's own help, Help/COMMAND.txt for each command.
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/LogoMaskCLITests/Help")

    /// `--help` of `command` ("logo-mask": the tool's own). Help is wrapped to the terminal's
    /// width; 80 columns make it the same in every terminal and under `swift test`.
    static func help(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try CLI.run((command == "logo-mask" ? [] : [command]) + ["--help"], environment: ["COLUMNS": "80"])
    }

    @Test("the whole --help text equals the stored one", arguments: ["logo-mask"] + commands)
    func wholeText(command: String) throws {
        let result = try Self.help(command)
        #expect(result.status == 0, "\(result.stderr)")
        if command != "logo-mask" {
            // Every command's --help teaches with an example; the geometry commands' on the samples.
            #expect(result.stdout.contains("Example"))
            #expect(result.stdout.contains("logo-mask \(command) "))
            if ["cover", "bounds", "mask", "hole"].contains(command) {
                #expect(result.stdout.contains("Examples:") && result.stdout.contains("logo-mask \(command) SampleLogos/"))
            }
        }
        let stored = Self.folder.appendingPathComponent("\(command).txt")
        if ReferenceMode.updating {
            try Data(result.stdout.utf8).write(to: stored)
            return
        }
        let expected = try String(contentsOf: stored, encoding: .utf8)
        if result.stdout == expected { return }
        let drawn = ReferenceMode.failureFolder.appendingPathComponent("help-\(command).txt")
        try FileManager.default.createDirectory(at: ReferenceMode.failureFolder, withIntermediateDirectories: true)
        try Data(result.stdout.utf8).write(to: drawn)
        let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
        Issue.record("""
            \(command) --help differs from \(stored.path) from line \(line + 1):
              stored: \(line < want.count ? String(want[line]) : "(end)")
              now:    \(line < got.count ? String(got[line]) : "(end)")
            See: diff -u \(stored.path) \(drawn.path)
            If the change is intended, run `make references`.
            """)
    }

    @Test("each discussion is laid out within 80 columns by logo-mask itself: a wider terminal shows the same lines", arguments: ["logo-mask"] + commands)
    func discussionFitsEightyColumns(command: String) throws {
        // The text between the overview and USAGE; ArgumentParser re-wraps only lines wider than the screen.
        func discussion(columns: Int) throws -> [Substring] {
            let result = try CLI.run((command == "logo-mask" ? [] : [command]) + ["--help"], environment: ["COLUMNS": "\(columns)"])
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex(of: ""), "\(result.stdout)")
            let end = try #require(lines.firstIndex { $0.hasPrefix("USAGE:") }, "\(result.stdout)")
            return Array(lines[start..<end])
        }
        let narrow = try discussion(columns: 80), wide = try discussion(columns: 200)
        #expect(narrow.count > 3)
        #expect(narrow == wide, "\(command): the discussion is re-wrapped at 80 columns (a source line is too long for HelpText.reflow)")
        #expect(narrow.allSatisfy { $0.count <= 79 }, "\(narrow.filter { $0.count > 79 })")
    }

    @Test("the tool's help lists exactly these commands, and Help/ holds a text for each")
    func everyCommandHasAText() throws {
        let root = try Self.help("logo-mask")
        let lines = root.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "SUBCOMMANDS:"), "\(root.stdout)")
        let listed = lines[(start + 1)...].compactMap { line -> String? in
            // "  name   Abstract": two spaces, then the name (continuation lines start with more).
            guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first != " " else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" }
        #expect(listed == Self.commands, "add new commands to HelpTests.commands (and run `make references`)")
        let stored = ((try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(ReferenceMode.updating || stored == (["logo-mask"] + Self.commands).map { "\($0).txt" }.sorted())
    }
}
