import ArgumentParser
import Dispatch
import FlyingFox
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import LogoMask
import MaskGeometry

/// `logo-mask-preview`: the preview server `logo-mask preview` starts (a program of its own, so
/// that the HTTP server and Foundation stay out of `logo-mask`'s start-up).
@main
struct PreviewServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logo-mask preview",
        abstract: "Serve a live preview of the launch screens and the reveal on every configured device.",
        discussion: "Run it as `logo-mask preview`, whose help tells what the page shows.")

    @Argument(help: ArgumentHelp("The configuration file, or a logo (SVG or PDF) to preview with the defaults.", valueName: "file"))
    var file: String = SplashConfiguration.defaultFileName

    @Option(help: "The port on 127.0.0.1 (0: any free port).")
    var port: UInt16 = 8080

    func run() async throws {
        let isConfiguration = file.hasSuffix(".yml") || file.hasSuffix(".yaml")
        guard FileManager.default.fileExists(atPath: file) else {
            standardError(("logo-mask preview: \(file): no such file; run logo-mask init LOGO first, or give a logo.\n".utf8))
            throw ExitCode(66)
        }
        let session = PreviewSession(configurationPath: isConfiguration ? file : nil, logoPath: isConfiguration ? nil : file)

        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled, handler: PreviewHandler(session: session))
        Self.stopOnInterrupt(server)
        let running = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case let .ip4(_, listening)? = await server.listeningAddress else { throw ExitCode(70) }
        standardOutput(("preview: http://127.0.0.1:\(listening)/\n".utf8))
        // The page is served at once; it draws the screens when the first snapshot is made.
        // The files are followed on a thread of their own (a stat of each every 100 ms: half the
        // wait of 200 within the second an edit has to show in), so that
        // making a snapshot never holds up the server's requests.
        DispatchQueue(label: "logo-mask-preview.files").async {
            Self.reload(session)
            while true {
                usleep(100_000)
                let changed = session.changedFiles()
                guard !changed.isEmpty else { continue }
                standardError(("changed: \(changed.joined(separator: ", "))\n".utf8))
                Self.reload(session)
            }
        }
        do {
            try await running.value
        } catch {
            // A signal stops the server, which may end `run()` with an error before the signal's
            // task exits 0: that is the clean stop, not a failure.
            guard Self.stopping.load(ordering: .acquiring) else { throw error }
            Glibc.exit(0)
        }
    }

    /// Makes a snapshot, saying how long it took or what stops it.
    static func reload(_ session: PreviewSession) {
        let start = ContinuousClock.now
        let error = session.reload()
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let line = error.map { "logo-mask preview: \($0)" } ?? "previewed in \(formatNumber(seconds, decimals: 2)) s"
        standardError(((line + "\n").utf8))
    }

    /// SIGINT and SIGTERM close the listening socket and end the process with status 0.
    static func stopOnInterrupt(_ server: HTTPServer) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                stopping.store(true, ordering: .releasing)
                Task {
                    await server.stop(timeout: 0.5)
                    standardError(("preview stopped\n".utf8))
                    Glibc.exit(0)
                }
            }
            source.resume()
            signalSources.append(source)
        }
    }

    nonisolated(unsafe) static var signalSources: [any DispatchSourceSignal] = []
    /// Set when SIGINT or SIGTERM asked the server to stop.
    static let stopping = Atomic<Bool>(false)
}

/// Writes `text` to standard error (the server's log: what changed, how long a snapshot took).
func standardError(_ text: String.UTF8View) {
    let bytes = Array(text)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Writes `text` to standard output (the address, the one line a caller reads).
func standardOutput(_ text: String.UTF8View) {
    let bytes = Array(text)
    _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}
