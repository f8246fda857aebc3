import FoundationEssentials

/// Where a logo sits on a viewport and how it is scaled and turned: the one placement model
/// that the hole, the cover scale, the reveal frames and the launch stills share.
///
/// - The logo's document box is drawn `logoWidth` points wide (aspect kept), its centre at
///   `center` (points; the viewport's centre when nil).
/// - The anchor, the centre of scaling and rotation, is a point in document units (the
///   document box's centre when nil). It stays where the unscaled placement puts it.
/// - `scale` and `rotation` (radians, clockwise on screen) apply about the anchor.
///
/// ```swift
/// let p = Placement(documentSize: Size(width: 120, height: 100),
///                   viewport: Viewport(width: 375, height: 667, density: 2), scale: 36)
/// let toPixels = p.pixelTransform   // document units -> viewport pixels
/// ```
public struct Placement: Hashable, Sendable, Codable {
    /// The logo's document size (document units).
    public var documentSize: Size
    /// The viewport it is placed on.
    public var viewport: Viewport
    /// Width of the document box on screen at scale 1, in points (default 100).
    public var logoWidth: Double
    /// Where the document box's centre goes, in points; nil for the viewport's centre.
    public var center: Point?
    /// The centre of scaling and rotation in document units; nil for the document box's centre.
    public var anchor: Point?
    /// The scale about the anchor (1: `logoWidth` points wide).
    public var scale: Double
    /// The rotation about the anchor in radians, positive clockwise on screen.
    public var rotation: Double

    /// The default on-screen logo width, in points.
    public static let defaultLogoWidth = 100.0

    /// Creates a placement; every parameter but the sizes has the model's default.
    public init(
        documentSize: Size, viewport: Viewport, logoWidth: Double = Placement.defaultLogoWidth,
        center: Point? = nil, anchor: Point? = nil, scale: Double = 1, rotation: Double = 0
    ) {
        self.documentSize = documentSize
        self.viewport = viewport
        self.logoWidth = logoWidth
        self.center = center
        self.anchor = anchor
        self.scale = scale
        self.rotation = rotation
    }

    /// Points per document unit at scale 1.
    public var pointsPerUnit: Double { logoWidth / documentSize.width }

    /// The document box's centre on the viewport, in points.
    public var resolvedCenter: Point { center ?? viewport.bounds.center }

    /// The anchor in document units.
    public var resolvedAnchor: Point {
        anchor ?? Point(x: documentSize.width / 2, y: documentSize.height / 2)
    }

    /// Where the anchor sits on the viewport, in points (the same at every scale and rotation).
    public var anchorInPoints: Point {
        let k = pointsPerUnit, c = resolvedCenter, a = resolvedAnchor
        return Point(x: c.x + k * (a.x - documentSize.width / 2), y: c.y + k * (a.y - documentSize.height / 2))
    }

    /// Document units to viewport points, with the scale and rotation about the anchor.
    public var transform: Transform { transform(scale: scale, density: 1) }

    /// Document units to viewport pixels (points times density).
    public var pixelTransform: Transform { transform(scale: scale, density: viewport.density) }

    /// Document units to viewport pixels at another scale (the rest unchanged).
    public func pixelTransform(scale s: Double) -> Transform { transform(scale: s, density: viewport.density) }

    /// The linear part at scale 1 (document units to pixels, rotation included, no translation):
    /// the frame in which the cover-scale search renders the logo.
    public var pixelFrame: Transform {
        Transform.scale(viewport.density * pointsPerUnit).concatenating(.rotation(radians: rotation))
    }

    /// The same placement at another scale.
    public func with(scale s: Double) -> Placement {
        var copy = self
        copy.scale = s
        return copy
    }

    /// The document box on the viewport (points), as an axis-aligned box of its mapped corners.
    public var logoFrame: Rect {
        transform.apply(to: Rect(x: 0, y: 0, width: documentSize.width, height: documentSize.height))
    }

    private func transform(scale s: Double, density: Double) -> Transform {
        let a = resolvedAnchor, p = anchorInPoints
        return Transform.translation(x: -a.x, y: -a.y)
            .concatenating(.scale(pointsPerUnit * s))
            .concatenating(.rotation(radians: rotation))
            .concatenating(.translation(x: p.x, y: p.y))
            .concatenating(.scale(density))
    }
}
