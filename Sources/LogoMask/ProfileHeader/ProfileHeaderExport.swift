import Foundation
import MaskGeometry

/// What a profile-header job writes.
public struct ProfileHeaderJob: Sendable {
    /// The scroll offsets, one frame each (points).
    public var offsets: [Double]
    /// A folder (PNG sequence `frame-0000.png`, ...) or a video: `.mp4`, `.gif`, `.webp`, `.apng` (ffmpeg).
    public var output: String
    /// Frames a second of a video.
    public var fps: Double = 30
    /// A contact sheet PNG of sampled frames, labelled with their offsets, if wanted.
    public var contactSheet: String?
    /// The derived constants as JSON (``HeaderConstants``); nil writes none.
    public var constants: String?
    /// The blurred header PNG (the asset made once); nil writes none.
    public var blurredHeader: String?

    /// A job with the constants and the blurred header written beside `output`:
    /// `STEM.constants.json` and `STEM.blurred-header.png`, where STEM is `output` without a
    /// video extension.
    public init(offsets: [Double], output: String) {
        self.offsets = offsets
        self.output = output
        let stem = VideoFormat(path: output) != nil ? (output as NSString).deletingPathExtension : output
        let trimmed = stem.hasSuffix("/") && stem.count > 1 ? String(stem.dropLast()) : stem
        constants = trimmed + ".constants.json"
        blurredHeader = trimmed + ".blurred-header.png"
    }
}

/// What a profile-header job did.
public struct ProfileHeaderReport: Sendable, Equatable {
    /// Frames written.
    public var frames: Int
    /// Frame width, pixels.
    public var frameWidth: Int
    /// Frame height, pixels.
    public var frameHeight: Int
    /// Seconds the one-time blur took.
    public var blurSeconds: Double
    /// Every file or folder written, in order.
    public var written: [String]
}

extension ProfileHeaderRenderer {
    /// Renders every offset of `job` and writes its outputs, each atomically (a folder is written
    /// aside and renamed into place; an existing one is replaced). Frames are drawn on every core
    /// into a few reused buffers and written in order.
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for no offsets, a non-finite offset or an
    ///   unknown output extension; ``LogoMaskError/toolUnavailable(tool:reason:)`` when a video
    ///   needs ffmpeg and it is missing (Debian package `ffmpeg`); write failures.
    public func export(
        _ job: ProfileHeaderJob, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (Double) -> Void = { _ in }
    ) throws(LogoMaskError) -> ProfileHeaderReport {
        guard !job.offsets.isEmpty else { throw .invalidRequest("No scroll offsets to render.") }
        guard job.offsets.allSatisfy(\.isFinite) else { throw .invalidRequest("Every scroll offset must be a finite number.") }
        guard job.fps.isFinite, job.fps > 0, job.fps <= 240 else {
            throw .invalidParameter(.fps, "must be a number in (0, 240]; \(job.fps) is not.")
        }
        let ext = URL(fileURLWithPath: job.output).pathExtension.lowercased()
        let video = VideoFormat(path: job.output)
        if video == nil, ["mov", "mkv", "avi", "webm", "png", "jpg", "jpeg"].contains(ext) {
            throw .invalidRequest(
                "\(job.output): .\(ext) is not an output this command writes; give a folder for a PNG sequence, or a .mp4, .gif, .webp or .apng video.")
        }

        let count = job.offsets.count
        let workerCount = max(1, min(workers, count))
        let pool = try FramePool(count: workerCount + 2, width: frameWidth, height: frameHeight)
        var folder: AtomicFolder?
        var encoder: FramePNGEncoder?
        var videoWriter: FFmpegVideoWriter?
        if let video {
            videoWriter = try FFmpegVideoWriter(path: job.output, format: video, width: frameWidth, height: frameHeight, fps: job.fps)
        } else {
            folder = try AtomicFolder(path: job.output)
            encoder = try FramePNGEncoder(width: frameWidth, height: frameHeight)
        }
        let sheet = try job.contactSheet.map { (_: String) throws(LogoMaskError) in
            try HeaderContactSheet(
                offsets: job.offsets,
                keyOffsets: [-layout.headerHeight, 0, layout.headerStop, layout.headerStop + 1, layout.labelOffset,
                             (layout.labelOffset + layout.labelEndOffset) / 2, layout.labelEndOffset],
                frameWidth: frameWidth, frameHeight: frameHeight, pixelScale: pixelScale)
        }
        let digits = max(4, String(count - 1).count)
        let offsets = job.offsets
        do {
            try OrderedParallelRunner.run(
                count: count, workers: workerCount,
                makeState: { () throws -> HeaderWorker in try self.makeWorker() },
                work: { (worker: inout HeaderWorker, index: Int) throws -> FrameBuffer in
                    let frame = try pool.take()
                    do {
                        try self.render(offset: offsets[index], into: frame, worker: &worker)
                    } catch {
                        pool.give(frame)
                        throw error
                    }
                    return frame
                },
                consume: { (index: Int, frame: FrameBuffer) throws in
                    defer { pool.give(frame) }
                    if let folder, let encoder {
                        let name = "frame-" + String(repeating: "0", count: max(0, digits - String(index).count)) + String(index) + ".png"
                        try encoder.write(frame.bytes, stride: frame.plane.stride, to: folder.temporaryPath + "/" + name)
                    }
                    try videoWriter?.write(frame)
                    try sheet?.add(frame, index: index)
                    progress(Double(index + 1) / Double(count))
                })
        } catch {
            pool.cancel()
            videoWriter?.cancel()
            if let error = error as? LogoMaskError { throw error }
            throw .drawingFailed(file: job.output, reason: String(describing: error))
        }
        var written: [String] = []
        try folder?.commit()
        try videoWriter?.finish()
        written.append(job.output)
        if let path = job.contactSheet, let sheet {
            try sheet.write(to: path)
            written.append(path)
        }
        if let path = job.constants {
            let data = HeaderConstants(layout: layout, pixelScale: pixelScale).jsonData() + Data("\n".utf8)
            let file = try AtomicFile(path: path)
            try file.write([UInt8](data))
            try file.commit()
            written.append(path)
        }
        if let path = job.blurredHeader {
            try blurredHeader.writePNG(to: path)
            written.append(path)
        }
        return ProfileHeaderReport(
            frames: count, frameWidth: frameWidth, frameHeight: frameHeight, blurSeconds: blurSeconds, written: written)
    }
}

/// Sampled frames in a grid on a dark sheet, each labelled with its scroll offset.
final class HeaderContactSheet {
    /// The frame indices shown: all when at most `maxFrames`, else the frames nearest the key
    /// offsets (the layout's breakpoints) first, then evenly spaced ones, in frame order.
    let indices: [Int]
    private let offsets: [Double]
    private let sheet: HeaderPixels
    private let surface: CairoSurface
    private let context: CairoContext
    private let thumbWidth: Int
    private let thumbHeight: Int
    private let columns: Int
    private static let margin = 16
    private static let labelHeight = 26

    init(
        offsets: [Double], keyOffsets: [Double] = [], frameWidth: Int, frameHeight: Int, pixelScale: Double,
        maxFrames: Int = 12
    ) throws(LogoMaskError) {
        let count = offsets.count
        if count <= maxFrames {
            indices = Array(0..<count)
        } else {
            var picked = Set([0, count - 1])
            for key in keyOffsets where picked.count < maxFrames {
                // The first frame nearest the key offset.
                if let nearest = offsets.indices.min(by: { abs(offsets[$0] - key) < abs(offsets[$1] - key) }) {
                    picked.insert(nearest)
                }
            }
            // Then evenly spaced frames, on ever finer grids, until the sheet is full.
            var spans = maxFrames - 1
            while picked.count < maxFrames {
                for j in 0...spans where picked.count < maxFrames {
                    picked.insert(Int((Double(j) * Double(count - 1) / Double(spans)).rounded()))
                }
                spans *= 2
            }
            indices = picked.sorted()
        }
        self.offsets = offsets
        // Thumbnails at 1 pixel a point (at most the frame's own size).
        thumbWidth = max(1, min(frameWidth, Int((Double(frameWidth) / max(1, pixelScale)).rounded())))
        thumbHeight = max(1, Int((Double(frameHeight) * Double(thumbWidth) / Double(frameWidth)).rounded()))
        columns = max(1, min(indices.count, 6))
        let rows = (indices.count + columns - 1) / columns
        let m = Self.margin
        sheet = HeaderPixels(width: m + columns * (thumbWidth + m), height: m + rows * (thumbHeight + Self.labelHeight + m))
        surface = try sheet.surface()
        context = try CairoContext(surface)
        context.paint(color: RGBAColor(red: 0x20, green: 0x22, blue: 0x26), operator: .source)
    }

    /// Draws frame `index` into its cell when it is one of ``indices``.
    func add(_ frame: FrameBuffer, index: Int) throws(LogoMaskError) {
        guard let slot = indices.firstIndex(of: index) else { return }
        let m = Self.margin
        let x = Double(m + (slot % columns) * (thumbWidth + m))
        let y = Double(m + (slot / columns) * (thumbHeight + Self.labelHeight + m))
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        context.fillImage(
            frame.surface, imageSize: size,
            into: Rect(x: x, y: y, width: Double(thumbWidth), height: Double(thumbHeight)),
            transform: .identity, padEdges: false)
        let label = "offset \(formatNumber(offsets[index], decimals: 1)) pt  #\(index)"
        context.showText(
            label, at: Point(x: x, y: y + Double(thumbHeight) + 18), transform: .identity, size: 13, bold: false, color: .white)
        if let reason = context.failure { throw .drawingFailed(file: "contact sheet", reason: reason) }
    }

    /// Writes the sheet as a PNG, atomically.
    func write(to path: String) throws(LogoMaskError) {
        surface.flush()
        try sheet.image().writePNG(to: path)
    }
}
