/// One strip of a PNG's pixel data, deflated: its bytes continue the image's deflate stream.
struct CompressedStrip: Sendable {
    /// Raw deflate bytes (no zlib header), ending byte-aligned.
    let bytes: [UInt8]
    /// Adler-32 of the strip's filtered scanlines, for the zlib trailer.
    let adler: UInt32
    /// Bytes of filtered scanlines the strip holds.
    let rawLength: Int
}
