import ArgumentParser
import FoundationEssentials
import LogoMask

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented logo-mask.yml for a logo, with the defaults computed from it.",
        discussion: HelpText.reflow("""
            The file is the one source of every splash output: `logo-mask generate`
            writes them all from it, and every command reads it with --config FILE (a
            flag given wins over its key). Its comments give the logo's document size
            and the anchor (the commands' default where the centre covers the first
            device, else the point the cover search picks there); its paths are
            relative to its own folder. An existing file is kept unless --force.

            Examples:
              logo-mask init SampleLogos/bird.svg
              logo-mask init art/logo.pdf -o app/logo-mask.yml --force
            """))

    @Argument(help: "The logo: an SVG or PDF file.")
    var logo: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The configuration file to write.", valueName: "file"))
    var output: String = SplashConfiguration.defaultFileName

    @Flag(help: "Replace the file if it exists.")
    var force = false

    @Option(help: "Stop with status 75 after this many seconds (0: no limit).")
    var timeout: Double = 60

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            if !force, FileManager.default.fileExists(atPath: output) {
                throw LogoMaskError.invalidRequest("\(output) exists; pass --force to replace it.")
            }
            Watchdog.arm(file: logo, seconds: timeout)
            let loaded = try VectorLogo(contentsOf: logo)
            // Half the time for the anchor search: past it the file gets the centre, not an error.
            let template = try SplashConfigurationTemplate.make(
                logo: loaded, logoPath: logo, configurationPath: output,
                deadline: .after(seconds: timeout / 2, from: commandStart, naming: logo))
            try template.write(to: output)
            if !quiet { printError("wrote \(output); edit it, then run: logo-mask generate \(output)") }
        }
    }
}
