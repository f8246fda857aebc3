import FoundationEssentials
import Glibc
import MaskGeometry

extension LogoOutline {
    /// A linear or radial gradient as SVG defines it, in its own *gradient space*, with the
    /// transform that places that space in document units (the gradient's own transform and the
    /// transforms of the shapes it paints, all applied).
    ///
    /// Exporters whose gradients take no transform use ``documentLine`` (exact for any linear
    /// gradient) or ``documentCircle`` (exact when ``transform`` keeps circles round).
    public struct Gradient: Sendable, Hashable {
        /// The geometry in gradient space.
        public enum Kind: Sendable, Hashable {
            /// Colour varies along `start` → `end` (offset 0 at `start`, 1 at `end`), constant
            /// across it.
            case linear(start: Point, end: Point)
            /// Colour varies from the `focal` point (offset 0) out to the circle of `radius` around
            /// `center` (offset 1).
            case radial(center: Point, radius: Double, focal: Point)
        }

        /// What happens past the first and last stop.
        public enum Spread: String, Sendable, Hashable, CaseIterable {
            /// The end colours go on (SVG `pad`, the default).
            case pad
            /// The gradient repeats mirrored (SVG `reflect`).
            case reflect
            /// The gradient repeats (SVG `repeat`).
            case `repeat`
        }

        /// One colour stop.
        public struct Stop: Sendable, Hashable {
            /// Where along the gradient, 0...1, never below the stop before.
            public var offset: Double
            /// The colour (its alpha 255).
            public var color: RGBAColor
            /// The stop's opacity, 0...1.
            public var opacity: Double

            /// A stop.
            public init(offset: Double, color: RGBAColor, opacity: Double = 1) {
                self.offset = offset
                self.color = color
                self.opacity = opacity
            }
        }

        /// Linear or radial, in gradient space.
        public var kind: Kind
        /// The colour stops, by offset; at least one.
        public var stops: [Stop]
        /// Past the ends.
        public var spread: Spread
        /// Maps gradient space to document units.
        public var transform: Transform
        /// The opacity the whole gradient is drawn at (fill or stroke opacity, group opacities).
        public var opacity: Double

        /// A gradient.
        public init(kind: Kind, stops: [Stop], spread: Spread = .pad, transform: Transform = .identity, opacity: Double = 1) {
            self.kind = kind
            self.stops = stops
            self.spread = spread
            self.transform = transform
            self.opacity = opacity
        }

        /// True for a linear gradient.
        public var isLinear: Bool {
            if case .linear = kind { return true }
            return false
        }

        /// A linear gradient's line in document units: the points where offsets 0 and 1 lie,
        /// chosen so that lines of one colour are perpendicular to it, as an untransformed linear
        /// gradient's are. Exact for any invertible ``transform`` (a skew turns the lines of one
        /// colour, so the ends are not simply the mapped ends). Nil for a radial gradient or a
        /// degenerate one.
        public var documentLine: (start: Point, end: Point)? {
            guard case let .linear(start, end) = kind, let inverse = transform.inverted else { return nil }
            let dx = end.x - start.x, dy = end.y - start.y
            let squared = dx * dx + dy * dy
            guard squared > 0 else { return nil }
            // offset(p) = dot(inverse(p) - start, (dx, dy)) / squared: its gradient in document
            // units is the transpose of the inverse's linear part applied to (dx, dy) / squared.
            let gx = (inverse.a * dx + inverse.b * dy) / squared
            let gy = (inverse.c * dx + inverse.d * dy) / squared
            let length = gx * gx + gy * gy
            guard length > 0, length.isFinite else { return nil }
            let origin = transform.apply(to: start)
            return (origin, Point(x: origin.x + gx / length, y: origin.y + gy / length))
        }

        /// A radial gradient's circle in document units, when ``transform`` keeps circles round
        /// (a rotation, a uniform scale, a mirror, a move); nil otherwise or for a linear one.
        public var documentCircle: (center: Point, radius: Double, focal: Point)? {
            guard case let .radial(center, radius, focal) = kind, let scale = transform.uniformScale else { return nil }
            return (transform.apply(to: center), radius * scale, transform.apply(to: focal))
        }

        /// The colour at `offset` with its opacity (the stops' own, not ``opacity``), spread applied.
        public func color(at offset: Double) -> (color: RGBAColor, opacity: Double) {
            guard let first = stops.first, let last = stops.last else { return (.black, 0) }
            var t = offset
            switch spread {
            case .pad: t = min(1, max(0, t))
            case .repeat: t -= t.rounded(.down)
            case .reflect:
                let period = t - 2 * (t / 2).rounded(.down)
                t = period > 1 ? 2 - period : period
            }
            if t <= first.offset { return (first.color, first.opacity) }
            for (a, b) in zip(stops, stops.dropFirst()) where t <= b.offset {
                let span = b.offset - a.offset
                let f = span > 0 ? (t - a.offset) / span : 1
                func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * f).rounded()) }
                return (RGBAColor(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                                  blue: mix(a.color.blue, b.color.blue)),
                        a.opacity + (b.opacity - a.opacity) * f)
            }
            return (last.color, last.opacity)
        }
    }
}

extension Transform {
    /// The scale of a transform that keeps circles round (its linear part a rotation, possibly
    /// mirrored, times one positive factor); nil for a stretch or a skew.
    var uniformScale: Double? {
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        guard sx > 0, abs(sx - sy) <= 1e-9 * max(sx, sy), abs(a * c + b * d) <= 1e-9 * sx * sy else { return nil }
        return sx
    }

    /// The linear part as rotation · scale · rotation (its singular value decomposition):
    /// applying `inner` (radians), then scaling by `scale` (y negative for a mirror), then
    /// turning by `outer` gives the transform without its translation. Exporters whose groups
    /// take a rotation and a scale but no skew nest two groups to say any affine map.
    var rotationScaleRotation: (outer: Double, scale: (x: Double, y: Double), inner: Double) {
        let e = (a + d) / 2, f = (a - d) / 2, g = (b + c) / 2, h = (b - c) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        let a1 = atan2(g, f), a2 = atan2(h, e)
        return ((a2 + a1) / 2, (q + r, q - r), (a2 - a1) / 2)
    }
}
