// Stub of UIKit: only what the generated Swift uses (see README.md).
@_exported import Foundation
@_exported import QuartzCore

/// UIResponder: main-actor isolated, as every UIKit responder.
@MainActor
open class UIResponder: NSObject {}

/// UIUserInterfaceStyle.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// UITraitCollection (immutable, Sendable).
open class UITraitCollection: @unchecked Sendable {
    public init() {}
    open var userInterfaceStyle: UIUserInterfaceStyle { .unspecified }
    open var displayScale: CGFloat { 1 }
}

/// UIColor (immutable, Sendable).
open class UIColor: @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    /// A dynamic colour; the provider taken as `@Sendable` (the strict reading).
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {}
    open class var black: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    open var cgColor: CGColor { fatalError() }
}

/// UIImage (immutable, Sendable).
open class UIImage: @unchecked Sendable {
    public init?(named name: String) {}
    open var cgImage: CGImage? { nil }
}

/// UIGraphicsImageRendererFormat (the renderers are documented as usable on any thread: not isolated).
open class UIGraphicsImageRendererFormat {
    public init() {}
    open var scale: CGFloat = 1
    open var opaque: Bool = false
}

/// UIGraphicsImageRendererContext.
open class UIGraphicsImageRendererContext {
    open var cgContext: CGContext { fatalError() }
}

/// UIGraphicsImageRenderer.
open class UIGraphicsImageRenderer {
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {}
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage { fatalError() }
}

/// UIView.
@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) {}
    public required init?(coder: NSCoder) {}
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var backgroundColor: UIColor?
    open var isUserInteractionEnabled: Bool = true
    open var layer: CALayer { fatalError() }
    open var window: UIWindow? { nil }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open func addSubview(_ view: UIView) {}
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {}
    open func removeFromSuperview() {}
    open func didMoveToWindow() {}
}

/// UIWindow.
@MainActor
open class UIWindow: UIView {
    open var rootViewController: UIViewController?
    open var isKeyWindow: Bool { false }
}

/// UIViewController.
@MainActor
open class UIViewController: UIResponder {
    open var view: UIView!
}

/// UIScene.
@MainActor
open class UIScene: UIResponder {
    /// UIScene.ActivationState.
    public enum ActivationState: Int, Sendable {
        case unattached, foregroundActive, foregroundInactive, background
    }
    open var activationState: ActivationState { .unattached }
}

/// UIWindowScene.
@MainActor
open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { [] }
    open var keyWindow: UIWindow? { nil }
}

/// UIApplication.
@MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { fatalError() }
    open var connectedScenes: Set<UIScene> { [] }
}
