// libdeflate: its vectorised Adler-32 (zlib's took 7.5% of a 8192-px render). Internal only.
internal import CDeflate

/// The Adler-32 of the bytes `adler` was computed over, followed by `input`.
func adler32Update(_ adler: UInt32, _ input: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = input.baseAddress, input.count > 0 else { return adler }
    return libdeflate_adler32(adler, base, input.count)
}

/// The CRC-32 (ISO-HDLC, as ZIP and gzip use it) of the bytes `crc` was computed over, followed
/// by `input`; start from 0.
func crc32Update(_ crc: UInt32, _ input: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = input.baseAddress, input.count > 0 else { return crc }
    return libdeflate_crc32(crc, base, input.count)
}
