import FoundationEssentials
import MaskGeometry

extension CairoSVGReader {
    /// A gradient's geometry, spread and transform from its element (its stops come later);
    /// nil for one in bounding-box units (Cairo writes user-space ones) or unreadable.
    static func gradient(_ name: String, _ attributes: [String: String]) -> LogoOutline.Gradient? {
        guard attributes["gradientUnits"] == "userSpaceOnUse" else { return nil }
        func number(_ key: String, _ fallback: Double? = nil) -> Double? {
            attributes[key].flatMap(Double.init) ?? fallback
        }
        var transform = Transform.identity
        if let text = attributes["gradientTransform"] {
            guard let m = matrix(text) else { return nil }
            transform = m
        }
        let spread = attributes["spreadMethod"].flatMap(LogoOutline.Gradient.Spread.init(rawValue:)) ?? .pad
        let kind: LogoOutline.Gradient.Kind
        if name == "linearGradient" {
            guard let x1 = number("x1"), let y1 = number("y1"), let x2 = number("x2"), let y2 = number("y2") else { return nil }
            kind = .linear(start: Point(x: x1, y: y1), end: Point(x: x2, y: y2))
        } else {
            // A focal circle of its own radius (`fr`) is beyond what the outline carries.
            guard let cx = number("cx"), let cy = number("cy"), let r = number("r"), (number("fr") ?? 0) == 0 else { return nil }
            kind = .radial(center: Point(x: cx, y: cy), radius: r, focal: Point(x: number("fx", cx) ?? cx, y: number("fy", cy) ?? cy))
        }
        return LogoOutline.Gradient(kind: kind, stops: [], spread: spread, transform: transform)
    }

    /// A `<stop>` of the gradient being read.
    func readStop(_ attributes: [String: String]) {
        guard var open = openGradient, var gradient = open.gradient else { return }
        let s = style(attributes)
        guard let offset = attributes["offset"].flatMap(Double.init), let color = Self.color(s["stop-color"] ?? "black") else {
            open.gradient = nil
            openGradient = open
            return
        }
        // Offsets never go back (SVG clamps a smaller one to the one before).
        let clamped = max(gradient.stops.last?.offset ?? 0, min(1, max(0, offset)))
        gradient.stops.append(LogoOutline.Gradient.Stop(
            offset: clamped, color: color, opacity: min(1, max(0, s["stop-opacity"].flatMap(Double.init) ?? 1))))
        open.gradient = gradient
        openGradient = open
    }

    /// The end of a gradient element: its paint, a pattern when it could not be read.
    func endGradient() {
        gradientDepth -= 1
        guard let open = openGradient else { return }
        openGradient = nil
        if let gradient = open.gradient, !gradient.stops.isEmpty {
            paintServers[open.id] = .gradient(gradient)
        } else {
            // A gradient with no stops paints nothing in SVG; unreadable ones stay patterns.
            paintServers[open.id] = open.gradient != nil ? .flat(color: .black, opacity: 0) : .pattern
        }
    }
}
