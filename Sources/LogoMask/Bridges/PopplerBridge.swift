// The only file that sees poppler-glib's C types.
internal import CCairo
internal import CPoppler
import Foundation
import MaskGeometry

/// Owns one `PopplerDocument`. Like librsvg handles, a document is used from one thread at a time;
/// workers that draw in parallel each load their own.
final class PDFDocument: @unchecked Sendable {
    private let document: OpaquePointer
    let name: String

    /// Parses `data` (no password: an encrypted PDF is refused with a clear error).
    init(data: Data, name: String) throws(LogoMaskError) {
        self.name = name
        let bytes: OpaquePointer? = data.withUnsafeBytes { raw in
            g_bytes_new(raw.baseAddress, gsize(raw.count))
        }
        guard let bytes else { throw LogoMaskError.notALogo(file: name, reason: "could not hand the bytes to poppler") }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            let encrypted = error.map { $0.pointee.domain == poppler_error_quark() && $0.pointee.code == POPPLER_ERROR_ENCRYPTED.rawValue } ?? false
            let message = takeGErrorMessage(error, fallback: "poppler could not parse it")
            throw LogoMaskError.notALogo(
                file: name, reason: encrypted ? "the PDF is encrypted (export it again without a password)" : message)
        }
        self.document = document
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    /// Number of pages.
    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// Size of page `index` (0-based) in points, or nil when it cannot be had.
    func pageSize(index: Int) -> Size? {
        guard let page = poppler_document_get_page(document, Int32(clamping: index)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var w = 0.0, h = 0.0
        poppler_page_get_size(page, &w, &h)
        return Size(width: w, height: h)
    }

    /// Draws page `index` (0-based) with its top-left at the user-space origin, in points.
    func render(page index: Int, on context: CairoContext) throws(LogoMaskError) {
        guard let page = poppler_document_get_page(document, Int32(clamping: index)) else {
            throw LogoMaskError.pageOutOfRange(file: name, page: index + 1, pageCount: pageCount)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        poppler_page_render(page, context.pointer)
    }
}
