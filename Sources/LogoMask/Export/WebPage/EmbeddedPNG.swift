import FoundationEssentials

/// A picture encoded as PNG bytes in memory, for a `data:` URL in an exported page: RGBA with
/// straight colour, coded by the project's PNG writer (``RasterImage/pngData(compression:)``)
/// with its fastest coding (run-length: the placeholder and most app screens are flat colour).
/// Deterministic: the same pixels give the same bytes.
struct EmbeddedPNG {
    /// The PNG file's bytes.
    let bytes: [UInt8]
    /// Pixels across.
    let width: Int
    /// Pixels down.
    let height: Int

    /// Encodes `plane` (premultiplied ARGB32), with the fastest coding unless told.
    init(plane: PixelPlane, compression: PNGCompression = .fast) throws(LogoMaskError) {
        width = plane.width
        height = plane.height
        bytes = try plane.image().pngData(compression: compression)
    }

    /// `data:image/png;base64,…`.
    var dataURL: String {
        "data:image/png;base64," + Data(bytes).base64EncodedString()
    }
}
