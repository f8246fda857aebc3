import FoundationEssentials
import MaskGeometry

extension FilterLayerPlan {
    /// True when every filter an element uses (`url(#id)` in `referenced`) keeps transparent input
    /// transparent, so that an element's filter paints only within its ink grown by the reach,
    /// and no input names the background. Filters nothing uses are not read (Breeze's rocs keeps
    /// two unused colour filters in its `<defs>`).
    ///
    /// Each primitive's result is followed through the filter: the source graphic and its alpha
    /// are bounded; a flood, an image, a tile (it repeats its input across the region) and a
    /// convolution (its bias) are not; a blur, an offset, a morphology and a drop shadow are
    /// bounded when their input is; a composite `in` when either
    /// input is (its output is the one times the other's alpha), `out` when its first input is,
    /// `atop` when its second is, `over` and `xor` when both are (`arithmetic` is refused: its k4
    /// paints everywhere); a merge and a blend when all their inputs are; a colour matrix when its
    /// input is and the matrix adds no constant alpha (librsvg keeps a transparent pixel
    /// transparent through `saturate`, `hueRotate` and `luminanceToAlpha`); a component transfer
    /// when its input is and it has no `feFuncA`. Inkscape's drop shadow (a flood composited `in`
    /// the source graphic, blurred, offset and composited under it) is bounded.
    static func filtersAreBounded(_ data: Data, referenced: Set<String>) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        if text.contains("BackgroundImage") || text.contains("BackgroundAlpha") { return false }
        var bounded = true
        var filter: (depth: Int, results: [String: Bool], last: Bool?)?
        var primitive: (name: String, attributes: [String: String], depth: Int, children: [(String, [String: String])])?
        var depth = 0
        let read = XMLElementReader.read(data) { event in
            switch event {
            case .start(let name, let attributes):
                defer { depth += 1 }
                if var open = primitive {
                    if depth == open.depth + 1 { open.children.append((name, attributes)) }
                    primitive = open
                } else if filter != nil {
                    primitive = (name, attributes, depth, [])
                } else if name == "filter", let id = attributes["id"], referenced.contains(id) {
                    filter = (depth, [:], nil)
                } else if name.hasSuffix(":filter") {
                    bounded = false  // a prefixed filter is not followed here
                }
            case .end:
                depth -= 1
                if let open = primitive, depth == open.depth {
                    primitive = nil
                    guard var current = filter else { return }
                    // An input by name: none is the previous result, or the source graphic for the
                    // first primitive; an unknown name is not followed.
                    func named(_ input: String?) -> Bool {
                        guard let name = input?.trimmingWhitespace(), !name.isEmpty else { return current.last ?? true }
                        if name == "SourceGraphic" || name == "SourceAlpha" { return true }
                        return current.results[name] ?? false
                    }
                    let result = Self.keepsTransparent(open.name, open.attributes, open.children, named: named)
                    if let name = open.attributes["result"]?.trimmingWhitespace(), !name.isEmpty { current.results[name] = result }
                    current.last = result
                    filter = current
                } else if let open = filter, depth == open.depth {
                    if open.last != true { bounded = false }
                    filter = nil
                }
            }
        }
        return read && bounded
    }

    /// Whether primitive `name` keeps transparent input transparent, given whether each of its
    /// inputs (`in`, `in2`) does (see ``filtersAreBounded(_:referenced:)``).
    private static func keepsTransparent(
        _ name: String, _ attributes: [String: String], _ children: [(String, [String: String])], named: (String?) -> Bool
    ) -> Bool {
        func input(_ key: String) -> Bool { named(attributes[key]) }
        switch name {
        case "feGaussianBlur", "feOffset", "feMorphology", "feDropShadow":
            return input("in")
        case "feComposite":
            switch (attributes["operator"] ?? "over").trimmingWhitespace() {
            case "in": return input("in") || input("in2")
            case "out": return input("in")
            case "atop": return input("in2")
            case "over", "xor": return input("in") && input("in2")
            default: return false
            }
        case "feBlend":
            return input("in") && input("in2")
        case "feMerge":
            // Each node names its own input.
            return !children.isEmpty && children.allSatisfy { $0.0 == "feMergeNode" && named($0.1["in"]) }
        case "feColorMatrix":
            guard input("in") else { return false }
            let type = (attributes["type"] ?? "matrix").trimmingWhitespace()
            if type != "matrix" { return ["saturate", "hueRotate", "luminanceToAlpha"].contains(type) }
            let values = (attributes["values"] ?? "").split(whereSeparator: { " ,\t\n\r".contains($0) }).map { Double($0) }
            // Absent (the identity) or 20 numbers whose alpha row adds nothing.
            if values.isEmpty { return true }
            guard values.count == 20, let offset = values[19] else { return false }
            return offset <= 0
        case "feComponentTransfer":
            return input("in") && !children.contains { $0.0 == "feFuncA" }
        default:
            return false
        }
    }
}
