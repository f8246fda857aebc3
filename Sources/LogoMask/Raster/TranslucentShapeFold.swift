import FoundationEssentials
import MaskGeometry

/// An SVG's translucent one-paint shapes rewritten so that librsvg draws them straight: a
/// `<path>` (or `<rect>`, `<circle>`...) with `opacity` below 1 that only fills, or only strokes,
/// gets its opacity multiplied into that paint's `fill-opacity` or `stroke-opacity` instead; and a
/// translucent `<g>` holding one such shape and nothing else hands its opacity to that shape.
///
/// Why: librsvg 2.54 draws every element with an opacity onto a temporary surface the size of
/// the whole viewport (or strip), then paints that surface at the opacity: a fresh surface the
/// kernel zeroes and a composite over the whole image for each such shape, however small.
/// tango/gnome-dev-media-ms has 25 of them: 0.27 s of `render --width 4096` against 0.22 s
/// folded. With one paint the two are the same picture: Cairo fills (or strokes) a shape as one
/// coverage mask, so a shape never overlaps itself, and painting it at `fill-opacity` x `opacity`
/// is painting it at `fill-opacity` then fading it by `opacity`; the pixels differ by Cairo's
/// rounding of one product instead of two, up to 2 levels premultiplied where one folded shape
/// lies over another (the real-world set's renders at 4096 px within 2 of rsvg-convert; folded
/// whole, breeze/zanshin reached 3 on 4 pixels, so ``Rasterizer`` does not fold a layered render).
/// A group of one shape is drawn as that shape alone, so its opacity folds the same way. A path
/// without geometry (Tango's `<g style="opacity:0.75"><path d=""/></g>`, drawn as a surface per
/// strip for nothing) loses its opacity, and hands back its group's, whatever its paints.
///
/// What decides the fold: the element's opacity, its fill and stroke (one of them `none`) and the
/// painted one's opacity, with no filter, mask, clip path or blend mode on it (nor on the group).
/// Each value must be set on the element (attribute or `style`); `followingInheritance` also
/// reads them from its ancestors, or their initial values (`black`, `none`, 1), as Papirus'
/// `<circle style="opacity:0.2"/>` shadows need. An element an `href` points to (a `<use>` draws
/// it) inherits from the `<use>`, not from where it is written: inside it only what it and its
/// own ancestors within it set is known. Nil (draw the document as it is) when
/// nothing is folded, or the document has a `<style>` element (CSS could set these properties),
/// a `<marker>` (a marker is a second paint), or markup this reader does not follow (a DOCTYPE).
enum TranslucentShapeFold {
    /// Shapes with a fill and a stroke and nothing else drawn.
    private static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    /// Properties of the element whose presence (other than `none`) stops the fold.
    private static let effects = ["filter", "mask", "clip-path"]
    /// The inherited properties the fold reads, with their initial values.
    private static let initialPaints: [String: String] = ["fill": "black", "stroke": "none", "fill-opacity": "1", "stroke-opacity": "1"]
    /// A value the reader could not read (an entity): blocks any fold that depends on it.
    private static let unreadable = "\u{0}"

    /// The paint properties in force at a point of the document, by name (empty: nothing known,
    /// every value must be the element's own).
    private typealias Paints = [String: String]

    /// `svg` with its translucent one-paint shapes folded, or nil when none is (see the type).
    static func folded(_ svg: Data, followingInheritance: Bool = false) -> Data? {
        let bytes = [UInt8](svg)
        // CSS in the document or beside it (`<?xml-stylesheet?>`, which librsvg loads), or a
        // marker, under any namespace prefix (`<svg:style>`): not folded.
        guard ByteSearch.firstIndex(of: "<style", in: bytes, from: 0) == nil, ByteSearch.firstIndex(of: ":style", in: bytes, from: 0) == nil,
              ByteSearch.firstIndex(of: "<marker", in: bytes, from: 0) == nil, ByteSearch.firstIndex(of: ":marker", in: bytes, from: 0) == nil,
              ByteSearch.firstIndex(of: "<?xml-stylesheet", in: bytes, from: 0) == nil,
              let root = CroppedSVGSource.rootStartTag(in: bytes)
        else { return nil }
        // Inheritance is followed when asked and every `href` is read (an entity in one is not).
        let referenced = followingInheritance ? referencedIDs(in: bytes) : nil
        let inherits = referenced != nil
        /// The paints an element with attributes `own` inherits where `context` is in force:
        /// nothing when an `href` points to it.
        func inheritance(of own: [String: String]?, in context: Paints) -> Paints {
            guard let own else { return unreadablePaints }
            if let id = own["id"], referenced?.contains(id) == true { return [:] }
            return context
        }
        // The paints in force inside each open element, the root's at the bottom.
        var open: [Paints] = [inherits ? paints(of: attributes(of: root.tag, in: bytes), inside: initialPaints) : [:]]
        // The opacity a group handed to the shape starting at each index.
        var handed: [Int: Double] = [:]
        var out: [UInt8] = []
        var cursor = 0
        func replace(_ range: Range<Int>, with rewritten: [UInt8]) {
            if out.isEmpty { out.reserveCapacity(bytes.count + 1024) }
            out += bytes[cursor..<range.lowerBound]
            out += rewritten
            cursor = range.upperBound
        }
        var i = root.tag.end
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            switch SVGLayerSpans.markup(bytes, at: i) {
            case .skipped(let end): i = end; continue
            case .unreadable: return nil
            case .tag: break
            }
            if ByteSearch.matches("</", in: bytes, at: i) {
                if open.count > 1 { open.removeLast() }
                i += 2
                continue
            }
            guard let tag = CroppedSVGSource.readStartTag(bytes, at: i) else { return nil }
            let name = String(decoding: bytes[(i + 1)..<tag.nameEnd], as: UTF8.self)
            // Read where a fold or the inheritance needs them (every tag of a long document
            // read for nothing otherwise).
            let own = inherits || shapes.contains(name) || name == "g" ? attributes(of: tag, in: bytes) : nil
            let inherited = inherits ? inheritance(of: own, in: open[open.count - 1]) : [:]
            if shapes.contains(name), let own, let rewritten = fold(tag, at: i, in: bytes, own: own, inherited: inherited, handed: handed[i] ?? 1) {
                replace(i..<tag.end, with: rewritten)
            } else if name == "g", !tag.isEmpty, let own, let opacity = groupOpacity(own),
                      let child = onlyShape(after: tag, in: bytes), let childOwn = attributes(of: child.tag, in: bytes),
                      fold(child.tag, at: child.start, in: bytes, own: childOwn,
                           inherited: inherits ? inheritance(of: childOwn, in: paints(of: own, inside: inherited)) : [:], handed: opacity) != nil {
                // The group's opacity goes to its one shape, folded when the loop reaches it.
                handed[child.start] = opacity
                replace(i..<tag.end, with: rewrite(tag, at: i, in: bytes, own: own, dropping: ["opacity"], adding: nil))
            }
            if !tag.isEmpty { open.append(inherits ? paints(of: own, inside: inherited) : [:]) }
            i = tag.end
        }
        guard cursor > 0 else { return nil }
        out += bytes[cursor...]
        return Data(out)
    }

    /// The ids every `href` in the document points to (`#id`; `<use>` and gradients alike, which
    /// only makes the fold more careful), or nil when one is not read (an entity, no quote).
    private static func referencedIDs(in bytes: [UInt8]) -> Set<String>? {
        var ids: Set<String> = []
        var from = 0
        while let at = ByteSearch.firstIndex(of: "href", in: bytes, from: from) {
            from = at + 4
            var i = from
            while i < bytes.count, CroppedSVGSource.isSpace(bytes[i]) { i += 1 }
            // "href" in text, or in a longer name: not an attribute.
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < bytes.count, CroppedSVGSource.isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27,
                  let end = bytes[(i + 1)...].firstIndex(of: bytes[i]) else { return nil }
            let value = bytes[(i + 1)..<end]
            guard !value.contains(UInt8(ascii: "&")) else { return nil }
            if value.first == UInt8(ascii: "#") { ids.insert(String(decoding: value.dropFirst(), as: UTF8.self)) }
            from = end
        }
        return ids
    }

    /// Every paint property unreadable: what an element whose attributes could not be read passes on.
    private static var unreadablePaints: Paints { initialPaints.mapValues { _ in unreadable } }

    /// The element's attributes by name, or nil when one of them is not read safely.
    private static func attributes(of tag: CroppedSVGSource.StartTag, in bytes: [UInt8]) -> [String: String]? {
        var attributes: [String: String] = [:]
        for attribute in tag.attributes {
            guard let value = value(of: attribute.range, in: bytes) else { return nil }
            attributes[attribute.name] = value
        }
        return attributes
    }

    /// The paints in force inside an element with attributes `own` (nil: unreadable), placed where
    /// `inherited` is in force.
    private static func paints(of own: [String: String]?, inside inherited: Paints) -> Paints {
        guard let own else { return unreadablePaints }
        var paints = inherited
        for name in initialPaints.keys {
            if let value = SVGPresentationProperty.value(name, in: own), value != "inherit" { paints[name] = value }
        }
        return paints
    }

    /// A group's opacity when it is below 1 and the group has no effect that needs its own surface.
    private static func groupOpacity(_ own: [String: String]) -> Double? {
        func property(_ name: String) -> String? { SVGPresentationProperty.value(name, in: own) }
        guard let text = property("opacity"), let opacity = unitValue(text), opacity < 1, hasNoEffects(own) else { return nil }
        return opacity
    }

    /// True when the element has no filter, mask, clip path or blend mode.
    private static func hasNoEffects(_ own: [String: String]) -> Bool {
        func property(_ name: String) -> String? { SVGPresentationProperty.value(name, in: own) }
        return effects.allSatisfy({ property($0) == nil || property($0) == "none" })
            && (property("mix-blend-mode") == nil || property("mix-blend-mode") == "normal")
    }

    /// The one element inside the group whose start tag is `group`, when it is a shape and the
    /// group holds nothing else (comments and white space aside), with nothing inside the shape.
    private static func onlyShape(after group: CroppedSVGSource.StartTag, in bytes: [UInt8]) -> (start: Int, tag: CroppedSVGSource.StartTag)? {
        /// The index of the next `<` that is not a comment, with only white space before it.
        func nextTag(from start: Int) -> Int? {
            var i = start
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "<") {
                    guard case .skipped(let end) = SVGLayerSpans.markup(bytes, at: i) else { return i }
                    i = end
                } else if CroppedSVGSource.isSpace(bytes[i]) {
                    i += 1
                } else {
                    return nil
                }
            }
            return nil
        }
        guard let start = nextTag(from: group.end), !ByteSearch.matches("</", in: bytes, at: start),
              let tag = CroppedSVGSource.readStartTag(bytes, at: start),
              shapes.contains(String(decoding: bytes[(start + 1)..<tag.nameEnd], as: UTF8.self))
        else { return nil }
        var after = tag.end
        if !tag.isEmpty {
            // The shape's own end tag, with nothing but white space before it.
            guard let close = nextTag(from: tag.end), ByteSearch.matches("</", in: bytes, at: close),
                  let end = ByteSearch.firstIndex(of: ">", in: bytes, from: close) else { return nil }
            after = end + 1
        }
        guard let close = nextTag(from: after), ByteSearch.matches("</g", in: bytes, at: close) else { return nil }
        return (start, tag)
    }

    /// The shape's start tag at `start` rewritten with its opacity (times `handed`, a group's)
    /// folded into its one paint's, or nil when it does not qualify.
    private static func fold(
        _ tag: CroppedSVGSource.StartTag, at start: Int, in bytes: [UInt8], own: [String: String], inherited: Paints, handed: Double
    ) -> [UInt8]? {
        func property(_ name: String) -> String? {
            let value = SVGPresentationProperty.value(name, in: own)
            return value == nil || value == "inherit" ? inherited[name] : value
        }
        var opacity = handed
        if let text = SVGPresentationProperty.value("opacity", in: own) {
            guard let value = unitValue(text) else { return nil }
            opacity *= value
        }
        guard opacity < 1, hasNoEffects(own) else { return nil }
        // A path without geometry draws nothing at any opacity: the opacity (a group's surface
        // for nothing, a strip's size each: Tango's `<g style="opacity:0.75"><path d=""/></g>`)
        // goes, whatever its paints, with the same pixels.
        if ByteSearch.matches("<path", in: bytes, at: start), tag.nameEnd == start + 5,
           (own["d"] ?? "").allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            return rewrite(tag, at: start, in: bytes, own: own, dropping: ["opacity"], adding: nil)
        }
        guard let fill = property("fill"), let stroke = property("stroke"), fill != unreadable, stroke != unreadable,
              (fill == "none") != (stroke == "none")
        else { return nil }
        let painted = fill == "none" ? "stroke-opacity" : "fill-opacity"
        guard let paintText = property(painted), let paint = unitValue(paintText) else { return nil }
        return rewrite(tag, at: start, in: bytes, own: own, dropping: ["opacity", painted], adding: "\(painted):\(paint * opacity)")
    }

    /// The start tag at `start` with properties `dropping` taken out of its attributes and style,
    /// and declaration `adding` put at the end of its style; every other byte as written.
    private static func rewrite(
        _ tag: CroppedSVGSource.StartTag, at start: Int, in bytes: [UInt8], own: [String: String], dropping dropped: Set<String>, adding: String?
    ) -> [UInt8] {
        var out = Array(bytes[start..<tag.nameEnd])
        var styled = false
        for attribute in tag.attributes where !dropped.contains(attribute.name) {
            guard attribute.name == "style" else {
                out.append(0x20)
                out += bytes[attribute.range]
                continue
            }
            let kept = (own["style"] ?? "").split(separator: ";").filter { declaration in
                let name = declaration.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingWhitespace() }
                return !dropped.contains(name ?? "")
            }
            let declarations = kept.map(String.init) + (adding.map { [$0] } ?? [])
            if !declarations.isEmpty { out += Array(" style=\"\(declarations.joined(separator: ";"))\"".utf8) }
            styled = true
        }
        if !styled, let adding { out += Array(" style=\"\(adding)\"".utf8) }
        out += Array((tag.isEmpty ? "/>" : ">").utf8)
        return out
    }

    /// An attribute's value (`name="value"`, either quote) as written; nil when it holds an
    /// entity or a quote of the other kind (not rewritten safely inside `"`).
    static func value(of range: Range<Int>, in bytes: [UInt8]) -> String? {
        let text = bytes[range]
        guard let equals = text.firstIndex(of: UInt8(ascii: "=")),
              let quote = text[equals...].firstIndex(where: { $0 == 0x22 || $0 == 0x27 }) else { return nil }
        let inner = text[(quote + 1)..<(text.endIndex - 1)]
        guard !inner.contains(UInt8(ascii: "&")), !inner.contains(0x22) else { return nil }
        return String(decoding: inner, as: UTF8.self)
    }

    /// An opacity as CSS writes it (a number or a percentage), clamped to 0...1; nil for what
    /// CSS does not read as a number (`0.`, `0x1p-1`, `inf`: Swift's `Double` reads them).
    private static func unitValue(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard isCSSNumber(digits), let number = Double(digits) else { return nil }
        return min(1, max(0, text.hasSuffix("%") ? number / 100 : number))
    }

    /// True when `text` is a CSS `<number>`: a sign, digits with at most one point and a digit
    /// after it, then an optional exponent with digits.
    static func isCSSNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if let first = rest.first, first == "+" || first == "-" { rest = rest.dropFirst() }
        let whole = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(whole.count)
        var fraction = Substring()
        if rest.first == "." {
            fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if let e = rest.first, e == "e" || e == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}
