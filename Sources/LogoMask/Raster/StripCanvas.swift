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
    /// tile. `paint` gets a context whose user space is the whole image's pixel grid. With `clip`
    /// (image pixels), `paint` is clipped to it, and not called for a tile outside it.
    func draw(
        y0: Int, rows: Int, clip: PixelBox? = nil, paint: (CairoContext) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        // Fresh memory is already zero: clearing it would only make every page resident.
        buffer.update(repeating: 0, count: stride * min(rows, dirtyRows))
        dirtyRows = max(dirtyRows, rows)
        try Self.draw(into: buffer, layout: layout, width: width, stride: stride, y0: y0, rows: rows, clip: clip, paint: paint)
    }

    /// Records that rows `0..<rows` are all zeros again (the compressor cleared them as it read
    /// them, see ``StripCompressor/compressAndClear(_:stride:rows:isLast:)``), so the next
    /// ``draw(y0:rows:paint:)`` need not clear them.
    func rowsWereCleared(_ rows: Int) {
        if rows >= dirtyRows { dirtyRows = 0 }
    }

    /// Lets `paint` draw image rows `y0..<y0+rows` into `rows` rows of pixels at `buffer`
    /// (`stride` bytes apart, already cleared), tile by tile, clipped to `clip` (image pixels).
    ///
    /// The clip is what keeps a render of a logo with group opacity or masks cheap: librsvg sizes
    /// each such group's surface as the region it is asked to draw (the clip's extents, see
    /// ``LogoDrawing``), then clears and composites all of it, so the logo's ink box, not the
    /// whole strip, is what those costs grow with.
    static func draw(
        into buffer: UnsafeMutablePointer<UInt8>, layout: PixelLayout, width: Int, stride: Int, y0: Int, rows: Int,
        clip: PixelBox? = nil, paint: (CairoContext) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        var x0 = 0
        while x0 < width {
            let tileWidth = min(Self.tileWidth, width - x0)
            if let clip, clip.x1 <= x0 || clip.x0 >= x0 + tileWidth || clip.y1 <= y0 || clip.y0 >= y0 + rows {
                x0 += tileWidth
                continue
            }
            let surface = try CairoSurface.image(
                wrapping: buffer + x0 * layout.bytesPerPixel, layout: layout,
                width: tileWidth, height: rows, stride: stride)
            let context = try CairoContext(surface)
            context.setTransform(.translation(x: Double(-x0), y: Double(-y0)))
            if let clip { context.clip(toBoxes: [clip]) }
            try paint(context)
            surface.flush()
            x0 += tileWidth
        }
    }
}
