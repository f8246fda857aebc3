import FoundationEssentials
import MaskGeometry

/// The logo as vector shapes, normalized once at load time (``VectorLogo/outline``), the only
/// vector form the hole, the reveal and the exporters read.
///
/// What it has resolved, so that a reader needs no SVG or PDF knowledge:
/// - every shape's path is absolute and made of move, line, cubic Bézier and close only (arcs,
///   quadratics, relative and shorthand commands, rects, circles and ellipses are already
///   cubics and lines), in *document units* with every transform applied;
/// - shapes are in drawing order, each filled (with its fill rule) or stroked (with its
///   ``Stroke`` parameters), with its ``Paint`` summarized and the clips of the groups around it;
/// - whether the shapes reproduce the logo's coverage exactly (``isExact``), and when not, why
///   (``inexactReasons``: filters, images, masks, group opacity, text drawn as glyphs…).
///
/// The shapes are what librsvg (SVG) or poppler (PDF) hand to Cairo, read back from Cairo's SVG
/// surface; for an SVG made only of paths in user space they are librsvg's own doubles.
///
/// ```swift
/// let logo = try VectorLogo(contentsOf: "logo.svg")
/// let outline = try logo.outline
/// for shape in outline.shapes {
///     for segment in shape.path.segments { print(segment) }
/// }
/// let onScreen = outline.mapped(by: .scale(2))
/// ```
public struct LogoOutline: Sendable, Hashable {
    /// The painted shapes in drawing order.
    public var shapes: [Shape]
    /// The filter results drawn between the shapes, in drawing order (each placed by its
    /// ``Picture/position``); ``drawsWithPictures`` says whether they are all that is inexact.
    /// Empty for a logo without filters, and for one that also draws an image of its own or a
    /// filter Cairo did not write as a picture.
    public var pictures: [Picture]
    /// The document box's size (``VectorLogo/documentSize``) the shapes are placed in.
    public var documentSize: Size
    /// Why the shapes do not reproduce the logo's coverage exactly, each reason once, sorted;
    /// empty when they do.
    public var inexactReasons: [InexactReason]
    /// True when the points are librsvg's own doubles from the SVG's path data (not read back
    /// from Cairo's SVG surface, which keeps 1/256 of a device unit).
    var hasSourcePoints: Bool
    /// True when every translucent group that makes the outline inexact
    /// (``InexactReason/groupOpacity``) is named in its shapes' ``Shape/groups``.
    public var carriesGroupOpacity: Bool

    /// An outline of `shapes`.
    public init(
        shapes: [Shape], documentSize: Size, inexactReasons: [InexactReason] = [], carriesGroupOpacity: Bool = false,
        pictures: [Picture] = []
    ) {
        self.shapes = shapes
        self.pictures = pictures
        self.documentSize = documentSize
        self.inexactReasons = Array(Set(inexactReasons)).sorted()
        hasSourcePoints = false
        self.carriesGroupOpacity = carriesGroupOpacity
    }

    /// True when filling and stroking ``shapes`` with their paints and clips gives the logo's
    /// coverage (alpha), nothing lost or approximated: the hole can be drawn from the outline.
    /// Paints (gradients, patterns) do not make the outline inexact.
    public var isExact: Bool { inexactReasons.isEmpty }

    /// True when the shapes give the logo's coverage exactly for a reader that composites each
    /// of their ``Shape/groups`` as one picture drawn at its opacity (a Lottie precomposition, an
    /// SVG `<g opacity>`): exact, or inexact only by group opacity the groups carry.
    public var isExactWithGroups: Bool {
        isExact || (carriesGroupOpacity && inexactReasons == [.groupOpacity])
    }

    /// True when the shapes, painted with their paints, draw the logo as vectors: exact, or
    /// inexact only by ``InexactReason/groupOpacity`` (overlapping shapes in a translucent group,
    /// drawn each at the group's opacity: a close approximation, darker where they overlap).
    /// Patterns are not vectors an exporter can write.
    public var drawsAsVectors: Bool {
        inexactReasons.allSatisfy { $0 == .groupOpacity } && shapes.allSatisfy(\.paint.isVector)
    }

    /// True when the shapes and the ``pictures`` between them draw the logo: the shapes as
    /// vectors (as ``drawsAsVectors``), each filter result as its picture. False when the logo
    /// has no such pictures, or when something else (an image, a mask, text) is inexact.
    public var drawsWithPictures: Bool {
        !pictures.isEmpty && inexactReasons.allSatisfy { $0 == .groupOpacity || $0 == .filter }
            && shapes.allSatisfy(\.paint.isVector)
    }

    /// True when the shapes and ``pictures`` give the logo's coverage for a reader that draws each
    /// picture's pixels and composites the ``Shape/groups`` (as ``isExactWithGroups``): inexact
    /// only by its filters, which the pictures carry.
    public var isExactWithPictures: Bool {
        guard !pictures.isEmpty, inexactReasons.contains(.filter) else { return false }
        let others = inexactReasons.filter { $0 != .filter }
        return others.isEmpty || (carriesGroupOpacity && others == [.groupOpacity])
    }

    /// The sentence exporters add when they embed the ``pictures`` of `logo` (this outline's
    /// logo), naming the filtered elements (``FilteredElements``); nil when there are none.
    func pictureNote(of logo: VectorLogo) -> String? {
        guard !pictures.isEmpty else { return nil }
        return FilteredElements.sentence(of: logo, pictures: pictures.count)
            + ", embedded in paint order between its vector shapes; the rest is vectors."
    }

    /// The sentence exporters add when they draw a translucent group's overlapping shapes each
    /// at its opacity; nil when the outline has none.
    var groupOpacityNote: String? {
        inexactReasons.contains(.groupOpacity)
            ? "A translucent group's overlapping shapes are drawn each at the group's opacity (a close approximation: darker where they overlap)."
            : nil
    }

    /// The smallest rectangle holding every point of every shape's path (control points
    /// included, stroke widths not); `.null` when there is no shape.
    public var bounds: Rect {
        var all = Path()
        for shape in shapes { all.append(contentsOf: shape.path) }
        return all.bounds
    }

    /// The outline with every path, clip and stroke's user space mapped by `transform` (exact for
    /// an affine map: Béziers map to Béziers). ``documentSize`` is kept.
    public func mapped(by transform: Transform) -> LogoOutline {
        var copy = self
        copy.shapes = shapes.map { $0.mapped(by: transform) }
        copy.pictures = pictures.map { $0.mapped(by: transform) }
        return copy
    }
}
