import Foundation
import MaskGeometry

/// The logo's filled outline in document units, read once per job so that each reveal frame can
/// draw the hole's coverage with ``HoleScanConverter`` (no librsvg, no Cairo, no allocation)
/// instead of parsing and drawing the SVG again through librsvg.
///
/// Only what the scan converter reproduces exactly is accepted: filled paths (non-zero or
/// even-odd), fully opaque, without clips, strokes, gradients, images, masks, filters or group
/// opacity. Anything else (``load(_:)`` returns nil) keeps the hole on librsvg, which draws
/// every SVG feature. The paths are those librsvg itself hands to Cairo (read back from Cairo's
/// SVG surface by ``VectorOutline``), so arcs, rounded rects and shapes arrive as the same
/// Béziers librsvg draws.
struct HoleOutline: Sendable {
    /// One filled shape: its steps are `verbs[verbRange]`, its points `points[pointRange]`.
    struct Shape: Sendable {
        var verbRange: Range<Int>
        var pointRange: Range<Int>
        var evenOdd: Bool
    }

    /// What one path step is (the points it takes follow in ``points``).
    enum Verb: UInt8, Sendable {
        /// One point.
        case move
        /// One point.
        case line
        /// Three points: two controls and the end.
        case curve
        /// No point.
        case close
    }

    var shapes: [Shape]
    var verbs: [Verb]
    /// Document units (the shape's own transform applied).
    var points: [Point]

    /// The outline of `logo`, or nil when its hole must be drawn by librsvg (see the type's
    /// documentation for what is accepted).
    static func load(_ logo: VectorLogo) -> HoleOutline? {
        guard !logo.usesFilterEffects, logo.documentSize.isUsable else { return nil }
        // Read back at a large zoom: Cairo's SVG surface writes 24.8 fixed point, so the zoom sets
        // how close the points are to what librsvg hands to Cairo (1/(256 x zoom) of a unit).
        guard let outline = try? VectorOutline.extract(
            logo: logo, transform: .identity, pageSize: logo.documentSize, maxZoom: Double(ProcessInfo.processInfo.environment["HOLE_ZOOM"] ?? "65536") ?? 65536)
        else { return nil }
        return HoleOutline(outline)
    }

    /// The accepted part of an outline (nil when some shape is not a plain opaque fill).
    init?(_ outline: VectorOutline) {
        guard outline.unsupported.isEmpty, !outline.approximatedPaint, !outline.shapes.isEmpty else { return nil }
        shapes = []
        verbs = []
        points = []
        for (shape, clips) in outline.shapes {
            guard clips.isEmpty, shape.opacity >= 1, case let .fill(evenOdd) = shape.paint else { return nil }
            let verbStart = verbs.count, pointStart = points.count
            for step in shape.path {
                switch step.mapped(by: shape.transform) {
                case let .move(p):
                    verbs.append(.move)
                    points.append(p)
                case let .line(p):
                    verbs.append(.line)
                    points.append(p)
                case let .curve(a, b, c):
                    verbs.append(.curve)
                    points.append(contentsOf: [a, b, c])
                case .close:
                    verbs.append(.close)
                }
            }
            guard points[pointStart...].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            shapes.append(Shape(verbRange: verbStart..<verbs.count, pointRange: pointStart..<points.count, evenOdd: evenOdd))
        }
    }
}
