import FoundationEssentials
import MaskGeometry

/// What a quick look at the SVG text finds before and beside librsvg: the root element's size
/// attributes (so that a zero, negative or NaN size is refused by name instead of being quietly
/// replaced by the drawing's extent) and every reference that points outside the document.
///
/// It reads the raw text only (no entity expansion, no network, no file access); compressed
/// SVGZ is not inspected.
struct SVGInspection {
    /// The `width`, `height` and `viewBox` attribute values of the first `<svg` tag.
    var rootAttributes: [String: String] = [:]
    /// `href`, `xlink:href`, `url(...)` and `@import` targets that are neither `#fragment` nor
    /// `data:` URLs, in order of appearance, without duplicates.
    var externalReferences: [String] = []

    /// The most references reported (a hostile file may hold millions).
    static let maxReportedReferences = 20

    init(_ data: Data) {
        guard !data.starts(with: [0x1F, 0x8B]) else { return }
        let bytes = [UInt8](data)
        rootAttributes = Self.rootAttributes(bytes)
        externalReferences = Self.externalReferences(bytes)
    }

    /// Why the root's declared size cannot be drawn, or nil when it can (or is not given).
    func sizeProblem() -> String? {
        for key in ["width", "height"] {
            guard let raw = rootAttributes[key] else { continue }
            let value = raw.trimmingWhitespaceAndNewlines()
            if value.isEmpty || value == "auto" { continue }
            guard let number = Self.leadingNumber(value) else {
                return "its \(key) \"\(raw)\" is not a length"
            }
            guard number.isFinite else { return "its \(key) \"\(raw)\" is not a finite length" }
            guard number != 0 else {
                return "its \(key) is \"\(raw)\"; a zero size draws nothing"
            }
            // A negative size is an invalid value, which librsvg ignores (it falls back to the
            // viewBox): see `negativeSizes`. Without a viewBox there is nothing to fall back to.
            if number < 0, rootAttributes["viewBox"] == nil {
                return "its \(key) is \"\(raw)\", negative, and it has no viewBox to take the size from"
            }
        }
        if let raw = rootAttributes["viewBox"] {
            let parts = raw.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            let numbers = parts.compactMap { Double(String($0)) }
            guard parts.count == 4, numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
                return "its viewBox \"\(raw)\" is not four finite numbers"
            }
            guard numbers[2] > 0, numbers[3] > 0 else {
                return "its viewBox \"\(raw)\" has a zero or negative width or height, which draws nothing"
            }
        }
        return nil
    }

    /// The root's `width` and `height` that are negative (`"width=\"-50\""`), in that order:
    /// librsvg ignores them as invalid and sizes the document from the viewBox (the other
    /// dimension, when given, keeps the viewBox's aspect ratio), and so does the loader, with
    /// a warning.
    func negativeSizes() -> [String] {
        ["width", "height"].compactMap { key in
            guard let raw = rootAttributes[key], let number = Self.leadingNumber(raw.trimmingWhitespaceAndNewlines()),
                  number < 0 else { return nil }
            return "\(key)=\"\(raw)\""
        }
    }

    /// The number a CSS length starts with (`12.5px` -> 12.5), nil when it starts with none.
    static func leadingNumber(_ text: String) -> Double? {
        var end = text.startIndex
        var seenDigit = false, seenDot = false, seenExponent = false
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if c.isASCII, c.isNumber {
                seenDigit = true
                end = text.index(after: index)
            } else if (c == "+" || c == "-"), index == text.startIndex {
            } else if c == ".", !seenDot, !seenExponent {
                seenDot = true
            } else if (c == "e" || c == "E"), seenDigit, !seenExponent {
                let next = text.index(after: index)
                // An exponent only when digits follow ("1em" is one em).
                var probe = next
                if probe < text.endIndex, text[probe] == "+" || text[probe] == "-" { probe = text.index(after: probe) }
                guard probe < text.endIndex, text[probe].isASCII, text[probe].isNumber else { break }
                seenExponent = true
                index = probe
                continue
            } else {
                break
            }
            index = text.index(after: index)
        }
        guard seenDigit else { return nil }
        return Double(text[text.startIndex..<end])
    }

    private static func rootAttributes(_ bytes: [UInt8]) -> [String: String] {
        // Find "<svg" followed by white space, "/" or ">" (not "<svgfoo"), outside comments.
        let window = bytes.prefix(1 << 20)
        var i = window.startIndex
        while i + 4 < window.endIndex {
            if window[i] == UInt8(ascii: "<"), window[i + 1] == UInt8(ascii: "!"),
               i + 3 < window.endIndex, window[i + 2] == UInt8(ascii: "-"), window[i + 3] == UInt8(ascii: "-") {
                // Skip a comment.
                var j = i + 4
                while j + 2 < window.endIndex, !(window[j] == UInt8(ascii: "-") && window[j + 1] == UInt8(ascii: "-") && window[j + 2] == UInt8(ascii: ">")) { j += 1 }
                i = j + 3
                continue
            }
            if window[i] == UInt8(ascii: "<"),
               window[i + 1] | 0x20 == UInt8(ascii: "s"), window[i + 2] | 0x20 == UInt8(ascii: "v"),
               window[i + 3] | 0x20 == UInt8(ascii: "g"),
               [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(window[i + 4]) {
                var j = i + 4
                while j < window.endIndex, window[j] != UInt8(ascii: ">") { j += 1 }
                let tag = String(decoding: window[(i + 4)..<j], as: UTF8.self)
                return attributes(in: tag, keeping: ["width", "height", "viewBox"])
            }
            i += 1
        }
        return [:]
    }

    /// `name="value"` pairs of a tag's text (either quote), only the names in `keeping`.
    private static func attributes(in tag: String, keeping names: Set<String>) -> [String: String] {
        var result: [String: String] = [:]
        let scalars = Array(tag.unicodeScalars)
        var i = 0
        while i < scalars.count {
            while i < scalars.count, !isNameScalar(scalars[i]) { i += 1 }
            let nameStart = i
            while i < scalars.count, isNameScalar(scalars[i]) { i += 1 }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<i]))
            while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\n" || scalars[i] == "\r" { i += 1 }
            guard i < scalars.count, scalars[i] == "=" else { continue }
            i += 1
            while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\n" || scalars[i] == "\r" { i += 1 }
            guard i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" else { continue }
            let quote = scalars[i]
            i += 1
            let valueStart = i
            while i < scalars.count, scalars[i] != quote { i += 1 }
            if names.contains(name), result[name] == nil {
                result[name] = String(String.UnicodeScalarView(scalars[valueStart..<min(i, scalars.count)]))
            }
            i += 1
        }
        return result
    }

    private static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == ":" || s == "."
    }

    /// What the four patterns `(?:xlink:)?href\s*=\s*"([^"]*)"`, the same with `'`,
    /// `url\(\s*["']?([^"')]*)` and `@import\s+["']([^"']*)` (case-insensitive) capture, in the
    /// order of their matches, without a regular-expression engine: NSRegularExpression's first use
    /// builds ICU's static sets, about 8 million instructions and 2 MB of pages in a 512 px render.
    private static func externalReferences(_ bytes: [UInt8]) -> [String] {
        let s = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var found: [(Int, String)] = []
        func capture(_ start: Int, _ range: Range<Int>) {
            let target = String(String.UnicodeScalarView(s[range])).trimmingWhitespaceAndNewlines()
            if target.isEmpty || target.hasPrefix("#") || target.lowercased().hasPrefix("data:") { return }
            found.append((start, target))
        }
        // Every match starts with x or h (href), u (url) or @ (@import), folded: only those
        // positions are tried (the scans below met each scalar six times; a 54 KB logo's path
        // data made that a twentieth of a 512 px render).
        let starts = s.indices.filter {
            let c = folded(s[$0])
            return c == 0x78 || c == 0x68 || c == 0x75 || c == 0x40
        }
        for quote in ["\"", "'"] as [Unicode.Scalar] {
            var resume = 0
            for p in starts where p >= resume {
                if let (end, value) = hrefMatch(s, p, quote) { capture(p, value); resume = end }
            }
        }
        var resume = 0
        for p in starts where p >= resume {
            guard var i = literal(s, p, "url(") else { continue }
            while i < s.count, s[i].properties.isWhitespace { i += 1 }
            if i < s.count, s[i] == "\"" || s[i] == "'" { i += 1 }
            let start = i
            while i < s.count, s[i] != "\"", s[i] != "'", s[i] != ")" { i += 1 }
            capture(p, start..<i)
            resume = max(i, p + 1)
        }
        resume = 0
        for p in starts where p >= resume {
            guard var i = literal(s, p, "@import"), i < s.count, s[i].properties.isWhitespace else { continue }
            while i < s.count, s[i].properties.isWhitespace { i += 1 }
            guard i < s.count, s[i] == "\"" || s[i] == "'" else { continue }
            i += 1
            let start = i
            while i < s.count, s[i] != "\"", s[i] != "'" { i += 1 }
            capture(p, start..<i)
            resume = i
        }
        var seen: Set<String> = []
        var ordered: [String] = []
        for (_, target) in found.sorted(by: { $0.0 < $1.0 }) where seen.insert(target).inserted {
            ordered.append(target)
        }
        return ordered
    }

    /// `(?:xlink:)?href\s*=\s*Q([^Q]*)Q` at `p`: the end of the match and the captured range.
    private static func hrefMatch(_ s: [Unicode.Scalar], _ p: Int, _ quote: Unicode.Scalar) -> (Int, Range<Int>)? {
        for prefix in ["xlink:href", "href"] {
            guard var i = literal(s, p, prefix) else { continue }
            while i < s.count, s[i].properties.isWhitespace { i += 1 }
            guard i < s.count, s[i] == "=" else { continue }
            i += 1
            while i < s.count, s[i].properties.isWhitespace { i += 1 }
            guard i < s.count, s[i] == quote else { continue }
            let start = i + 1
            guard let close = s[start...].firstIndex(of: quote) else { continue }
            return (close + 1, start..<close)
        }
        return nil
    }

    /// The index after `word` (lower-case ASCII) at `p`, compared as ICU's case-insensitive
    /// matching does (ASCII letters either case; the Kelvin sign folds to k).
    private static func literal(_ s: [Unicode.Scalar], _ p: Int, _ word: String) -> Int? {
        var i = p
        for w in word.unicodeScalars {
            guard i < s.count, folded(s[i]) == w.value else { return nil }
            i += 1
        }
        return i
    }

    /// `c` as ICU's case-insensitive matching compares it with lower-case ASCII: ASCII letters
    /// either case, the Kelvin sign as k.
    private static func folded(_ c: Unicode.Scalar) -> UInt32 {
        c.value == 0x212A ? 0x6B : (0x41...0x5A).contains(c.value) ? c.value + 32 : c.value
    }
}

extension SVGInspection {
    /// True for a reference librsvg would never load whatever the options (a URL with a scheme
    /// other than `file:`, or a network path `//host/...`).
    static func isNetworkReference(_ reference: String) -> Bool {
        let lower = reference.lowercased()
        if lower.hasPrefix("//") { return true }
        guard let colon = lower.firstIndex(of: ":") else { return false }
        let scheme = lower[lower.startIndex..<colon]
        return scheme.count > 1 && scheme != "file"  // "C:" is a Windows drive, not a scheme
    }
}
