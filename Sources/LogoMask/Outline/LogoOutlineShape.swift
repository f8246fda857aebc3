import FoundationEssentials
import MaskGeometry

extension LogoOutline {
    /// One painted shape: a path filled or stroked with a paint, inside the clips of the groups
    /// around it.
    public struct Shape: Sendable, Hashable {
        /// How the path is painted.
        public enum Kind: Sendable, Hashable {
            /// The inside of the path by `FillRule`.
            case fill(FillRule)
            /// The path's outline drawn with a pen.
            case stroke(Stroke)
        }

        /// The path in document units, its transform applied.
        public var path: Path
        /// Filled or stroked.
        public var kind: Kind
        /// What it is painted with, the opacities of the ``groups`` around it multiplied in: what a
        /// reader drawing each shape on its own draws.
        public var paint: Paint
        /// The clips of the groups around it, outermost first: the shape shows only where it is
        /// inside every one.
        public var clips: [Clip]
        /// The translucent groups around it, outermost first. A reader that composites each group
        /// as one picture draws the shape with ``paintInsideGroups`` and each group at its opacity.
        public var groups: [OpacityGroup]

        /// A shape.
        public init(path: Path, kind: Kind, paint: Paint, clips: [Clip] = [], groups: [OpacityGroup] = []) {
            self.path = path
            self.kind = kind
            self.paint = paint
            self.clips = clips
            self.groups = groups
        }

        /// The paint without the opacities of the ``groups`` (the shape's own, inside them).
        /// In a group of opacity 0 nothing shows, and the paint is kept as it is.
        public var paintInsideGroups: Paint {
            let factor = groups.reduce(1.0) { $0 * $1.opacity }
            guard factor > 0, factor < 1 else { return paint }
            return paint.multiplyingOpacity(by: 1 / factor)
        }

        /// The fill rule of a filled shape; nil for a stroke.
        public var fillRule: FillRule? {
            if case let .fill(rule) = kind { return rule }
            return nil
        }

        /// The pen of a stroked shape; nil for a fill.
        public var stroke: Stroke? {
            if case let .stroke(stroke) = kind { return stroke }
            return nil
        }

        /// The shape with its path, clips, pen and paint (a gradient) mapped by `transform`.
        public func mapped(by transform: Transform) -> Shape {
            var copy = self
            copy.path = path.mapped(by: transform)
            copy.paint = paint.mapped(by: transform)
            copy.clips = clips.map { $0.mapped(by: transform) }
            if case var .stroke(stroke) = kind {
                stroke.transform = stroke.transform.concatenating(transform)
                copy.kind = .stroke(stroke)
            }
            return copy
        }
    }

    /// Which points are inside a path that crosses itself or has subpaths inside others.
    public enum FillRule: String, Sendable, Hashable, CaseIterable {
        /// Inside when the path winds around the point a non-zero number of times (SVG `nonzero`).
        case nonZero
        /// Inside when a ray from the point crosses the path an odd number of times (SVG `evenodd`).
        case evenOdd
    }

    /// A clip: only what lies inside `path` by `fillRule` shows.
    public struct Clip: Sendable, Hashable {
        /// The clip's path in document units.
        public var path: Path
        /// How its inside is decided.
        public var fillRule: FillRule
        /// True when the clip cuts a group's picture (Cairo's `<use>` of a surface: librsvg drew
        /// an element with opacity, a mask or a filter on its own surface, then painted that
        /// through the clip), so that an edge the shape shares with it is covered twice, the
        /// shape's coverage times the clip's; false when it cuts the shape's own drawing, which
        /// Cairo intersects with it (covered once).
        public var cutsGroup: Bool

        /// A clip.
        public init(path: Path, fillRule: FillRule, cutsGroup: Bool = false) {
            self.path = path
            self.fillRule = fillRule
            self.cutsGroup = cutsGroup
        }

        /// The clip with its path mapped by `transform`.
        public func mapped(by transform: Transform) -> Clip {
            Clip(path: path.mapped(by: transform), fillRule: fillRule, cutsGroup: cutsGroup)
        }

        /// The clip as a `<clipPath>` writes it: its path and rule (``cutsGroup`` says how the
        /// logo's drawing met it, not what it cuts), the key of one written clip.
        var written: Clip { Clip(path: path, fillRule: fillRule) }
    }
}
