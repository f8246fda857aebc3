// cairo_format_t: the two pixel layouts the library uses, and Cairo's stride rule for them.
internal import CCairo

/// Pixel layouts the library uses; both are Cairo's own (native-endian words, premultiplied).
enum PixelLayout: Sendable {
    /// `CAIRO_FORMAT_ARGB32`: 4 bytes a pixel, premultiplied, native-endian 0xAARRGGBB.
    case argb32
    /// `CAIRO_FORMAT_A8`: 1 byte a pixel, coverage only.
    case a8

    var cairoFormat: cairo_format_t { self == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8 }
    var bytesPerPixel: Int { self == .argb32 ? 4 : 1 }

    /// Cairo's stride for this layout and width (a multiple of 4 bytes).
    func stride(width: Int) -> Int {
        Int(cairo_format_stride_for_width(cairoFormat, Int32(clamping: width)))
    }
}
