#if canImport(Glibc)
import Glibc
#endif

// Text helpers for the package's parsers and writers. The modules link FoundationEssentials
// only (Foundation costs a small render megabytes of memory), which has neither
// `trimmingCharacters(in:)` nor `String(format:)`.

package extension StringProtocol {
    /// The text without the white space Foundation's `CharacterSet.whitespaces` held at either
    /// end, scalar by scalar: tab, the space separators (U+0020, U+00A0, U+1680, U+2000-U+200A,
    /// U+202F, U+205F, U+3000) and U+200B. Line breaks stay.
    func trimmingWhitespace() -> String { trimmingScalars(where: isBlank) }

    /// The same and line breaks (U+000A-U+000D, U+0085, U+2028, U+2029), as Foundation's
    /// `CharacterSet.whitespacesAndNewlines`.
    func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { isBlank($0) || (0x0A...0x0D).contains($0.value) || [0x85, 0x2028, 0x2029].contains($0.value) }
    }

    private func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(scalars[first...last])
    }
}

private func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
    default: false
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
