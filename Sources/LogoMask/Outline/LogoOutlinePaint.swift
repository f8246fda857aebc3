import FoundationEssentials

extension LogoOutline {
    /// What a shape is painted with, summarized: one colour, or a paint that varies across it.
    public enum Paint: Sendable, Hashable {
        /// One colour (its alpha 255) at `opacity` (0...1, the fill or stroke opacity).
        case flat(color: RGBAColor, opacity: Double)
        /// A linear gradient (not flat).
        case linearGradient
        /// A radial gradient (not flat).
        case radialGradient
        /// A pattern or another paint that is not one colour.
        case pattern

        /// True for one colour.
        public var isFlat: Bool {
            if case .flat = self { return true }
            return false
        }

        /// The opacity of a flat paint; 1 for the others (their opacity varies).
        public var opacity: Double {
            if case let .flat(_, opacity) = self { return opacity }
            return 1
        }
    }
}
