import FoundationEssentials

extension LogoOutline {
    /// Why an outline does not reproduce the logo's coverage exactly.
    public enum InexactReason: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Filter effects (blur, shadow, glow…): librsvg draws their result as an image.
        case filter
        /// A raster image is drawn.
        case image
        /// A mask is applied.
        case mask
        /// A group is drawn with an opacity below 1 (its shapes are composited as one).
        case groupOpacity
        /// Text drawn as font glyphs, not converted to paths.
        case text
        /// Something else Cairo wrote that the outline cannot carry, named.
        case other(String)

        /// A short phrase for messages (`"a filter"`, `"an image"`…).
        public var description: String {
            switch self {
            case .filter: "a filter"
            case .image: "an image"
            case .mask: "a mask"
            case .groupOpacity: "group opacity"
            case .text: "text drawn as glyphs"
            case let .other(what): what
            }
        }

        /// Orders by kind, then by name.
        public static func < (lhs: InexactReason, rhs: InexactReason) -> Bool {
            (lhs.rank, lhs.description) < (rhs.rank, rhs.description)
        }

        private var rank: Int {
            switch self {
            case .filter: 0
            case .image: 1
            case .mask: 2
            case .groupOpacity: 3
            case .text: 4
            case .other: 5
            }
        }
    }
}
