import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A 2-D affine transform in Cairo's convention:
/// `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`.
///
/// Compose with `concatenating(_:)`: `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct Transform: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Scale (and rotation) of x into x.
    public var a: Double
    /// Contribution of x to y.
    public var b: Double
    /// Contribution of y to x.
    public var c: Double
    /// Scale (and rotation) of y into y.
    public var d: Double
    /// Translation along x.
    public var tx: Double
    /// Translation along y.
    public var ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (`x`, `y`).
    public static func translation(x: Double, y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin.
    public static func scale(x: Double, y: Double) -> Transform {
        Transform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A uniform scale about the origin.
    public static func scale(_ s: Double) -> Transform { .scale(x: s, y: s) }

    /// A rotation about the origin by `radians`; positive turns clockwise on screen
    /// (y grows downwards), as Core Animation's `transform.rotation.z` does on iOS.
    public static func rotation(radians: Double) -> Transform {
        let cosine = cos(radians), sine = sin(radians)
        return Transform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Scale by `scale` and rotate by `radians` about `anchor` (the anchor stays put).
    public static func scaleRotate(scale: Double, radians: Double = 0, about anchor: Point) -> Transform {
        Transform.translation(x: -anchor.x, y: -anchor.y)
            .concatenating(.scale(scale))
            .concatenating(.rotation(radians: radians))
            .concatenating(.translation(x: anchor.x, y: anchor.y))
    }

    /// The transform that applies `self` first and then `next`.
    public func concatenating(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c,
            b: a * next.b + b * next.d,
            c: c * next.a + d * next.c,
            d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx,
            ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The determinant of the linear part; zero for a degenerate transform.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform is degenerate or not finite.
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Maps a point.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The axis-aligned box of a rectangle's four mapped corners.
    public func apply(to rect: Rect) -> Rect {
        if rect.isEmpty { return .null }
        return Rect(enclosing: rect.corners.map { apply(to: $0) })
    }

    /// True when every coefficient is finite.
    public var isFinite: Bool {
        [a, b, c, d, tx, ty].allSatisfy(\.isFinite)
    }

    /// `[a b c d tx ty]`.
    public var description: String {
        "[" + [a, b, c, d, tx, ty].map { formatNumber($0) }.joined(separator: " ") + "]"
    }
}
