import ArgumentParser
import FoundationEssentials
import LogoMask

/// The logo argument and the options every command that loads a logo shares, `--config`
/// included (its keys stand in for the flags not given: ``ConfigArguments``).
struct LogoOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The logo: an SVG or PDF file (the format is read from the content), or - for standard input (default: the --config file's logo).",
        valueName: "logo"))
    var logoArgument: String?

    @OptionGroup var configOptions: ConfigOptions

    /// The logo given, or the configuration file's.
    var logo: String { logoArgument ?? configOptions.configLogo ?? "" }

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
        guard logoArgument != nil || configOptions.configLogo != nil else {
            throw ValidationError("Give the logo: an SVG or PDF file, - for standard input, or --config FILE with a logo key.")
        }
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
        for warning in loaded.warnings { printError("warning: \(name): \(warning).") }
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
