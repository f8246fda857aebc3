import ArgumentParser
import LogoMask

/// One of --width, --height, --scale, --dpi.
struct SizeOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output width in pixels (height follows the aspect ratio).")
    var width: Int?

    @Option(name: .long, help: "Output height in pixels (width follows the aspect ratio).")
    var height: Int?

    @Option(name: .shortAndLong, help: "Pixels per document unit (1: the document's own size).")
    var scale: Double?

    @Option(help: "Dots per inch (SVG documents are 96 DPI, PDF 72).")
    var dpi: Double?

    func validate() throws {
        let given = [width != nil, height != nil, scale != nil, dpi != nil].filter { $0 }.count
        guard given <= 1 else { throw ValidationError("Give one of --width, --height, --scale or --dpi, not several.") }
        if let width, width <= 0 { throw ValidationError("--width must be a positive number of pixels.") }
        if let height, height <= 0 { throw ValidationError("--height must be a positive number of pixels.") }
        if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be a positive number.") }
        if let dpi, !(dpi > 0 && dpi.isFinite) { throw ValidationError("--dpi must be a positive number.") }
    }

    /// The chosen size; the document's own size (scale 1) when none is given.
    var renderSize: RenderSize {
        if let width { return .width(width) }
        if let height { return .height(height) }
        if let scale { return .scale(scale) }
        if let dpi { return .dpi(dpi) }
        return .scale(1)
    }
}
