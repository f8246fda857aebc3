import ArgumentParser
import LogoMask
import MaskGeometry

/// `--viewport WxH[@D]` or `--device NAME [--landscape]`, and where the logo sits on it.
struct PlacementOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The screen in points, with an optional density in pixels per point (default 3).", valueName: "WxH[@D]"))
    var viewport: String?

    @Option(help: ArgumentHelp("A built-in device: \(Device.builtIn.map(\.name).joined(separator: ", ")).", valueName: "name"))
    var device: String?

    @Flag(help: "Turn the device a quarter (width and height swapped).")
    var landscape = false

    @Option(help: ArgumentHelp("Width of the logo's document box on screen at scale 1, in points.", valueName: "pt"))
    var logoWidth: Double = Placement.defaultLogoWidth

    @Option(parsing: .unconditional, help: ArgumentHelp("Where the document box's centre sits, in points (default: the viewport's centre).", valueName: "X,Y"))
    var center: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Rotation about the anchor in degrees, clockwise (negative turns anticlockwise).", valueName: "deg"))
    var rotate: Double = 0

    func validate() throws {
        if viewport != nil, device != nil { throw ValidationError("Give --viewport or --device, not both.") }
        if let viewport, Viewport(parsing: viewport) == nil {
            throw ValidationError("--viewport takes WxH or WxH@D in points, e.g. 375x667@2; \"\(viewport)\" is not one.")
        }
        if let device, Device.named(device) == nil {
            throw ValidationError("No built-in device \"\(device)\". Known: \(Device.builtIn.map(\.name).joined(separator: ", ")).")
        }
        if landscape, device == nil { throw ValidationError("--landscape turns a --device; for --viewport, swap W and H.") }
        guard logoWidth > 0, logoWidth.isFinite else { throw ValidationError("--logo-width must be a positive number of points.") }
        if let center, Point(parsing: center) == nil { throw ValidationError("--center takes X,Y in points, e.g. 187.5,333.5.") }
        guard rotate.isFinite else { throw ValidationError("--rotate must be a finite number of degrees.") }
    }

    /// The chosen viewport, nil when neither --viewport nor --device is given.
    var chosenViewport: Viewport? {
        if let viewport { return Viewport(parsing: viewport) }
        if let device { return Device.named(device)?.viewport(landscape: landscape) }
        return nil
    }

    /// The placement on `viewport` for a logo of `documentSize`.
    func placement(documentSize: Size, viewport: Viewport, anchor: Point? = nil, scale: Double = 1) -> Placement {
        Placement(
            documentSize: documentSize, viewport: viewport, logoWidth: logoWidth,
            center: center.flatMap(Point.init(parsing:)), anchor: anchor, scale: scale, rotation: rotate * .pi / 180)
    }
}
