// gdk-pixbuf (which librsvg already links): pictures other than PNG (JPEG, WebP, GIF, TIFF,
// BMP) decoded into a Cairo image surface. PNG keeps Cairo's own reader, so its pixels stay
// byte for byte what they were. Everything here is internal.
internal import CCairo
internal import CGdkPixbuf
import FoundationEssentials

/// The picture formats read besides PNG, told from their first bytes (never the file name), each
/// with the gdk-pixbuf loader that decodes it. Only these loaders are ever asked: gdk-pixbuf's
/// others (SVG, ICO, XPM, ANI...) are not pictures anybody means here.
enum PictureFileFormat: String, CaseIterable {
    case jpeg, webp, gif, tiff, bmp

    /// Its name in messages.
    var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .gif: "GIF"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        }
    }

    /// The format of a file that starts with `head`, nil when none of these.
    static func sniff(_ head: [UInt8]) -> PictureFileFormat? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if head.starts(with: Array("BM".utf8)) { return .bmp }
        return nil
    }
}

extension CairoSurface {
    /// Reads a picture file: PNG through Cairo (``png(path:)``, unchanged), JPEG, WebP, GIF
    /// (its first frame), TIFF and BMP through gdk-pixbuf, into premultiplied ARGB32. Errors name
    /// the file: ``LogoMaskError/unreadableInput(file:reason:)`` for a missing, unknown or
    /// corrupt picture, as for PNG.
    static func picture(path: String) throws(LogoMaskError) -> CairoSurface {
        guard let data = FileManager.default.contents(atPath: path) else { return try png(path: path) }
        let head = Array(data.prefix(16))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try png(path: path) }
        guard let format = PictureFileFormat.sniff(head) else {
            throw LogoMaskError.unreadableInput(
                file: path, reason: "not a picture this tool reads (PNG, JPEG, WebP, GIF, TIFF or BMP, told from the content)")
        }
        return try decode(data, format: format, path: path)
    }

    /// Reads a PNG held in memory (a picture Cairo wrote into an SVG) through gdk-pixbuf's PNG
    /// loader into premultiplied ARGB32; `name` stands for the file in errors.
    static func png(bytes: [UInt8], name: String) throws(LogoMaskError) -> CairoSurface {
        try decode(Data(bytes), loaderName: "png", displayName: "PNG", path: name)
    }

    private static func decode(_ data: Data, format: PictureFileFormat, path: String) throws(LogoMaskError) -> CairoSurface {
        try decode(data, loaderName: format.rawValue, displayName: format.displayName, path: path)
    }

    private static func decode(_ data: Data, loaderName: String, displayName: String, path: String) throws(LogoMaskError) -> CairoSurface {
        try DrawingLibraries.require()
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(loaderName, &error) else {
            let message = takeGErrorMessage(error, fallback: "no loader")
            throw LogoMaskError.unreadableInput(
                file: path, reason: "this machine's gdk-pixbuf cannot read \(displayName) (\(message))"
                    + (loaderName == "webp" ? "; install its WebP loader (apt-get install webp-pixbuf-loader)" : ""))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let written = data.withUnsafeBytes { raw -> gboolean in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: guchar.self) else { return 0 }
            return gdk_pixbuf_loader_write(loader, base, gsize(raw.count), &error)
        }
        let closed = written != 0 ? gdk_pixbuf_loader_close(loader, &error) : {
            var ignored: UnsafeMutablePointer<GError>?
            _ = gdk_pixbuf_loader_close(loader, &ignored)
            if let ignored { g_error_free(ignored) }
            return gboolean(0)
        }()
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            let message = takeGErrorMessage(error, fallback: "no picture in it")
            throw LogoMaskError.unreadableInput(file: path, reason: "a corrupt or unsupported \(displayName) picture: \(message)")
        }
        return try surface(of: pixbuf, path: path)
    }

    /// The pixbuf's straight RGB(A) bytes as Cairo's premultiplied native-endian ARGB32, with the
    /// rounding Cairo's PNG reader uses.
    private static func surface(of pixbuf: OpaquePointer, path: String) throws(LogoMaskError) -> CairoSurface {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard width > 0, height > 0, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == (hasAlpha ? 4 : 3),
              let source = gdk_pixbuf_read_pixels(pixbuf)
        else { throw LogoMaskError.unreadableInput(file: path, reason: "the picture has no 8-bit RGB pixels") }
        let surface = try image(layout: .argb32, width: width, height: height)
        surface.flush()
        guard let target = surface.imageData else {
            throw LogoMaskError.unreadableInput(file: path, reason: "no memory for its \(width)x\(height) pixels")
        }
        let stride = surface.imageStride
        func multiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
            let t = c * a + 0x80
            return ((t >> 8) + t) >> 8
        }
        for y in 0..<height {
            let row = source + y * rowstride
            let out = UnsafeMutableRawPointer(target + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row + x * channels
                let r = UInt32(p[0]), g = UInt32(p[1]), b = UInt32(p[2])
                let a: UInt32 = hasAlpha ? UInt32(p[3]) : 255
                out[x] = a == 255 ? (0xFF00_0000 | r << 16 | g << 8 | b)
                    : (a << 24 | multiply(r, a) << 16 | multiply(g, a) << 8 | multiply(b, a))
            }
        }
        surface.markDirty()
        return surface
    }
}
