import Foundation
import MaskGeometry

/// Encodes whole frames as PNG on the calling thread (the reveal's workers each own one): rows
/// filtered and deflated by the same ``StripCompressor`` as the rasterizer's PNGs (rows equal to
/// the one above, most of a reveal frame, cost a comparison), written atomically.
final class FramePNGEncoder {
    private let width: Int
    private let height: Int
    private let rowsPerStrip: Int
    private let compressor: StripCompressor

    init(width: Int, height: Int, compression: PNGCompression = .fast) throws(LogoMaskError) {
        self.width = width
        self.height = height
        // Strips of about 4 MiB of pixels: the compressor keeps only a row or two of its own,
        // so the strip only bounds the size of each deflated piece.
        rowsPerStrip = max(1, min(height, (4 << 20) / max(1, width * PixelLayout.argb32.bytesPerPixel)))
        compressor = try StripCompressor(width: width, layout: .argb32, channels: .rgba, compression: compression)
    }

    /// Writes `pixels` (premultiplied ARGB32, `stride` bytes a row) to `path`.
    func write(_ pixels: UnsafePointer<UInt8>, stride: Int, to path: String) throws(LogoMaskError) {
        let writer = try PNGFileWriter(path: path, width: width, height: height, channels: .rgba)
        var y0 = 0
        while y0 < height {
            let rows = min(rowsPerStrip, height - y0)
            let strip = try compressor.compress(pixels + y0 * stride, stride: stride, rows: rows, isLast: y0 + rows == height)
            try writer.appendStrip(deflated: strip.bytes, adler: strip.adler, rawLength: strip.rawLength)
            y0 += rows
        }
        try writer.finish()
    }
}

/// One picture of sampled frames in a grid, each labelled with its time.
final class ContactSheet {
    /// The frame indices shown: all when there are at most `maxFrames`, else evenly spaced with
    /// the first and the last.
    let indices: [Int]
    private let plane: PixelPlane
    private let context: CairoContext
    private let surface: CairoSurface
    private let thumbWidth: Int
    private let thumbHeight: Int
    private let columns: Int
    private static let margin = 16
    private static let labelHeight = 28

    init(frameCount: Int, width: Int, height: Int, maxFrames: Int = 12, thumbnailWidth: Int = 216) throws(LogoMaskError) {
        if frameCount <= maxFrames {
            indices = Array(0..<frameCount)
        } else {
            var picked: [Int] = []
            for k in 0..<maxFrames {
                let index = Int((Double(k) * Double(frameCount - 1) / Double(maxFrames - 1)).rounded())
                if picked.last != index { picked.append(index) }
            }
            indices = picked
        }
        thumbWidth = min(width, thumbnailWidth)
        thumbHeight = max(1, Int((Double(height) * Double(thumbWidth) / Double(width)).rounded()))
        columns = max(1, min(indices.count, width > height ? 3 : 6))
        let rows = (indices.count + columns - 1) / columns
        let m = Self.margin
        plane = PixelPlane(
            width: m + columns * (thumbWidth + m),
            height: m + rows * (thumbHeight + Self.labelHeight + m))
        surface = try plane.makeSurface()
        context = try CairoContext(surface)
        context.paint(color: RGBAColor(red: 0x20, green: 0x22, blue: 0x26), operator: .source)
    }

    /// Draws frame `index` (shown at `time` seconds) into its cell, if it is one of ``indices``.
    func add(_ frame: FrameBuffer, index: Int, time: Double) {
        guard let slot = indices.firstIndex(of: index) else { return }
        let m = Self.margin
        let x = m + (slot % columns) * (thumbWidth + m)
        let y = m + (slot / columns) * (thumbHeight + Self.labelHeight + m)
        let s = Double(thumbWidth) / Double(frame.width)
        context.save()
        context.clip(to: Rect(x: Double(x), y: Double(y), width: Double(thumbWidth), height: Double(thumbHeight)))
        context.paintImage(
            frame.surface, placement: Transform.scale(s).concatenating(.translation(x: Double(x), y: Double(y))),
            filter: .good, operator: .source)
        context.restore()
        let label = String(format: "t = %.3f s  #%d", time, index)
        context.showText(label, at: Point(x: Double(x), y: Double(y + thumbHeight + 20)), size: 14, color: .white)
    }

    /// Writes the sheet as a PNG.
    func write(to path: String) throws(LogoMaskError) {
        surface.flush()
        let encoder = try FramePNGEncoder(width: plane.width, height: plane.height)
        try encoder.write(plane.bytes, stride: plane.stride, to: path)
    }
}

/// The frame buffers of one job: made once, handed to workers and back.
final class FramePool: @unchecked Sendable {
    private let condition = NSCondition()
    private var free: [FrameBuffer]
    private var cancelled = false

    init(count: Int, width: Int, height: Int) throws(LogoMaskError) {
        var buffers: [FrameBuffer] = []
        for _ in 0..<count { buffers.append(try FrameBuffer(width: width, height: height)) }
        free = buffers
    }

    /// A free buffer, waiting for one if needed; throws once the job is cancelled.
    func take() throws -> FrameBuffer {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty, !cancelled { condition.wait() }
        guard !cancelled, let buffer = free.popLast() else { throw CancellationError() }
        return buffer
    }

    /// Returns a buffer.
    func give(_ buffer: FrameBuffer) {
        condition.lock()
        free.append(buffer)
        condition.signal()
        condition.unlock()
    }

    /// Wakes every waiting worker with an error.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
