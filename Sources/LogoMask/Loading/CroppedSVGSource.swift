import FoundationEssentials
import MaskGeometry

/// The SVG text of a logo rewritten so that librsvg's toplevel viewport is only a part of the
/// document, at the same mapping: the original root `<svg>` nested, unchanged but for its size,
/// inside a new root whose `viewBox` is that part.
///
/// Why: librsvg 2.54 sizes every intermediate surface it makes (group opacity, masks, filters,
/// isolated groups) as the toplevel viewport at the drawing's scale, whatever the clip
/// (`DrawingCtx::size_for_temporary_surface`). Drawn whole at 60x, a logo asks for surfaces of
/// the whole document at 60x: past Cairo's 32767 px, or gigabytes. Shrinking the viewport alone
/// does not help when the root has a viewBox (it is fitted into the viewport, so the scale grows
/// by the same factor); the document itself has to be cropped.
///
/// The nested root keeps its attributes (viewBox, preserveAspectRatio, namespaces, style) with
/// `width` and `height` set to the document's size in px and `x`/`y` dropped, so it maps its
/// viewBox exactly as the whole document did and percentages inside keep their meaning; it gets
/// `overflow="visible"` because librsvg never clips an outermost `<svg>` (a nested one clips to
/// its viewport unless told otherwise). The prolog (declaration, DOCTYPE with its internal
/// subset, comments) stays in front, so entities still expand.
struct CroppedSVGSource {
    /// The bytes before the root's start tag (byte-order mark and prolog).
    private let prolog: ArraySlice<UInt8>
    /// The root's start tag rebuilt without `width`, `height`, `x`, `y`, `overflow`, and without
    /// its closing `>` or `/>`.
    private let rootTagStart: [UInt8]
    /// True when the root is written `<svg .../>`.
    private let rootIsEmpty: Bool
    /// Everything after the root's start tag.
    private let rest: ArraySlice<UInt8>

    /// Reads the prolog and the root's start tag; nil when the text cannot be cropped this way
    /// (compressed, not UTF-8, no root element, a malformed tag): such a logo is drawn whole.
    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard let (i, tag) = Self.rootStartTag(in: bytes) else { return nil }
        prolog = bytes[0..<i]
        let dropped: Set<String> = ["width", "height", "x", "y", "overflow"]
        var rebuilt = Array(bytes[i..<tag.nameEnd])
        for attribute in tag.attributes where !dropped.contains(attribute.name) {
            rebuilt.append(0x20)
            rebuilt.append(contentsOf: bytes[attribute.range])
        }
        rootTagStart = rebuilt
        rootIsEmpty = tag.isEmpty
        rest = bytes[tag.end...]
    }

    /// The document cropped to `crop` (document units, which are CSS px: the document box is
    /// `(0, 0, documentSize)`), to be drawn with `crop` as librsvg's viewport. With `inside`, the
    /// original root is drawn through that transform (a `<g transform>` around it) and `crop` is
    /// in the units it maps to.
    func document(crop: Rect, documentSize: Size, inside: Transform? = nil) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(prolog.count + rest.count + rootTagStart.count + 256)
        out.append(contentsOf: prolog)
        let outer = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(crop.width)\" height=\"\(crop.height)\" "
            + "viewBox=\"\(crop.x) \(crop.y) \(crop.width) \(crop.height)\" preserveAspectRatio=\"none\">"
        out.append(contentsOf: outer.utf8)
        if let t = inside {
            out.append(contentsOf: "<g transform=\"matrix(\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty))\">".utf8)
        }
        out.append(contentsOf: rootTagStart)
        let size = " width=\"\(documentSize.width)\" height=\"\(documentSize.height)\" overflow=\"visible\""
        out.append(contentsOf: size.utf8)
        out.append(contentsOf: (rootIsEmpty ? "/>" : ">").utf8)
        out.append(contentsOf: rest)
        out.append(contentsOf: (inside == nil ? "</svg>" : "</g></svg>").utf8)
        return Data(out)
    }

    // MARK: - Reading

    /// Where the root's start tag begins in `bytes` (after the byte-order mark and the prolog:
    /// spaces, the declaration, processing instructions, comments, DOCTYPE), and the tag; nil
    /// when the text cannot be read this way (compressed, UTF-16, no root, a malformed tag).
    static func rootStartTag(in bytes: [UInt8]) -> (start: Int, tag: StartTag)? {
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        if bytes.starts(with: [0x1F, 0x8B]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return nil
        }
        while true {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return nil }
            if ByteSearch.matches("<?", in: bytes, at: i) {
                guard let end = ByteSearch.firstIndex(of: "?>", in: bytes, from: i + 2) else { return nil }
                i = end + 2
            } else if ByteSearch.matches("<!--", in: bytes, at: i) {
                guard let end = ByteSearch.firstIndex(of: "-->", in: bytes, from: i + 4) else { return nil }
                i = end + 3
            } else if ByteSearch.matches("<!", in: bytes, at: i) {
                guard let end = endOfDoctype(bytes, from: i + 2) else { return nil }
                i = end + 1
            } else {
                break
            }
        }
        guard let tag = readStartTag(bytes, at: i) else { return nil }
        return (i, tag)
    }

    struct StartTag {
        var nameEnd: Int
        /// Each attribute's name and its whole text (`name="value"`).
        var attributes: [(name: String, range: Range<Int>)]
        var isEmpty: Bool
        /// The index after the tag's `>`.
        var end: Int
    }

    /// The start tag at `start` (`<name attr="v" ...>` or `/>`), nil when malformed.
    static func readStartTag(_ b: [UInt8], at start: Int) -> StartTag? {
        var i = start + 1
        while i < b.count, isNameByte(b[i]) { i += 1 }
        guard i > start + 1 else { return nil }
        let nameEnd = i
        var attributes: [(name: String, range: Range<Int>)] = []
        while true {
            while i < b.count, isSpace(b[i]) { i += 1 }
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: ">") {
                return StartTag(nameEnd: nameEnd, attributes: attributes, isEmpty: false, end: i + 1)
            }
            if ByteSearch.matches("/>", in: b, at: i) {
                return StartTag(nameEnd: nameEnd, attributes: attributes, isEmpty: true, end: i + 2)
            }
            let nameStart = i
            while i < b.count, isNameByte(b[i]) { i += 1 }
            guard i > nameStart else { return nil }
            let name = String(decoding: b[nameStart..<i], as: UTF8.self)
            while i < b.count, isSpace(b[i]) { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            while i < b.count, isSpace(b[i]) { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else { return nil }
            let quote = b[i]
            i += 1
            while i < b.count, b[i] != quote { i += 1 }
            guard i < b.count else { return nil }
            i += 1
            attributes.append((name, nameStart..<i))
        }
    }

    /// The index of the `>` closing a DOCTYPE whose `<!` ends at `start`: quoted literals, and an
    /// internal subset in brackets with its own declarations, comments and literals, are skipped.
    private static func endOfDoctype(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        var inSubset = false
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let close = b[(i + 1)...].firstIndex(of: c) else { return nil }
                i = close + 1
                continue
            }
            if inSubset, ByteSearch.matches("<!--", in: b, at: i) {
                guard let end = ByteSearch.firstIndex(of: "-->", in: b, from: i + 4) else { return nil }
                i = end + 3
                continue
            }
            if c == UInt8(ascii: "[") { inSubset = true }
            if c == UInt8(ascii: "]") { inSubset = false }
            if c == UInt8(ascii: ">"), !inSubset { return i }
            i += 1
        }
        return nil
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// A byte of an XML name as far as this reader needs: anything but spaces and the markup
    /// characters (names are not validated here; libxml2 reads the result).
    private static func isNameByte(_ c: UInt8) -> Bool {
        !isSpace(c) && c != UInt8(ascii: ">") && c != UInt8(ascii: "/") && c != UInt8(ascii: "=")
            && c != UInt8(ascii: "\"") && c != UInt8(ascii: "'") && c != UInt8(ascii: "<")
    }
}
