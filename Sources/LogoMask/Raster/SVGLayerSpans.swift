import FoundationEssentials
import MaskGeometry

/// Where the elements at the top of an SVG's text are: each child of the root and each child of
/// those, with its bytes and its start tag's attributes, so that ``FilterLayerPlan`` can write
/// documents holding only some of them (the rest of the text byte for byte).
///
/// A reader of markup only (start and end tags, comments, CDATA, processing instructions); it
/// does not check the XML, which ``FilterReach`` has read by then. Nil when the text is not
/// plain UTF-8 markup it can follow to the root's end tag.
struct SVGLayerSpans {
    /// One element: its name, its start tag's attributes (values as written, entities not
    /// expanded), where its start tag and its whole text are, and its children (for the root's
    /// children only).
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The start tag, `<` to `>`.
        var tag: Range<Int>
        /// The whole element, start tag to end tag.
        var range: Range<Int>
        var children: [Element] = []
    }

    /// The document's text.
    let bytes: [UInt8]
    /// The root's children, in document (paint) order.
    let children: [Element]

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard let (_, root) = CroppedSVGSource.rootStartTag(in: bytes), !root.isEmpty else { return nil }
        var top: [Element] = []
        // Open elements below the root: the root's children and grandchildren as records, deeper
        // ones only counted.
        var open: [Element] = []
        var deeper = 0
        var i = root.end
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            switch Self.markup(bytes, at: i) {
            case .skipped(let end): i = end; continue
            case .unreadable: return nil
            case .tag: break
            }
            if ByteSearch.matches("</", in: bytes, at: i) {
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                i = close + 1
                if deeper > 0 {
                    deeper -= 1
                } else if var element = open.popLast() {
                    element.range = element.tag.lowerBound..<i
                    if open.isEmpty { top.append(element) } else { open[open.count - 1].children.append(element) }
                } else {
                    // The root's end tag.
                    self.bytes = bytes
                    children = top
                    return
                }
            } else {
                guard let tag = CroppedSVGSource.readStartTag(bytes, at: i) else { return nil }
                let start = i
                i = tag.end
                if open.count == 2 || deeper > 0 {
                    if !tag.isEmpty { deeper += 1 }
                    continue
                }
                var attributes: [String: String] = [:]
                for attribute in tag.attributes {
                    let text = bytes[attribute.range]
                    guard let equals = text.firstIndex(of: UInt8(ascii: "=")),
                          let quote = text[equals...].firstIndex(where: { $0 == 0x22 || $0 == 0x27 }) else { return nil }
                    attributes[attribute.name] = String(decoding: text[(quote + 1)..<(text.endIndex - 1)], as: UTF8.self)
                }
                let name = String(decoding: bytes[(start + 1)..<tag.nameEnd], as: UTF8.self)
                let element = Element(name: name, attributes: attributes, tag: start..<i, range: start..<i)
                if tag.isEmpty {
                    if open.isEmpty { top.append(element) } else { open[open.count - 1].children.append(element) }
                } else {
                    open.append(element)
                }
            }
        }
        return nil
    }

    /// What starts at a `<` in markup.
    enum Markup {
        /// A comment, CDATA section or processing instruction, ending before this index.
        case skipped(Int)
        /// Other `<!` markup (a DOCTYPE), or one left open: not followed.
        case unreadable
        /// A start or end tag.
        case tag
    }

    /// What starts at `bytes[i]`, a `<`.
    static func markup(_ bytes: [UInt8], at i: Int) -> Markup {
        for (open, close) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")] as [(StaticString, StaticString)]
        where ByteSearch.matches(open, in: bytes, at: i) {
            guard let end = ByteSearch.firstIndex(of: close, in: bytes, from: i + open.utf8CodeUnitCount) else { return .unreadable }
            return .skipped(end + close.utf8CodeUnitCount)
        }
        return ByteSearch.matches("<!", in: bytes, at: i) ? .unreadable : .tag
    }

    /// The value of presentation property `name` on `element` (``SVGPresentationProperty``).
    static func property(_ name: String, of element: Element) -> String? {
        SVGPresentationProperty.value(name, in: element.attributes)
    }
}
