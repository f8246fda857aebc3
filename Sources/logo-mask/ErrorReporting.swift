import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import LogoMask

/// Runs a command body: library errors become a message on standard error (parameters named by
/// their flags, see ``FlagNames``) and their exit status; SIGINT and SIGTERM remove any output
/// still being written; an abort or crash inside librsvg, poppler or Cairo becomes one line
/// naming the file and the library, status 70, temporaries removed (``LibraryCrashGuard``).
func runReportingErrors(_ body: () throws(LogoMaskError) -> Void) throws {
    _ = commandStart
    InterruptCleanup.install()
    LibraryCrashGuard.install(programName: "logo-mask")
    do {
        try body()
    } catch {
        FileDescriptorWriter.writeAll(STDERR_FILENO, Data("logo-mask: \(FlagNames.message(for: error))\n".utf8))
        throw ExitCode(error.exitStatus)
    }
}

/// Writes a line to standard error (progress and warnings; standard output is for results).
func printError(_ text: String) {
    FileDescriptorWriter.writeAll(STDERR_FILENO, Data((text + "\n").utf8))
}
