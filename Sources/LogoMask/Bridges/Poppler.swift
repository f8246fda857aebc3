// poppler-glib, through CPopplerLoader, which loads it with dlopen the first time a PDF arrives
// (so SVG work never pays for loading it): a PDF document, its pages' sizes, a page drawn on a
// cairo_t. Everything here is internal.
internal import CPopplerLoader
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// Owns one `PopplerDocument`. Like librsvg handles, a document is used from one thread at a time;
/// workers that draw in parallel each load their own.
final class PDFDocument: @unchecked Sendable {
    private let document: UnsafeMutableRawPointer
    let name: String

    /// Parses `data` (no password: an encrypted PDF is refused with a clear error).
    init(data: Data, name: String) throws(LogoMaskError) {
        self.name = name
        try DrawingLibraries.require()
        guard lm_poppler_available() != 0 else {
            throw LogoMaskError.notALogo(
                file: name, reason: "reading PDF needs poppler-glib, which could not be loaded (apt-get install libpoppler-glib8)")
        }
        var encrypted: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        let document = withLibraryCall(.poppler, .reading, file: name) {
            data.withUnsafeBytes { raw in lm_poppler_open(raw.baseAddress, raw.count, &encrypted, &message) }
        }
        guard let document else {
            let text = message.map { String(cString: $0) } ?? "poppler could not parse it"
            free(message)
            throw LogoMaskError.notALogo(
                file: name, reason: encrypted != 0 ? "the PDF is encrypted (export it again without a password)" : text)
        }
        self.document = document
    }

    deinit { lm_poppler_release(document) }

    /// Number of pages.
    var pageCount: Int { withLibraryCall(.poppler, .measuring, file: name) { Int(lm_poppler_page_count(document)) } }

    /// Size of page `index` (0-based) in points, or nil when it cannot be had.
    func pageSize(index: Int) -> Size? {
        withLibraryCall(.poppler, .measuring, file: name) {
            guard let page = lm_poppler_page(document, Int32(clamping: index)) else { return nil }
            defer { lm_poppler_release(page) }
            var w = 0.0, h = 0.0
            lm_poppler_page_size(page, &w, &h)
            return Size(width: w, height: h)
        }
    }

    /// Draws page `index` (0-based) with its top-left at the user-space origin, in points.
    func render(page index: Int, on context: CairoContext) throws(LogoMaskError) {
        let drawn = withLibraryCall(.poppler, .drawing, file: name) { () -> Bool in
            guard let page = lm_poppler_page(document, Int32(clamping: index)) else { return false }
            defer { lm_poppler_release(page) }
            lm_poppler_page_render(page, UnsafeMutableRawPointer(context.pointer))
            return true
        }
        guard drawn else { throw LogoMaskError.pageOutOfRange(file: name, page: index + 1, pageCount: pageCount) }
    }
}
