import FoundationEssentials
import MaskGeometry

extension FilterLayerPlan.BlurFilters {
    /// Inkscape's drop shadow, read from its five primitives: a flood composited `in` the source
    /// graphic, blurred, offset, and the source graphic composited `over` it (rocs' 24 shadows).
    struct Shadow: Equatable {
        /// The flood's colour, its alpha the flood opacity times the colour's, rounded to 8 bits
        /// (librsvg's `resolve_color`).
        var colour: RGBAColor
        /// The offset in the filtered element's user space.
        var dx: Double
        var dy: Double
    }

    private static let primitiveAttributes: Set<String> = [
        "id", "in", "in2", "result", "operator", "flood-color", "flood-opacity", "stdDeviation", "dx", "dy", "style",
        colourSpace,
    ]

    /// The filter as a drop shadow (a ``Filter`` with a ``Shadow``), or nil when it is anything
    /// else: other primitives or another order, an input that is not the previous result, a
    /// primitive subregion, a colour not read here, or a colour space other than sRGB (`auto`
    /// is sRGB in librsvg): in linearRGB the source graphic would make a round trip through the
    /// 8-bit curve.
    static func dropShadow(_ attributes: [String: String], _ primitives: [(String, [String: String])]) -> Filter? {
        guard primitives.map(\.0) == ["feFlood", "feComposite", "feGaussianBlur", "feOffset", "feComposite"],
              isRead(attributes)
        else { return nil }
        let steps = primitives.map(\.1)
        for step in steps {
            guard allowed(step, primitiveAttributes), ["sRGB", "auto"].contains(space(of: step, in: attributes)) else { return nil }
        }
        func value(_ key: String, _ step: Int) -> String? {
            steps[step][key].map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        }
        /// True when `key` of `step` names the previous primitive's result (or nothing: the same).
        func chained(_ key: String, _ step: Int) -> Bool {
            guard let name = value(key, step) else { return true }
            return name == value("result", step - 1)
        }
        func isSource(_ key: String, _ step: Int) -> Bool { value(key, step) == "SourceGraphic" }
        let reserved: Set<String> = ["SourceGraphic", "SourceAlpha", "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint"]
        guard steps.allSatisfy({ !reserved.contains($0["result"]?.trimmingWhitespace() ?? "") }),
              value("operator", 1) == "in", chained("in", 1), isSource("in2", 1),
              chained("in", 2), chained("in", 3),
              (value("operator", 4) ?? "over") == "over", isSource("in", 4), value("in2", 4) != nil, chained("in2", 4)
        else { return nil }
        // The flood's paint: its colour (a property, set as an attribute or in `style`).
        let colourText = SVGPresentationProperty.value("flood-color", in: steps[0]) ?? "black"
        let opacityText = SVGPresentationProperty.value("flood-opacity", in: steps[0]) ?? "1"
        // The colour as librsvg reads the forms Inkscape writes (not `currentColor`).
        guard var colour = RGBAColor(svg: colourText), let opacity = FilterLayerPlan.opacity(opacityText.trimmingWhitespace())
        else { return nil }
        colour.alpha = UInt8(min(255, max(0, (Double(colour.alpha) * opacity).rounded())))
        guard let deviation = deviations(steps[2]), deviation.x + deviation.y > 0,
              let dx = Double(value("dx", 3) ?? "0"), let dy = Double(value("dy", 3) ?? "0"), dx.isFinite, dy.isFinite
        else { return nil }
        return Filter(
            attributes: attributes, deviationX: deviation.x, deviationY: deviation.y, linearRGB: false,
            shadow: Shadow(colour: colour, dx: dx, dy: dy))
    }
}
