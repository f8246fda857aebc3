import FoundationEssentials
import MaskGeometry

/// Number and list formatting shared by the Swift and Kotlin writers: deterministic, every
/// number through `formatNumber`, long lists wrapped.
enum CodeText {
    /// Decimals of the timeline's numbers (times, values, factors, curves).
    static let decimals = 9

    /// A number as a literal both languages read as a double (`1.0`, `0.75`, `-2.5e-07`).
    static func double(_ value: Double, decimals: Int = CodeText.decimals) -> String {
        let text = formatNumber(value, decimals: decimals)
        if text.contains(".") || text.contains("e") || text == "nan" || text.contains("inf") { return text }
        return text + ".0"
    }

    /// `values` as literals separated by commas, `perLine` a line, each line after the first
    /// indented by `indent`.
    static func list(_ values: [Double], decimals: Int = CodeText.decimals, perLine: Int = 8, indent: String) -> String {
        var lines: [String] = []
        var index = 0
        while index < values.count {
            let end = min(values.count, index + perLine)
            lines.append(values[index..<end].map { double($0, decimals: decimals) }.joined(separator: ", "))
            index = end
        }
        return lines.joined(separator: ",\n" + indent)
    }

    /// `values` as string literals of ten numbers each, separated by commas (inside and between
    /// the literals), one a line, each line after the first indented by `indent`.
    static func textLines(_ values: [Double], decimals: Int, indent: String) -> String {
        var lines: [String] = []
        var index = 0
        while index < values.count {
            let end = min(values.count, index + 10)
            lines.append(quoted(values[index..<end].map { double($0, decimals: decimals) }.joined(separator: ",")))
            index = end
        }
        return lines.joined(separator: ",\n" + indent)
    }

    /// A string literal (the path data holds only letters, digits, spaces, dots and minus signs).
    static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// Red, green, blue, alpha in 0...1.
    static func components(_ color: RGBAColor) -> [Double] {
        [color.red, color.green, color.blue, color.alpha].map { (Double($0) / 255 * 10000).rounded() / 10000 }
    }

    /// A string cut into pieces of at most `length` characters (a Kotlin or Java string constant
    /// holds at most 65,535 bytes).
    static func chunks(_ text: String, length: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return pieces.isEmpty ? [""] : pieces
    }
}
