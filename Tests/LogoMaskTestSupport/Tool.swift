import Foundation

/// The outside programs the tests compare with or drive, found on the PATH. A missing one fails
/// the test that needs it, naming the Debian package `make test` installs, rather than skipping it.
public enum Tool {
    /// The Debian package that provides each tool (see DEB_PACKAGES in the Makefile).
    public static let packages: [String: String] = [
        "rsvg-convert": "librsvg2-bin",
        "pdftoppm": "poppler-utils",
        "pdfinfo": "poppler-utils",
        "ffmpeg": "ffmpeg",
        "ffprobe": "ffmpeg",
        "chromium": "chromium",
        "kotlinc": "kotlin",
        "kotlin": "kotlin",
        "java": "kotlin (it brings a Java runtime)",
        "pkg-config": "pkg-config",
        "cc": "gcc",
        "aapt2": "aapt",
        "python3": "python3-pip, and `make deps` for lottie-specs and jsonschema",
    ]

    /// The absolute path of `name` on the PATH; throws `MissingTool` when it is not there.
    public static func path(_ name: String) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":").map(String.init)
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw MissingTool(name: name, package: packages[name])
    }

    /// Debian's own python3, the one python3-gi is installed for (the PATH may find another,
    /// e.g. pyenv's, without the bindings).
    public static let debianPython = "/usr/bin/python3"

    /// Throws unless Debian's python3 can import librsvg's GObject bindings (the independent
    /// source of librsvg's ink rectangle).
    public static func requireRsvgIntrospection() throws {
        if let failure = rsvgIntrospection { throw failure }
    }

    /// Checked once per test process.
    private static let rsvgIntrospection: MissingTool? = {
        let check = "import gi; gi.require_version('Rsvg','2.0'); from gi.repository import Rsvg"
        if FileManager.default.isExecutableFile(atPath: debianPython),
           (try? runTool(debianPython, ["-c", check]).status) == 0 { return nil }
        return MissingTool(name: "gi.repository.Rsvg (librsvg's bindings for \(debianPython))", package: "python3-gi and gir1.2-rsvg-2.0")
    }()
}

/// A program a test needs is not installed: the message says what to run.
public struct MissingTool: Error, CustomStringConvertible, Sendable {
    /// The program (or module) that is missing.
    public let name: String
    /// What to do about it.
    public let hint: String

    /// A missing tool and the Debian package(s) that provide it.
    public init(name: String, package: String?) {
        self.name = name
        self.hint = package.map { "run `make test`, which installs \($0)" } ?? "install it, or run `make test`"
    }

    /// A missing tool and what to do.
    public init(name: String, hint: String) {
        self.name = name
        self.hint = hint
    }

    /// "NAME is missing: HINT".
    public var description: String { "\(name) is missing: \(hint)" }
}
