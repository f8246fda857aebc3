// Cairo's SVG surface writing into memory (`cairo_svg_surface_create_for_stream`): what the
// outline extraction draws onto, so no temporary file is written. Everything here is internal.
internal import CCairo
internal import CPNGWriteSpeed
import FoundationEssentials
import MaskGeometry

/// An SVG surface whose document is collected in memory. Draw on ``surface`` (through a
/// ``CairoContext``), then ``finish()`` returns the SVG bytes Cairo wrote.
final class CairoSVGStream {
    /// Where Cairo's write callback appends; kept alive by the stream until the surface is finished.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// The surface to draw on (user units are SVG pixels).
    let surface: CairoSurface
    private let sink: Sink
    private var finished = false

    /// An SVG surface of `size` user units writing into memory.
    init(size: Size) throws(LogoMaskError) {
        let sink = Sink()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            if let data, length > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
            return CAIRO_STATUS_SUCCESS
        }
        guard let raw = cairo_svg_surface_create_for_stream(
            write, Unmanaged.passUnretained(sink).toOpaque(), size.width, size.height)
        else { throw LogoMaskError.drawingFailed(file: "SVG stream", reason: "no SVG surface") }
        self.sink = sink
        surface = try CairoSurface(checking: raw, what: "SVG stream")
        cairo_svg_surface_set_document_unit(raw, CAIRO_SVG_UNIT_PX)
    }

    // The surface may outlive this object (a context holds it): finish it here, so Cairo never
    // writes through the closure once the sink is gone.
    deinit { if !finished { cairo_surface_finish(surface.pointer) } }

    /// Finishes the surface and returns the document Cairo wrote.
    ///
    /// Cairo writes the images it was handed (librsvg's filter results, page-sized) as PNGs here;
    /// the library only reads them back, so they are deflated fast, at level 1 without row filters
    /// (``fastPNGWrites``, in the logo-mask executable, which lends libpng its own entry point).
    func finish() throws(LogoMaskError) -> Data {
        lm_fast_png_writes_begin()
        cairo_surface_finish(surface.pointer)
        lm_fast_png_writes_end()
        finished = true
        if let reason = cairoFailure(cairo_surface_status(surface.pointer)) {
            throw LogoMaskError.drawingFailed(file: "SVG stream", reason: reason)
        }
        return Data(sink.bytes)
    }

    /// Test hook: how many PNGs the process's SVG streams had libpng write fast (0 where libpng
    /// does not bind to the executable's entry point).
    static var fastPNGWrites: UInt { UInt(lm_fast_png_writes_count()) }
}
