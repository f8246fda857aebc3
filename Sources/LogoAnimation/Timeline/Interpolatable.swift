import MaskGeometry

/// A value an animation can move between: it knows the value a fraction of the way to another.
///
/// Conformances: `Double` (scale, rotation in radians, opacity), ``Point`` (a translation),
/// ``Size`` and ``Rect`` (a rect-to-rect move: origin and size move together).
/// Every component interpolates linearly; the timing curve has already bent `fraction`.
public protocol Interpolatable: Hashable, Sendable, Codable {
    /// The value `fraction` of the way from `self` (at 0) to `other` (at 1).
    ///
    /// `fraction` may lie outside 0...1 (a curve that overshoots); the result then
    /// extrapolates. At 0 the result is `self` exactly and at 1 it is `other` exactly.
    func interpolated(to other: Self, fraction: Double) -> Self

    /// True when every component is finite; animations reject values for which it is false.
    var allComponentsFinite: Bool { get }
}

/// `a + (b - a)·f`, exact at both ends and never decreasing in `f` when `b > a`.
@inline(__always)
func lerp(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
    if fraction == 0 { return a }
    if fraction == 1 { return b }
    return a + (b - a) * fraction
}

extension Double: Interpolatable {
    /// `self + (other - self)·fraction`, exact at fractions 0 and 1.
    public func interpolated(to other: Double, fraction: Double) -> Double {
        lerp(self, other, fraction)
    }

    /// True when the number is finite.
    public var allComponentsFinite: Bool { isFinite }
}

extension Point: Interpolatable {
    /// Moves along the straight line to `other`.
    public func interpolated(to other: Point, fraction: Double) -> Point {
        Point(x: lerp(x, other.x, fraction), y: lerp(y, other.y, fraction))
    }

    /// True when `x` and `y` are finite.
    public var allComponentsFinite: Bool { x.isFinite && y.isFinite }
}

extension Size: Interpolatable {
    /// Width and height each move linearly.
    public func interpolated(to other: Size, fraction: Double) -> Size {
        Size(width: lerp(width, other.width, fraction), height: lerp(height, other.height, fraction))
    }

    /// True when `width` and `height` are finite.
    public var allComponentsFinite: Bool { width.isFinite && height.isFinite }
}

extension Rect: Interpolatable {
    /// A rect-to-rect move: origin and size each move linearly (as `UIView.frame` animates).
    public func interpolated(to other: Rect, fraction: Double) -> Rect {
        Rect(
            x: lerp(x, other.x, fraction), y: lerp(y, other.y, fraction),
            width: lerp(width, other.width, fraction), height: lerp(height, other.height, fraction))
    }

    /// True when the origin and size are finite (``Rect/null`` is not).
    public var allComponentsFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}
