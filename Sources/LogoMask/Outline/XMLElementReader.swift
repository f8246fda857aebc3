import FoundationEssentials

/// A strict reader of an XML document's element starts (name and attributes) and ends, for the
/// SVG the outline reads (``PlainSVGPaths``, ``CairoSVGReader``) without FoundationXML.
///
/// It accepts well-formed UTF-8 XML 1.0 (a byte-order mark allowed) and skips the declaration,
/// processing instructions, comments, CDATA sections, text and a document type declaration. Its
/// internal subset may declare general entities whose text holds no markup and no reference (as
/// Adobe Illustrator's `ns_extend`, `ns_ai`... do): they are expanded, up to
/// ``maximumDocumentLength`` bytes in all. It refuses what it does not expand or cannot read the
/// way libxml2 would: any other entity, a parameter entity reference, an attribute-list
/// declaration, an encoding other than
/// UTF-8 (or an ASCII-compatible one on a document that is all ASCII). Attribute values are
/// decoded (entities, character references, whitespace normalised to spaces).
/// Qualified names are reported as written. Linear time, and nothing is recursive: the open
/// elements are a stack of names, at most ``maximumDepth`` deep.
enum XMLElementReader {
    /// One element start (attributes by name) or end, in document order.
    enum Event: Equatable {
        case start(name: String, attributes: [String: String])
        case end(name: String)
    }

    /// The open elements at most. FoundationXML (with a delegate) set no limit; this one only
    /// bounds the stack of names for hostile input, far beyond any SVG librsvg draws.
    static let maximumDepth = 65_536
    /// libxml2's limits without its "huge" option as FoundationXML met them (measured), kept so a
    /// document is refused where FoundationXML refused it: the bytes of a name, and the bytes of
    /// the whole document (a longer one is read to its end, every event handed, and then refused).
    static let maximumNameLength = 50_000
    static let maximumDocumentLength = 10_000_000

    /// Reads `data`, handing every element start and end to `handle` as it is met. False when the
    /// document is not one this reader accepts; the events before the fault have been handed.
    static func read(_ data: Data, _ handle: (Event) -> Void) -> Bool {
        data.withUnsafeBytes { bytes in
            var scanner = XMLByteScanner(bytes: bytes)
            return scanner.document(handle)
        }
    }
}

/// The scanner behind ``XMLElementReader``: an index into the document's bytes, moved forward only.
private struct XMLByteScanner {
    let bytes: UnsafeRawBufferPointer
    var i = 0
    /// The open elements, innermost last.
    var open: [String] = []
    /// General entities the internal subset declared, by name: their replacement text, or nil
    /// for one this reader does not expand (external, or with markup or references).
    var entities: [String: [UInt8]?] = [:]
    /// Bytes produced by entity expansion so far (bounded like the document).
    var expanded = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    // MARK: Bytes

    func at(_ offset: Int = 0) -> UInt8? {
        let j = i + offset
        return j < bytes.count ? bytes[j] : nil
    }

    func hasPrefix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let start = text.utf8Start
        for k in 0..<count where bytes[i + k] != start[k] { return false }
        return true
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    mutating func skipSpaces() -> Bool {
        let start = i
        while let byte = at(), Self.isSpace(byte) { i += 1 }
        return i > start
    }

    /// Valid UTF-8 of XML characters only: no control characters but tab, LF and CR, no U+FFFE
    /// or U+FFFF (surrogates are not valid UTF-8).
    func isXMLText() -> Bool {
        // Printable ASCII and tab, LF, CR first, a byte at a time (the UTF-8 parser below costs
        // a hundred times more in a debug build: seconds on a 3 MB path).
        var ascii = 0
        while ascii < bytes.count {
            let byte = bytes[ascii]
            guard (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            ascii += 1
        }
        guard ascii < bytes.count else { return true }
        var iterator = UnsafeRawBufferPointer(rebasing: bytes[ascii...]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                switch Unicode.UTF8.decode(encoded).value {
                case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: continue
                default: return false
                }
            case .emptyInput:
                return true
            case .error:
                return false
            }
        }
    }

    /// The scalar whose UTF-8 starts at `i` (the text is valid UTF-8) and its length.
    func scalar() -> (value: UInt32, length: Int)? {
        guard let lead = at() else { return nil }
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard i + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (value, length)
    }

    // MARK: Names and references

    static func isNameStart(_ c: UInt32) -> Bool {
        switch c {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    static func isNameCharacter(_ c: UInt32) -> Bool {
        switch c {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStart(c)
        }
    }

    /// An XML Name at `i`, as written; nil if there is none (or it is too long).
    mutating func name() -> String? {
        let start = i
        guard let first = scalar(), Self.isNameStart(first.value) else { return nil }
        i += first.length
        while let next = scalar(), Self.isNameCharacter(next.value) { i += next.length }
        guard i - start <= XMLElementReader.maximumNameLength else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// A reference at `&`: a predefined entity or a character reference naming an XML character,
    /// appended to `output` as UTF-8 when there is one. False for anything else.
    mutating func reference(into output: inout [UInt8]) -> Bool {
        i += 1  // &
        if at() == UInt8(ascii: "#") {
            i += 1
            let hex = at() == UInt8(ascii: "x")
            if hex { i += 1 }
            var value: UInt32 = 0
            var digits = 0
            while let byte = at(), byte != UInt8(ascii: ";") {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return false
                }
                // Past the last scalar already: stop growing (the reference is refused below).
                if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + digit }
                digits += 1
                i += 1
            }
            guard at() == UInt8(ascii: ";"), digits > 0 else { return false }
            i += 1
            switch value {
            case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: break
            default: return false
            }
            guard let scalar = Unicode.Scalar(value) else { return false }
            output.append(contentsOf: Character(scalar).utf8)
            return true
        }
        let replacement: UInt8
        if hasPrefix("lt;") { replacement = UInt8(ascii: "<"); i += 3 }
        else if hasPrefix("gt;") { replacement = UInt8(ascii: ">"); i += 3 }
        else if hasPrefix("amp;") { replacement = UInt8(ascii: "&"); i += 4 }
        else if hasPrefix("apos;") { replacement = UInt8(ascii: "'"); i += 5 }
        else if hasPrefix("quot;") { replacement = UInt8(ascii: "\""); i += 5 }
        else {
            guard let entity = name(), at() == UInt8(ascii: ";"), let known = entities[entity], let text = known else { return false }
            i += 1
            expanded += text.count
            guard expanded <= XMLElementReader.maximumDocumentLength else { return false }
            // An attribute's tab, CR and LF from an entity's text are spaces too (XML 3.3.3).
            output.append(contentsOf: text.map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 })
            return true
        }
        output.append(replacement)
        return true
    }

    /// A quoted attribute value at `i`, decoded, with tab, CR, LF and CR LF each one space.
    mutating func attributeValue() -> String? {
        guard let quote = at(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        i += 1
        var value: [UInt8] = []
        while true {
            guard let byte = at() else { return nil }
            switch byte {
            case quote:
                i += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                return nil
            case UInt8(ascii: "&"):
                guard reference(into: &value) else { return nil }
            case 0x0D:
                i += at(1) == 0x0A ? 2 : 1
                value.append(0x20)
            case 0x09, 0x0A:
                i += 1
                value.append(0x20)
            default:
                i += 1
                value.append(byte)
            }
        }
    }

    // MARK: Markup that is skipped

    /// Skips to just past `terminator`; false if the document ends first.
    mutating func skip(past terminator: StaticString) -> Bool {
        while i < bytes.count {
            if hasPrefix(terminator) {
                i += terminator.utf8CodeUnitCount
                return true
            }
            i += 1
        }
        return false
    }

    /// `<!-- ... -->`, with no `--` inside.
    mutating func comment() -> Bool {
        i += 4
        while i < bytes.count {
            if hasPrefix("--") {
                guard at(2) == UInt8(ascii: ">") else { return false }
                i += 3
                return true
            }
            i += 1
        }
        return false
    }

    /// `<?target ...?>`; the target may not be `xml` in any case (the declaration is read apart).
    mutating func processingInstruction() -> Bool {
        i += 2
        guard let target = name(), target.lowercased() != "xml" else { return false }
        if at() == UInt8(ascii: "?") { return skip(past: "?>") }
        guard skipSpaces() else { return false }
        return skip(past: "?>")
    }

    /// `<?xml version="1.x" encoding="..." standalone="..."?>` at the very start; another encoding
    /// than UTF-8 is refused (the bytes are read as UTF-8).
    mutating func declaration() -> Bool {
        i += 5
        var seen: [String] = []
        while true {
            let spaced = skipSpaces()
            if hasPrefix("?>") { i += 2; break }
            guard spaced, let key = name() else { return false }
            _ = skipSpaces()
            guard at() == UInt8(ascii: "=") else { return false }
            i += 1
            _ = skipSpaces()
            guard let quote = at(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
            i += 1
            let start = i
            while let byte = at(), byte != quote { i += 1 }
            guard at() == quote else { return false }
            let value = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            i += 1
            switch key {
            case "version" where seen.isEmpty:
                guard value.hasPrefix("1."), value.count > 2, value.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) })
                else { return false }
            case "encoding" where seen == ["version"]:
                // Another ASCII-compatible encoding reads the same when every byte is ASCII.
                let asciiCompatible = ["us-ascii", "ascii", "iso-8859-1", "latin1", "iso-8859-15", "windows-1252"]
                guard ["utf-8", "utf8"].contains(value.lowercased())
                    || (asciiCompatible.contains(value.lowercased()) && bytes.allSatisfy { $0 < 0x80 }) else { return false }
            case "standalone" where seen.first == "version" && !seen.contains("standalone"):
                guard value == "yes" || value == "no" else { return false }
            default:
                return false
            }
            seen.append(key)
        }
        return seen.first == "version"
    }

    /// `<!DOCTYPE name ...>`, with or without an internal subset (``internalSubset()``).
    mutating func documentType() -> Bool {
        i += 9
        guard skipSpaces(), name() != nil else { return false }
        return declarationEnd(subset: true)
    }

    /// A quoted string at `i` (either quote), its bytes without the quotes; nil if unterminated.
    mutating func quoted() -> ArraySlice<UInt8>? {
        guard let quote = at() else { return nil }
        i += 1
        let start = i
        while let inner = at(), inner != quote { i += 1 }
        guard at() == quote else { return nil }
        i += 1
        return ArraySlice(bytes[start..<(i - 1)])
    }

    /// The declarations between `[` and `]`: general entities are kept (``entities``; the first
    /// declaration of a name wins, as XML says); element and notation declarations, parameter
    /// entities, comments and processing instructions are skipped. Refused: a parameter entity
    /// reference (`%name;`: what it stands for is not read) and an attribute-list declaration
    /// (libxml2 adds its default values to the elements, which this reader does not).
    mutating func internalSubset() -> Bool {
        while true {
            _ = skipSpaces()
            guard let byte = at() else { return false }
            if byte == UInt8(ascii: "]") {
                i += 1
                return true
            }
            if hasPrefix("<!--") {
                guard comment() else { return false }
            } else if hasPrefix("<?") {
                guard processingInstruction() else { return false }
            } else if hasPrefix("<!ENTITY") {
                i += 8
                guard skipSpaces() else { return false }
                let parameter = at() == UInt8(ascii: "%")
                if parameter {
                    i += 1
                    guard skipSpaces() else { return false }
                }
                guard let entity = name(), skipSpaces() else { return false }
                var text: [UInt8]? = nil
                if at() == UInt8(ascii: "\"") || at() == UInt8(ascii: "'") {
                    guard let value = quoted() else { return false }
                    let plain = !value.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "%") }
                    text = plain ? Array(value) : nil
                }
                guard declarationEnd() else { return false }
                if !parameter, entities[entity] == nil { entities[entity] = .some(text) }
            } else if hasPrefix("<!ELEMENT") || hasPrefix("<!NOTATION") {
                i += 2
                guard declarationEnd() else { return false }
            } else {
                return false  // `%name;` or anything else
            }
        }
    }

    /// Skips to just past the `>` that ends a declaration, over quoted strings (and, with
    /// `subset`, over the document type's internal subset, whose declarations are read).
    mutating func declarationEnd(subset: Bool = false) -> Bool {
        while let byte = at() {
            switch byte {
            case UInt8(ascii: ">"):
                i += 1
                return true
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard quoted() != nil else { return false }
            case UInt8(ascii: "[") where subset:
                i += 1
                guard internalSubset() else { return false }
            case UInt8(ascii: "<"):
                return false
            default:
                i += 1
            }
        }
        return false
    }

    /// Character data up to the next `<`: references must be predefined or characters, and `]]>`
    /// may not appear.
    mutating func text() -> Bool {
        var scratch: [UInt8] = []
        while let byte = at(), byte != UInt8(ascii: "<") {
            if byte == UInt8(ascii: "&") {
                scratch.removeAll(keepingCapacity: true)
                guard reference(into: &scratch) else { return false }
            } else {
                if byte == UInt8(ascii: "]"), hasPrefix("]]>") { return false }
                i += 1
            }
        }
        return true
    }

    // MARK: Elements

    /// A start or empty-element tag at `<`: hands its start (and for `<a/>` its end).
    mutating func startTag(_ handle: (XMLElementReader.Event) -> Void) -> Bool {
        i += 1
        guard open.count < XMLElementReader.maximumDepth, let element = name() else { return false }
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpaces()
            if at() == UInt8(ascii: ">") {
                i += 1
                handle(.start(name: element, attributes: attributes))
                open.append(element)
                return true
            }
            if hasPrefix("/>") {
                i += 2
                handle(.start(name: element, attributes: attributes))
                handle(.end(name: element))
                return true
            }
            guard spaced, let key = name() else { return false }
            _ = skipSpaces()
            guard at() == UInt8(ascii: "=") else { return false }
            i += 1
            _ = skipSpaces()
            guard let value = attributeValue(), attributes.updateValue(value, forKey: key) == nil else { return false }
        }
    }

    /// An end tag at `</`, which must close the innermost open element.
    mutating func endTag(_ handle: (XMLElementReader.Event) -> Void) -> Bool {
        i += 2
        guard let element = name(), element == open.last else { return false }
        _ = skipSpaces()
        guard at() == UInt8(ascii: ">") else { return false }
        i += 1
        open.removeLast()
        handle(.end(name: element))
        return true
    }

    /// The root element and everything in it, from its `<` to the end of its end tag.
    mutating func rootElement(_ handle: (XMLElementReader.Event) -> Void) -> Bool {
        guard startTag(handle) else { return false }
        while !open.isEmpty {
            guard i < bytes.count else { return false }
            let ok: Bool
            if at() != UInt8(ascii: "<") { ok = text() }
            else if hasPrefix("</") { ok = endTag(handle) }
            else if hasPrefix("<!--") { ok = comment() }
            else if hasPrefix("<![CDATA[") { i += 9; ok = skip(past: "]]>") }
            else if hasPrefix("<?") { ok = processingInstruction() }
            else if hasPrefix("<!") { ok = false }
            else { ok = startTag(handle) }
            guard ok else { return false }
        }
        return true
    }

    /// The whole document: prolog, one root element, then only comments, processing
    /// instructions and whitespace.
    mutating func document(_ handle: (XMLElementReader.Event) -> Void) -> Bool {
        guard isXMLText() else { return false }
        guard body(handle) else { return false }
        return bytes.count <= XMLElementReader.maximumDocumentLength
    }

    /// The document once its characters are known good: declaration, prolog, root, trailing misc.
    private mutating func body(_ handle: (XMLElementReader.Event) -> Void) -> Bool {
        if hasPrefix("\u{FEFF}") { i += 3 }
        if hasPrefix("<?xml"), let byte = at(5), Self.isSpace(byte) {
            guard declaration() else { return false }
        }
        var sawDocumentType = false
        var sawRoot = false
        while true {
            _ = skipSpaces()
            guard i < bytes.count else { return sawRoot }
            guard at() == UInt8(ascii: "<") else { return false }
            let ok: Bool
            if hasPrefix("<?") { ok = processingInstruction() }
            else if hasPrefix("<!--") { ok = comment() }
            else if hasPrefix("<!DOCTYPE") {
                ok = !sawDocumentType && !sawRoot && documentType()
                sawDocumentType = true
            } else if hasPrefix("<!") || hasPrefix("</") || sawRoot { ok = false }
            else {
                ok = rootElement(handle)
                sawRoot = true
            }
            guard ok else { return false }
        }
    }
}
