import FoundationEssentials
import MaskGeometry

/// One thread's means of drawing a logo: its own parsed librsvg handle or poppler document
/// (neither may be shared between threads), drawing the vectors at whatever transform the
/// target needs, pixels or PDF/SVG.
///
/// Why not a Cairo recording surface, as the architecture first proposed: Cairo 1.16 replays
/// a recording under a scale with geometric drift. Against rsvg-convert on the bird sample,
/// a recording replayed at 4096 px put a curved edge 14 px away (88,874 pixels off); recorded
/// at 1x the paths keep only 1/256 of a unit (24.8 fixed point), up to 12 levels off at
/// 1024 px on a 24-unit icon; and Cairo's PDF surface drops a recording painted at a large
/// scale-down, leaving an empty page. Drawing through the loader at the final transform is
/// what rsvg-convert does: it matches it bit for bit, filter effects included (librsvg
/// rasterizes those at the resolution it draws at, so no recording could keep them sharp).
/// Parsing and styling still happen once per drawing; each draw walks the parsed tree.
final class LogoDrawing {
    private let svg: SVGDocument?
    private let pdf: PDFDocument?
    private let elementID: String?
    private let page: Int
    private let box: Rect
    let name: String
    /// ``VectorLogo/pathCrossings`` and the box the paths span, to refuse a drawing too costly.
    private let crossings: Int
    private let inkBox: Rect

    init(logo: VectorLogo) throws(LogoMaskError) {
        name = logo.name
        elementID = logo.options.elementID
        page = logo.options.page - 1
        box = logo.documentBox
        crossings = logo.pathCrossings
        inkBox = logo.inkBounds.isEmpty ? logo.documentBox : logo.inkBounds
        switch logo.format {
        case .svg:
            svg = try SVGDocument(
                data: logo.source, name: logo.name, baseFile: logo.baseFile, unlimited: logo.options.trustedInput)
            pdf = nil
        case .pdf:
            svg = nil
            pdf = try PDFDocument(data: logo.source, name: logo.name)
        }
    }

    /// Draws the logo with `transform` (document units to the context's user space) applied
    /// on top of the context's current transform, with the context's current operator and an
    /// optional overall opacity. Works on image, PDF and SVG surfaces alike (paths stay paths).
    func draw(on context: CairoContext, transform: Transform, alpha: Double = 1) throws(LogoMaskError) {
        if crossings > 0 {
            // Cairo's time grows with the crossings and the rows they are spread over.
            let rows = transform.apply(to: inkBox).height.rounded(.up)
            let limit = PathCrossingEstimate.limit(rows: rows)
            if crossings > limit {
                throw LogoMaskError.pathTooComplex(file: name, crossings: crossings, limit: limit, pixelRows: Int(rows))
            }
        }
        // Cairo's own work (groups, compositing) is guarded as Cairo; the loaders' calls inside
        // name librsvg or poppler.
        try withLibraryCall(.cairo, .drawing, file: name) { () throws(LogoMaskError) in
            context.save()
            defer { context.restore() }
            context.concatenate(transform)
            if alpha < 1 { context.pushGroup() }
            if let svg {
                try svg.render(on: context, element: elementID, viewport: box)
            } else if let pdf {
                try pdf.render(page: page, on: context)
            }
            if alpha < 1 { context.popGroupAndPaint(alpha: alpha) }
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: name, reason: reason) }
    }
}
