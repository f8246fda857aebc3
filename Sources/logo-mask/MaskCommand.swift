import ArgumentParser
import FoundationEssentials
import LogoMask

struct MaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mask",
        abstract: "Write the logo's coverage as a PNG mask (white on transparent, or grey), or its inverse.",
        discussion: HelpText.reflow("""
            The mask is the logo's alpha drawn from its vectors at the requested size: a white
            logo on transparent by default, 8-bit grey with --gray (255 inside, 0 outside), and
            the hole (255 minus the coverage) with --invert. Any size works: it is drawn in strips.

            Batch: several logos, a folder (its .svg, .svgz and .pdf files) or
            @list.txt (one path a line) with -o DIR/ write DIR/NAME.png each, --jobs
            at once in worker processes; a logo that fails is reported on its own line
            and the others complete. Exit status 1 when any failed (two logos with
            the same NAME: 64, before anything is drawn).

            Examples:
              logo-mask mask SampleLogos/bird.svg -o bird-mask.png --width 1024
              logo-mask mask SampleLogos/bird.svg -o bird-alpha.png --width 4096 --gray
              logo-mask mask SampleLogos/bird.svg -o bird-hole.png --height 2048 --invert
              logo-mask mask @logos.txt -o masks/ --width 512 --gray
            """))

    @OptionGroup var logoOptions: LogoOptions
    @OptionGroup var sizeOptions: SizeOptions

    @Argument(help: "More logos, for a batch (with -o DIR/).")
    var moreLogos: [String] = []

    @Option(name: .shortAndLong, help: "The PNG file to write; for a batch, the folder to write NAME.png into (ending in /).")
    var output: String

    @OptionGroup var batchOptions: BatchOptions

    @Flag(help: "The inverse: 255 minus the coverage (a logo-shaped hole).")
    var invert = false

    @Flag(help: "Write 8-bit grey (the coverage as the grey level) instead of white on transparent.")
    var gray = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if batch { return }
        try PNGOutputName.check(output, command: "mask", hint: "For the hole as vectors: logo-mask hole LOGO --device NAME -o hole.pdf (or .svg).")
    }

    /// Several logos, a folder or a list, or an output folder.
    var batch: Bool { isBatch(logo: logoOptions.logo, moreLogos: moreLogos, output: output) }

    func run() throws {
        if batch {
            return try BatchRun.run(
                command: "mask", logos: [logoOptions.logo] + moreLogos, output: output,
                operation: .mask(size: sizeOptions.renderSize, pixels: gray ? .gray : .whiteOnTransparent, invert: invert, compression: .fast),
                logoOptions: logoOptions, batchOptions: batchOptions, quiet: quiet)
        }
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load()
            let progress = ProgressBar(label: "mask", enabled: !quiet)
            let size = try LogoMasks.writeMaskPNG(
                of: logo, size: sizeOptions.renderSize, pixels: gray ? .gray : .whiteOnTransparent, invert: invert,
                to: output, maxPixels: logoOptions.maxPixels, deadline: logoOptions.deadline, progress: progress.update)
            progress.finish()
            if !quiet { printError("wrote \(output) (\(size.width)x\(size.height)\(gray ? ", grey" : "")\(invert ? ", inverted" : ""))") }
        }
    }
}
