// Stub of SwiftUI: only what the generated Swift uses (see README.md).
import UIKit

/// View: main-actor isolated, as in the iOS 18 SDK.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// ViewBuilder (one child is all the generated code builds).
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// Alignment.
public struct Alignment: Sendable {
    public static let center = Alignment()
}

/// ViewModifier.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

/// The content a modifier's body receives.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

extension View {
    /// Applies a modifier.
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }
    /// Layers the views the closure builds behind this view (iOS 15).
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
}

/// UIViewRepresentable.
@MainActor @preconcurrency
public protocol UIViewRepresentable: View where Self.Body == Never {
    associatedtype UIViewType: UIView
    typealias Context = UIViewRepresentableContext<Self>
    func makeUIView(context: Self.Context) -> Self.UIViewType
    func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
}

extension UIViewRepresentable {
    public var body: Never { fatalError() }
}

/// The context of a representable's calls.
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {}
