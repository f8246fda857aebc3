import ArgumentParser
import LogoMask

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a logo as a vector PDF or SVG (paths stay paths).",
        discussion: HelpText.reflow("""
            One page the size of the document box; 1 document unit becomes 1 point. Useful to turn
            an SVG into the vector PDF that Xcode asset catalogs take, or a PDF page into SVG.

            Examples:
              logo-mask export SampleLogos/bird.svg -o bird.pdf
              logo-mask export SampleLogos/bird.pdf -o bird.svg --scale 2
            """))

    @OptionGroup var logoOptions: LogoOptions

    @Option(name: .shortAndLong, help: "The .pdf or .svg file to write.")
    var output: String

    @Option(help: "Multiply the size by this factor.")
    var scale: Double = 1

    @Option(help: "Draw only the SVG element with this id, cropped to its ink box.")
    var id: String?

    @Option(help: "Fill behind the logo (default: transparent).")
    var background: RGBAColor?

    func validate() throws {
        guard VectorFormat(pathExtension: output) != nil else {
            throw ValidationError("Name the output .pdf or .svg (got \(output)).")
        }
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be a positive number.") }
    }

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load(elementID: id)
            try VectorExporter.write(logo, to: output, scale: scale, background: background)
        }
    }
}
