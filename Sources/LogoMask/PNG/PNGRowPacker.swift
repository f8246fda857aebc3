/// The pieces ``StripCompressor`` builds PNG scanlines from: Cairo rows (premultiplied ARGB32, or
/// A8 coverage) as straight RGBA or grey bytes, and the Sub and Up filters, which turn the long
/// flat runs of logo art into zeros. A strip's first row gets Sub, not Up: filtering it against
/// a re-drawn row above would be wrong wherever re-drawing is not bit-exact (Cairo's gradients
/// differ by one level with the surface origin), and the error would run down the strip.
enum PNGRowPacker {
    /// Bytes of one packed scanline, filter byte included.
    static func scanlineLength(width: Int, channels: PNGChannels) -> Int { 1 + width * channels.bytesPerPixel }

    /// One row of Cairo pixels as PNG pixel bytes (no filter byte, no filter).
    @inline(__always)
    static func packPixels(
        _ source: UnsafePointer<UInt8>, layout: PixelLayout, width: Int, channels: PNGChannels,
        into destination: UnsafeMutablePointer<UInt8>
    ) {
        switch (layout, channels) {
        case (.argb32, .rgba): unpremultiply(source, into: destination, count: width)
        case (.argb32, .gray): alphaOf(source, into: destination, count: width)
        case (.a8, .gray): destination.update(from: source, count: width)
        case (.a8, .rgba): whiteWithAlpha(source, into: destination, count: width)
        }
    }

    /// The Sub filter of one row of pixel bytes: each byte minus the one `bytesPerPixel` to its left.
    static func subFilter(_ row: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int, bytesPerPixel: Int) {
        for i in 0..<min(count, bytesPerPixel) { out[i] = row[i] }
        var i = bytesPerPixel
        while i < count {
            out[i] = row[i] &- row[i - bytesPerPixel]
            i += 1
        }
    }

    /// Cairo's ARGB32 (premultiplied, native-endian) to straight RGBA, rounding as Cairo's own
    /// PNG writer does: `(c * 255 + a / 2) / a`.
    @inline(__always)
    private static func unpremultiply(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        let words = UnsafeRawPointer(src)
        let out = UnsafeMutableRawPointer(dst)
        for i in 0..<count {
            let pixel = words.load(fromByteOffset: i * 4, as: UInt32.self)
            let alpha = pixel >> 24
            let packed: UInt32
            if alpha == 255 {
                packed = ((pixel >> 16) & 0xFF) | (pixel & 0xFF00) | ((pixel & 0xFF) << 16) | 0xFF00_0000
            } else if alpha == 0 {
                packed = 0
            } else {
                let half = alpha / 2
                let r = (((pixel >> 16) & 0xFF) * 255 + half) / alpha
                let g = (((pixel >> 8) & 0xFF) * 255 + half) / alpha
                let b = ((pixel & 0xFF) * 255 + half) / alpha
                packed = r | (g << 8) | (b << 16) | (alpha << 24)
            }
            out.storeBytes(of: packed.littleEndian, toByteOffset: i * 4, as: UInt32.self)
        }
    }

    @inline(__always)
    private static func alphaOf(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        let words = UnsafeRawPointer(src)
        for i in 0..<count { dst[i] = UInt8(words.load(fromByteOffset: i * 4, as: UInt32.self) >> 24) }
    }

    @inline(__always)
    private static func whiteWithAlpha(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let a = src[i]
            dst[4 * i] = a == 0 ? 0 : 255; dst[4 * i + 1] = a == 0 ? 0 : 255
            dst[4 * i + 2] = a == 0 ? 0 : 255; dst[4 * i + 3] = a
        }
    }

    /// `out[i] = row[i] - above[i]` (wrapping), sixteen bytes at a time: the Up filter. `out` may
    /// be `row`.
    @inline(__always)
    static func difference(_ row: UnsafePointer<UInt8>, minus above: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        let a = UnsafeRawPointer(above), r = UnsafeRawPointer(row), o = UnsafeMutableRawPointer(out)
        var i = 0
        while i + 16 <= count {
            let top = a.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let cur = r.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            o.storeBytes(of: cur &- top, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            out[i] = row[i] &- above[i]
            i += 1
        }
    }
}
