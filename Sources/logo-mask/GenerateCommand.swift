import ArgumentParser
import FoundationEssentials
import Glibc
import LogoMask

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write every splash output a configuration file describes into one folder.",
        discussion: HelpText.reflow("""
            Reads the file (`logo-mask init LOGO` writes one) and writes its output
            folder, replaced whole: each platform's launch files and stills (as
            `assets` writes them), the reveal as a Lottie (reveal/reveal.json, and
            reveal-dark.json in dark mode), a dotLottie (reveal/reveal.lottie, with a
            dark animation in dark mode) and a web page (reveal/reveal.html) on the
            first device, as a script over the live web page in any window
            (reveal/logo-reveal.js), as Swift (ios/Reveal) and Kotlin
            (android/Reveal), a contact sheet of the reveal per device (previews/,
            with a -dark sheet in dark mode), and manifest.json listing every file
            with its purpose and SHA-256. The folder appears whole or not at all;
            the same file gives the same bytes.

            With `into: PROJECT_DIR` in the file (or --into), the launch files are also
            written where the app project's tools expect them, as `assets --into` does;
            a project file logo-mask did not write is refused (status 73) unless --force.

            A bad key or value stops with status 64 naming the file, the line, the
            key and what is allowed.

            With --watch it keeps running: every 200 ms it looks at the file, the logos,
            the spec and the content picture, and when one changes it says which and
            writes the folder again (an error is reported and the last folder kept until
            the next change). Ctrl-C stops it, removing a folder half written (status 130).

            Examples:
              logo-mask generate
              logo-mask generate app/logo-mask.yml
              logo-mask generate --config app/logo-mask.yml
              logo-mask generate --watch
            """))

    @Argument(help: ArgumentHelp("The configuration file.", valueName: "file"))
    var file: String = SplashConfiguration.defaultFileName

    @Option(help: ArgumentHelp("The configuration file, as every command takes it (instead of FILE).", valueName: "file"))
    var config: String?

    @Option(help: "Stop with status 75 after this many seconds, counted from the start (0: no limit).")
    var timeout: Double = 600

    @Option(help: ArgumentHelp("Also write the launch files into this app project (overrides the file's into).", valueName: "project-dir"))
    var into: String?

    @Flag(help: "With into, overwrite project files that logo-mask did not write (or that were edited since).")
    var force = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors and warnings.")
    var quiet = false

    @Flag(help: "Write again whenever the file, a logo, the spec or the content picture changes, until Ctrl-C.")
    var watch = false

    func run() throws {
        if watch { return try watchFiles() }
        try runReportingErrors { () throws(LogoMaskError) in
            let file = config ?? file
            var configuration = try SplashConfiguration.load(path: file)
            // A flag's path is the shell's (relative to the working folder), the file's relative to the file.
            if let into { configuration.into = URL(fileURLWithPath: into).standardizedFileURL.path }
            let progress = ProgressBar(label: "generate", enabled: !quiet)
            let report = try SplashGenerator.write(
                configuration, deadline: .after(seconds: timeout, from: commandStart, naming: file), progress: progress.update,
                force: force)
            progress.finish()
            for warning in report.warnings { printError("warning: \(warning)") }
            if quiet { return }
            for note in report.manifest.notes { printError("note: \(note)") }
            printError("wrote \(report.manifest.files.count + 1) files to \(configuration.resolve(configuration.output))/ (see its manifest.json)")
            if let installed = report.installed, let project = configuration.into {
                printError("wrote \(installed.written.count) files into \(configuration.resolve(project))/ (listed in its \(ProjectRecord.path))")
            }
        }
    }

    /// `--watch`: generates, then again on every change of the files the configuration reads,
    /// polled every 200 ms; a failure is reported and waits for the next change.
    private func watchFiles() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let file = config ?? file
            var watched = [file]
            var run = 0
            while true {
                run += 1
                // What the files look like before this run: a change during it starts another.
                var seen = FileFingerprints(paths: watched)
                do throws(LogoMaskError) {
                    let configuration = try SplashConfiguration.load(path: file)
                    watched = [file] + configuration.inputFiles
                    seen = FileFingerprints(paths: watched)
                    let report = try SplashGenerator.write(configuration, deadline: .after(seconds: timeout))
                    for warning in report.warnings { printError("warning: \(warning)") }
                    if !quiet {
                        printError("wrote \(report.manifest.files.count + 1) files to \(configuration.resolve(configuration.output))/ (run \(run))")
                    }
                } catch {
                    printError("logo-mask: \(FlagNames.message(for: error))")
                }
                if !quiet { printError("watching \(watched.joined(separator: ", ")) (Ctrl-C stops)") }
                while true {
                    usleep(200_000)
                    let changed = seen.changes(to: FileFingerprints(paths: watched))
                    if changed.isEmpty { continue }
                    printError("changed: \(changed.joined(separator: ", "))")
                    break
                }
            }
        }
    }
}
