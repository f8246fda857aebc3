// libdeflate: its vectorised Adler-32 (zlib's took 7.5% of a 8192-px render). Internal only.
internal import CDeflate

/// Adler-32 of a buffer.
func adler32Of(_ input: UnsafeRawBufferPointer) -> UInt32 {
    adler32Update(adler32Empty, input)
}

/// The Adler-32 of the bytes `adler` was computed over, followed by `input`.
func adler32Update(_ adler: UInt32, _ input: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = input.baseAddress, input.count > 0 else { return adler }
    return libdeflate_adler32(adler, base, input.count)
}

/// The initial Adler-32 (of no bytes).
let adler32Empty: UInt32 = 1
