import FoundationEssentials
import MaskGeometry

/// The one PNG writer: Cairo pixels (premultiplied ARGB32, or A8 coverage) to a PNG file (RGBA
/// or grey), atomically, with no time or text chunks (same pixels, same bytes).
///
/// The image is cut into strips of rows; each strip is filtered and deflated on its own by a
/// ``StripCompressor`` and the strips are written in order by a ``PNGContainer``. Pixels come in
/// one of two ways, and the same strips give the same bytes either way:
/// - **rows** already in memory (reveal and header frames, contact sheets, stills): an instance,
///   made once per thread and reused for every image of its size, ``write(rows:stride:to:)``
///   strip by strip on the calling thread, allocating nothing per image but the file;
/// - **strips** drawn on every core (render, mask, hole, ``RasterImage/writePNG(to:compression:)``):
///   ``write(path:width:height:layout:channels:compression:stripBytes:rowsPerStrip:deadline:progress:makeFiller:)``,
///   peak memory a few MiB a worker, never the image.
final class PNGWriter {
    let width: Int
    let height: Int
    let channels: PNGChannels
    /// Rows deflated as one strip by ``write(rows:stride:to:)``.
    let rowsPerStrip: Int
    private let compressor: StripCompressor

    /// A writer of `width` x `height` images in `layout`, for the calling thread. `rowsPerStrip`
    /// defaults to about 4 MiB of pixels: the compressor keeps only a row or two of its own, so
    /// the strip only bounds the size of each deflated piece.
    init(
        width: Int, height: Int, layout: PixelLayout = .argb32, channels: PNGChannels = .rgba,
        compression: PNGCompression = .fast, rowsPerStrip: Int? = nil
    ) throws(LogoMaskError) {
        self.width = width
        self.height = height
        self.channels = channels
        self.rowsPerStrip = max(1, min(height, rowsPerStrip ?? (4 << 20) / max(1, width * layout.bytesPerPixel)))
        compressor = try StripCompressor(width: width, layout: layout, channels: channels, compression: compression)
    }

    /// Writes `height` rows of pixels at `pixels` (`stride` bytes apart) to `path`.
    func write(rows pixels: UnsafePointer<UInt8>, stride: Int, to path: String) throws(LogoMaskError) {
        _ = try encode(rows: pixels, stride: stride, to: path)
    }

    /// `height` rows of pixels at `pixels` (`stride` bytes apart) as a PNG file's bytes in memory.
    func encode(rows pixels: UnsafePointer<UInt8>, stride: Int) throws(LogoMaskError) -> [UInt8] {
        try encode(rows: pixels, stride: stride, to: nil)
    }

    /// Writes to `path`, or with `path` nil returns the bytes.
    private func encode(rows pixels: UnsafePointer<UInt8>, stride: Int, to path: String?) throws(LogoMaskError) -> [UInt8] {
        let container = try PNGContainer(path: path, width: width, height: height, channels: channels)
        var y0 = 0
        while y0 < height {
            let rows = min(rowsPerStrip, height - y0)
            let strip = try compressor.compress(pixels + y0 * stride, stride: stride, rows: rows, isLast: y0 + rows == height)
            try container.append(strip)
            y0 += rows
        }
        try container.finish()
        return container.bytes
    }

    // MARK: Strips on every core

    /// Target bytes of one strip's pixels when the drawing's cost is unknown. Each strip makes
    /// Cairo walk all of the logo's edges again, so small strips cost time on complex logos and
    /// large ones cost memory; see ``stripBytes(forSourceBytes:)``.
    static let defaultStripBytes = 16 << 20

    /// Strip bytes for a logo whose source has `sourceBytes` bytes: about 1 KiB of pixels per byte
    /// of vector source, between 4 and 64 MiB.
    ///
    /// Walking a logo's edges costs about as much per strip as its path data is long (elsevier,
    /// 54 KB of SVG, takes 20 ms a strip at 16384 px; kotlin, 130 bytes, well under one), while
    /// the pixels cost the same whatever the strip. Small strips stay in the caches and take few
    /// fresh pages, which is what a simple logo's time is made of; a complex logo wants few
    /// strips. Measured at 4096 and 16384 px: kotlin and debridlink are fastest from 2 to 4 MiB,
    /// elsevier takes 4.7x the CPU with 2 MiB strips as with 16 MiB, and less again with more.
    static func stripBytes(forSourceBytes sourceBytes: Int) -> Int {
        min(64 << 20, max(4 << 20, sourceBytes << 10))
    }

    /// Rows a strip holds: `stripBytes` of them, but no more than a worker's share of the
    /// image, so that a small image still keeps every core busy.
    ///
    /// A share above ``balancedShareBytes`` is halved: with one strip per worker, the worker
    /// given the lighter part of the logo idles while the other finishes (elsevier's lower half
    /// takes 1.9x its upper half's time at 4096 px, so one core sat idle a third of the render);
    /// with two, the faster worker takes the third strip. Below that size the extra walk of the
    /// logo and the extra deflate block cost more than the balance gains.
    static func rowsPerStrip(height: Int, stride: Int, stripBytes: Int, workers: Int) -> Int {
        let workers = max(1, workers)
        var share = (height + workers - 1) / workers
        if workers > 1, share * stride > balancedShareBytes {
            share = (height + 2 * workers - 1) / (2 * workers)
        }
        return max(1, min(height, stripBytes / max(1, stride), share, 8192))
    }

    /// Images of at most this many bytes (512 x 512 pixels) are drawn on the calling thread
    /// alone. A second worker parses its own copy of the logo, in a malloc arena and on a stack
    /// of its own: at 512 px that cost kotlin 0.3 MB and github 1 MB of peak memory, and
    /// saved no time (kotlin 17.0 against 17.5 ms, github 17.5 against 23.1 ms; elsevier, a
    /// heavy logo, 30.2 against 27.2 ms). The strips stay the same, so do the bytes.
    static let singleThreadBytes = 1 << 20

    /// Rows a strip holds when the logo has filter effects: up to 256 MiB a strip, drawn by one
    /// worker. librsvg computes a filter over its whole region whatever part of the image a strip
    /// asks for, so every strip pays for the whole filter, and a second worker only doubles the
    /// memory: glow.svg at 4096 px took 12.2 s in the usual 256-row strips, 1.6 s and 821 MB in
    /// two strips on two workers, and takes 1.5 s and about rsvg-convert's 414 MB in one. The
    /// filter's own surfaces (several times the image) bound the memory, not the strip.
    ///
    /// Cropped strips do not change that (kiten, 111 blurred elements, at 4096 px with librsvg:
    /// one draw 14.8 s of CPU; four cropped strips 22.2 s; two, each cropped with 256 px kept
    /// around it, 15.3 s, but 0.36 % of the pixels then differ from one draw, by up to 2).
    /// About half of a filtered render's CPU was the kernel faulting in librsvg's surfaces, each
    /// the size of the toplevel viewport and above malloc's 32 MiB mmap limit (the executable now
    /// gives them huge pages: Sources/CLargeBlockPages).
    ///
    /// No strip cut can keep rsvg-convert's pixels once a gradient is painted under a transform:
    /// Cairo 1.16 fits a gradient's fixed-point matrix around the centre of what it composites,
    /// the shape clipped to the surface, so a shape cut by a strip's edge gets its colour steps
    /// rounded elsewhere. A rect filled with an objectBoundingBox gradient inside a scaled group,
    /// drawn at 4096 px in two 2048-row strips (no filter anywhere near the cut), differed from one
    /// draw in 36 % of its pixels, by 1; gnome-dev-media-cf in 0.17 %, whatever the margin kept
    /// around each strip for the filters (64 to 512 px). One draw is the only exact cut.
    /// `render` accepts that rounding where the filters' reach is known: ``FilteredStripCut``.
    static func filteredRowsPerStrip(height: Int, stride: Int) -> Int {
        max(1, min(height, (256 << 20) / max(1, stride), 8192))
    }

    /// Strips up to which an image's strips may be drawn out of order (``PaintedArea``): every
    /// compressed strip may then wait for the ones above it, a few MiB at most.
    static let reorderedStripLimit = 8

    /// A worker's share of the image from which it is cut into two strips (see
    /// ``rowsPerStrip(height:stride:stripBytes:workers:)``).
    static let balancedShareBytes = 8 << 20

    /// Draws an image strip by strip on every core and streams it into a PNG file.
    /// `makePainter` runs once on each worker thread and returns the closure that draws image
    /// pixels into a context whose user space is the whole image's pixel grid. With `paintedBox`
    /// (image pixels the painter may paint; it leaves every other pixel transparent) the painter
    /// is clipped to it, and strips outside it are encoded as transparent without drawing.
    /// `inkProfile`: as in the `makeFiller` variant.
    static func write(
        path: String, width: Int, height: Int, layout: PixelLayout, channels: PNGChannels,
        compression: PNGCompression = .fast, stripBytes: Int = defaultStripBytes, rowsPerStrip: Int? = nil,
        paintedBox: PixelBox? = nil, inkProfile: PaintedArea? = nil, deadline: Deadline = .none,
        progress: ProgressHandler? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        makePainter: @escaping @Sendable () throws(LogoMaskError) -> (CairoContext) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        try write(
            path: path, width: width, height: height, layout: layout, channels: channels,
            compression: compression, stripBytes: stripBytes, rowsPerStrip: rowsPerStrip, paintedBox: paintedBox,
            inkProfile: inkProfile, deadline: deadline, progress: progress, workers: workers
        ) { () throws(LogoMaskError) in
            let paint = try makePainter()
            return { (canvas: StripCanvas, y0: Int, rows: Int) throws(LogoMaskError) in
                try canvas.draw(y0: y0, rows: rows, clip: paintedBox, paint: paint)
            }
        }
    }

    /// Draws `logo` strip by strip into a PNG, cut as the logo needs: strips sized by its source
    /// (``stripBytes(forSourceBytes:)``), and for a logo with filter effects one worker and
    /// strips of up to 256 MiB (``filteredRowsPerStrip(height:stride:)``). Renders, masks and
    /// holes all go through here, so each gets the same cut. `paintedArea`: its box as the
    /// `paintedBox` of
    /// ``write(path:width:height:layout:channels:compression:stripBytes:rowsPerStrip:paintedBox:inkProfile:deadline:progress:workers:makePainter:)``,
    /// its ink the order of the strips; for a logo without filter effects only (a filter paints
    /// past the ink box).
    static func write(
        drawing logo: VectorLogo, path: String, width: Int, height: Int, layout: PixelLayout, channels: PNGChannels,
        compression: PNGCompression, paintedArea: PaintedArea? = nil, deadline: Deadline, progress: ProgressHandler?,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        makePainter: @escaping @Sendable () throws(LogoMaskError) -> (CairoContext) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        let filtered = logo.usesFilterEffects
        try write(
            path: path, width: width, height: height, layout: layout, channels: channels, compression: compression,
            stripBytes: stripBytes(forSourceBytes: logo.source.count),
            rowsPerStrip: filtered ? filteredRowsPerStrip(height: height, stride: layout.stride(width: width)) : nil,
            paintedBox: filtered ? nil : paintedArea?.box, inkProfile: filtered ? nil : paintedArea,
            deadline: deadline, progress: progress, workers: filtered ? 1 : workers, makePainter: makePainter)
    }

    /// The same, for pixels that already exist: `makeFiller` runs once on each worker thread and
    /// returns the closure that fills the canvas's rows `0..<rows` with image rows `y0..<y0+rows`
    /// (in the canvas's layout and stride). `rowsPerStrip` overrides the strip height
    /// ``rowsPerStrip(height:stride:stripBytes:workers:)`` picks. `workers` threads draw (1: all
    /// on the calling thread, as a batch does, which draws many images at once instead); the
    /// strips stay those of every core, so the bytes do not depend on `workers`. A strip with no
    /// row in `paintedBox` (outside which the filler leaves every pixel zero) is not filled: its
    /// rows are encoded as transparent without reading any pixel, the same bytes as if filled.
    /// With `inkProfile` and at most ``reorderedStripLimit`` strips, the workers take the strips
    /// heaviest first (``PaintedArea/stripOrder(rowsPerStrip:height:)``); the strips and their
    /// bytes stay the same, only who draws which changes.
    static func write(
        path: String, width: Int, height: Int, layout: PixelLayout, channels: PNGChannels,
        compression: PNGCompression = .fast, stripBytes: Int = defaultStripBytes, rowsPerStrip: Int? = nil,
        paintedBox: PixelBox? = nil, inkProfile: PaintedArea? = nil, deadline: Deadline = .none,
        progress: ProgressHandler? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        makeFiller: @escaping @Sendable () throws(LogoMaskError) -> (StripCanvas, Int, Int) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        let container = try PNGContainer(path: path, width: width, height: height, channels: channels)
        let stride = layout.stride(width: width)
        let rowsPerStrip = max(1, min(height, rowsPerStrip ?? Self.rowsPerStrip(
            height: height, stride: stride, stripBytes: stripBytes, workers: ProcessInfo.processInfo.activeProcessorCount)))
        let stripCount = (height + rowsPerStrip - 1) / rowsPerStrip
        if stride * height >= Rasterizer.parallelBytes { PixelMemory.keepFreedHeapMemory() }
        let workers = stride * height <= Self.singleThreadBytes ? 1 : workers
        let order = workers > 1 && stripCount <= Self.reorderedStripLimit
            ? inkProfile?.stripOrder(rowsPerStrip: rowsPerStrip, height: height) : nil
        // Where each strip comes in the order the workers take them.
        var rank = Array(0..<stripCount)
        if let order { for (position, index) in order.enumerated() { rank[index] = position } }
        let ranks = rank

        final class Worker {
            let canvas: StripCanvas
            let compressor: StripCompressor
            let fill: (StripCanvas, Int, Int) throws(LogoMaskError) -> Void

            init(canvas: StripCanvas, compressor: StripCompressor,
                 fill: @escaping (StripCanvas, Int, Int) throws(LogoMaskError) -> Void) {
                self.canvas = canvas
                self.compressor = compressor
                self.fill = fill
            }
        }
        do {
            try OrderedParallelRunner.run(
                count: stripCount, workers: workers, order: order,
                makeState: { () throws -> Worker in
                    Worker(
                        canvas: StripCanvas(layout: layout, width: width, maxRows: rowsPerStrip),
                        compressor: try StripCompressor(width: width, layout: layout, channels: channels, compression: compression),
                        fill: try makeFiller())
                },
                work: { (worker: inout Worker, index: Int) throws -> CompressedStrip in
                    try deadline.check(path)
                    let y0 = index * rowsPerStrip
                    let rows = min(rowsPerStrip, height - y0)
                    if let paintedBox, paintedBox.y1 <= y0 || paintedBox.y0 >= y0 + rows {
                        return try worker.compressor.compressTransparent(rows: rows, isLast: index == stripCount - 1)
                    }
                    try worker.fill(worker.canvas, y0, rows)
                    // A worker that may take another strip clears this one's rows as it reads
                    // them; the last strips handed out are left as they are.
                    guard ranks[index] < stripCount - workers else {
                        return try worker.compressor.compress(
                            worker.canvas.buffer, stride: stride, rows: rows, isLast: index == stripCount - 1)
                    }
                    let strip = try worker.compressor.compressAndClear(
                        worker.canvas.buffer, stride: stride, rows: rows, isLast: index == stripCount - 1)
                    worker.canvas.rowsWereCleared(rows)
                    return strip
                },
                consume: { index, strip in
                    try container.append(strip)
                    progress?(Double(index + 1) / Double(stripCount))
                })
        } catch let error as LogoMaskError {
            throw error
        } catch {
            throw LogoMaskError.drawingFailed(file: path, reason: "\(error)")
        }
        try container.finish()
    }
}
