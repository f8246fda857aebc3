import ArgumentParser
import LogoMask
import MaskGeometry

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print a logo's size, viewBox and bounds.",
        discussion: HelpText.reflow("""
            Sizes are in document units: CSS pixels (96 per inch) for SVG, points for PDF.
            Ink bounds include strokes (librsvg's ink rectangle); logical bounds leave strokes out.

            Examples:
              logo-mask info SampleLogos/bird.svg
              logo-mask info SampleLogos/wordmark.svg --id letter-o --json
              cat logo.pdf | logo-mask info - --page 2 --json
            """))

    @OptionGroup var logoOptions: LogoOptions

    @Option(help: "Also report the bounds of the SVG element with this id.")
    var id: String?

    @Flag(help: "Print JSON (keys documented in the README) instead of a table.")
    var json = false

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let info = try logoOptions.load().info(elementID: id)
            if json {
                print(info.jsonString())
                return
            }
            func show(_ rect: Rect?) -> String { rect.map { "\($0)  (x,y,w,h)" } ?? "none" }
            var rows: [(String, String)] = [
                ("file", info.file),
                ("format", info.format.rawValue + (info.format == .pdf ? "  page \(info.page) of \(info.pageCount)" : "")),
                ("document size", "\(info.documentSize)  (\(formatNumber(info.unitsPerInch)) units per inch)"),
                ("viewBox", info.viewBox.map(\.description) ?? "none"),
                ("ink bounds", info.inkBounds.map { "\($0)  (x,y,w,h)" } ?? "none: nothing paints"),
                ("logical bounds", show(info.logicalBounds)),
                ("filter effects", info.usesFilterEffects
                    ? "yes: rendered as librsvg draws them; zoomed past the size a command starts at, and in cover"
                        + " searches, painted from one 2048-px picture (edges soften when magnified; the cover scale"
                        + " is the one at which that picture covers)"
                    : "no"),
            ]
            if let element = info.element {
                rows.append(("element #\(element.id) ink", show(element.inkBounds)))
                rows.append(("element #\(element.id) logical", show(element.logicalBounds)))
            }
            let width = rows.map(\.0.count).max() ?? 0
            for (key, value) in rows {
                print(key + String(repeating: " ", count: max(0, width - key.count)) + "  " + value)
            }
        }
    }
}
