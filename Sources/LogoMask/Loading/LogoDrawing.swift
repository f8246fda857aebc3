import Foundation
import MaskGeometry

/// One thread's means of drawing a logo: a Cairo recording of its vectors, replayed at any
/// transform, or, for SVGs with filter effects, librsvg itself drawing at the final transform
/// (librsvg rasterizes filters at the resolution it draws at, so a recording made at 1x would
/// turn to mush when enlarged).
final class LogoDrawing {
    private enum Kind {
        case recording(CairoSurface)
        case svg(SVGDocument)
    }

    private let kind: Kind
    private let elementID: String?
    private let box: Rect
    let name: String
    /// Recording units per document unit (see `recordingSide`).
    let recordingScale: Double
    /// Cairo stores recorded paths in 24.8 fixed point of the recording's own units, so a
    /// recording made at the document's size (a 24-unit icon, say) keeps only 1/256 of a unit:
    /// 2.7 px of error at 16384 px. Recording with the long side at 65536 units keeps paths to
    /// 1/16,777,216 of the logo (0.012 px at 200,000 px) and still leaves room for drawing up to
    /// 127 logo-sizes outside the document box before the fixed-point range ends.
    static let recordingSide = 65536.0

    init(logo: VectorLogo) throws(LogoMaskError) {
        name = logo.name
        recordingScale = Self.recordingSide / max(logo.documentSize.width, logo.documentSize.height)
        elementID = logo.options.elementID
        box = logo.documentBox
        switch logo.format {
        case .svg:
            let document = try SVGDocument(
                data: logo.source, name: logo.name, baseFile: logo.baseFile, unlimited: logo.options.trustedInput)
            if logo.usesFilterEffects {
                kind = .svg(document)
            } else {
                let recording = try CairoSurface.recording()
                let context = try CairoContext(recording)
                context.setTransform(.scale(recordingScale))
                try document.render(on: context, element: logo.options.elementID, viewport: logo.documentBox)
                if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
                kind = .recording(recording)
            }
        case .pdf:
            let document = try PDFDocument(data: logo.source, name: logo.name)
            let recording = try CairoSurface.recording()
            let context = try CairoContext(recording)
            context.setTransform(.scale(recordingScale))
            try document.render(page: logo.options.page - 1, on: context)
            if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
            kind = .recording(recording)
        }
    }

    /// Draws the logo with `transform` (document units to the context's user space) applied
    /// on top of the context's current transform, with the context's current operator.
    func draw(on context: CairoContext, transform: Transform, alpha: Double = 1) throws(LogoMaskError) {
        context.save()
        defer { context.restore() }
        context.concatenate(transform)
        switch kind {
        case let .recording(recording):
            context.concatenate(.scale(1 / recordingScale))
            context.paint(recording, alpha: alpha)
        case let .svg(document):
            if alpha < 1 { context.pushGroup() }
            try document.render(on: context, element: elementID, viewport: box)
            if alpha < 1 { context.popGroupAndPaint(alpha: alpha) }
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: name, reason: reason) }
    }

    /// The raw recording surface when the drawing is recorded (for vector export).
    var recordingSurface: CairoSurface? {
        if case let .recording(surface) = kind { return surface }
        return nil
    }
}
