import Foundation
import MaskGeometry

/// How hard the PNG writer compresses. Encoding dominates the time of every rasterizer we
/// measured, so the default favours speed; on logo art it is also the smallest of zlib's codings
/// after the same filters (LZ77 matches break the long zero runs filtered logo art is made of).
public enum PNGCompression: String, Sendable, CaseIterable, Codable {
    /// Run-length matches only (what zlib's `Z_RLE` finds), coded by ``RunLengthDeflater``: the
    /// fastest by far, and on logo art about 0.9-1.0x rsvg-convert's files.
    case fast
    /// `fast`, or zlib level 6 where its LZ77 matches win (repeated shapes such as the letters of
    /// a wordmark), strip by strip: never larger than `fast`, several times slower.
    case balanced
    /// The same with zlib level 9: never larger than `balanced` in practice, slower again.
    case small

    var level: Int32 {
        switch self {
        case .fast: 1
        case .balanced: 6
        case .small: 9
        }
    }

    /// zlib's strategy where zlib does the coding (the reveal's frame writer at `fast`).
    var strategy: DeflateStrategy { self == .fast ? .runLength : .standard }
}

/// A progress report: the fraction of the job done, 0...1. Called on the caller's thread.
public typealias ProgressHandler = (Double) -> Void

/// Draws an image of any size strip by strip on every core and streams it into a PNG file:
/// peak memory depends on the strip (a few MiB a worker), never on the image.
enum StripPNGEncoder {
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
    static func rowsPerStrip(height: Int, stride: Int, stripBytes: Int, workers: Int) -> Int {
        let share = (height + max(1, workers) - 1) / max(1, workers)
        return max(1, min(height, stripBytes / max(1, stride), share, 8192))
    }

    /// `makePainter` runs once on each worker thread and returns the closure that draws image
    /// pixels into a context whose user space is the whole image's pixel grid.
    static func write(
        path: String, width: Int, height: Int, layout: PixelLayout, channels: PNGChannels,
        compression: PNGCompression = .fast, stripBytes: Int = defaultStripBytes, deadline: Deadline = .none,
        progress: ProgressHandler? = nil,
        makePainter: @escaping @Sendable () throws(LogoMaskError) -> (CairoContext) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        try write(
            path: path, width: width, height: height, layout: layout, channels: channels,
            compression: compression, stripBytes: stripBytes, deadline: deadline, progress: progress
        ) { () throws(LogoMaskError) in
            let paint = try makePainter()
            return { (canvas: StripCanvas, y0: Int, rows: Int) throws(LogoMaskError) in
                try canvas.draw(y0: y0, rows: rows, paint: paint)
            }
        }
    }

    /// The same, for pixels that already exist: `makeFiller` runs once on each worker thread and
    /// returns the closure that fills the canvas's rows `0..<rows` with image rows `y0..<y0+rows`
    /// (in the canvas's layout and stride).
    static func write(
        path: String, width: Int, height: Int, layout: PixelLayout, channels: PNGChannels,
        compression: PNGCompression = .fast, stripBytes: Int = defaultStripBytes, deadline: Deadline = .none,
        progress: ProgressHandler? = nil,
        makeFiller: @escaping @Sendable () throws(LogoMaskError) -> (StripCanvas, Int, Int) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        let writer = try PNGFileWriter(path: path, width: width, height: height, channels: channels)
        let stride = layout.stride(width: width)
        let rowsPerStrip = rowsPerStrip(
            height: height, stride: stride, stripBytes: stripBytes, workers: ProcessInfo.processInfo.activeProcessorCount)
        let stripCount = (height + rowsPerStrip - 1) / rowsPerStrip

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
                count: stripCount,
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
                    try worker.fill(worker.canvas, y0, rows)
                    return try worker.compressor.compress(
                        worker.canvas.buffer, stride: stride, rows: rows, isLast: index == stripCount - 1)
                },
                consume: { index, strip in
                    try writer.appendStrip(deflated: strip.bytes, adler: strip.adler, rawLength: strip.rawLength)
                    progress?(Double(index + 1) / Double(stripCount))
                })
        } catch let error as LogoMaskError {
            throw error
        } catch {
            throw LogoMaskError.drawingFailed(file: path, reason: "\(error)")
        }
        try writer.finish()
    }
}
