// The pure-Swift side of the PNG writer's Adler-32 (RFC 1950): the checksums themselves are
// libdeflate's and zlib's, called in Bridges/ZlibBridge.swift (`adler32Update`, `adler32Combine`).

/// The initial Adler-32 (of no bytes).
let adler32Empty: UInt32 = 1

/// Adler-32 of a buffer.
func adler32Of(_ input: UnsafeRawBufferPointer) -> UInt32 {
    adler32Update(adler32Empty, input)
}
