import FoundationEssentials
import MaskGeometry

/// One worker's pixel buffer for a horizontal strip of a (possibly huge) image, made once and
/// reused for every strip the worker draws. Cairo's image surfaces stop at 32767 px a side, so
/// the strip is drawn as tiles: each tile is a Cairo surface that views its columns of the
/// strip's memory (same stride), so no pixel is copied.
final class StripCanvas {
    let layout: PixelLayout
    let width: Int
    let maxRows: Int
    let stride: Int
    let buffer: UnsafeMutablePointer<UInt8>
    private let memory: PixelMemory
    /// Rows from the top that may hold drawing: the rest are still the kernel's zeros.
    private var dirtyRows = 0
    /// Widest tile: Cairo's 32767-px limit, rounded down to 64 px so every tile starts on a
    /// 256-byte boundary. Each tile walks all of the logo's edges again, and a strip cut into
    /// tiles is not drawn quite as one surface is (with 8192-px tiles, elsevier at 10000 px
    /// differed from rsvg-convert in 12,384 bytes, by up to 17; in one tile, in none). The price:
    /// librsvg's intermediate surfaces (group opacity, masks, filters) are as wide as the tile.
    static let tileWidth = 32704

    init(layout: PixelLayout, width: Int, maxRows: Int) {
        self.layout = layout
        self.width = width
        self.maxRows = maxRows
        self.stride = layout.stride(width: width)
        self.memory = PixelMemory(byteCount: stride * maxRows)
        self.buffer = memory.bytes
    }

    /// Clears rows `0..<rows` and lets `paint` draw image rows `y0..<y0+rows` into them, tile by
    /// tile. `paint` gets a context whose user space is the whole image's pixel grid.
    func draw(y0: Int, rows: Int, paint: (CairoContext) throws(LogoMaskError) -> Void) throws(LogoMaskError) {
        // Fresh memory is already zero: clearing it would only make every page resident.
        buffer.update(repeating: 0, count: stride * min(rows, dirtyRows))
        dirtyRows = max(dirtyRows, rows)
        try Self.draw(into: buffer, layout: layout, width: width, stride: stride, y0: y0, rows: rows, paint: paint)
    }

    /// Records that rows `0..<rows` are all zeros again (the compressor cleared them as it read
    /// them, see ``StripCompressor/compressAndClear(_:stride:rows:isLast:)``), so the next
    /// ``draw(y0:rows:paint:)`` need not clear them.
    func rowsWereCleared(_ rows: Int) {
        if rows >= dirtyRows { dirtyRows = 0 }
    }

    /// Lets `paint` draw image rows `y0..<y0+rows` into `rows` rows of pixels at `buffer`
    /// (`stride` bytes apart, already cleared), tile by tile.
    static func draw(
        into buffer: UnsafeMutablePointer<UInt8>, layout: PixelLayout, width: Int, stride: Int, y0: Int, rows: Int,
        paint: (CairoContext) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        var x0 = 0
        while x0 < width {
            let tileWidth = min(Self.tileWidth, width - x0)
            let surface = try CairoSurface.image(
                wrapping: buffer + x0 * layout.bytesPerPixel, layout: layout,
                width: tileWidth, height: rows, stride: stride)
            let context = try CairoContext(surface)
            context.setTransform(.translation(x: Double(-x0), y: Double(-y0)))
            try paint(context)
            surface.flush()
            x0 += tileWidth
        }
    }
}
