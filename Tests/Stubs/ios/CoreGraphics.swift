// Stub of CoreGraphics: only what the generated Swift uses (see README.md).
@_exported import Foundation

/// An immutable graphics path (CGPath).
open class CGPath: @unchecked Sendable {
    public init() {}
}

/// A mutable graphics path (CGMutablePath).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public override init() {}
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {}
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {}
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {}
    public func closeSubpath() {}
}

/// A bitmap image (CGImage).
public final class CGImage: @unchecked Sendable {
    private init() {}
}

/// A colour (CGColor).
public final class CGColor: @unchecked Sendable {
    init() {}
}

/// An affine transformation matrix (CGAffineTransform).
public struct CGAffineTransform: Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}
