import Foundation
import Testing

/// Finds and runs the built `logo-mask` binary (built by `swift test` beside the test bundle).
enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary next to the running test bundle, else .build/debug/logo-mask.
    static let binary: String = {
        let here = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for candidate in [here.appendingPathComponent("logo-mask").path,
                          Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("logo-mask").path,
                          packageRoot.appendingPathComponent(".build/debug/logo-mask").path]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return packageRoot.appendingPathComponent(".build/debug/logo-mask").path
    }()

    static func sample(_ name: String) -> String { packageRoot.appendingPathComponent("SampleLogos/\(name)").path }

    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/LogoMaskTests/Fixtures/simple-icons/\(name)").path
    }

    /// Runs `logo-mask ARGS` and returns status, stdout and stderr.
    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        try runTool(binary, arguments, stdin: stdin)
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logo-mask-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Width and height from a PNG's IHDR.
func pngSize(_ path: String) -> [Int]? {
    guard let data = FileManager.default.contents(atPath: path), data.count >= 24 else { return nil }
    let b = [UInt8](data.prefix(24))
    guard b[12...15] == [0x49, 0x48, 0x44, 0x52] else { return nil }
    func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    return [be(16), be(20)]
}

/// True when Debian's python3 with librsvg's GObject bindings is present (the independent
/// source of librsvg's ink rectangle).
let hasRsvgIntrospection = (try? runTool("/usr/bin/python3", ["-c", "import gi; gi.require_version('Rsvg','2.0'); from gi.repository import Rsvg"]).status) == 0
