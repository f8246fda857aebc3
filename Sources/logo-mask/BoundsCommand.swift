import ArgumentParser
import FoundationEssentials
import LogoMask
import MaskGeometry

struct BoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bounds",
        abstract: "Print a logo's logical, ink and alpha-tight bounds, also under a scale and rotation.",
        discussion: HelpText.reflow("""
            All in document units (CSS px for SVG, points for PDF), as x,y,width,height.
              logical      the geometry without stroke widths (librsvg's logical box)
              ink          all that paints, strokes included (librsvg's ink box)
              alpha-tight  the box of pixels with coverage above 0, found by drawing the
                           vector 4096 px on its long side, then zoomed in on each edge
            With --scale, --rotate and --anchor, each is also given under that transform (about
            the anchor, the document box's centre by default): logical and ink as the box of
            their transformed corners, alpha-tight measured on the transformed drawing itself.

            The Android 12 check (also in --json): the splash icon is masked to a circle 2/3 of
            its box; the box is the document box made square. It reports whether the ink fits
            and the ratio of the ink's farthest pixel from the centre to that circle's radius.

            Examples:
              logo-mask bounds SampleLogos/bird.svg
              logo-mask bounds SampleLogos/bird.svg --rotate 30 --scale 2 --json
              logo-mask bounds SampleLogos/wordmark.svg --anchor 0,50 --rotate -90
            """))

    @OptionGroup var logoOptions: LogoOptions

    @Option(help: ArgumentHelp("Scale about the anchor.", valueName: "s"))
    var scale: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Rotation about the anchor in degrees, clockwise (negative turns anticlockwise).", valueName: "deg"))
    var rotate: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("The anchor in document units (default: the document box's centre).", valueName: "X,Y"))
    var anchor: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be a positive number.") }
        guard rotate.isFinite else { throw ValidationError("--rotate must be a finite number of degrees.") }
        if let anchor, Point(parsing: anchor) == nil { throw ValidationError("--anchor takes X,Y in document units.") }
    }

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load()
            let anchorPoint = anchor.flatMap(Point.init(parsing:)) ?? logo.documentBox.center
            let transform = BoundsReport.transform(scale: scale, rotationDegrees: rotate, anchor: anchorPoint)
            let deadline = logoOptions.deadline
            let plain = try AlphaBounds.alphaTight(of: logo, deadline: deadline)
            let moved = transform == .identity ? plain : try AlphaBounds.alphaTight(of: logo, transform: transform, deadline: deadline)
            let android = try AlphaBounds.androidSplash(of: logo, deadline: deadline)
            let report = BoundsReport(
                logo: logo, scale: scale, rotationDegrees: rotate, anchor: anchorPoint,
                untransformed: plain, transformed: moved, android12: android)
            if json {
                if let text = report.jsonText() { print(text) }
                return
            }
            func show(_ r: Rect?) -> String { r.map(\.description) ?? "none" }
            print("bounds of \(logo.name) (document units, x,y,width,height)")
            var rows: [[String]] = [["", "untransformed"]]
            let moves = transform != .identity
            if moves { rows[0].append("scale \(formatNumber(scale)), rotate \(formatNumber(rotate)) deg about \(anchorPoint)") }
            rows.append(["logical", show(report.untransformed.logical)] + (moves ? [show(report.transformed.logical)] : []))
            rows.append(["ink", show(report.untransformed.ink)] + (moves ? [show(report.transformed.ink)] : []))
            rows.append(["alpha-tight", show(plain.rect)] + (moves ? [show(moved.rect)] : []))
            printTable(rows)
            print("alpha-tight measured at \(formatNumber(plain.resolution, decimals: 2)) px per unit, edges refined to 1/\(formatNumber(plain.refinedResolution, decimals: 0)) of a unit")
            print("android 12 splash: ink radius \(formatNumber(android.inkRadius, decimals: 3)) = \(formatNumber(android.ratio, decimals: 3)) x the safe circle's \(formatNumber(android.safeRadius, decimals: 3)): "
                  + (android.fits ? "fits" : "does not fit (the corners will be cut off; shrink the logo inside its box)"))
        }
    }
}
