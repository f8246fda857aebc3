import ArgumentParser
import FoundationEssentials
import LogoMask

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write every splash output a configuration file describes into one folder.",
        discussion: """
            Reads the file (`logo-mask init LOGO` writes one) and writes its output
            folder, replaced whole: each platform's launch files and stills (as
            `assets` writes them), the reveal as a Lottie (reveal/reveal.json) and a
            web page (reveal/reveal.html) on the first device, as a script over the
            live web page in any window (reveal/logo-reveal.js), as Swift (ios/Reveal)
            and Kotlin (android/Reveal), a contact sheet of the reveal per device
            (previews/), and manifest.json listing every file with its purpose and
            SHA-256. The folder appears whole or not at all; the same file gives the
            same bytes.

            A bad key or value stops with status 64 naming the file, the line, the
            key and what is allowed.

            Examples:
              logo-mask generate
              logo-mask generate app/logo-mask.yml
              logo-mask generate --config app/logo-mask.yml
            """)

    @Argument(help: ArgumentHelp("The configuration file.", valueName: "file"))
    var file: String = SplashConfiguration.defaultFileName

    @Option(help: ArgumentHelp("The configuration file, as every command takes it (instead of FILE).", valueName: "file"))
    var config: String?

    @Option(help: "Stop with status 75 after this many seconds, counted from the start (0: no limit).")
    var timeout: Double = 600

    @Flag(name: .shortAndLong, help: "Print nothing but errors and warnings.")
    var quiet = false

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let file = config ?? file
            let configuration = try SplashConfiguration.load(path: file)
            let progress = ProgressBar(label: "generate", enabled: !quiet)
            let report = try SplashGenerator.write(
                configuration, deadline: .after(seconds: timeout, from: commandStart, naming: file), progress: progress.update)
            progress.finish()
            for warning in report.warnings { printError("warning: \(warning)") }
            if quiet { return }
            for note in report.manifest.notes { printError("note: \(note)") }
            printError("wrote \(report.manifest.files.count + 1) files to \(configuration.resolve(configuration.output))/ (see its manifest.json)")
        }
    }
}
