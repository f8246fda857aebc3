import MaskGeometry

/// A presentation property as an SVG element's own markup states it, for the readers that scan
/// the source without librsvg (the filter reach, the layered render's spans, the notes' filtered
/// elements): the last declaration of it in the `style` attribute (a declaration wins over the
/// attribute, and a later one over an earlier one, as in CSS), else the attribute of that name.
enum SVGPresentationProperty {
    /// The trimmed value of property `name` in `attributes` (an element's, by name), or nil when
    /// neither its style nor an attribute sets it.
    static func value(_ name: String, in attributes: [String: String]) -> String? {
        var value = attributes[name]
        if let style = attributes["style"] {
            for declaration in style.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                if parts.count == 2, String(parts[0]).trimmingWhitespace() == name { value = String(parts[1]) }
            }
        }
        return value.map { $0.trimmingWhitespace() }
    }
}
