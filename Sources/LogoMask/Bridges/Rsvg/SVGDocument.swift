// librsvg (RsvgHandle) and the GLib it speaks (GBytes, GInputStream, GFile, GError): an SVG
// document loaded, measured and drawn on a cairo_t. Everything here is internal.
internal import CCairo
internal import CGdkPixbuf
internal import CRsvg
import FoundationEssentials
import MaskGeometry

/// Turns a `GError` into its message and frees it.
func takeGErrorMessage(_ error: UnsafeMutablePointer<GError>?, fallback: String) -> String {
    guard let error else { return fallback }
    defer { g_error_free(error) }
    guard let message = error.pointee.message else { return fallback }
    return String(cString: message)
}

/// The error for a librsvg failure on `file`: ``LogoMaskError/inputLimitExceeded(file:reason:)``
/// when one of libxml2's safety limits (depth, size, entities) refused it and they were on,
/// else ``LogoMaskError/notALogo(file:reason:)`` with ``explainRsvgMessage(_:unlimited:)``.
func rsvgError(file: String, message: String, unlimited: Bool) -> LogoMaskError {
    let text = message.trimmingWhitespaceAndNewlines()
    if !unlimited, isXMLLimitMessage(text) { return .inputLimitExceeded(file: file, reason: text) }
    return .notALogo(file: file, reason: explainRsvgMessage(text, unlimited: unlimited))
}

/// True for libxml2's messages about its depth, size and entity limits.
private func isXMLLimitMessage(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.contains("xml_parse_huge") || lower.contains("excessive depth") || lower.contains("huge input lookup")
        || lower.contains("entity")
}

/// librsvg's message with a hint for the errors its safety limits raise (libxml2's depth, size
/// and entity limits once lifted; librsvg's 1M elements, 500k references and instancing limits),
/// and for surfaces too large to draw.
func explainRsvgMessage(_ message: String, unlimited: Bool) -> String {
    let text = message.trimmingWhitespaceAndNewlines()
    let lower = text.lowercased()
    if isXMLLimitMessage(text) {
        return text + (unlimited
            ? " (the document is malformed or hostile even without librsvg's safety limits)"
            : " (one of librsvg's XML safety limits)")
    }
    if lower.contains("referenced elements") || lower.contains("instancing limit") || lower.contains("loaded elements")
        || lower.contains("circular") {
        return text + " (a reference cycle or a `use` fan-out bomb, or a drawing too heavy for librsvg's fixed limits of 1,000,000 elements and 500,000 references; simplify the logo)"
    }
    if lower.contains("invalidsize") || lower.contains("invalid size") {
        return text + " (an intermediate surface, usually a filter's, is too large for Cairo at this scale; ask for a smaller size or flatten the filter in the design tool)"
    }
    return text
}

/// Owns one `RsvgHandle`, loaded and ready to render. librsvg handles are not thread-safe:
/// each worker that draws owns its own (see `VectorLogo.makeDrawing`).
final class SVGDocument: @unchecked Sendable {
    private let handle: UnsafeMutablePointer<RsvgHandle>
    let name: String
    private let unlimited: Bool

    /// Parses `data`. `baseFile` is where relative references resolve: nil loads no external
    /// file at all (librsvg's rule); otherwise only files under its folder. `unlimited`
    /// lifts libxml2's safety limits (`RSVG_HANDLE_FLAG_UNLIMITED`), for trusted input only.
    init(data: Data, name: String, baseFile: String?, unlimited: Bool) throws(LogoMaskError) {
        self.name = name
        self.unlimited = unlimited
        try DrawingLibraries.require()
        let bytes: OpaquePointer? = data.withUnsafeBytes { raw in
            g_bytes_new(raw.baseAddress, gsize(raw.count))
        }
        guard let bytes, let stream = g_memory_input_stream_new_from_bytes(bytes) else {
            throw LogoMaskError.notALogo(file: name, reason: "could not hand the bytes to librsvg")
        }
        defer {
            g_object_unref(stream)
            g_bytes_unref(bytes)
        }
        let base: OpaquePointer? = baseFile.map { g_file_new_for_path($0) }
        defer { if let base { g_object_unref(UnsafeMutableRawPointer(base)) } }

        var error: UnsafeMutablePointer<GError>?
        let flags = unlimited ? RSVG_HANDLE_FLAG_UNLIMITED : RSVG_HANDLE_FLAGS_NONE
        let parsed = withLibraryCall(.librsvg, .reading, file: name) {
            rsvg_handle_new_from_stream_sync(stream, base, flags, nil, &error)
        }
        guard let handle = parsed else {
            throw rsvgError(file: name, message: takeGErrorMessage(error, fallback: "librsvg could not parse it"), unlimited: unlimited)
        }
        self.handle = handle
        // CSS pixels: 96 DPI (librsvg's default is 90).
        rsvg_handle_set_dpi(handle, 96)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The size the document asks for, with what is needed for the fallbacks.
    var intrinsicSize: SVGIntrinsicSize {
        var width = 0.0, height = 0.0
        var hasW: gboolean = 0, hasH: gboolean = 0, hasVB: gboolean = 0
        var w = RsvgLength(), h = RsvgLength(), vb = RsvgRectangle()
        let hasPixels = withLibraryCall(.librsvg, .measuring, file: name) {
            rsvg_handle_get_intrinsic_dimensions(handle, &hasW, &w, &hasH, &h, &hasVB, &vb)
            return rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0
        }
        let viewBox = hasVB != 0 ? Rect(x: vb.x, y: vb.y, width: vb.width, height: vb.height) : nil
        let percentage = (hasW != 0 && w.unit == RSVG_UNIT_PERCENT) || (hasH != 0 && h.unit == RSVG_UNIT_PERCENT)
        let pixels = hasPixels ? Size(width: width, height: height) : nil
        return SVGIntrinsicSize(
            pixels: pixels, viewBox: viewBox, hasPercentageSize: percentage,
            absoluteWidth: hasW != 0 ? Self.cssPixels(w) : nil, absoluteHeight: hasH != 0 ? Self.cssPixels(h) : nil)
    }

    /// An absolute length in CSS pixels at 96 DPI; nil for percentages and font-relative units.
    private static func cssPixels(_ length: RsvgLength) -> Double? {
        let perUnit: Double
        switch length.unit {
        case RSVG_UNIT_PX: perUnit = 1
        case RSVG_UNIT_IN: perUnit = 96
        case RSVG_UNIT_CM: perUnit = 96 / 2.54
        case RSVG_UNIT_MM: perUnit = 96 / 25.4
        case RSVG_UNIT_PT: perUnit = 96.0 / 72
        case RSVG_UNIT_PC: perUnit = 16
        default: return nil
        }
        return length.length * perUnit
    }

    /// True when an element has this id (without the `#`).
    func hasElement(id: String) -> Bool {
        withLibraryCall(.librsvg, .measuring, file: name) { rsvg_handle_has_sub(handle, "#" + id) != 0 }
    }

    /// Ink and logical rectangles of the document (or one element's subtree in place)
    /// when the document is fitted to `viewport`.
    func geometry(layer id: String?, viewport: Rect) throws(LogoMaskError) -> (ink: Rect, logical: Rect) {
        var vp = RsvgRectangle(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var ink = RsvgRectangle(), logical = RsvgRectangle()
        var error: UnsafeMutablePointer<GError>?
        let ok = withLibraryCall(.librsvg, .measuring, file: name) {
            rsvg_handle_get_geometry_for_layer(handle, id.map { "#" + $0 }, &vp, &ink, &logical, &error)
        }
        guard ok != 0 else {
            throw rsvgError(file: name, message: takeGErrorMessage(error, fallback: "no geometry"), unlimited: unlimited)
        }
        return (Rect(rsvg: ink), Rect(rsvg: logical))
    }

    /// Ink and logical rectangles of one element drawn alone, under an identity transform.
    func geometry(element id: String) throws(LogoMaskError) -> (ink: Rect, logical: Rect) {
        var ink = RsvgRectangle(), logical = RsvgRectangle()
        var error: UnsafeMutablePointer<GError>?
        let ok = withLibraryCall(.librsvg, .measuring, file: name) {
            rsvg_handle_get_geometry_for_element(handle, "#" + id, &ink, &logical, &error)
        }
        guard ok != 0 else {
            throw rsvgError(file: name, message: takeGErrorMessage(error, fallback: "no geometry"), unlimited: unlimited)
        }
        return (Rect(rsvg: ink), Rect(rsvg: logical))
    }

    /// Renders the document fitted to `viewport` (user space of `context`), or only the element
    /// `id` with its ink box fitted to `viewport`.
    func render(on context: CairoContext, element id: String?, viewport: Rect) throws(LogoMaskError) {
        var vp = RsvgRectangle(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var error: UnsafeMutablePointer<GError>?
        let ok: gboolean = withLibraryCall(.librsvg, .drawing, file: name) {
            if let id { return rsvg_handle_render_element(handle, context.pointer, "#" + id, &vp, &error) }
            return rsvg_handle_render_document(handle, context.pointer, &vp, &error)
        }
        guard ok != 0 else {
            throw LogoMaskError.drawingFailed(
                file: name, reason: explainRsvgMessage(takeGErrorMessage(error, fallback: "librsvg could not render it"), unlimited: unlimited))
        }
    }
}

extension Rect {
    fileprivate init(rsvg r: RsvgRectangle) {
        self.init(x: r.x, y: r.y, width: r.width, height: r.height)
    }
}
