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

    @Option(help: "Stop with status 75 after this many seconds (0: no limit).")
    var timeout: Double = 60

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page counts from 1; \(page) is not a page.") }
        guard timeout >= 0, timeout.isFinite else { throw ValidationError("--timeout must be 0 or a positive number of seconds.") }
    }

    /// Loads the logo, optionally as one element alone.
    func load(elementID: String? = nil) throws(LogoMaskError) -> VectorLogo {
        try VectorLogo(
            contentsOf: logo,
            options: LoadOptions(page: page, elementID: elementID, allowLocalReferences: allowLocalRefs, trustedInput: trustedInput))
    }

    var deadline: Deadline { .after(seconds: timeout) }
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

/// Runs a command body: library errors become a message on standard error and their exit
/// status; SIGINT and SIGTERM remove any output still being written.
func runReportingErrors(_ body: () throws(LogoMaskError) -> Void) throws {
    installInterruptCleanup()
    do {
        try body()
    } catch {
        FileHandle.standardError.write(Data("logo-mask: \(error.description)\n".utf8))
        throw ExitCode(error.exitStatus)
    }
}

private func installInterruptCleanup() {
    for signalNumber in [SIGINT, SIGTERM] {
        signal(signalNumber) { received in
            TemporaryOutputs.shared.removeAll()
            _exit(128 + received)
        }
    }
}

/// Writes a line to standard error (progress and warnings; standard output is for results).
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
