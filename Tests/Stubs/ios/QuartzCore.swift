// Stub of QuartzCore (Core Animation): only what the generated Swift uses (see README.md).
@_exported import CoreGraphics

/// CATransform3D.
public struct CATransform3D: Sendable {
    public init() {}
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()

/// CALayer: not isolated to an actor and not Sendable, as in the SDK.
open class CALayer {
    public init() {}
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var position: CGPoint = .zero
    open var anchorPoint: CGPoint = .zero
    open var opacity: Float = 1
    open var allowsGroupOpacity: Bool = true
    open var mask: CALayer?
    open var contents: Any?
    open var contentsGravity: CALayerContentsGravity = .resize
    open var masksToBounds: Bool = false
    open var transform: CATransform3D = CATransform3DIdentity
    open func addSublayer(_ layer: CALayer) {}
    open func setAffineTransform(_ m: CGAffineTransform) {}
    open func add(_ anim: CAAnimation, forKey key: String?) {}
    open func removeAllAnimations() {}
    /// NSObject's key-value coding on Apple platforms.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {}
}

/// CALayerContentsGravity.
public struct CALayerContentsGravity: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// CAShapeLayerFillRule.
public struct CAShapeLayerFillRule: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// CAShapeLayerLineCap.
public struct CAShapeLayerLineCap: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// CAShapeLayerLineJoin.
public struct CAShapeLayerLineJoin: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// CAShapeLayer.
open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor?
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var lineDashPattern: [NSNumber]?
    open var lineDashPhase: CGFloat = 0
}

/// CAGradientLayerType.
public struct CAGradientLayerType: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// CAGradientLayer.
open class CAGradientLayer: CALayer {
    open var colors: [Any]?
    open var locations: [NSNumber]?
    open var startPoint: CGPoint = .zero
    open var endPoint: CGPoint = .zero
    open var type: CAGradientLayerType = .axial
}

/// CAMediaTimingFillMode.
public struct CAMediaTimingFillMode: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

/// CAAnimationCalculationMode.
public struct CAAnimationCalculationMode: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// CAMediaTimingFunction.
open class CAMediaTimingFunction {
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

/// CAAnimation.
open class CAAnimation {
    public init() {}
    open var duration: CFTimeInterval = 0
    open var fillMode: CAMediaTimingFillMode = .removed
    open var isRemovedOnCompletion: Bool = true
}

/// CAPropertyAnimation.
open class CAPropertyAnimation: CAAnimation {
    public convenience init(keyPath path: String?) { self.init() }
}

/// CAKeyframeAnimation.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
}

/// A time interval in seconds (CFTimeInterval).
public typealias CFTimeInterval = Double

/// CATransaction.
open class CATransaction {
    open class func begin() {}
    open class func commit() {}
    /// Taken as `@Sendable` (the strict reading: Core Animation calls it later, on the main thread).
    open class func setCompletionBlock(_ block: (@Sendable () -> Void)?) {}
}
