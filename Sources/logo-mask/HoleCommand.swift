import ArgumentParser
import FoundationEssentials
import LogoMask
import MaskGeometry

struct HoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hole",
        abstract: "Write the splash overlay: the screen filled with a background, with a logo-shaped transparent hole.",
        discussion: HelpText.reflow("""
            The output's format follows its extension: .png (the viewport's pixels at its
            density), .pdf or .svg (the viewport in points, vector: the hole is a mask of the
            logo's paths, crisp at any zoom, with no raster inside for a vector logo).

            The logo's document box is --logo-width points wide (default 100), centred on the
            viewport or at --center, then scaled by --scale and turned by --rotate about the
            anchor (the document box's centre, or --anchor in document units). Pair it with
            `logo-mask cover` to get the scale at which the hole shows the whole screen.

            Examples:
              logo-mask hole SampleLogos/bird.svg -o splash.png --device "iPhone 15" --background "#1DA1F2"
              logo-mask hole SampleLogos/bird.svg -o splash.pdf --viewport 375x667@2 --background white
              logo-mask hole SampleLogos/bird.svg -o frame.svg --device "Pixel 8" --scale 4 --rotate -20
              logo-mask hole SampleLogos/bird.svg -o photo.png --device "iPhone SE" --background-image backdrop.png
              logo-mask hole SampleLogos/bird.svg -o yula.pdf --device "iPhone 15" --background-gradient "#7B2FF7,#F107A3,135"
            """))

    @OptionGroup var logoOptions: LogoOptions
    @OptionGroup var placementOptions: PlacementOptions

    @Option(name: .shortAndLong, help: "The file to write: .png, .pdf or .svg.")
    var output: String

    @Option(help: ArgumentHelp("Scale about the anchor (1: the logo --logo-width points wide).", valueName: "s"))
    var scale: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("The centre of scaling and rotation in document units (default: the document box's centre).", valueName: "X,Y"))
    var anchor: String?

    @Option(help: "The background: #RGB, #RRGGBB, #RRGGBBAA or a CSS name (default white).")
    var background: RGBAColor?

    @Option(help: ArgumentHelp("A picture (PNG, JPEG, WebP, GIF, TIFF or BMP) drawn behind the hole, scaled to fill the screen (PNG and SVG outputs).", valueName: "picture"))
    var backgroundImage: String?

    @Option(help: ArgumentHelp("A linear gradient behind the hole: two colours and an optional CSS angle in degrees (default 180, top to bottom).", valueName: "from,to[,deg]"))
    var backgroundGradient: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors and warnings.")
    var quiet = false

    func validate() throws {
        guard placementOptions.viewport != nil || placementOptions.device != nil else {
            throw ValidationError("Give the screen: --viewport WxH[@D] or --device NAME.")
        }
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be a positive number.") }
        if let anchor, Point(parsing: anchor) == nil { throw ValidationError("--anchor takes X,Y in document units.") }
        if [background != nil, backgroundImage != nil, backgroundGradient != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --background, --background-image or --background-gradient.")
        }
        if let backgroundGradient, LinearGradient(parsing: backgroundGradient) == nil {
            throw ValidationError("--background-gradient takes FROM,TO[,DEG], e.g. \"#7B2FF7,#F107A3,135\"; \"\(backgroundGradient)\" is not one.")
        }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ["png", "pdf", "svg"].contains(ext) else {
            throw ValidationError("The output must end in .png, .pdf or .svg; \"\(output)\" does not.")
        }
    }

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load()
            guard let viewport = placementOptions.chosenViewport else {
                throw LogoMaskError.invalidRequest("Give the screen: --viewport WxH[@D] or --device NAME.")
            }
            let placement = placementOptions.placement(
                documentSize: logo.documentSize, viewport: viewport, anchor: anchor.flatMap(Point.init(parsing:)), scale: scale)
            var fill: HoleBackground = backgroundImage.map { .image(path: $0) } ?? .color(background ?? .white)
            if let gradient = backgroundGradient.flatMap(LinearGradient.init(parsing:)) { fill = .linearGradient(gradient) }
            let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
            if ext == "png" {
                let progress = ProgressBar(label: "hole", enabled: !quiet)
                try LogoMasks.writeHolePNG(
                    of: logo, placement: placement, background: fill, to: output,
                    maxPixels: logoOptions.maxPixels, deadline: logoOptions.deadline, progress: progress.update)
                progress.finish()
                if !quiet { printError("wrote \(output) (\(viewport.pixelWidth)x\(viewport.pixelHeight) px)") }
                return
            }
            let result = try VectorHole.write(
                of: logo, placement: placement, background: fill, format: ext == "pdf" ? .pdf : .svg, to: output)
            if result.rasterFallback {
                printError("warning: \(logo.name) holds \(result.fallbackReasons.joined(separator: ", ")), which cannot be a path: Cairo drew the hole and rasterized those parts.")
            } else if result.approximatedPaint, !quiet {
                printError("note: gradient paints are cut out as opaque shapes.")
            }
            if !quiet { printError("wrote \(output) (\(viewport.size) pt, \(result.shapeCount) shape\(result.shapeCount == 1 ? "" : "s") cut out)") }
        }
    }
}
