import Foundation
import Testing

@testable import LogoMask

@Suite("Adler-32 of zero runs")
struct Adler32Tests {
    /// Prefixes that leave the first sum small, large (near the modulus) and in between.
    static let prefixes: [[UInt8]] = [[], [1], [UInt8](repeating: 255, count: 257), (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }]

    @Test("appending n zeros by arithmetic equals reading them", arguments: [0, 1, 2, 15, 4096, 65520, 65521, 65522, 300_000])
    func zeros(count: Int) {
        let zeros = [UInt8](repeating: 0, count: count)
        for prefix in Self.prefixes {
            let start = prefix.withUnsafeBytes { adler32Of($0) }
            let read = zeros.withUnsafeBytes { adler32Update(start, $0) }
            #expect(adler32AppendingZeros(start, count: count) == read, "prefix of \(prefix.count) bytes")
        }
    }
}
