import Foundation
import LogoMaskTestSupport
import Testing

/// One stored reference (References/cases.txt): a `logo-mask` command and the pictures it writes,
/// stored under the case's name (resvg style). `$OUT` in the arguments is where the case writes:
/// `$OUT.png` is one picture, `$OUT/` a folder of frames, `$OUT.still.png` a second picture, and
/// all of them are compared.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
    /// category/case, e.g. masks/bird-256.
    let name: String
    /// The arguments, placeholders still in.
    let arguments: [String]
    /// The line in cases.txt.
    let line: Int

    var testDescription: String { name }

    /// Tests/LogoMaskCLITests/References.
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/LogoMaskCLITests/References")

    /// The categories, one folder each.
    static let categories = ["masks", "holes", "reveal", "header"]

    /// Every case in cases.txt (empty when it cannot be read; a test says so).
    static let all: [ReferenceCase] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("cases.txt"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let name = words.first, !name.hasPrefix("#") else { return nil }
            return ReferenceCase(name: name, arguments: Array(words.dropFirst()), line: index + 1)
        }
    }()

    /// True when `relative` (a path under References/) is one of this case's outputs.
    func owns(_ relative: String) -> Bool {
        relative.hasPrefix(name + ".") || relative.hasPrefix(name + "/")
    }

    /// The arguments with the placeholders replaced: `$OUT` by `output` (no extension),
    /// `$SCRATCH` by a folder whose files are not compared, `$SAMPLES`, `$ICONS` and `$INPUTS` by
    /// SampleLogos, the simple-icons fixtures and References/inputs.
    func resolvedArguments(output: String, scratch: String) -> [String] {
        let places = [("$OUT", output), ("$SCRATCH", scratch), ("$SAMPLES", TestPaths.path("SampleLogos")),
                      ("$ICONS", TestPaths.simpleIconsFolder.path), ("$INPUTS", Self.folder.appendingPathComponent("inputs").path)]
        return arguments.map { argument in
            places.reduce(argument) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
    }
}

/// The pictures we draw ourselves (masks, holes, reveal frames, header frames), drawn through the
/// built binary and compared on decoded pixels with the stored references, exactly: the drawing
/// is deterministic. A failure leaves what was drawn and a diff picture (differing pixels in red)
/// in a temporary folder named in the message. `make references` rewrites them all.
@Suite("Reference images")
struct ReferenceImageTests {
    /// Each channel may be this many levels off (none: the output is deterministic).
    static let tolerance = 0

    @Test("cases.txt names well-formed cases in the four categories")
    func casesAreWellFormed() {
        #expect(ReferenceCase.all.count >= 12, "cannot read \(ReferenceCase.folder.path)/cases.txt")
        var seen: Set<String> = []
        for item in ReferenceCase.all {
            let parts = item.name.split(separator: "/").map(String.init)
            #expect(parts.count == 2 && ReferenceCase.categories.contains(parts[0]), "line \(item.line): \(item.name)")
            #expect(item.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "/" },
                    "line \(item.line): case names are lower-case letters, digits and dashes")
            #expect(item.arguments.contains { $0.contains("$OUT") }, "line \(item.line): no $OUT")
            #expect(seen.insert(item.name).inserted, "line \(item.line): \(item.name) twice")
        }
    }

    @Test("the binary draws the stored picture", arguments: ReferenceCase.all)
    func matches(_ item: ReferenceCase) throws {
        let work = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("out").appendingPathComponent(item.name)
        let scratch = work.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let arguments = item.resolvedArguments(output: output.path, scratch: scratch.path)
        let result = try CLI.run(arguments)
        try #require(result.status == 0, "\(item.name): logo-mask \(arguments.joined(separator: " ")) exited \(result.status)\n\(result.stderr)")

        let drawnFolder = work.appendingPathComponent("out")
        let drawn = ReferenceMode.files(under: drawnFolder)
        #expect(drawn.allSatisfy(item.owns), "\(item.name) wrote outside $OUT: \(drawn.filter { !item.owns($0) })")
        let stored = ReferenceMode.files(under: ReferenceCase.folder).filter(item.owns)

        if ReferenceMode.updating {
            for relative in stored {
                try FileManager.default.removeItem(at: ReferenceCase.folder.appendingPathComponent(relative))
            }
            for relative in drawn where item.owns(relative) {
                let target = ReferenceCase.folder.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: drawnFolder.appendingPathComponent(relative), to: target)
            }
            return
        }

        #expect(drawn == stored, """
            \(item.name): the files differ from References/ (missing: \(Set(stored).subtracting(drawn).sorted()), \
            new: \(Set(drawn).subtracting(stored).sorted())); if intended, run `make references`
            """)
        for relative in Set(drawn).intersection(stored).sorted() {
            let actualPath = drawnFolder.appendingPathComponent(relative).path
            let expectedPath = ReferenceCase.folder.appendingPathComponent(relative).path
            // The same bytes are the same pixels; other bytes (another PNG encoding) are decoded.
            let sameBytes = FileManager.default.contentsEqual(atPath: actualPath, andPath: expectedPath)
            guard relative.hasSuffix(".png") else {
                #expect(sameBytes, "\(relative) differs from \(expectedPath)")
                continue
            }
            if sameBytes { continue }
            let expected = try PNGPicture(contentsOf: expectedPath), actual = try PNGPicture(contentsOf: actualPath)
            let comparison = PictureComparison(expected: expected, actual: actual, tolerance: Self.tolerance)
            if comparison.matches { continue }
            let kept = ReferenceMode.failureFolder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            let actualCopy = String(kept.path.dropLast(4)) + ".actual.png", diffPath = String(kept.path.dropLast(4)) + ".diff.png"
            try? FileManager.default.removeItem(atPath: actualCopy)
            try FileManager.default.copyItem(atPath: actualPath, toPath: actualCopy)
            try PictureComparison.diffPicture(expected: expected, actual: actual, tolerance: Self.tolerance).write(to: diffPath)
            Issue.record("""
                \(relative): \(comparison.summary)
                  expected: \(expectedPath)
                  drawn:    \(actualCopy)
                  diff:     \(diffPath) (differing pixels in red)
                  command:  logo-mask \(arguments.joined(separator: " "))
                If the change is intended, run `make references`.
                """)
        }
    }

    @Test("every stored picture belongs to a case in cases.txt")
    func noStrayReferences() throws {
        let stray = ReferenceMode.files(under: ReferenceCase.folder).filter { relative in
            ReferenceCase.categories.contains { relative.hasPrefix($0 + "/") } && !ReferenceCase.all.contains { $0.owns(relative) }
        }
        if ReferenceMode.updating {
            for relative in stray { try FileManager.default.removeItem(at: ReferenceCase.folder.appendingPathComponent(relative)) }
            return
        }
        #expect(stray.isEmpty, "stored but no longer drawn (run `make references`): \(stray)")
    }
}
