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
/// Béziers librsvg draws; for an SVG of plain paths the read-back is then replaced by librsvg's
/// own doubles (``useExactPoints(of:)``), which makes the hole bit for bit librsvg's.
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
    /// True when the points are librsvg's own (``useExactPoints(of:)``), not read back from Cairo.
    private(set) var exact = false
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
            logo: logo, transform: .identity, pageSize: logo.documentSize, maxZoom: zoom)
        else { return nil }
        guard var result = HoleOutline(outline) else { return nil }
        if logo.format == .svg, logo.options.elementID == nil {
            result.useExactPoints(of: logo)
        }
        return result
    }

    /// The zoom the outline is read back at (Cairo's 24.8 fixed point: 1/(256 x zoom) of a unit).
    static let zoom = 65536.0

    /// Replaces the points read back from Cairo by librsvg's own doubles (``LibrsvgPathData``)
    /// when the SVG is plain paths and every shape's read-back agrees with them to the read-back's
    /// precision: then the hole's edges round to 1/256 px exactly as librsvg's do.
    mutating func useExactPoints(of logo: VectorLogo) {
        guard let paths = LibrsvgPathData.pathData(ofSVG: logo.source, documentSize: logo.documentSize),
              paths.count == shapes.count else { return }
        // The read-back's step: VectorOutline zooms so the farthest coordinate stays within 2^21.
        let extent = logo.documentBox.union(logo.inkBounds.isEmpty ? logo.documentBox : logo.inkBounds)
        let farthest = max(1, abs(extent.minX), abs(extent.maxX), abs(extent.minY), abs(extent.maxY))
        let zoom = min(Self.zoom, max(1, (2_097_152 / farthest).rounded(.down)))
        let tolerance = 2 / (256 * zoom)
        var exact = HoleOutline(shapes: [], verbs: [], points: [])
        for (index, shape) in shapes.enumerated() {
            let parsed = LibrsvgPathData.parse(paths[index])
            guard Self.aligns(parsed, with: self, shape: shape, tolerance: tolerance) else { return }
            let verbStart = exact.verbs.count, pointStart = exact.points.count
            exact.verbs += parsed.verbs
            exact.points += parsed.points
            exact.shapes.append(Shape(verbRange: verbStart..<exact.verbs.count, pointRange: pointStart..<exact.points.count,
                                      evenOdd: shape.evenOdd))
        }
        exact.exact = true
        self = exact
    }

    private init(shapes: [Shape], verbs: [Verb], points: [Point]) {
        self.shapes = shapes
        self.verbs = verbs
        self.points = points
    }

    /// True when the parsed commands are the read-back shape, allowing for what Cairo's path
    /// builder drops (repeated moves, degenerate and collinear lines, a line closing the subpath)
    /// and adds (a move after a close).
    static func aligns(
        _ parsed: (verbs: [Verb], points: [Point]), with outline: HoleOutline, shape: Shape, tolerance: Double
    ) -> Bool {
        func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }
        var i = 0, ip = 0
        var subpathStart = Point.zero
        var previous: Verb?
        var q = shape.pointRange.lowerBound
        for v in shape.verbRange {
            let verb = outline.verbs[v]
            defer { previous = verb }
            switch verb {
            case .move:
                let target = outline.points[q]
                q += 1
                // Cairo's implicit move after a close (the data goes on without one): the subpath
                // starts where the last one did.
                if previous == .close, i == parsed.verbs.count || parsed.verbs[i] != .move {
                    guard near(target, subpathStart) else { return false }
                    continue
                }
                var matched = false
                while i < parsed.verbs.count, parsed.verbs[i] == .move || parsed.verbs[i] == .line {
                    let p = parsed.points[ip]
                    let isMove = parsed.verbs[i] == .move
                    i += 1
                    ip += 1
                    if isMove && near(p, target) && !(i < parsed.verbs.count && parsed.verbs[i] == .move) {
                        matched = true
                        break
                    }
                }
                if !matched { return false }
                subpathStart = target
            case .line:
                let target = outline.points[q]
                q += 1
                var matched = false
                while i < parsed.verbs.count, parsed.verbs[i] == .line {
                    let p = parsed.points[ip]
                    i += 1
                    ip += 1
                    if near(p, target) { matched = true; break }
                }
                if !matched { return false }
            case .curve:
                while i < parsed.verbs.count, parsed.verbs[i] == .line { i += 1; ip += 1 }
                guard i < parsed.verbs.count, parsed.verbs[i] == .curve,
                      near(parsed.points[ip], outline.points[q]), near(parsed.points[ip + 1], outline.points[q + 1]),
                      near(parsed.points[ip + 2], outline.points[q + 2])
                else { return false }
                i += 1
                ip += 3
                q += 3
            case .close:
                while i < parsed.verbs.count, parsed.verbs[i] == .line { i += 1; ip += 1 }
                guard i < parsed.verbs.count, parsed.verbs[i] == .close else { return false }
                i += 1
            }
        }
        // Whatever is left must draw nothing Cairo kept: moves, and lines it dropped.
        while i < parsed.verbs.count {
            guard parsed.verbs[i] == .move || parsed.verbs[i] == .line else { return false }
            i += 1
        }
        return true
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
