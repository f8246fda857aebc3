import ArgumentParser
import FoundationEssentials

/// The options of `render` and `mask` that only a batch (several logos into a folder) uses.
struct BatchOptions: ParsableArguments {
    @Option(help: "Logos drawn at once in a batch (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Draw a batch on threads of this process instead of worker processes (a library crash then ends the whole batch).")
    var inProcess = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }
}

/// Whether a command's arguments ask for a batch: several logos, a folder or an `@list` of
/// logos, or an output that is a folder (ends with / or exists as one).
func isBatch(logo: String, moreLogos: [String], output: String) -> Bool {
    if !moreLogos.isEmpty || output.hasSuffix("/") || (logo.hasPrefix("@") && logo.count > 1) { return true }
    var isFolder = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder { return true }
    return FileManager.default.fileExists(atPath: logo, isDirectory: &isFolder) && isFolder
}
