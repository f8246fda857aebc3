#if canImport(Glibc)
import Glibc
#endif

// Text helpers for the package's parsers and writers. The modules link FoundationEssentials
// only (Foundation costs a small render megabytes of memory), which has neither
// `trimmingCharacters(in:)` nor `String(format:)`.

package extension StringProtocol {
    /// The text without leading and trailing white space: spaces, tabs, line breaks and every
    /// other character with Unicode's White_Space property.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}

/// `value` with exactly `decimals` digits after the point, as C's `%.Nf` writes it
/// (`formatFixed(0.5, decimals: 3)` is "0.500").
package func formatFixed(_ value: Double, decimals: Int) -> String {
    let places = max(0, min(decimals, 17))
    var buffer = [CChar](repeating: 0, count: 400)
    let written = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(places)f", $0) }
    guard written > 0, Int(written) < buffer.count else { return String(value) }
    return String(decoding: buffer[..<Int(written)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// `value` in hexadecimal with at least `digits` digits, as C's `%0NX` (or `%0Nx`) writes it.
package func formatHex(_ value: some BinaryInteger, digits: Int, uppercase: Bool = true) -> String {
    let text = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
