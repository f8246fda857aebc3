// The pure-Swift side of the PNG writer's Adler-32 (RFC 1950): the checksums themselves are
// libdeflate's and zlib's, called in Bridges/ZlibBridge.swift (`adler32Update`, `adler32Combine`).

/// The initial Adler-32 (of no bytes).
let adler32Empty: UInt32 = 1

/// Adler-32 of a buffer.
func adler32Of(_ input: UnsafeRawBufferPointer) -> UInt32 {
    adler32Update(adler32Empty, input)
}

/// The Adler-32 of the bytes `adler` was computed over, followed by `count` zero bytes, without
/// reading them: a zero leaves the first sum as it is and adds it once more to the second.
func adler32AppendingZeros(_ adler: UInt32, count: Int) -> UInt32 {
    guard count > 0 else { return adler }
    let modulus: UInt64 = 65521
    let a = UInt64(adler & 0xFFFF), b = UInt64(adler >> 16)
    let sum = (b + UInt64(count) % modulus * a) % modulus
    return UInt32(sum) << 16 | UInt32(a)
}
