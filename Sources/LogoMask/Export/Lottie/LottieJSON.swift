import FoundationEssentials
import MaskGeometry

/// A JSON value as the Lottie exporter builds it, written compactly and deterministically:
/// object keys in a fixed order (``keyOrder(_:_:)``), numbers through `formatNumber` at the
/// value's own precision, no whitespace. The same value always gives the same bytes.
enum LottieJSON: Sendable, Equatable {
    /// A number written with at most `decimals` decimals (integers without a point).
    case number(Double, decimals: Int)
    /// A string (escaped as JSON requires).
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An array.
    case array([LottieJSON])
    /// An object; its keys are written in ``keyOrder(_:_:)`` whatever the order here.
    case object([String: LottieJSON])

    /// A number at the default precision (4 decimals: a ten-thousandth of a point or unit).
    static func number(_ value: Double) -> LottieJSON { .number(value, decimals: 4) }

    /// An integer.
    static func int(_ value: Int) -> LottieJSON { .number(Double(value), decimals: 0) }

    /// An array of numbers at the default precision.
    static func numbers(_ values: [Double]) -> LottieJSON { .array(values.map { .number($0) }) }

    /// The compact text.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case let .number(value, decimals):
            // -0 would print as "-0": write it as 0. JSON has no infinities; the builders never
            // make one, and a stray one is written as 0 rather than as invalid JSON.
            let text = value.isFinite ? formatNumber(value, decimals: decimals) : "0"
            out += text == "-0" ? "0" : text
        case let .string(text):
            JSONText.appendQuoted(text, to: &out)
        case let .bool(value):
            out += value ? "true" : "false"
        case let .array(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (index, key) in members.keys.sorted(by: Self.keyOrder).enumerated() {
                if index > 0 { out += "," }
                JSONText.appendQuoted(key, to: &out)
                out += ":"
                members[key]?.write(into: &out)
            }
            out += "}"
        }
    }

    /// The order keys are written in: `ty` first, then `nm`, then the rest sorted. rlottie
    /// reads a shape's type before its other keys and skips whatever comes before `ty`
    /// (Bodymovin itself writes `ty` first), so sorted keys alone would hide every shape.
    static func keyOrder(_ a: String, _ b: String) -> Bool {
        func rank(_ key: String) -> Int { key == "ty" ? 0 : key == "nm" ? 1 : 2 }
        let (ra, rb) = (rank(a), rank(b))
        return ra != rb ? ra < rb : a < b
    }
}
