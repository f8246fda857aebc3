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

/// A colour space (CGColorSpace).
public final class CGColorSpace: @unchecked Sendable {
    init() {}
}

/// The device-dependent RGB colour space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// A gradient's colours and locations (CGGradient).
public final class CGGradient: @unchecked Sendable {
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>, locations: UnsafePointer<CGFloat>?, count: Int) {}
}

/// How a gradient is drawn past its ends (CGGradientDrawingOptions).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// A drawing destination (CGContext): not Sendable, as in the SDK.
public final class CGContext {
    init() {}
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions) {}
}
