// cairo_surface_t: image surfaces (own memory, borrowed memory, read from PNG), recording
// surfaces, PDF and SVG files. Everything here is internal; no C type leaves the file.
internal import CCairo
import FoundationEssentials
import MaskGeometry

/// Owns one `cairo_surface_t` (image, recording, PDF or SVG); destroys it in `deinit`.
final class CairoSurface: @unchecked Sendable {
    let pointer: OpaquePointer
    /// An SVG surface's document until ``finish(what:)`` writes it (nil for other surfaces).
    private var svgSink: CairoSVGSink?

    init(checking pointer: OpaquePointer, what: String) throws(LogoMaskError) {
        self.pointer = pointer
        if let reason = cairoFailure(cairo_surface_status(pointer)) {
            throw LogoMaskError.drawingFailed(file: what, reason: reason)
        }
    }

    deinit { cairo_surface_destroy(pointer) }

    /// An image surface over memory the caller owns and keeps alive (`stride` may be wider
    /// than the surface: that is how a tile views part of a wider strip).
    static func image(
        wrapping data: UnsafeMutablePointer<UInt8>, layout: PixelLayout, width: Int, height: Int, stride: Int
    ) throws(LogoMaskError) -> CairoSurface {
        try DrawingLibraries.require()
        guard let raw = cairo_image_surface_create_for_data(
            data, layout.cairoFormat, Int32(width), Int32(height), Int32(stride))
        else { throw LogoMaskError.drawingFailed(file: "image", reason: "no surface") }
        return try CairoSurface(checking: raw, what: "image surface \(width)x\(height)")
    }

    /// An image surface with memory of its own, cleared to transparent.
    static func image(layout: PixelLayout, width: Int, height: Int) throws(LogoMaskError) -> CairoSurface {
        try DrawingLibraries.require()
        guard let raw = cairo_image_surface_create(layout.cairoFormat, Int32(width), Int32(height))
        else { throw LogoMaskError.drawingFailed(file: "image", reason: "no surface") }
        return try CairoSurface(checking: raw, what: "image surface \(width)x\(height)")
    }

    /// An unbounded recording surface: keeps drawing commands as vectors.
    static func recording() throws(LogoMaskError) -> CairoSurface {
        try DrawingLibraries.require()
        guard let raw = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)
        else { throw LogoMaskError.drawingFailed(file: "recording", reason: "no surface") }
        return try CairoSurface(checking: raw, what: "recording surface")
    }

    /// A PDF surface writing to `path`, `size` in points.
    static func pdf(path: String, size: Size) throws(LogoMaskError) -> CairoSurface {
        try DrawingLibraries.require()
        guard let raw = cairo_pdf_surface_create(path, size.width, size.height)
        else { throw LogoMaskError.cannotWriteOutput(file: path, reason: "no PDF surface") }
        let surface = try CairoSurface(checking: raw, what: path)
        // No creation date: the same input must give the same bytes.
        cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_CREATE_DATE, "")
        cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_CREATOR, "logo-mask")
        return surface
    }

    /// An SVG surface writing to `path`, `size` in points (user units).
    /// The document is kept in memory and written by ``finish(what:)``, its ids made the same
    /// for the same drawing (``CairoSVGSink/renumbered(_:)``).
    static func svg(path: String, size: Size) throws(LogoMaskError) -> CairoSurface {
        try DrawingLibraries.require()
        let sink = CairoSVGSink(path: path)
        let append: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<CairoSVGSink>.fromOpaque(closure).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        guard let raw = cairo_svg_surface_create_for_stream(
            append, Unmanaged.passUnretained(sink).toOpaque(), size.width, size.height)
        else { throw LogoMaskError.cannotWriteOutput(file: path, reason: "no SVG surface") }
        // The surface keeps the sink alive until it is destroyed (in deinit, before the sink).
        let surface = try CairoSurface(checking: raw, what: path)
        surface.svgSink = sink
        cairo_svg_surface_set_document_unit(raw, CAIRO_SVG_UNIT_PX)
        return surface
    }

    /// The ink extents of a recording surface (document units), `.null` when it drew nothing.
    var recordingInkExtents: Rect {
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(pointer, &x, &y, &w, &h)
        return w > 0 && h > 0 ? Rect(x: x, y: y, width: w, height: h) : .null
    }

    /// Makes pending drawing visible in the memory (call before reading pixels).
    func flush() { cairo_surface_flush(pointer) }

    /// Tells Cairo that the pixels were changed behind its back (`cairo_surface_mark_dirty`).
    func markDirty() { cairo_surface_mark_dirty(pointer) }

    /// Finishes a PDF or SVG surface (writes the file) and reports any error.
    func finish(what: String) throws(LogoMaskError) {
        cairo_surface_finish(pointer)
        if let reason = cairoFailure(cairo_surface_status(pointer)) {
            throw LogoMaskError.cannotWriteOutput(file: what, reason: reason)
        }
        if let failure = svgSink?.write() {
            throw LogoMaskError.cannotWriteOutput(file: what, reason: SystemErrorText.describe(errno: failure))
        }
    }

    /// Pixel data of an image surface (nil for other kinds).
    var imageData: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(pointer) }
    var imageStride: Int { Int(cairo_image_surface_get_stride(pointer)) }
    var imageWidth: Int { Int(cairo_image_surface_get_width(pointer)) }
    var imageHeight: Int { Int(cairo_image_surface_get_height(pointer)) }
    var isARGB32: Bool { cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32 }

    /// Reads a PNG file through Cairo (converted to premultiplied ARGB32 or RGB24).
    static func png(path: String) throws(LogoMaskError) -> CairoSurface {
        try DrawingLibraries.require()
        guard let raw = cairo_image_surface_create_from_png(path) else {
            throw LogoMaskError.unreadableInput(file: path, reason: "not a PNG")
        }
        let status = cairo_surface_status(raw)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(raw)
            let reason = status == CAIRO_STATUS_FILE_NOT_FOUND ? "no such file"
                : status == CAIRO_STATUS_READ_ERROR ? "cannot read it as PNG"
                : (cairoFailure(status) ?? "unknown")
            throw LogoMaskError.unreadableInput(file: path, reason: reason)
        }
        return try CairoSurface(checking: raw, what: path)
    }
}
