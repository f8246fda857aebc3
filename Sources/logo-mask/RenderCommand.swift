import ArgumentParser
import FoundationEssentials
import LogoMask

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Rasterize a logo to PNG at any size, from its vectors.",
        discussion: HelpText.reflow("""
            Give one of --width, --height, --scale or --dpi (the aspect ratio is kept; the other
            side is rounded up, as rsvg-convert does). Without one, the document's own size.
            Any size works: past Cairo's 32767-pixel limit the image is drawn in strips and
            streamed into the PNG, so memory stays at a few MiB a core.

            Batch: several logos, a folder (its .svg, .svgz and .pdf files) or
            @list.txt (one path a line) with -o DIR/ write DIR/NAME.png each, --jobs
            at once in worker processes; a logo that fails is reported on its own line
            and the others complete. Exit status 1 when any failed (two logos with
            the same NAME: 64, before anything is drawn).

            Examples:
              logo-mask render SampleLogos/bird.svg -o bird-1024.png --width 1024
              logo-mask render SampleLogos/bird.pdf -o bird-300dpi.png --dpi 300 --background white
              logo-mask render SampleLogos/wordmark.svg -o o.png --id letter-o --height 512
              logo-mask render SampleLogos/wordmark.svg -o huge.png --width 100000
              logo-mask render icons/ -o out/ --width 512
            """))

    @OptionGroup var logoOptions: LogoOptions
    @OptionGroup var sizeOptions: SizeOptions

    @Argument(help: "More logos, for a batch (with -o DIR/).")
    var moreLogos: [String] = []

    @Option(name: .shortAndLong, help: "The PNG file to write; for a batch, the folder to write NAME.png into (ending in /).")
    var output: String

    @OptionGroup var batchOptions: BatchOptions

    @Option(help: "Draw only the SVG element with this id, cropped to its ink box.")
    var id: String?

    @Option(help: "Fill behind the logo: #RGB, #RRGGBB, #RRGGBBAA or a CSS name (default: transparent).")
    var background: RGBAColor?

    @Option(help: "PNG compression: fast (default), balanced or small (both also try zlib's LZ77 on each strip: smaller only where shapes repeat, several times slower).")
    var compression: PNGCompression = .fast

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if batch { return }
        try PNGOutputName.check(output, command: "render", hint: "For vectors: logo-mask export LOGO -o logo.pdf (or .svg).")
    }

    /// Several logos, a folder or a list, or an output folder.
    var batch: Bool { isBatch(logo: logoOptions.logo, moreLogos: moreLogos, output: output) }

    func run() throws {
        if batch {
            return try BatchRun.run(
                command: "render", logos: [logoOptions.logo] + moreLogos, output: output,
                operation: .render(size: sizeOptions.renderSize, background: background, compression: compression),
                logoOptions: logoOptions, batchOptions: batchOptions, quiet: quiet, elementID: id)
        }
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load(elementID: id)
            let progress = ProgressBar(label: "render", enabled: !quiet)
            let size = try Rasterizer.writePNG(
                of: logo, size: sizeOptions.renderSize, background: background, to: output,
                compression: compression, maxPixels: logoOptions.maxPixels, deadline: logoOptions.deadline,
                progress: progress.update)
            progress.finish()
            if !quiet { printError("wrote \(output) (\(size.width)x\(size.height))") }
        }
    }
}
