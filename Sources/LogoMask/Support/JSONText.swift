/// A JSON string literal, escaped as JSON requires: quotes, backslashes and control characters,
/// nothing else (not `/`, not non-ASCII), for the JSON files written by hand (Lottie, asset
/// catalogs) whose bytes must stay the same from run to run.
enum JSONText {
    /// Appends `text` to `out` between double quotes.
    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
