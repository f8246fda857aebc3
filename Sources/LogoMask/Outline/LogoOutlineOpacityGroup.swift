import FoundationEssentials

extension LogoOutline {
    /// A translucent group around shapes: its shapes are composited together as one picture,
    /// which is then drawn at ``opacity`` (SVG's `<g opacity>`, an element painted with both a
    /// fill and a stroke at an `opacity`). Where its shapes overlap this differs from drawing
    /// each shape at the opacity: that is darker where they overlap.
    ///
    /// The outline names a group only where it matters: around two or more shapes that may
    /// overlap. A group of one shape, or of shapes apart, is its opacity multiplied into the paints.
    public struct OpacityGroup: Sendable, Hashable {
        /// Tells groups apart: unique within one outline; the shapes of one group are consecutive.
        public var id: Int
        /// The opacity the composited group is drawn at (0...1).
        public var opacity: Double

        /// A group.
        public init(id: Int, opacity: Double) {
            self.id = id
            self.opacity = opacity
        }
    }
}
