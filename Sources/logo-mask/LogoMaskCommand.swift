import ArgumentParser
import FoundationEssentials
import LogoMask

@main
struct LogoMaskCommand: ParsableCommand {
    /// The tool's version, printed by `--version`.
    static let version = "0.1.0"

    /// Answers a bare `--version` before ArgumentParser reflects over every command's options
    /// (a third of the instructions of `logo-mask --version`, 3 MB of pages); everything else
    /// goes through ArgumentParser as usual.
    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count == 2, arguments[1] == "--version" {
            print(version)
            return
        }
        // `--config FILE`: the file's keys become the flags not given, before ArgumentParser reads them.
        do {
            main(try ConfigArguments.expand(Array(arguments.dropFirst())))
        } catch {
            printError("logo-mask: \(FlagNames.message(for: error))")
            exit(withError: ExitCode(error.exitStatus))
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "logo-mask",
        abstract: "Masks, holes, geometry and reveal previews from one SVG or PDF logo.",
        discussion: HelpText.reflow("""
            Every output is drawn from the vectors at its final size. Files appear only when
            complete. Exit status: 0 ok, 1 some logos of a batch failed (each reported),
            3 no scale covers the screen (cover), 64 usage, 65 the input is not a usable
            logo, 66 the input is missing or unreadable, 69 a needed program is missing,
            70 librsvg, poppler or Cairo failed or crashed on the logo, 73 the output
            cannot be written, 75 past the --timeout.

            Start with:
              logo-mask init SampleLogos/bird.svg && logo-mask generate
              logo-mask info SampleLogos/bird.svg
              logo-mask render SampleLogos/bird.svg -o bird.png --width 1024
            """),
        version: version,
        subcommands: [InitCommand.self, GenerateCommand.self, InfoCommand.self, RenderCommand.self, ExportCommand.self, CoverCommand.self, MaskCommand.self, HoleCommand.self, BoundsCommand.self, AssetsCommand.self, RevealCommand.self, CodeCommand.self, PreviewCommand.self, HeaderCommand.self, BatchWorkerCommand.self])
}
