import Glibc

/// The largest text an SVG draws, measured as librsvg asks FreeType for it: each text element's
/// font size (own or inherited) times the square of the scale of the transforms on the way to
/// it (`transform` attributes of its ancestors and itself). Breeze's kwave sets its `K` at 32 px
/// inside a group scaled 4x: FreeType refused it at a zoom of 12 although 32 px alone is safe
/// up to 39 (``TextZoomLimit``).
///
/// A quick scan of the raw text, like ``SVGInspection``: no entities, no CSS selectors (font
/// sizes in `<style>` count at the largest scale any text is drawn at), no `<use>` of text.
struct TextSizeScan {
    /// The largest font size times transform scale squared (document units), nil without text.
    let largest: Double?

    /// One open element: the scale of its transforms from the root and its font size in its own units.
    private struct Level {
        var scale: Double
        var fontSize: Double
    }

    init(_ bytes: [UInt8], defaultFontSize: Double) {
        var stack = [Level(scale: 1, fontSize: defaultFontSize)]
        var textLargest: Double?
        var textScale = 0.0
        var styleLargest = 0.0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                // Text between tags (a `<style>` sheet): its font sizes, counted at the end.
                let next = ByteSearch.firstIndex(of: "<", in: bytes, from: i) ?? bytes.count
                for size in Self.fontSizes(bytes[i..<next], parent: defaultFontSize) { styleLargest = max(styleLargest, size) }
                i = next
                continue
            }
            if ByteSearch.matches("<!--", in: bytes, at: i) {
                i = (ByteSearch.firstIndex(of: "-->", in: bytes, from: i + 4) ?? bytes.count) + 3
                continue
            }
            if ByteSearch.matches("<![CDATA[", in: bytes, at: i) {
                let end = ByteSearch.firstIndex(of: "]]>", in: bytes, from: i + 9) ?? bytes.count
                for size in Self.fontSizes(bytes[(i + 9)..<end], parent: defaultFontSize) { styleLargest = max(styleLargest, size) }
                i = end + 3
                continue
            }
            let end = Self.tagEnd(bytes, from: i + 1)
            defer { i = end + 1 }
            guard i + 1 < bytes.count else { break }
            switch bytes[i + 1] {
            case UInt8(ascii: "/"):
                if stack.count > 1 { stack.removeLast() }
                continue
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                continue
            default:
                break
            }
            let tag = bytes[(i + 1)..<min(end, bytes.count)]
            let parent = stack[stack.count - 1]
            let sizes = Self.fontSizes(tag, parent: parent.fontSize)
            let level = Level(
                scale: parent.scale * Self.transformScale(tag), fontSize: sizes.max() ?? parent.fontSize)
            if ["text", "tspan", "textpath", "tref"].contains(Self.localName(tag)) {
                textLargest = max(textLargest ?? 0, level.fontSize * level.scale * level.scale)
                textScale = max(textScale, level.scale)
            }
            if tag.last != UInt8(ascii: "/") { stack.append(level) }
        }
        largest = textLargest.map { max($0, styleLargest * textScale * textScale) }
    }

    /// The element's name in lower case without a namespace prefix (`svg:text` -> `text`).
    private static func localName(_ tag: ArraySlice<UInt8>) -> String {
        let name = tag.prefix { ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains($0) }
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return String(decoding: local, as: UTF8.self).lowercased()
    }

    /// The index of the `>` closing the tag that starts before `start`, skipping quoted values.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var quote: UInt8?
        var j = start
        while j < bytes.count {
            let c = bytes[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                return j
            }
            j += 1
        }
        return bytes.count
    }

    /// The largest linear scale of the tag's `transform` attribute (1 without one).
    static func transformScale(_ tag: ArraySlice<UInt8>) -> Double {
        let key = Array("transform".utf8)
        var from = tag.startIndex
        while let found = ByteSearch.firstIndex(of: key, in: tag, from: from) {
            from = found + key.count
            // Only the attribute itself: not gradientTransform or patternTransform.
            guard found > tag.startIndex, [0x20, 0x09, 0x0A, 0x0D].contains(tag[found - 1]) else { continue }
            var j = from
            while j < tag.endIndex, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(tag[j]) { j += 1 }
            guard j < tag.endIndex, tag[j] == UInt8(ascii: "\"") || tag[j] == UInt8(ascii: "'") else { continue }
            let close = tag[(j + 1)...].firstIndex(of: tag[j]) ?? tag.endIndex
            return linearScale(String(decoding: tag[(j + 1)..<close], as: UTF8.self))
        }
        return 1
    }

    /// The largest singular value of a transform list's linear part (`matrix`, `scale`, `skewX`...).
    static func linearScale(_ list: String) -> Double {
        // The linear part [a c; b d], applied left to right as SVG lists are.
        var (a, b, c, d) = (1.0, 0.0, 0.0, 1.0)
        for (name, n) in transformFunctions(list) {
            var m: (Double, Double, Double, Double)
            switch name {
            case "matrix" where n.count >= 4: m = (n[0], n[1], n[2], n[3])
            case "scale" where !n.isEmpty: m = (n[0], 0, 0, n.count > 1 ? n[1] : n[0])
            case "skewx" where !n.isEmpty: m = (1, 0, tan(n[0] * .pi / 180), 1)
            case "skewy" where !n.isEmpty: m = (1, tan(n[0] * .pi / 180), 0, 1)
            default: continue // translate and rotate keep sizes
            }
            (a, b, c, d) = (a * m.0 + c * m.1, b * m.0 + d * m.1, a * m.2 + c * m.3, b * m.2 + d * m.3)
        }
        let squares = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let value = ((squares + max(0, squares * squares - 4 * det * det).squareRoot()) / 2).squareRoot()
        return value.isFinite && value > 0 ? value : 1
    }

    /// A transform list's functions in order: each name lowercased, with its arguments' numbers.
    static func transformFunctions(_ list: String) -> [(name: String, numbers: [Double])] {
        list.split(separator: ")").compactMap { function in
            let parts = function.split(separator: "(", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[0].filter { !$0.isWhitespace && $0 != "," }).lowercased(), numbers(parts[1]))
        }
    }

    /// The numbers of a transform's arguments (`1,2`, `1 2`, `1-2`, `1.5.5` are all two numbers).
    static func numbers(_ text: Substring) -> [Double] {
        var result: [Double] = []
        var token = ""
        func flush() {
            if let v = Double(token), v.isFinite { result.append(v) }
            token = ""
        }
        for ch in text {
            switch ch {
            case "0"..."9": token.append(ch)
            case ".":
                if token.contains(".") || token.contains("e") || token.contains("E") { flush() }
                token.append(ch)
            case "e", "E": token.append(ch)
            case "-", "+":
                if let last = token.last, last != "e", last != "E" { flush() }
                token.append(ch)
            default: flush()
            }
        }
        flush()
        return result
    }

    /// The `font-size` values in `bytes` in user units (`pt` and the like converted, `em` and `%`
    /// of the parent's size).
    private static func fontSizes(_ bytes: ArraySlice<UInt8>, parent: Double) -> [Double] {
        var result: [Double] = []
        let key = Array("font-size".utf8)
        var i = bytes.startIndex
        while let found = ByteSearch.firstIndex(of: key, in: bytes, from: i) {
            i = found + key.count
            // Skip `=`, `:`, quotes and spaces up to the value.
            var j = i
            while j < bytes.endIndex, [UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) {
                j += 1
            }
            var k = j
            while k < bytes.endIndex, (bytes[k] >= UInt8(ascii: "0") && bytes[k] <= UInt8(ascii: "9")) || bytes[k] == UInt8(ascii: ".")
                || bytes[k] == UInt8(ascii: "e") || bytes[k] == UInt8(ascii: "E") || bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: "+") {
                k += 1
            }
            // `2em`: the e starts the unit, not an exponent.
            if k > j, bytes[k - 1] == UInt8(ascii: "e") || bytes[k - 1] == UInt8(ascii: "E") { k -= 1 }
            guard k > j, let number = Double(String(decoding: bytes[j..<k], as: UTF8.self)), number.isFinite, number > 0 else { continue }
            let unit = String(decoding: bytes[k..<min(k + 2, bytes.endIndex)], as: UTF8.self).lowercased()
            let perUnit: Double
            switch unit {
            case "pt": perUnit = 96.0 / 72
            case "pc": perUnit = 16
            case "in": perUnit = 96
            case "cm": perUnit = 96 / 2.54
            case "mm": perUnit = 96 / 25.4
            case "em", "re": perUnit = parent
            case "ex": perUnit = parent / 2
            default: perUnit = unit.hasPrefix("%") ? parent / 100 : 1
            }
            result.append(number * perUnit)
        }
        return result
    }
}
