import FoundationEssentials
import MaskGeometry

extension LogoOutline {
    /// A filter effect's result (a blur, a drop shadow) as the picture librsvg drew it, placed in
    /// paint order among the shapes (``LogoOutline/pictures``): the one part of a filtered logo
    /// that vectors cannot carry. The outline holds it as its read-back drew it (1 pixel a
    /// document unit); an export draws it again at its own scale
    /// (``OutlineExtractor/pictures(of:on:like:)``). Soft by nature, it magnifies well from there.
    public struct Picture: Sendable, Hashable {
        /// How many of the outline's ``LogoOutline/shapes`` are drawn before it: it is drawn after
        /// `shapes[0..<position]` and before the rest (pictures at one position keep their order).
        public var position: Int
        /// The picture as a PNG file (straight RGBA, as Cairo wrote it).
        public var png: [UInt8]
        /// Its size in pixels.
        public var width: Int
        /// Its size in pixels.
        public var height: Int
        /// Picture pixels (0...width, 0...height) to document units.
        public var toDocument: Transform
        /// The opacity it is drawn at (its own, times that of the groups around it), 0...1.
        public var opacity: Double
        /// The clips of the groups around it, outermost first.
        public var clips: [Clip]
        /// The translucent groups around it, outermost first (as a shape's ``Shape/groups``).
        public var groups: [OpacityGroup]

        /// A picture.
        public init(
            position: Int, png: [UInt8], width: Int, height: Int, toDocument: Transform, opacity: Double = 1,
            clips: [Clip] = [], groups: [OpacityGroup] = []
        ) {
            self.position = position
            self.png = png
            self.width = width
            self.height = height
            self.toDocument = toDocument
            self.opacity = opacity
            self.clips = clips
            self.groups = groups
        }

        /// The picture's pixel rect (0, 0, width, height) as a closed path, in picture pixels.
        static func pixelRect(width: Int, height: Int) -> Path {
            let w = Double(width), h = Double(height)
            return Path([.move(to: .zero), .line(to: Point(x: w, y: 0)), .line(to: Point(x: w, y: h)), .line(to: Point(x: 0, y: h)), .close])
        }

        /// The opacity without that of the ``groups`` (its own, inside them), as
        /// ``Shape/paintInsideGroups``.
        public var opacityInsideGroups: Double {
            let factor = groups.reduce(1.0) { $0 * $1.opacity }
            guard factor > 0, factor < 1 else { return opacity }
            return min(1, opacity / factor)
        }

        /// The picture with its placement and clips mapped by `transform`.
        public func mapped(by transform: Transform) -> Picture {
            var copy = self
            copy.toDocument = toDocument.concatenating(transform)
            copy.clips = clips.map { $0.mapped(by: transform) }
            return copy
        }
    }
}
