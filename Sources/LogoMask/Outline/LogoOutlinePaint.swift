import FoundationEssentials
import MaskGeometry

extension LogoOutline {
    /// What a shape is painted with: one colour, a linear or radial gradient, or a paint the
    /// outline does not carry (a pattern).
    public enum Paint: Sendable, Hashable {
        /// One colour (its alpha 255) at `opacity` (0...1: the fill or stroke opacity times the
        /// opacities of the groups around the shape).
        case flat(color: RGBAColor, opacity: Double)
        /// A linear or radial gradient (``Gradient/kind``), with its stops and its own opacity.
        case gradient(Gradient)
        /// A pattern or another paint that is not one colour or a gradient.
        case pattern

        /// True for one colour.
        public var isFlat: Bool {
            if case .flat = self { return true }
            return false
        }

        /// True for a colour or a gradient: a paint every exporter can write as vectors.
        public var isVector: Bool {
            if case .pattern = self { return false }
            return true
        }

        /// The gradient, nil for the other paints.
        public var gradient: Gradient? {
            if case let .gradient(gradient) = self { return gradient }
            return nil
        }

        /// The opacity the whole paint is drawn at: a flat paint's, a gradient's ``Gradient/opacity``
        /// (its stops carry their own on top); 1 for a pattern.
        public var opacity: Double {
            switch self {
            case let .flat(_, opacity): opacity
            case let .gradient(gradient): gradient.opacity
            case .pattern: 1
            }
        }

        /// The paint with its opacity multiplied by `factor` (a group's opacity).
        public func multiplyingOpacity(by factor: Double) -> Paint {
            switch self {
            case let .flat(color, opacity):
                return .flat(color: color, opacity: opacity * factor)
            case var .gradient(gradient):
                gradient.opacity *= factor
                return .gradient(gradient)
            case .pattern:
                return .pattern
            }
        }

        /// The paint with its geometry (a gradient's) mapped by `transform`.
        public func mapped(by transform: Transform) -> Paint {
            guard case var .gradient(gradient) = self else { return self }
            gradient.transform = gradient.transform.concatenating(transform)
            return .gradient(gradient)
        }
    }
}
