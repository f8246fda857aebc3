import ArgumentParser
import FoundationEssentials
import LogoMask

/// `render` and `mask` over many logos: expands the inputs, refuses name collisions up front,
/// draws the batch in worker processes of this binary (``BatchWorkerCommand``) or on threads,
/// reports each failure on its own line, and ends with a summary.
///
/// Exit status: 0 when every logo was written; ``someFailedStatus`` when any failed (each
/// reported with its own message, the line its single-logo command would print); an error found
/// before anything is drawn keeps its usual status (64 usage, 66 unreadable list or folder, 73
/// output folder).
enum BatchRun {
    /// The exit status of a batch in which some logos failed.
    static let someFailedStatus: Int32 = 1

    static func run(
        command: String, logos: [String], output: String, operation: BatchOperation,
        logoOptions: LogoOptions, batchOptions: BatchOptions, quiet: Bool, elementID: String? = nil
    ) throws {
        var failed = 0
        try runReportingErrors { () throws(LogoMaskError) in
            var isFolder = false
            guard output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder) else {
                throw LogoMaskError.invalidRequest(
                    "several logos (or a folder, or a list) are written into a folder: give -o DIR/ (ending in /) or an existing folder, not \(output).")
            }
            let inputs = try BatchInputs.expand(logos)
            let folder = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
            let items = try BatchInputs.items(for: inputs, into: folder)
            try makeFolder(folder)
            let isolation: BatchIsolation = batchOptions.inProcess
                ? .inProcess : .workers(command: [try workerProgram(), BatchWorkerCommand.configuration.commandName ?? "batch-worker"])
            let batch = LogoBatch(
                items: items, operation: operation,
                settings: BatchSettings(load: logoOptions.loadOptions(elementID: elementID), maxPixels: logoOptions.maxPixels, timeout: logoOptions.timeout),
                jobs: batchOptions.jobs ?? ProcessInfo.processInfo.activeProcessorCount, isolation: isolation)
            let progress = ProgressBar(label: command, enabled: !quiet)
            let results = batch.run(describe: { FlagNames.message(for: $0) }) { result, done in
                for line in result.workerMessages { progress.printAbove(line) }
                if let warning = referencesWarning(result.item.input, result.externalReferences, allowLocalRefs: logoOptions.allowLocalRefs) {
                    progress.printAbove(warning)
                }
                if case let .failure(failure) = result.outcome { progress.printAbove("logo-mask: \(failure.message)") }
                progress.update(Double(done) / Double(items.count))
            }
            progress.finish()
            failed = results.filter { !$0.succeeded }.count
            if !quiet || failed > 0 {
                printError("\(command): wrote \(results.count - failed) of \(results.count) logos into \(folder)/"
                    + (failed > 0 ? "; \(failed) failed (exit status \(someFailedStatus))" : ""))
            }
        }
        if failed > 0 { throw ExitCode(someFailedStatus) }
    }

    /// Makes the output folder when it does not exist (its parent must).
    private static func makeFolder(_ folder: String) throws(LogoMaskError) {
        var isFolder = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder else { throw LogoMaskError.cannotWriteOutput(file: folder, reason: "it is a file, and a batch writes into a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: folder, reason: "cannot make the folder (\(SystemErrorText.describe(error)))")
        }
    }

    /// This program's own path, to start workers of it.
    private static func workerProgram() throws(LogoMaskError) -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        let first = CommandLine.arguments.first ?? "logo-mask"
        guard first.contains("/") else {
            throw LogoMaskError.toolUnavailable(tool: "logo-mask", reason: "cannot find its own program to start batch workers; use --in-process")
        }
        return URL(fileURLWithPath: first).standardizedFileURL.path
    }

    /// The warning a single run prints for external references it did not load.
    static func referencesWarning(_ name: String, _ found: [String], allowLocalRefs: Bool) -> String? {
        let references = found.filter { !allowLocalRefs || isNetworkReference($0) }
        guard !references.isEmpty else { return nil }
        let shown = references.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ") + (references.count > 3 ? ", ..." : "")
        return "warning: \(name): ignored \(references.count) external reference\(references.count == 1 ? "" : "s") (\(shown)): "
            + (allowLocalRefs
                ? "nothing is ever fetched from the network."
                : "pass --allow-local-refs to load files from the logo's own folder; nothing is ever fetched from the network.")
    }

    /// True for a reference no option ever loads (as the single-logo warning decides).
    private static func isNetworkReference(_ reference: String) -> Bool {
        let lower = reference.lowercased()
        if lower.hasPrefix("//") { return true }
        guard let colon = lower.firstIndex(of: ":") else { return false }
        let scheme = lower[lower.startIndex..<colon]
        return scheme.count > 1 && scheme != "file"
    }
}

extension LogoOptions {
    /// The load options these flags give (the same for every logo of a batch).
    func loadOptions(elementID: String? = nil) -> LoadOptions {
        LoadOptions(page: page, elementID: elementID, allowLocalReferences: allowLocalRefs, trustedInput: trustedInput)
    }
}
