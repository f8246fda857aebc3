import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import LogoMask

/// The hidden `batch-worker` subcommand: one worker process of a batch (see ``BatchRun``). It
/// reads jobs on standard input and answers on standard output until its input ends; a library
/// crash inside it ends only it, and the batch reports the logo it was on.
///
/// Test hook: with `LOGO_MASK_BATCH_TEST_FAULT=NAME:HOW[,NAME:HOW...]` in its environment, a
/// worker given a logo whose file name is NAME dies before drawing it, as HOW says: `kill` (leaves a partial
/// temporary where the output's would be, then SIGKILL, no message), `abort` (the crash guard's one line on standard error, then status 70) or `hang`
/// (sleeps until the batch's time limit kills it). Nothing else reads the variable.
struct BatchWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch-worker",
        abstract: "One worker process of a render or mask batch (internal).",
        shouldDisplay: false)

    static let faultVariable = "LOGO_MASK_BATCH_TEST_FAULT"

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            BatchWorker.serve(describe: { FlagNames.message(for: $0) }, beforeEachLogo: Self.faultHook())
        }
    }

    /// The test hook's check, or nil when the variable is not set.
    private static func faultHook() -> ((BatchItem) -> Void)? {
        guard let value = ProcessInfo.processInfo.environment[faultVariable] else { return nil }
        var faults: [String: String] = [:]
        for entry in value.split(separator: ",") {
            guard let colon = entry.lastIndex(of: ":") else { continue }
            faults[String(entry[..<colon])] = String(entry[entry.index(after: colon)...])
        }
        return { item in
            let input = item.input
            guard let how = faults[URL(fileURLWithPath: input).lastPathComponent] else { return }
            switch how {
            case "abort":
                FileDescriptorWriter.writeAll(STDERR_FILENO, Data(
                    "logo-mask: \(input): librsvg aborted while drawing it: a bug in librsvg, not in the file's syntax\n".utf8))
                _exit(70)
            case "hang":
                while true { sleep(60) }
            default:
                // What a worker killed while writing leaves: a hidden temporary beside the output.
                let output = URL(fileURLWithPath: item.output)
                let temporary = output.deletingLastPathComponent()
                    .appendingPathComponent(".\(output.lastPathComponent).part-\(getpid())-1").path
                FileManager.default.createFile(atPath: temporary, contents: Data([0x89, 0x50, 0x4E, 0x47]))
                kill(getpid(), SIGKILL)
            }
        }
    }
}
