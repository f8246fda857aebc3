import FoundationEssentials
import MaskGeometry

/// A ``LogoOutline/Gradient`` as a vector drawable's `<gradient>` (API 24), inline in the path
/// through `<aapt:attr name="android:fillColor">` (or `strokeColor`): `android:type` `linear`
/// (`startX`…`endY`) or `radial` (`centerX`, `centerY`, `gradientRadius`), `tileMode` `clamp`,
/// `mirror` or `repeat`, and one `<item android:offset android:color="#AARRGGBB">` per stop.
///
/// A linear gradient goes in exactly (``LogoOutline/Gradient/documentLine``), a radial one
/// exactly when its transform keeps circles round. A stretched radial gradient on a fill draws
/// the path in the gradient's own space inside two groups that map it back (rotation, scale,
/// rotation: the transform's singular value decomposition, ``groups``); on a stroke it takes its
/// mean radius. A vector drawable's radial gradient has no focal point: it is moved to the centre.
struct AndroidVectorGradient {
    /// The `<aapt:attr>` element's lines (without indentation).
    let lines: [String]
    /// When set, the path goes in gradient space and inside ``groups``.
    let space: Transform?
    /// The approximations made.
    let notes: [String]

    /// The gradient painting `attribute` (`android:fillColor` or `android:strokeColor`).
    init(_ gradient: LogoOutline.Gradient, attribute: String, stroke: Bool) {
        var notes: [String] = []
        var head: String
        var space: Transform?
        func n(_ value: Double) -> String { formatNumber(value, decimals: 4) }
        switch gradient.kind {
        case let .linear(start, end):
            let line = gradient.documentLine ?? (gradient.transform.apply(to: start), gradient.transform.apply(to: end))
            head = "<gradient android:type=\"linear\" android:startX=\"\(n(line.start.x))\" android:startY=\"\(n(line.start.y))\""
                + " android:endX=\"\(n(line.end.x))\" android:endY=\"\(n(line.end.y))\""
        case let .radial(center, radius, focal):
            var circle = gradient.documentCircle
            if circle == nil {
                if !stroke, gradient.transform.inverted != nil {
                    space = gradient.transform
                    circle = (center, radius, focal)
                } else {
                    let scale = abs(gradient.transform.determinant).squareRoot()
                    circle = (gradient.transform.apply(to: center), radius * scale, gradient.transform.apply(to: focal))
                    notes.append("a stretched radial gradient on a stroke is drawn round, at its mean radius")
                }
            }
            let (c, r, f) = circle ?? (center, radius, focal)
            if abs(f.x - c.x) > 1e-9 * max(1, r) || abs(f.y - c.y) > 1e-9 * max(1, r) {
                notes.append("a radial gradient's focal point is moved to its centre (a vector drawable's radial gradient has none)")
            }
            head = "<gradient android:type=\"radial\" android:centerX=\"\(n(c.x))\" android:centerY=\"\(n(c.y))\""
                + " android:gradientRadius=\"\(n(max(r, 1e-4)))\""
        }
        switch gradient.spread {
        case .pad: break
        case .reflect: head += " android:tileMode=\"mirror\""
        case .repeat: head += " android:tileMode=\"repeat\""
        }
        var lines = ["<aapt:attr name=\"\(attribute)\">", "    " + head + ">"]
        for stop in gradient.stops {
            let alpha = UInt8(max(0, min(255, (stop.opacity * 255).rounded())))
            let color = "#" + formatHex(alpha, digits: 2) + AndroidVectorDrawable.hex(stop.color).dropFirst()
            lines.append("        <item android:offset=\"\(formatNumber(stop.offset, decimals: 6))\" android:color=\"\(color)\" />")
        }
        lines += ["    </gradient>", "</aapt:attr>"]
        self.lines = lines
        self.space = space
        self.notes = notes
    }

    /// The opening lines of the two groups mapping gradient space to the viewport (outer
    /// first), each a `<group …>` line: `transform`'s linear part as rotation · scale · rotation.
    static func groups(_ transform: Transform) -> [String] {
        let (outer, scale, inner) = transform.rotationScaleRotation
        func n(_ value: Double) -> String { formatNumber(value, decimals: 6) }
        func degrees(_ radians: Double) -> String { n(radians * 180 / .pi) }
        return [
            "<group android:rotation=\"\(degrees(outer))\" android:scaleX=\"\(n(scale.x))\" android:scaleY=\"\(n(scale.y))\""
                + " android:translateX=\"\(n(transform.tx))\" android:translateY=\"\(n(transform.ty))\">",
            "<group android:rotation=\"\(degrees(inner))\">",
        ]
    }
}
