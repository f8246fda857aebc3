import FoundationEssentials
import MaskGeometry

/// A drop shadow kept a picture while the shapes under it stay vectors, for the outline's
/// read-back only (``OutlineExtractor``).
///
/// Designers' exports (Sketch, Figma, Deepin's "bloom" icons) draw the whole logo in one group
/// with a filter whose result is `<feMerge>` of a shadow made from `SourceAlpha` and, last,
/// `<feMergeNode in="SourceGraphic"/>`. librsvg draws a filter's result as one image, so the
/// outline of such a logo held no shape at all. That element is "its shadow, then itself": the
/// rewritten document draws it with the filter minus its last merge node (the shadow alone,
/// still a picture), followed by a copy of the element without its filter (ids dropped in the
/// copy), which Cairo's SVG surface writes as vectors.
///
/// A filter qualifies when it inherits no primitives (`href`), its last primitive is an
/// `<feMerge>` whose last node reads `SourceGraphic`, and no other primitive reads it (an `in`
/// or `in2` naming it, a first primitive without `in`, or an `in` naming no earlier result);
/// `SourceAlpha` is fine. Each element using it must do so by its `filter` attribute only
/// (`url(#id)`, not in `style`), and none may lie inside another one split. What the markup does
/// not show (opacity on the filtered element, a filter region clipping the graphic, CSS) is
/// caught by drawing both documents: the rewrite is used only when the pixels agree
/// (``source(for:)``).
enum ShadowSplit {
    /// The size the original and the rewrite are drawn at to compare them (longest side, px).
    static let checkSize = 256.0
    /// A pixel differs when one of its premultiplied channels moves by more than this, and the
    /// rewrite is kept when at most ``allowedFraction`` of the pixels differ: the hand-off's
    /// tolerance (issue 23). librsvg merges in linearRGB on 8-bit surfaces, so the merged
    /// graphic comes back up to 16 levels off its plain drawing (measured on Deepin's bloom
    /// icons); a shadow seen through a translucent graphic changes far more pixels by far more.
    static let levelTolerance = 24
    static let allowedFraction = 0.005

    /// The text the outline reads `logo` back from: the rewrite (see the type) when one applies
    /// and draws the same pixels as the original at ``checkSize``, else nil (the logo's own).
    static func source(for logo: VectorLogo) -> Data? {
        guard logo.format == .svg, logo.usesFilterEffects, logo.options.elementID == nil,
              let rewritten = rewritten(logo.source),
              let fraction = differingFraction(of: logo, from: rewritten), fraction <= allowedFraction
        else { return nil }
        return rewritten
    }

    /// The fraction of pixels differing by more than ``levelTolerance`` between `logo` and
    /// `source` drawn by librsvg at ``checkSize``; nil when either fails to draw.
    static func differingFraction(of logo: VectorLogo, from source: Data) -> Double? {
        let page = logo.documentSize
        let scale = checkSize / max(page.width, page.height, 1e-9)
        let width = max(1, Int((page.width * scale).rounded(.up))), height = max(1, Int((page.height * scale).rounded(.up)))
        guard let before = try? pixels(of: logo, scale: scale, width: width, height: height),
              let after = try? pixels(of: logo.replacingSource(source), scale: scale, width: width, height: height),
              before.count == after.count, before.count == width * height * 4
        else { return nil }
        var differing = 0
        for pixel in stride(from: 0, to: before.count, by: 4)
        where (0..<4).contains(where: { abs(Int(before[pixel + $0]) - Int(after[pixel + $0])) > levelTolerance }) {
            differing += 1
        }
        return Double(differing) / Double(width * height)
    }

    /// `svg` with every qualifying shadow filter split (see the type), not checked by drawing;
    /// nil when none qualifies or the markup is not one this reader follows.
    static func rewritten(_ svg: Data) -> Data? {
        let bytes = [UInt8](svg)
        guard let elements = elements(of: bytes) else { return nil }
        // Filters whose last merge node alone reads the graphic: the node to drop, by filter id.
        var dropped: [String: Range<Int>] = [:]
        for filter in elements.indices where elements[filter].name == "filter" {
            guard let id = value("id", of: elements[filter], in: bytes),
                  let node = shadowMergeNode(of: filter, in: elements, bytes: bytes) else { continue }
            dropped[id] = elements[node].range
        }
        guard !dropped.isEmpty else { return nil }
        // The elements drawn through them; a filter is split only where all its users are.
        var users: [String: [Int]] = [:]
        for index in elements.indices {
            guard let filter = value("filter", of: elements[index], in: bytes), filter.hasPrefix("url(#"), filter.hasSuffix(")")
            else { continue }
            let id = String(filter.dropFirst(5).dropLast())
            if dropped[id] != nil { users[id, default: []].append(index) }
        }
        for (id, list) in users {
            // Every `url(#id)` in the text must be one of these attributes (not a style, not CSS).
            let mentions = count(Array("url(#\(id))".utf8), in: bytes)
            if mentions != list.count || list.contains(where: { value("style", of: elements[$0], in: bytes)?.contains("filter") ?? false }) {
                users[id] = nil
            }
        }
        let split = users.values.flatMap { $0 }.sorted()
        guard !split.isEmpty else { return nil }
        // None inside another: the copy of the outer one would hold the inner one whole.
        for (a, b) in zip(split, split.dropFirst()) where elements[a].range.contains(elements[b].range.lowerBound) { return nil }
        var edits: [(range: Range<Int>, text: [UInt8])] = users.keys.map { (dropped[$0]!, []) }
        for index in split {
            let end = elements[index].range.upperBound
            edits.append((end..<end, copy(of: index, in: elements, bytes: bytes)))
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var cursor = 0
        for edit in edits {
            guard edit.range.lowerBound >= cursor else { return nil }
            out += bytes[cursor..<edit.range.lowerBound]
            out += edit.text
            cursor = edit.range.upperBound
        }
        out += bytes[cursor...]
        return Data(out)
    }

    /// One element of the text: its name, attributes (each `name="value"` range), start tag and
    /// whole range, and its parent.
    private struct Element {
        var name: String
        var attributes: [(name: String, range: Range<Int>)]
        var tag: Range<Int>
        var range: Range<Int>
        var parent: Int?
    }

    /// Every element below the root in document order; nil for markup not followed.
    private static func elements(of bytes: [UInt8]) -> [Element]? {
        guard let (_, root) = CroppedSVGSource.rootStartTag(in: bytes), !root.isEmpty else { return nil }
        var list: [Element] = []
        var open: [Int] = []
        var i = root.end
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            switch SVGLayerSpans.markup(bytes, at: i) {
            case .skipped(let end): i = end; continue
            case .unreadable: return nil
            case .tag: break
            }
            if ByteSearch.matches("</", in: bytes, at: i) {
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                i = close + 1
                guard let last = open.popLast() else { return list }
                list[last].range = list[last].range.lowerBound..<i
            } else {
                guard let tag = CroppedSVGSource.readStartTag(bytes, at: i) else { return nil }
                let name = String(decoding: bytes[(i + 1)..<tag.nameEnd], as: UTF8.self)
                list.append(Element(name: name, attributes: tag.attributes, tag: i..<tag.end, range: i..<tag.end, parent: open.last))
                if !tag.isEmpty { open.append(list.count - 1) }
                i = tag.end
            }
        }
        return nil
    }

    /// The attribute's value as written; nil when absent or holding an entity.
    private static func value(_ name: String, of element: Element, in bytes: [UInt8]) -> String? {
        guard let attribute = element.attributes.first(where: { $0.name == name }) else { return nil }
        return TranslucentShapeFold.value(of: attribute.range, in: bytes)?.trimmingWhitespace()
    }

    /// The index of `filter`'s last merge node when it is the only reader of `SourceGraphic`
    /// (see the type), else nil.
    private static func shadowMergeNode(of filter: Int, in elements: [Element], bytes: [UInt8]) -> Int? {
        guard value("href", of: elements[filter], in: bytes) == nil, value("xlink:href", of: elements[filter], in: bytes) == nil
        else { return nil }
        let primitives = elements.indices.filter { elements[$0].parent == filter }
        guard let last = primitives.last, elements[last].name == "feMerge" else { return nil }
        let nodes = elements.indices.filter { elements[$0].parent == last }
        guard let shadowNode = nodes.last, elements[shadowNode].name == "feMergeNode",
              value("in", of: elements[shadowNode], in: bytes) == "SourceGraphic",
              // Nothing inside the node (an `<animate>` could change what it reads).
              elements[shadowNode].range == elements[shadowNode].tag
        else { return nil }
        var results: Set<String> = []
        for (position, primitive) in primitives.enumerated() {
            let reads = primitive == last ? nodes.dropLast().map { (elements[$0], "in") } : [(elements[primitive], "in"), (elements[primitive], "in2")]
            for (element, key) in reads {
                guard let input = value(key, of: element, in: bytes) else {
                    // A first primitive's (or a merge node's) missing `in` reads the graphic.
                    if primitive == last || position == 0 && (key == "in" ? inputs(elements[primitive].name) > 0 : twoInputs.contains(elements[primitive].name)) {
                        return nil
                    }
                    continue
                }
                guard input == "SourceAlpha" || results.contains(input) else { return nil }
            }
            if let result = value("result", of: elements[primitive], in: bytes) { results.insert(result) }
        }
        return shadowNode
    }

    /// The primitives with a second input (`in2`).
    private static let twoInputs: Set<String> = ["feBlend", "feComposite", "feDisplacementMap"]

    /// How many inputs a primitive reads (0 for those that make their own pixels).
    private static func inputs(_ name: String) -> Int {
        ["feFlood", "feImage", "feTurbulence"].contains(name) ? 0 : 1
    }

    /// The element at `index` again, without its `filter` attribute and with no `id` in it.
    private static func copy(of index: Int, in elements: [Element], bytes: [UInt8]) -> [UInt8] {
        let element = elements[index]
        var out: [UInt8] = []
        var cursor = element.range.lowerBound
        for inner in elements[index...].prefix(while: { element.range.contains($0.tag.lowerBound) }) {
            let skipped = inner.attributes.filter { $0.name == "id" || $0.name == "xml:id" || (inner.tag == element.tag && $0.name == "filter") }
            for attribute in skipped {
                out += bytes[cursor..<attribute.range.lowerBound]
                cursor = attribute.range.upperBound
            }
        }
        out += bytes[cursor..<element.range.upperBound]
        return out
    }

    /// How many times `word` occurs in `bytes`.
    private static func count(_ word: [UInt8], in bytes: [UInt8]) -> Int {
        var found = 0
        var i = 0
        while let start = ByteSearch.firstIndex(of: word, in: bytes[...], from: i) {
            found += 1
            i = start + 1
        }
        return found
    }

    /// `logo` drawn at `scale` by the library's raster path (premultiplied ARGB32 bytes, rows
    /// without padding).
    private static func pixels(of logo: VectorLogo, scale: Double, width: Int, height: Int) throws(LogoMaskError) -> [UInt8] {
        let image = try Rasterizer.image(of: logo, width: width, height: height, transform: .scale(scale))
        guard image.stride != width * 4 else { return image.bytes }
        return (0..<height).flatMap { row in image.bytes[(row * image.stride)..<(row * image.stride + width * 4)] }
    }
}
