import FoundationEssentials
import MaskGeometry

/// The element tree of an SVG as ``FilterReach`` reads it: names, the few attributes it needs,
/// children; then a walk of what is drawn (following `<use>`) that sums each filtered element's
/// reach. Nil or a nil reach for what it cannot bound (see ``FilterReach``).
struct FilterReachTree {
    private struct Node {
        var name: String
        var attributes: [String: String]
        var children: [Int] = []
        var parent: Int
    }

    /// One filter's reach in its user space (`units`) and in device pixels.
    private struct FilterSteps {
        var units = 0.0
        /// The same under a rotation or a skew: each (x, y) pair by its length, not its larger value.
        var rotatedUnits = 0.0
        var pixels = FilterReach.regionPixels
    }

    private static let svgNamespace = "http://www.w3.org/2000/svg"
    private var nodes: [Node] = []
    private var ids: [String: Int] = [:]

    /// Elements whose content is not drawn where it stands (a filter inside them is refused,
    /// except `defs` and `symbol`, whose content is drawn through `<use>`).
    private static let notDrawn: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "pattern", "marker", "filter", "linearGradient", "radialGradient",
        "title", "desc", "metadata", "script", "foreignObject",
    ]
    private static let refusedAround: Set<String> = ["clipPath", "mask", "pattern", "marker"]
    /// Primitives whose output pixel depends only on the same input pixels.
    private static let perPixel: Set<String> = [
        "feFlood", "feColorMatrix", "feComposite", "feMerge", "feMergeNode", "feBlend", "feComponentTransfer",
        "feFuncR", "feFuncG", "feFuncB", "feFuncA",
    ]

    init?(_ data: Data) {
        var stack: [Int] = []
        var refused = false
        var nodes: [Node] = []
        var ids: [String: Int] = [:]
        var svgPrefixes: Set<String> = []
        let read = XMLElementReader.read(data) { event in
            switch event {
            case .start(let name, let attributes):
                // A <style> could set a filter; an element named with a prefix bound to SVG's
                // namespace (Inkscape binds `svg:` and never uses it) is not read here.
                for (key, value) in attributes where key.hasPrefix("xmlns:") && value == Self.svgNamespace {
                    svgPrefixes.insert(String(key.dropFirst(6)))
                }
                if name == "style" || name.split(separator: ":").count == 2 && svgPrefixes.contains(String(name.split(separator: ":")[0])) {
                    refused = true
                }
                let index = nodes.count
                nodes.append(Node(name: name, attributes: attributes, parent: stack.last ?? -1))
                if let parent = stack.last { nodes[parent].children.append(index) }
                if let id = attributes["id"], ids[id] == nil { ids[id] = index }
                stack.append(index)
            case .end:
                stack.removeLast()
            }
        }
        guard read, !refused, nodes.first?.name == "svg" else { return nil }
        self.nodes = nodes
        self.ids = ids
    }

    /// Every filtered element's reach as drawn, with `rootScale` document units per root user unit
    /// (the viewBox); nil when one cannot be bounded.
    /// `cropSensitive` is set when a filtered element paints with a radial gradient whose focus
    /// is off its centre (see ``FilterReach/cropSensitive``).
    /// Without `rotationsAndClips`, a filtered element under a rotation or a skew, or with a clip
    /// path on it or in it, is refused (the strip cut's rule; see ``FilterReach``).
    func reach(rootScale: Double, rotationsAndClips: Bool, cropSensitive: inout Bool) -> [FilterReach.Term]? {
        var filters: [Int: FilterSteps] = [:]
        var terms: [FilterReach.Term] = []
        // (node, scale from its parent's user space to document units, reach of the filters around
        // it, use depth, whether every transform above it keeps the axes, whether the fill and the
        // stroke it inherits are off-centre radial gradients)
        var pending: [(node: Int, scale: Double, around: FilterReach.Term, uses: Int, aligned: Bool, offCentre: OffCentrePaints)] = []
        var visits = 0
        // A transform or a filter on the root: rare, and refused rather than read.
        let root = nodes[0]
        guard root.attributes["transform"] == nil, filterReference(of: 0) == nil else { return nil }
        for child in root.children.reversed() {
            pending.append((child, rootScale, FilterReach.Term(documentUnits: 0, pixels: 0), 0, true, offCentrePaints(of: 0, inherited: OffCentrePaints())))
        }
        while let (index, parentScale, around, uses, parentAligned, inherited) = pending.popLast() {
            visits += 1
            guard visits <= FilterReach.maximumVisits else { return nil }
            let node = nodes[index]
            if node.name == "svg" { return nil }
            // Another namespace's element (Inkscape's, RDF's): librsvg draws none.
            if node.name.contains(":") { continue }
            if Self.notDrawn.contains(node.name) {
                // Not drawn here; a filter inside some of them is drawn in another space.
                if Self.refusedAround.contains(node.name), subtreeUsesFilter(index) { return nil }
                continue
            }
            let scale = parentScale * (node.attributes["transform"].map(TextSizeScan.linearScale) ?? 1)
            let aligned = parentAligned && node.attributes["transform"].map(Self.keepsAxes) ?? true
            // Inside a filter (`around` is nonzero) or filtered itself: its paints, its own or
            // inherited (from a group, or the `<use>` drawing it), are read.
            let offCentre = offCentrePaints(of: index, inherited: inherited)
            if !cropSensitive, around != FilterReach.Term(documentUnits: 0, pixels: 0) || filterReference(of: index) != nil,
               offCentre.fill || offCentre.stroke {
                cropSensitive = true
            }
            var reach = around
            if let reference = filterReference(of: index) {
                // A clip path on the filtered element or in it only removes pixels from what the
                // filter paints: the reach bounds it still (the layered render measures such an
                // element's ink without its clip, ``FilterLayerPlan``). The strip cut refuses it
                // and rotations: measured there, breeze/gpick's strips peaked at 523 MB against one
                // draw's 310, and kteatime's took 4.3 s against 4.0.
                guard let id = reference, rotationsAndClips || aligned && !subtreeHasClip(index) else { return nil }
                // An element whose filter does not exist is not drawn at all (librsvg 2.54).
                guard ids[id] != nil else { continue }
                guard let steps = filterSteps(id, cache: &filters) else { return nil }
                // Under a rotation or a skew librsvg maps a blur's (x, y) deviations, an offset and
                // a morphology's radii through the transform as one vector: each device axis gets
                // at most the stretch times the vector's length.
                let units = aligned ? steps.units : steps.rotatedUnits
                reach = FilterReach.Term(
                    documentUnits: around.documentUnits + scale * units, pixels: around.pixels + steps.pixels)
                terms.append(reach)
            }
            if node.name == "use" {
                guard let target = hrefTarget(of: node) else { continue }
                guard uses < FilterReach.maximumUseDepth else { return nil }
                let drawn = nodes[target]
                if drawn.name == "svg" || (drawn.name == "symbol" && drawn.attributes["viewBox"] != nil) { return nil }
                if drawn.name == "symbol" {
                    let throughSymbol = offCentrePaints(of: target, inherited: offCentre)
                    for child in drawn.children.reversed() { pending.append((child, scale, reach, uses + 1, aligned, throughSymbol)) }
                } else {
                    pending.append((target, scale, reach, uses + 1, aligned, offCentre))
                }
                continue
            }
            for child in node.children.reversed() { pending.append((child, scale, reach, uses, aligned, offCentre)) }
        }
        return terms
    }

    // MARK: - Reading

    /// True when a transform list only scales and translates (no rotation, no skew).
    static func keepsAxes(_ list: String) -> Bool {
        for (name, n) in TextSizeScan.transformFunctions(list) {
            switch name {
            case "translate", "scale": continue
            case "matrix" where n.count == 6 && n[1] == 0 && n[2] == 0: continue
            case "rotate" where n.first == 0: continue
            default: return false
            }
        }
        return true
    }

    /// nil: no filter; .some(nil): a filter this reader cannot follow; .some(id): `url(#id)`.
    private func filterReference(of index: Int) -> String?? {
        guard var text = SVGPresentationProperty.value("filter", in: nodes[index].attributes), text != "none" else { return nil }
        guard text.hasPrefix("url("), text.hasSuffix(")") else { return .some(nil) }
        text = String(text.dropFirst(4).dropLast())
        text = String(text.trimmingWhitespace().filter { $0 != "\"" && $0 != "'" })
        guard text.hasPrefix("#") else { return .some(nil) }
        return .some(String(text.dropFirst()))
    }

    private func hrefTarget(of node: Node) -> Int? {
        let href = node.attributes.first { $0.key == "href" || $0.key.hasSuffix(":href") }?.value
        guard let href, href.hasPrefix("#") else { return nil }
        return ids[String(href.dropFirst())]
    }

    /// Whether an element's fill and stroke are radial gradients whose focus is off their centre.
    struct OffCentrePaints {
        var fill = false
        var stroke = false
    }

    /// The element's fill and stroke as off-centre radial gradients or not (focus `fx`, `fy`
    /// followed through `href`s, not the centre): its own where it sets them, else `inherited`.
    private func offCentrePaints(of index: Int, inherited: OffCentrePaints) -> OffCentrePaints {
        func offCentre(_ name: String) -> Bool? {
            guard let paint = SVGPresentationProperty.value(name, in: nodes[index].attributes) else { return nil }
            guard let open = paint.firstRange(of: "url(#") else { return paint == "inherit" ? nil : false }
            let id = paint[open.upperBound...].prefix { $0 != ")" && $0 != " " && $0 != "\"" && $0 != "'" }
            guard let gradient = ids[String(id)], nodes[gradient].name == "radialGradient" else { return false }
            let cx = gradientAttribute("cx", of: gradient), cy = gradientAttribute("cy", of: gradient)
            let fx = gradientAttribute("fx", of: gradient) ?? cx, fy = gradientAttribute("fy", of: gradient) ?? cy
            return fx != cx || fy != cy
        }
        return OffCentrePaints(fill: offCentre("fill") ?? inherited.fill, stroke: offCentre("stroke") ?? inherited.stroke)
    }

    /// A gradient's attribute, from the first of it and the gradients it inherits from (`href`)
    /// that sets it.
    private func gradientAttribute(_ name: String, of gradient: Int) -> String? {
        var next: Int? = gradient
        var steps = 0
        while let index = next, steps < FilterReach.maximumUseDepth {
            if let value = nodes[index].attributes[name] { return value.trimmingWhitespace() }
            next = hrefTarget(of: nodes[index])
            steps += 1
        }
        return nil
    }

    private func subtreeHasClip(_ index: Int) -> Bool {
        var pending = [index]
        while let next = pending.popLast() {
            let attributes = nodes[next].attributes
            if let clip = attributes["clip-path"], clip.trimmingWhitespace() != "none" { return true }
            if let style = attributes["style"], style.contains("clip-path"), !style.contains("clip-path:none") { return true }
            pending.append(contentsOf: nodes[next].children)
        }
        return false
    }

    private func subtreeUsesFilter(_ index: Int) -> Bool {
        var pending = [index]
        while let next = pending.popLast() {
            if filterReference(of: next) != nil { return true }
            pending.append(contentsOf: nodes[next].children)
        }
        return false
    }

    /// The filter `id`'s reach, or nil when it is not a filter this reader can bound.
    private func filterSteps(_ id: String, cache: inout [Int: FilterSteps]) -> FilterSteps? {
        guard let index = ids[id] else { return nil }
        if let known = cache[index] { return known }
        let filter = nodes[index]
        guard filter.name == "filter", filter.attributes["primitiveUnits"] != "objectBoundingBox",
              !filter.attributes.keys.contains(where: { $0 == "href" || $0.hasSuffix(":href") }) else { return nil }
        var steps = FilterSteps()
        var pending = filter.children
        while let next = pending.popLast() {
            let primitive = nodes[next]
            let a = primitive.attributes
            switch primitive.name {
            case "feGaussianBlur":
                guard let sd = Self.lengths(a["stdDeviation"]), let vector = Self.lengths(a["stdDeviation"], vector: true)
                else { return nil }
                steps.units += 3 * sd
                steps.rotatedUnits += 3 * vector
                steps.pixels += FilterReach.blurPixels
            case "feOffset":
                guard let dx = Self.lengths(a["dx"], allowsNegative: true),
                      let dy = Self.lengths(a["dy"], allowsNegative: true) else { return nil }
                steps.units += (dx * dx + dy * dy).squareRoot()
                steps.rotatedUnits += (dx * dx + dy * dy).squareRoot()
                steps.pixels += 1
            case "feDropShadow":
                guard let sd = Self.lengths(a["stdDeviation"]), let vector = Self.lengths(a["stdDeviation"], vector: true),
                      let dx = Self.lengths(a["dx"], allowsNegative: true),
                      let dy = Self.lengths(a["dy"], allowsNegative: true) else { return nil }
                steps.units += 3 * sd + (dx * dx + dy * dy).squareRoot()
                steps.rotatedUnits += 3 * vector + (dx * dx + dy * dy).squareRoot()
                steps.pixels += FilterReach.blurPixels + 1
            case "feMorphology":
                guard let radius = Self.lengths(a["radius"]), let vector = Self.lengths(a["radius"], vector: true)
                else { return nil }
                steps.units += radius
                steps.rotatedUnits += vector
                steps.pixels += 1
            default:
                guard Self.perPixel.contains(primitive.name) else { return nil }
                pending.append(contentsOf: primitive.children)
            }
        }
        cache[index] = steps
        return steps
    }

    /// The largest absolute value of a list of one or two numbers (0 when absent), or with
    /// `vector` the length of the (x, y) pair they give (one number: x = y); nil when it is
    /// unreadable, or negative where that is not allowed.
    private static func lengths(_ text: String?, allowsNegative: Bool = false, vector: Bool = false) -> Double? {
        guard let text else { return 0 }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard (1...2).contains(parts.count) else { return nil }
        var values: [Double] = []
        for part in parts {
            guard let value = Double(part), value.isFinite, allowsNegative || value >= 0 else { return nil }
            values.append(abs(value))
        }
        guard vector else { return values.max() }
        let x = values[0], y = values.count > 1 ? values[1] : values[0]
        return (x * x + y * y).squareRoot()
    }
}
