import MaskGeometry

/// The state of every reveal layer at one instant: plain values sampled from a ``Timeline``.
///
/// A property whose track is absent from the timeline, or whose animation neither runs nor
/// fills at that instant, has the default documented on it. The defaults describe a scene at
/// rest: the splash background fully shown, the hole at the logo's launch size and place, the
/// content at its own size, and no veil, drawn logo or caption (overlays appear only where a
/// track shows them). Opacities are clamped to 0...1; scales are not clamped.
public struct FrameState: Hashable, Sendable, Codable {
    /// Seconds from the start of the timeline.
    public var time: Double
    /// Scale of the logo-shaped hole about its anchor; 1 is the logo's launch size. Default 1.
    public var holeScale: Double
    /// Rotation of the hole about its anchor in radians; positive turns clockwise on screen
    /// (y grows downwards), as ``Transform/rotation(radians:)``. Default 0.
    public var holeRotation: Double
    /// Translation of the hole in viewport points, applied after scale and rotation. Default `.zero`.
    public var holeOffset: Point
    /// Where the drawn logo sits, in viewport points (a rect-to-rect move); nil (the default)
    /// means its launch rect.
    public var logoFrame: Rect?
    /// Opacity (0...1) of the veil over the app content (the white view that fades in seed 000).
    /// Default 0: no veil.
    public var veilOpacity: Double
    /// Scale of the app content about the viewport centre (1.05 -> 1 in seed 001). Default 1.
    public var contentScale: Double
    /// Opacity (0...1) of the splash background around the hole. Default 1: fully shown.
    public var backgroundOpacity: Double
    /// Opacity (0...1) of the logo drawn in colour (before the hole opens, and for the move
    /// preset). Default 0: not drawn, the hole alone carries the logo's shape.
    public var logoOpacity: Double
    /// Opacity (0...1) of the caption image. Default 0: not shown.
    public var captionOpacity: Double

    /// A state at `time` with every property at its default.
    public init(time: Double = 0) {
        self.time = time
        holeScale = 1
        holeRotation = 0
        holeOffset = .zero
        logoFrame = nil
        veilOpacity = 0
        contentScale = 1
        backgroundOpacity = 1
        logoOpacity = 0
        captionOpacity = 0
    }

    /// The hole's transform for a hole anchored at `anchor` (viewport points): scale and rotate
    /// about the anchor, then move by ``holeOffset``.
    public func holeTransform(about anchor: Point) -> Transform {
        Transform.scaleRotate(scale: holeScale, radians: holeRotation, about: anchor)
            .concatenating(.translation(x: holeOffset.x, y: holeOffset.y))
    }

    /// The content's transform: scale by ``contentScale`` about `anchor` (usually the viewport centre).
    public func contentTransform(about anchor: Point) -> Transform {
        Transform.scaleRotate(scale: contentScale, about: anchor)
    }
}
