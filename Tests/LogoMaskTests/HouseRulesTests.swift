import Foundation
import Testing

/// The rules of ARCHITECTURE.md that a grep can check, so a change that breaks one fails here
/// instead of waiting for a reviewer: C stays in the bridges, the library never names a CLI flag,
/// and no source file grows past 600 lines (a sign of two jobs in one).
@Suite("House rules")
struct HouseRulesTests {
    static let sources = TestPaths.packageRoot.appendingPathComponent("Sources")

    /// Every Swift file under `folder`, as (path relative to Sources/, text).
    static func swiftFiles(in folder: URL = sources) throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(sources.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("no Swift file in Sources is over 600 lines")
    func fileLength() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 50)
        let long = files.filter { $0.text.split(separator: "\n", omittingEmptySubsequences: false).count > 600 }.map(\.path)
        #expect(long.isEmpty, "over 600 lines: \(long)")
    }

    /// Linking Foundation costs every run of the tool 3 MB of memory (CoreFoundation's start-up,
    /// ICU's tables): the modules it links use FoundationEssentials (Benchmarks/PERFORMANCE.md).
    @Test("no Swift file in Sources imports Foundation, FoundationXML or FoundationNetworking")
    func foundationEssentialsOnly() throws {
        // From the first column: the Swift code the library writes for apps (an indented
        // multi-line string) may import Foundation.
        let pattern = /(@preconcurrency\s+)?((internal|private|fileprivate|public|package)\s+)?import\s+(Foundation|FoundationXML|FoundationNetworking)\s*/
        let files = try Self.swiftFiles()
        #expect(files.contains { $0.text.contains("import FoundationEssentials") })
        let importers = files.filter { file in
            file.text.split(separator: "\n").contains { $0.wholeMatch(of: pattern) != nil }
        }.map(\.path)
        #expect(importers.isEmpty, "import Foundation in: \(importers)")
    }

    @Test("only files in Sources/LogoMask/Bridges/ import a C module")
    func cStaysInBridges() throws {
        let pattern = /^\s*(@preconcurrency\s+)?((internal|private|fileprivate|public)\s+)?import\s+C(Cairo|Rsvg|Zlib|Deflate|PopplerLoader|YAML)\b/
        let importers = try Self.swiftFiles().filter { file in
            file.text.split(separator: "\n").contains { $0.firstMatch(of: pattern) != nil }
        }.map(\.path)
        #expect(!importers.isEmpty)
        let outside = importers.filter { !$0.hasPrefix("LogoMask/Bridges/") }
        #expect(outside.isEmpty, "C modules imported outside the bridges: \(outside)")
    }

    @Test("no public declaration names a C type")
    func noCTypesInPublicSignatures() throws {
        let pattern = /^\s*public\b.*\b(OpaquePointer|cairo_[a-z_]+|Rsvg[A-Za-z]*|GError|Poppler[A-Za-z]*)\b/
        var leaks: [String] = []
        for file in try Self.swiftFiles() {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.firstMatch(of: pattern) != nil {
                leaks.append("\(file.path):\(number + 1)")
            }
        }
        #expect(leaks.isEmpty, "public C types: \(leaks)")
    }

    @Test("no string in the libraries names a CLI flag (the CLI maps parameters to its flags)")
    func noFlagsInLibraries() throws {
        let pattern = /"[^"]*--[a-z]/
        var hits: [String] = []
        for folder in ["LogoMask", "MaskGeometry", "LogoAnimation"] {
            for file in try Self.swiftFiles(in: Self.sources.appendingPathComponent(folder)) {
                for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.firstMatch(of: pattern) != nil {
                    hits.append("\(file.path):\(number + 1)")
                }
            }
        }
        #expect(hits.isEmpty, "flag names in library strings: \(hits)")
    }
}
