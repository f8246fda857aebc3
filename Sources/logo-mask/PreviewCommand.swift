import ArgumentParser
import FoundationEssentials
import Glibc
import LogoMask

/// `logo-mask preview`: replaces this process with `logo-mask-preview`, the server built beside
/// it. The server links FlyingFox and Foundation; keeping it a program of its own keeps both out
/// of every other command's start-up (Benchmarks/PERFORMANCE.md).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview of the launch screens and the reveal on every configured device.",
        discussion: HelpText.reflow("""
            Serves one page on 127.0.0.1 (loopback only): every device of the file (a tablet
            also in landscape; light and, with a dark background or logo, dark), each showing
            its launch screen as its platform draws it, then the reveal played by the exported
            page, with one play/pause button and a scrubber, each screen's cover scale and
            anchor, and the notes. When the file, a logo or the spec changes on disk, the page
            follows within a second; a file that no longer reads shows its error (file and
            line) over the last good preview. The page's anchor, duration, logo size and
            background fields change those keys in the file, its comments kept.

            The server is a separate program, logo-mask-preview, which this command finds
            beside the logo-mask binary and runs in its place (status 69 when it is missing:
            build it with `swift build --product logo-mask-preview`). Ctrl-C stops it with
            status 0.

            Examples:
              logo-mask preview
              logo-mask preview app/logo-mask.yml --port 8090
              logo-mask preview art/logo.svg
            """))

    @Argument(help: ArgumentHelp("The configuration file, or a logo (SVG or PDF) to preview with the defaults.", valueName: "file"))
    var file: String = SplashConfiguration.defaultFileName

    @Option(help: ArgumentHelp("The configuration file (instead of FILE).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp(visibility: .private))
    var configLogo: String?

    @Option(help: "The port on 127.0.0.1 (0: any free port).")
    var port: UInt16 = 8080

    /// The server's file name, looked for beside this binary.
    static let serverName = "logo-mask-preview"

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let server = Self.serverPath()
            guard access(server, X_OK) == 0 else {
                throw LogoMaskError.toolUnavailable(
                    tool: Self.serverName,
                    reason: "not found beside logo-mask at \(server); build it with `swift build --product logo-mask-preview` (or `make build`) and keep it in the same folder")
            }
            let arguments = [server, config ?? file, "--port", String(port)]
            var pointers = arguments.map { strdup($0) } + [nil]
            execv(server, &pointers)
            let reason = String(cString: strerror(errno))
            throw LogoMaskError.toolUnavailable(tool: Self.serverName, reason: "cannot run \(server): \(reason)")
        }
    }

    /// `logo-mask-preview` in the folder of the running binary (`/proc/self/exe`).
    static func serverPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/" + serverName
    }
}
