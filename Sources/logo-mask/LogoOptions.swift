import ArgumentParser
import Foundation
import LogoMask

/// The logo argument and the options every command that loads a logo shares.
struct LogoOptions: ParsableArguments {
    @Argument(help: "The logo: an SVG or PDF file (the format is read from the content), or - for standard input.")
    var logo: String

    @Option(help: "The PDF page to use, counted from 1.")
    var page: Int = 1

    @Flag(help: "Let the SVG load images it references from its own folder (never anything else, never the network).")
    var allowLocalRefs = false

    @Flag(help: "Lift librsvg's XML safety limits. Only for logos you trust.")
    var trustedInput = false

    @Option(help: "Stop with status 75 after this many seconds, counted from the start, loading included (0: no limit).")
    var timeout: Double = 60

    @Option(help: "Refuse outputs of more pixels than this, before drawing anything.")
    var maxPixels: Int = Rasterizer.defaultMaxPixels

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page counts from 1; \(page) is not a page.") }
        guard timeout >= 0, timeout.isFinite else { throw ValidationError("--timeout must be 0 or a positive number of seconds.") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be a positive number of pixels.") }
    }

    /// Loads the logo, optionally as one element alone. Arms the ``Watchdog`` first (so a
    /// pathological parse is bounded too) and warns on standard error about external references
    /// that were not loaded.
    func load(elementID: String? = nil) throws(LogoMaskError) -> VectorLogo {
        let name = logo == "-" ? "<stdin>" : logo
        Watchdog.arm(file: name, seconds: timeout)
        let loaded = try VectorLogo(
            contentsOf: logo,
            options: LoadOptions(page: page, elementID: elementID, allowLocalReferences: allowLocalRefs, trustedInput: trustedInput))
        let references = loaded.externalReferences.filter { !allowLocalRefs || isNetworkReference($0) }
        if !references.isEmpty {
            let shown = references.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ") + (references.count > 3 ? ", ..." : "")
            printError("warning: \(name): ignored \(references.count) external reference\(references.count == 1 ? "" : "s") (\(shown)): "
                + (allowLocalRefs
                    ? "nothing is ever fetched from the network."
                    : "pass --allow-local-refs to load files from the logo's own folder; nothing is ever fetched from the network."))
        }
        return loaded
    }

    /// The budget `--max-pixels` sets.
    var pixelBudget: PixelBudget { PixelBudget(maxPixels: maxPixels) }

    /// The in-process deadline (checked between strips and frames), counted from the start of
    /// the command like the ``Watchdog``.
    var deadline: Deadline { .after(seconds: timeout, from: commandStart, naming: logo == "-" ? "<stdin>" : logo) }
}

/// When the command started (first touched by ``runReportingErrors(_:)``).
let commandStart = ContinuousClock.now

/// True for a reference no option ever loads (a URL with a scheme other than `file:`, or `//host`).
private func isNetworkReference(_ reference: String) -> Bool {
    let lower = reference.lowercased()
    if lower.hasPrefix("//") { return true }
    guard let colon = lower.firstIndex(of: ":") else { return false }
    let scheme = lower[lower.startIndex..<colon]
    return scheme.count > 1 && scheme != "file"
}

/// The hard deadline behind `--timeout`.
///
/// The library checks its ``Deadline`` between strips and frames, but one call into librsvg or
/// poppler (parsing, measuring, or drawing one strip of a pathological logo: a path whose
/// segments all cross, a `use` fan-out, a huge filter) cannot be interrupted. So the command also
/// arms a timer on a background queue: if the process is still running a quarter second past
/// the deadline, the timer removes every registered temporary output, prints the same
/// deadline message naming the file, and ends the process with status 75 (`_exit`, no unwinding:
/// the stuck C call never returns). Nothing half-written is left behind, exactly as for SIGINT.
enum Watchdog {
    nonisolated(unsafe) private static var timer: DispatchSourceTimer?
    private static let lock = NSLock()

    /// Arms the timer once per process; `seconds` 0 (no limit) arms nothing.
    static func arm(file: String, seconds: Double) {
        guard seconds > 0, seconds < 1e7 else { return }  // past 115 days: no timer (DispatchTime would overflow)
        lock.withLock {
            guard timer == nil else { return }
            let elapsed = ContinuousClock.now - commandStart
            let remaining = max(0, seconds - Double(elapsed.components.seconds) - Double(elapsed.components.attoseconds) * 1e-18)
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .userInitiated))
            source.schedule(deadline: .now() + remaining + 0.25)
            source.setEventHandler {
                TemporaryOutputs.shared.removeAll()
                let message = FlagNames.message(for: .deadlineExceeded(file: file, seconds: seconds))
                FileHandle.standardError.write(Data("logo-mask: \(message)\n".utf8))
                _exit(LogoMaskError.deadlineExceeded(file: file, seconds: seconds).exitStatus)
            }
            source.resume()
            timer = source
        }
    }
}

/// One of --width, --height, --scale, --dpi.
struct SizeOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output width in pixels (height follows the aspect ratio).")
    var width: Int?

    @Option(name: .long, help: "Output height in pixels (width follows the aspect ratio).")
    var height: Int?

    @Option(name: .shortAndLong, help: "Pixels per document unit (1: the document's own size).")
    var scale: Double?

    @Option(help: "Dots per inch (SVG documents are 96 DPI, PDF 72).")
    var dpi: Double?

    func validate() throws {
        let given = [width != nil, height != nil, scale != nil, dpi != nil].filter { $0 }.count
        guard given <= 1 else { throw ValidationError("Give one of --width, --height, --scale or --dpi, not several.") }
        if let width, width <= 0 { throw ValidationError("--width must be a positive number of pixels.") }
        if let height, height <= 0 { throw ValidationError("--height must be a positive number of pixels.") }
        if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be a positive number.") }
        if let dpi, !(dpi > 0 && dpi.isFinite) { throw ValidationError("--dpi must be a positive number.") }
    }

    /// The chosen size; the document's own size (scale 1) when none is given.
    var renderSize: RenderSize {
        if let width { return .width(width) }
        if let height { return .height(height) }
        if let scale { return .scale(scale) }
        if let dpi { return .dpi(dpi) }
        return .scale(1)
    }
}

extension RGBAColor: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension PNGCompression: ExpressibleByArgument {}

/// Runs a command body: library errors become a message on standard error (parameters named by
/// their flags, see ``FlagNames``) and their exit status; SIGINT and SIGTERM remove any output
/// still being written.
func runReportingErrors(_ body: () throws(LogoMaskError) -> Void) throws {
    _ = commandStart
    installInterruptCleanup()
    do {
        try body()
    } catch {
        FileHandle.standardError.write(Data("logo-mask: \(FlagNames.message(for: error))\n".utf8))
        throw ExitCode(error.exitStatus)
    }
}

/// SIGINT and SIGTERM: removes registered temporaries, then exits 128 + the signal.
///
/// The work happens on a dispatch queue (a signal source), not in a signal handler: removing
/// files takes locks and allocates, which a handler interrupting a thread inside malloc would
/// deadlock on. The signals' default action is turned off first, so nothing is lost between.
private func installInterruptCleanup() {
    InterruptCleanup.install()
}

private enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let lock = NSLock()

    static func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: DispatchQueue.global(qos: .userInteractive))
                source.setEventHandler {
                    TemporaryOutputs.shared.removeAll()
                    _exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}

/// Writes a line to standard error (progress and warnings; standard output is for results).
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
