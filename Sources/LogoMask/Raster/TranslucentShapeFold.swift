import FoundationEssentials
import MaskGeometry

/// An SVG's translucent one-paint shapes rewritten so that librsvg draws them straight: a
/// `<path>` (or `<rect>`, `<circle>`...) with `opacity` below 1 that only fills, or only strokes,
/// gets its opacity multiplied into that paint's `fill-opacity` or `stroke-opacity` instead.
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
///
/// Only what the element's own markup says is folded: its opacity, fill and stroke (one of them
/// `none`) and the painted one's opacity must all be set on it (attribute or `style`), and it
/// must have no filter, mask, clip path or blend mode. Nil (draw the document as it is) when
/// nothing is folded, or the document has a `<style>` element (CSS could set these properties),
/// a `<marker>` (a marker is a second paint), or markup this reader does not follow (a DOCTYPE).
enum TranslucentShapeFold {
    /// Shapes with a fill and a stroke and nothing else drawn.
    private static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    /// Properties of the element whose presence (other than `none`) stops the fold.
    private static let effects = ["filter", "mask", "clip-path"]

    /// `svg` with its translucent one-paint shapes folded, or nil when none is (see the type).
    static func folded(_ svg: Data) -> Data? {
        let bytes = [UInt8](svg)
        // CSS in the document or beside it (`<?xml-stylesheet?>`, which librsvg loads), or a
        // marker, under any namespace prefix (`<svg:style>`): not folded.
        guard ByteSearch.firstIndex(of: "<style", in: bytes, from: 0) == nil, ByteSearch.firstIndex(of: ":style", in: bytes, from: 0) == nil,
              ByteSearch.firstIndex(of: "<marker", in: bytes, from: 0) == nil, ByteSearch.firstIndex(of: ":marker", in: bytes, from: 0) == nil,
              ByteSearch.firstIndex(of: "<?xml-stylesheet", in: bytes, from: 0) == nil,
              let (_, root) = CroppedSVGSource.rootStartTag(in: bytes)
        else { return nil }
        var out: [UInt8] = []
        var cursor = 0
        var i = root.end
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            switch SVGLayerSpans.markup(bytes, at: i) {
            case .skipped(let end): i = end; continue
            case .unreadable: return nil
            case .tag: break
            }
            if ByteSearch.matches("</", in: bytes, at: i) {
                i += 2
            } else {
                guard let tag = CroppedSVGSource.readStartTag(bytes, at: i) else { return nil }
                let name = String(decoding: bytes[(i + 1)..<tag.nameEnd], as: UTF8.self)
                if shapes.contains(name), let rewritten = fold(tag, at: i, in: bytes) {
                    if out.isEmpty { out.reserveCapacity(bytes.count + 1024) }
                    out += bytes[cursor..<i]
                    out += rewritten
                    cursor = tag.end
                }
                i = tag.end
            }
        }
        guard cursor > 0 else { return nil }
        out += bytes[cursor...]
        return Data(out)
    }

    /// The start tag at `start` rewritten with its opacity folded into its one paint's, or nil
    /// when it does not qualify.
    private static func fold(_ tag: CroppedSVGSource.StartTag, at start: Int, in bytes: [UInt8]) -> [UInt8]? {
        var attributes: [String: String] = [:]
        for attribute in tag.attributes {
            guard let value = value(of: attribute.range, in: bytes) else { return nil }
            attributes[attribute.name] = value
        }
        func property(_ name: String) -> String? { SVGPresentationProperty.value(name, in: attributes) }
        guard let opacityText = property("opacity"), let opacity = unitValue(opacityText), opacity < 1,
              effects.allSatisfy({ property($0) == nil || property($0) == "none" }),
              property("mix-blend-mode") == nil || property("mix-blend-mode") == "normal",
              let fill = property("fill"), let stroke = property("stroke"), (fill == "none") != (stroke == "none")
        else { return nil }
        let painted = fill == "none" ? "stroke-opacity" : "fill-opacity"
        guard let paintText = property(painted), let paint = unitValue(paintText) else { return nil }
        let dropped: Set<String> = ["opacity", painted]
        var out = Array(bytes[start..<tag.nameEnd])
        var styled = false
        for attribute in tag.attributes where !dropped.contains(attribute.name) {
            guard attribute.name == "style" else {
                out.append(0x20)
                out += bytes[attribute.range]
                continue
            }
            let kept = (attributes["style"] ?? "").split(separator: ";").filter { declaration in
                let name = declaration.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingWhitespace() }
                return !dropped.contains(name ?? "")
            }
            out += Array(" style=\"\((kept + ["\(painted):\(paint * opacity)"]).joined(separator: ";"))\"".utf8)
            styled = true
        }
        if !styled { out += Array(" style=\"\(painted):\(paint * opacity)\"".utf8) }
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
