import FoundationEssentials
import MaskGeometry

/// How large text may be drawn. librsvg 2.54 asks Pango for a font of the font size times the
/// square of the drawing's scale (and draws it scaled back down); past about 65,536 (font size in
/// user units times scale squared: measured with `rsvg-convert -z` on 6.59 and 20 px text,
/// failing at 100x and 58x) FreeType refuses the size and Cairo fails the whole drawing ("error
/// occurred in libfreetype"): Tango's internet-news-reader in `code`'s zoomed grids.
///
/// The failure cannot be caught and retried: the font face then stays in error for the whole
/// process (Cairo caches faces), so every later drawing of that font fails too. So a logo with
/// text drawn past ``safeProduct`` is drawn at the largest zoom that stays under it, into an
/// image of the visible region, and that image is scaled up (bilinear). Only the text's edges
/// soften, by under a pixel of the smaller drawing; before, the command failed.
struct TextZoomLimit {
    /// Font size (user units) times the square of the scale up to which text is drawn directly:
    /// three quarters of where FreeType fails, leaving 15% of scale for transforms on the text
    /// (which the scan below does not see: a text scaled up more than that still fails) while
    /// every drawing that worked before is drawn exactly as before.
    static let safeProduct = 49152.0
    /// The font size assumed when the text sets none (CSS's `medium`).
    static let defaultFontSize = 16.0

    /// True when text of `fontSize` drawn with `scale` device pixels per unit is past ``safeProduct``.
    static func isRisky(fontSize: Double, scale: Double) -> Bool { fontSize * scale * scale > safeProduct }

    /// The factor (at most 1) to scale a drawing by to bring it back within ``safeProduct``.
    static func reduction(fontSize: Double, scale: Double) -> Double {
        min(1, (safeProduct / (fontSize * scale * scale)).squareRoot())
    }

    /// The largest scale text of `fontSize` is drawn at safely.
    static func maximumScale(fontSize: Double) -> Double { (safeProduct / fontSize).squareRoot() }

    /// The largest font size the SVG text asks for (document units, approximately: `font-size`
    /// attributes and CSS declarations, `pt` and `em`/`%` converted at 16 px), nil when it draws
    /// no `<text>`.
    static func largestFontSize(in data: Data) -> Double? {
        let bytes = [UInt8](data)
        guard contains(bytes, "<text") || contains(bytes, ":text") else { return nil }
        var largest = defaultFontSize
        let key = Array("font-size".utf8)
        var i = 0
        while let found = index(of: key, in: bytes, from: i) {
            i = found + key.count
            // Skip `=`, `:`, quotes and spaces up to the value.
            var j = i
            while j < bytes.count, [UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) {
                j += 1
            }
            var k = j
            while k < bytes.count, (bytes[k] >= UInt8(ascii: "0") && bytes[k] <= UInt8(ascii: "9")) || bytes[k] == UInt8(ascii: ".")
                || bytes[k] == UInt8(ascii: "e") || bytes[k] == UInt8(ascii: "E") || bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: "+") {
                k += 1
            }
            guard k > j, let number = Double(String(decoding: bytes[j..<k], as: UTF8.self)), number.isFinite, number > 0 else { continue }
            let unit = String(decoding: bytes[k..<min(k + 2, bytes.count)], as: UTF8.self).lowercased()
            let perUnit: Double
            switch unit {
            case "pt": perUnit = 96.0 / 72
            case "pc": perUnit = 16
            case "in": perUnit = 96
            case "cm": perUnit = 96 / 2.54
            case "mm": perUnit = 96 / 25.4
            case "em", "ex", "re": perUnit = defaultFontSize
            default: perUnit = unit.hasPrefix("%") ? defaultFontSize / 100 : 1
            }
            largest = max(largest, number * perUnit)
        }
        return largest
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        index(of: Array(text.utf8), in: bytes, from: 0) != nil
    }

    private static func index(of word: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= word.count, start <= bytes.count - word.count else { return nil }
        for i in start...(bytes.count - word.count) where bytes[i] == word[0] {
            if (1..<word.count).allSatisfy({ bytes[i + $0] == word[$0] }) { return i }
        }
        return nil
    }
}
