import Foundation

/// Finds and runs the built `logo-mask` binary (built by `swift build --build-tests` beside the
/// test bundle).
public enum CLI {
    /// The binary next to the running test bundle, else .build/debug/logo-mask.
    public static let binary: String = {
        let here = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let fallback = TestPaths.path(".build/debug/logo-mask")
        for candidate in [here.appendingPathComponent("logo-mask").path,
                          Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("logo-mask").path,
                          fallback]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return fallback
    }()

    /// SampleLogos/NAME.
    public static func sample(_ name: String) -> String { TestPaths.sample(name) }

    /// One logo of the simple-icons fixtures.
    public static func fixture(_ name: String) -> String { TestPaths.simpleIcon(name) }

    /// Runs `logo-mask ARGS` (with extra environment variables, if any) and returns status,
    /// stdout and stderr.
    @discardableResult
    public static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw MissingTool(name: "logo-mask", hint: "build it first: `swift build --build-tests` (or run `make test`)")
        }
        return try runTool(binary, arguments, stdin: stdin, environment: environment)
    }

    /// A fresh temporary folder for one test.
    public static func temporaryFolder() throws -> URL { try TestPaths.temporaryFolder() }
}
