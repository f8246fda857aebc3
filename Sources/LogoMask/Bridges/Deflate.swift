// libdeflate: its vectorised Adler-32 (zlib's took 7.5% of a 8192-px render). Internal only.
internal import CDeflate

/// The Adler-32 of the bytes `adler` was computed over, followed by `input`.
func adler32Update(_ adler: UInt32, _ input: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = input.baseAddress, input.count > 0 else { return adler }
    return libdeflate_adler32(adler, base, input.count)
}
