import FoundationEssentials
import MaskGeometry

extension LogoOutline {
    /// A stroke's pen, as SVG and PDF describe it. Its lengths (width, dashes, offset) are
    /// measured in the stroke's own user space, which ``transform`` maps to document units: the
    /// pen of a logo scaled by a viewBox or a transform is scaled (and skewed) with it.
    public struct Stroke: Sendable, Hashable {
        /// How open subpaths end.
        public enum Cap: String, Sendable, Hashable, CaseIterable {
            /// Flat at the end point.
            case butt
            /// A half disc around the end point.
            case round
            /// Flat, half the width past the end point.
            case square
        }

        /// How segments meet.
        public enum Join: String, Sendable, Hashable, CaseIterable {
            /// Sharp corners up to ``Stroke/miterLimit``, bevelled beyond it.
            case miter
            /// Rounded corners.
            case round
            /// Cut-off corners.
            case bevel
        }

        /// The pen's width in user space.
        public var width: Double
        /// How open subpaths end.
        public var cap: Cap
        /// How segments meet.
        public var join: Join
        /// The ratio of miter length to width past which a miter join is bevelled.
        public var miterLimit: Double
        /// Dash and gap lengths in user space, alternating; empty for a solid line.
        public var dashes: [Double]
        /// How far into the dash pattern the path starts, in user space.
        public var dashOffset: Double
        /// Maps the stroke's user space (where its lengths are measured) to document units.
        public var transform: Transform

        /// A pen; the defaults are SVG's (width 1, butt caps, miter joins, limit 4, solid).
        public init(
            width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 4,
            dashes: [Double] = [], dashOffset: Double = 0, transform: Transform = .identity
        ) {
            self.width = width
            self.cap = cap
            self.join = join
            self.miterLimit = miterLimit
            self.dashes = dashes
            self.dashOffset = dashOffset
            self.transform = transform
        }

        /// The width in document units when ``transform`` scales every direction alike (a
        /// similarity: rotation, uniform scale, translation); nil when it stretches or skews.
        public var documentWidth: Double? {
            let t = transform
            let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
            let dot = t.a * t.c + t.b * t.d
            let scale = max(sx, sy)
            guard scale > 0, abs(sx - sy) <= 1e-9 * scale, abs(dot) <= 1e-9 * scale * scale else { return nil }
            return width * sx
        }

        /// The width in document units that keeps the stroke's area: the pen's width times the
        /// geometric mean of ``transform``'s two scales (``documentWidth`` for a similarity); what
        /// a target with one width per stroke draws a stretched pen at.
        public var meanDocumentWidth: Double {
            width * abs(transform.determinant).squareRoot()
        }
    }
}
