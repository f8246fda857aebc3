import ArgumentParser
import FoundationEssentials
import LogoMask
import MaskGeometry

struct CoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover",
        abstract: "Compute the smallest scale at which the logo-shaped hole covers a whole screen.",
        discussion: HelpText.reflow("""
            The logo's document box is drawn --logo-width points wide (default 100), centred on
            the viewport (or at --center), and scaled (and rotated) about the anchor. The cover
            scale is the smallest scale at which every pixel of the viewport, rendered at its
            density, lies fully inside the logo (coverage 255 of 255). The reported scale is
            never below the true one and at most true x (1 + T); both ends are checked by
            rendering the vector at the viewport's pixels.

            --json adds the radial profile about the anchor (5,760 radii in points, 4 decimals):
            the cover scale of any window for code that runs elsewhere (see the code command).

            The anchor defaults to the document box's centre. If the centre is not inside the
            logo's fully opaque part (a ring's hole, a Y's notch, between a wordmark's letters),
            no scale covers from it, and the anchor becomes the point inside the logo with the
            smallest cover scale (as --anchor auto finds it), with a note on standard error;
            with several devices one anchor serves all: the first screen's, or the
            best point of a later screen the centre does not cover (a seam through
            the centre shows on some pixel grids only). --anchor center
            forces the centre (exit status 3 when it cannot cover). The command exits with
            status 3 when no anchor inside the logo covers (no fully opaque part).

            Examples:
              logo-mask cover SampleLogos/bird.svg --device "iPhone SE"
              logo-mask cover SampleLogos/bird.svg --all-devices --json
              logo-mask cover SampleLogos/ring.svg --viewport 393x852@3
              logo-mask cover SampleLogos/bird.svg --viewport 375x667@2 --rotate -30 --tolerance 0.0001
            """))

    @OptionGroup var logoOptions: LogoOptions
    @OptionGroup var placementOptions: PlacementOptions

    @Flag(help: "Every built-in device, portrait and landscape.")
    var allDevices = false

    @Option(parsing: .unconditional, help: ArgumentHelp("center-or-auto (the centre, or the searched point when the centre is in a gap), center (forced), auto (searched), or X,Y in document units.", valueName: "center-or-auto|center|auto|X,Y"))
    var anchor: String = "center-or-auto"

    @Option(help: ArgumentHelp("Relative tolerance T: the scale is at most true x (1 + T).", valueName: "T"))
    var tolerance: Double = 0.001

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        let chosen = [placementOptions.viewport != nil, placementOptions.device != nil, allDevices].filter { $0 }.count
        guard chosen == 1 else { throw ValidationError("Give one of --viewport, --device or --all-devices.") }
        if allDevices, placementOptions.landscape { throw ValidationError("--all-devices already gives both orientations.") }
        guard Anchor(parsing: anchor) != nil else {
            throw ValidationError("--anchor takes center-or-auto, center, auto or X,Y in document units; \"\(anchor)\" is none of them.")
        }
        guard tolerance > 0, tolerance < 1 else { throw ValidationError("--tolerance must be between 0 and 1, e.g. 0.001.") }
    }

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load()
            var targets: [(String?, String?, Viewport)] = []
            if allDevices {
                for device in Device.builtIn {
                    targets.append((device.name, "portrait", device.viewport()))
                    targets.append((device.name, "landscape", device.viewport(landscape: true)))
                }
            } else if let device = placementOptions.device.flatMap(Device.named) {
                targets.append((device.name, placementOptions.landscape ? "landscape" : "portrait",
                                device.viewport(landscape: placementOptions.landscape)))
            } else if let viewport = placementOptions.chosenViewport {
                targets.append((nil, nil, viewport))
            }
            let chosenAnchor = Anchor(parsing: anchor) ?? .defaultAnchor
            for (_, _, viewport) in targets {
                try logoOptions.pixelBudget.check(width: viewport.pixelWidth, height: viewport.pixelHeight, file: logo.name)
            }
            // One default anchor for all the screens (auto, asked for, searches each).
            let placements = targets.map { _, _, viewport in
                placementOptions.placement(documentSize: logo.documentSize, viewport: viewport, anchor: chosenAnchor.point)
            }
            let results = CoverScale.compute(
                logo: logo, placements: placements, anchor: chosenAnchor, tolerance: tolerance, deadline: logoOptions.deadline)
            var rows: [CoverReport.Row] = []
            // With --json, "no scale covers" is an answer: the report says so (and the status
            // stays 3); other errors stop as usual.
            var uncovered: LogoMaskError?
            for ((name, orientation, _), result) in zip(targets, results) {
                switch result {
                case let .success(found):
                    if rows.isEmpty, let note = found.anchorNote { printError("note: \(note)") }
                    rows.append(CoverReport.Row(device: name, orientation: orientation, result: found))
                case let .failure(error):
                    guard json, error.exitStatus == 3 else { throw error }
                    uncovered = error
                }
                if uncovered != nil { break }
            }
            if json, let uncovered {
                var report = CoverReport(
                    file: logo.name, logoWidth: placementOptions.logoWidth, rotationDegrees: placementOptions.rotate,
                    anchor: chosenAnchor, tolerance: tolerance, results: rows)
                report.status = uncovered.exitStatus
                report.reason = FlagNames.message(for: uncovered)
                if let text = report.jsonText() { print(text) }
                throw uncovered
            }
            if json {
                // The radial profile about the first row's anchor: the cover scale of any window.
                let profile = rows.first.flatMap { row in
                    // Checked against every row about the same anchor: the profile never covers sooner than the pixels.
                    let checks = rows.filter { $0.anchor == row.anchor }.map {
                        RadialProfile.CoverCheck(
                            windowSize: $0.viewport.size, anchorInWindow: $0.anchorInPoints,
                            rotation: placementOptions.rotate * .pi / 180, scale: $0.scale)
                    }
                    return (try? RadialProfile.measure(
                        logo: logo, logoWidth: placementOptions.logoWidth, anchor: row.anchor, checkedAgainst: checks,
                        deadline: logoOptions.deadline))
                        .map { RadialProfileReport(profile: $0, anchor: row.anchor) }
                }
                let report = CoverReport(
                    file: logo.name, logoWidth: placementOptions.logoWidth, rotationDegrees: placementOptions.rotate,
                    anchor: chosenAnchor, tolerance: tolerance, results: rows, radialProfile: profile)
                if let text = report.jsonText() { print(text) }
                return
            }
            print("cover scale of \(logo.name): logo \(formatNumber(placementOptions.logoWidth)) pt wide, tolerance \(formatNumber(tolerance))"
                  + (placementOptions.rotate != 0 ? ", rotated \(formatNumber(placementOptions.rotate)) deg" : ""))
            var table: [[String]] = [["device", "orientation", "viewport", "pixels", "scale", "anchor (doc units)"]]
            for row in rows {
                table.append([
                    row.device ?? "-", row.orientation ?? "-", "\(row.viewport)", "\(row.pixels[0])x\(row.pixels[1])",
                    formatNumber(row.scale, decimals: 4), "\(row.anchor)"])
            }
            printTable(table)
        }
    }
}
