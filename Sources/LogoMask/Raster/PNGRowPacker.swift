/// Turns Cairo rows (premultiplied ARGB32, or A8 coverage) into PNG scanlines: a filter byte and
/// straight RGBA or grey bytes, with the Up filter (each byte minus the one above), which turns
/// the long flat runs of logo art into zeros that deflate compresses fast and small.
enum PNGRowPacker {
    /// Bytes of one packed scanline, filter byte included.
    static func scanlineLength(width: Int, channels: PNGChannels) -> Int { 1 + width * channels.bytesPerPixel }

    /// Packs `rows` rows starting at `source` into `destination` (rows x scanlineLength bytes)
    /// and applies the Up filter to every row but the first, which gets the Sub filter (each byte
    /// minus the one a pixel to its left), so flat colour is zeros there too: unfiltered, a flat
    /// RGBA row repeats with period 4, which run-length deflate cannot match (it tripled kotlin's
    /// file at 16384 px). Each strip is thus decodable on its own terms: filtering its first row against a
    /// re-drawn row above would be wrong wherever re-drawing is not bit-exact (Cairo's gradients
    /// differ by one level with the surface origin), and the error would run down the strip.
    static func pack(
        source: UnsafePointer<UInt8>, stride: Int, layout: PixelLayout, width: Int, rows: Int,
        channels: PNGChannels, into destination: UnsafeMutablePointer<UInt8>
    ) {
        let length = scanlineLength(width: width, channels: channels)
        for row in 0..<rows {
            let dst = destination + row * length
            dst[0] = row == 0 ? 1 : 2  // Sub for the strip's first row, Up below it
            packPixels(source + row * stride, layout: layout, width: width, channels: channels, into: dst + 1)
        }
        // Up filter, bottom row first so each row is still unfiltered when the one below uses it.
        // Then Sub on the first row, right to left so each byte's left neighbour is still raw.
        var row = rows - 1
        while row >= 1 {
            let line = destination + row * length + 1
            difference(line, minus: destination + (row - 1) * length + 1, into: line, count: length - 1)
            row -= 1
        }
        let bpp = channels.bytesPerPixel
        let first = destination + 1
        var i = width * bpp - 1
        while i >= bpp {
            first[i] = first[i] &- first[i - bpp]
            i -= 1
        }
    }

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
