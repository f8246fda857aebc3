import Foundation

/// Reads numbers back from a generated RevealGeometry.kt's text, as a reader of the file would:
/// the constants, the colour and rect arrays, and each shape's `ShapePaint` literal.
struct KotlinGeometryText {
    /// One shape's paint as written: kind FLAT, LINEAR or RADIAL and its numbers.
    struct Paint {
        var kind: String
        var color: [Double] = []
        var opacity: Double = 1
        var geometry: [Double] = []
        var stopOffsets: [Double] = []
        var stopColors: [[Double]] = []
        var spread = "PAD"
        var matrix: [Double] = []
    }

    let text: String
    let lines: [Substring]

    init(_ text: String) {
        self.text = text
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The text after `val NAME` (with or without `const` and a type) and `=`, to the line's end.
    func constant(_ name: String) -> String? {
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            for prefix in ["const val \(name) ", "val \(name) ", "val \(name): "] where trimmed.hasPrefix(prefix) {
                guard let equals = trimmed.range(of: "= ") else { continue }
                return String(trimmed[equals.upperBound...])
            }
        }
        return nil
    }

    /// A `const val` number.
    func number(_ name: String) throws -> Double {
        guard let value = constant(name).flatMap(Double.init) else { throw CodeTestFailure("RevealGeometry.kt has no number \(name)") }
        return value
    }

    /// A `doubleArrayOf(...)` constant's numbers.
    func array(_ name: String) throws -> [Double] {
        guard let value = constant(name), let list = Self.arrays(in: value).first else {
            throw CodeTestFailure("RevealGeometry.kt has no array \(name)")
        }
        return list
    }

    /// The numbers of every `doubleArrayOf(...)` in `text`, in order.
    static func arrays(in text: String) -> [[Double]] {
        var result: [[Double]] = []
        var rest = Substring(text)
        while let open = rest.range(of: "doubleArrayOf(") {
            guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
            let inside = rest[open.upperBound..<close]
            result.append(inside.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) })
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    /// The paints of the shapes in the list `name` (`shapes` or `darkShapes`), in order.
    func paints(_ name: String) throws -> [Paint] {
        guard let start = lines.firstIndex(where: { $0.contains("val \(name): List<Shape> = listOf(") }) else {
            throw CodeTestFailure("RevealGeometry.kt has no list \(name)")
        }
        var paints: [Paint] = []
        for line in lines[(start + 1)...] {
            if line == "    )" { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("ShapePaint") else { continue }
            paints.append(try Self.paint(trimmed))
        }
        return paints
    }

    private static func paint(_ literal: String) throws -> Paint {
        if literal.hasPrefix("ShapePaint.flat(") {
            let inside = literal.dropFirst("ShapePaint.flat(".count).prefix { $0 != ")" }
            let numbers = inside.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4 else { throw CodeTestFailure("a flat paint of 4 numbers: \(literal)") }
            return Paint(kind: "FLAT", color: Array(numbers.prefix(3)), opacity: numbers[3])
        }
        let names = literal.components(separatedBy: "ShapePaint.").dropFirst().map { $0.prefix { $0.isLetter } }
        let arrays = self.arrays(in: literal)
        guard names.count == 2, arrays.count >= 5,
              let opacityText = literal.components(separatedBy: "doubleArrayOf(), ").dropFirst().first?.prefix(while: { $0 != "," }),
              let opacity = Double(opacityText) else {
            throw CodeTestFailure("a gradient paint: \(literal)")
        }
        return Paint(
            kind: String(names[0]), color: arrays[0], opacity: opacity, geometry: arrays[1], stopOffsets: arrays[2],
            stopColors: Array(arrays[3..<(arrays.count - 1)]), spread: String(names[1]), matrix: arrays[arrays.count - 1])
    }
}
