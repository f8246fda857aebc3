import Foundation
import LogoMaskTestSupport
import Testing
@testable import LogoMask

/// The assets manifest's SHA-256 (GLib's GChecksum) against coreutils' `sha256sum`.
@Suite("SHA-256 digests")
struct SHA256DigestTests {
    @Test("empty, 'abc', a block boundary and 3 MB of pseudo-random bytes: the digests sha256sum prints")
    func matchesSha256sum() throws {
        var random = [UInt8](repeating: 0, count: 3_000_001)
        var seed: UInt32 = 12_345
        for index in random.indices {
            seed = seed &* 1_103_515_245 &+ 12_345
            random[index] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        let inputs: [Data] = [Data(), Data("abc".utf8), Data(repeating: 0x61, count: 64), Data(random)]
        for input in inputs {
            let expected = try runTool("sha256sum", ["-"], stdin: input).stdout.prefix(64)
            #expect(try SHA256Digest.hex(of: input) == String(expected), "\(input.count) bytes")
        }
        // The standard's own example: SHA-256("abc").
        #expect(try SHA256Digest.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
