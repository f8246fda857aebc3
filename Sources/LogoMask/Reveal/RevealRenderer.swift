import Foundation
import MaskGeometry

/// Where the reveal's frames go.
public enum RevealOutput: Sendable, Equatable {
    /// A folder of `frame-0000.png`, `frame-0001.png`, ... (replaced whole if it exists).
    case pngSequence(folder: String)
    /// A video file written through ffmpeg.
    case video(path: String, format: VideoFormat)

    /// A video for a path ending `.mp4`, `.gif`, `.webp` or `.apng`, else a PNG-sequence folder.
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for a single-picture extension
    ///   (`.png`, `.jpg`): a PNG sequence is a folder, and one picture is `--still`.
    public init(path: String) throws(LogoMaskError) {
        if let format = VideoFormat(path: path) {
            self = .video(path: path, format: format)
            return
        }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ["png", "jpg", "jpeg", "mov", "webm", "avi", "mkv"].contains(ext) {
            throw LogoMaskError.unsupportedRevealOutput(file: path)
        }
        self = .pngSequence(folder: path)
    }
}

/// What a reveal run did.
public struct RevealReport: Sendable, Codable {
    /// Frames rendered.
    public var frameCount: Int
    /// Frames per second.
    public var fps: Double
    /// Seconds the reveal lasts.
    public var duration: Double
    /// Frame size in pixels.
    public var width: Int
    /// Frame size in pixels.
    public var height: Int
    /// The final hole scale used, when the spec has one.
    public var finalScale: Double?
    /// The computed cover scale, when computed.
    public var coverScale: Double?
    /// Frames that took the "hole covers the viewport" shortcut.
    public var coveredFrames: Int
    /// The files and folders written, in the order: output, contact sheet, still.
    public var written: [String]
}

/// Renders reveal frames and sends them to PNG sequences, videos, contact sheets and stills.
///
/// Frames are composited on worker threads (one ``FrameCompositor`` each, every buffer made once
/// per job) and delivered in order; PNG frames are encoded on the workers too, video frames are
/// piped to ffmpeg in order.
public enum RevealRenderer {
    /// One frame at `time` seconds as premultiplied ARGB (the same pixels a run writes).
    public static func renderFrame(_ scene: RevealScene, at time: Double) throws(LogoMaskError) -> RasterImage {
        let layers = try RevealLayers(scene: scene)
        let compositor = try FrameCompositor(scene: scene, layers: layers)
        let frame = try FrameBuffer(width: layers.width, height: layers.height)
        try compositor.render(scene.state(at: time), into: frame)
        return frame.plane.image()
    }

    /// Renders the reveal at `fps` to `output` (optional), a contact sheet and the launch still
    /// (frame 0, pixel for pixel). Nothing appears at any path unless the whole run succeeds.
    ///
    /// - Parameters:
    ///   - workers: threads compositing frames (default: the active cores).
    ///   - progress: called on the caller's thread with the fraction of frames done.
    public static func render(
        _ scene: RevealScene, fps: Double, output: RevealOutput?, contactSheet: String? = nil, still: String? = nil,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount, deadline: Deadline = .none,
        progress: ProgressHandler? = nil
    ) throws(LogoMaskError) -> RevealReport {
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw LogoMaskError.invalidParameter(.fps, "must be a number of frames per second in 0...240, not \(fps).")
        }
        let allTimes = scene.frameTimes(fps: fps)
        let times = (output == nil && contactSheet == nil) ? [0] : allTimes
        let layers = try RevealLayers(scene: scene)
        let width = layers.width, height = layers.height
        let workerCount = max(1, min(workers, times.count))
        let maxAhead = workerCount + 1
        let pool = try FramePool(count: maxAhead + 1, width: width, height: height)
        defer { pool.cancel() }

        let folder: AtomicFolder?
        let video: FFmpegVideoWriter?
        switch output {
        case let .pngSequence(path)?:
            folder = try AtomicFolder(path: path)
            video = nil
        case let .video(path, format)?:
            folder = nil
            video = try FFmpegVideoWriter(path: path, format: format, width: width, height: height, fps: fps)
        case nil:
            folder = nil
            video = nil
        }
        let sheet = try contactSheet.map { (_: String) throws(LogoMaskError) in
            try ContactSheet(frameCount: times.count, width: width, height: height)
        }
        let sheetIndices = Set(sheet?.indices ?? [])
        let stillTemporary = still.map { TemporaryOutputs.siblingPath(for: $0) }
        let stillEncoder = try still.map { (_: String) throws(LogoMaskError) in try FramePNGEncoder(width: width, height: height) }
        let keepsVideo = video != nil
        let wantsStill = still != nil
        let folderPath = folder?.temporaryPath
        var coveredFrames = 0

        struct Delivered: @unchecked Sendable {
            let frame: FrameBuffer?
            let covered: Bool
        }
        struct Worker {
            let compositor: FrameCompositor
            let encoder: FramePNGEncoder?
        }
        do {
            try OrderedParallelRunner.run(
                count: times.count, workers: workerCount, maxAhead: maxAhead,
                makeState: { () throws -> Worker in
                    Worker(
                        compositor: try FrameCompositor(scene: scene, layers: layers),
                        encoder: folderPath == nil ? nil : try FramePNGEncoder(width: width, height: height))
                },
                work: { (worker: inout Worker, index: Int) throws -> Delivered in
                    try deadline.check(scene.logo.name)
                    let frame = try pool.take()
                    let stats = try worker.compositor.render(scene.state(at: times[index]), into: frame)
                    if let folderPath, let encoder = worker.encoder {
                        let name = String(format: "frame-%04d.png", index)
                        try encoder.write(frame.bytes, stride: frame.plane.stride, to: folderPath + "/" + name)
                    }
                    let needed = keepsVideo || sheetIndices.contains(index) || (index == 0 && wantsStill)
                    if !needed {
                        pool.give(frame)
                        return Delivered(frame: nil, covered: stats.covered)
                    }
                    return Delivered(frame: frame, covered: stats.covered)
                },
                consume: { index, delivered in
                    if delivered.covered { coveredFrames += 1 }
                    if let frame = delivered.frame {
                        defer { pool.give(frame) }
                        if index == 0, let stillEncoder, let stillTemporary {
                            TemporaryOutputs.shared.register(stillTemporary)
                            try stillEncoder.write(frame.bytes, stride: frame.plane.stride, to: stillTemporary)
                        }
                        sheet?.add(frame, index: index, time: times[index])
                        try video?.write(frame)
                    }
                    progress?(Double(index + 1) / Double(times.count))
                })
        } catch {
            video?.cancel()
            if let stillTemporary {
                try? FileManager.default.removeItem(atPath: stillTemporary)
                TemporaryOutputs.shared.unregister(stillTemporary)
            }
            if let error = error as? LogoMaskError { throw error }
            throw LogoMaskError.drawingFailed(file: scene.logo.name, reason: "\(error)")
        }

        // Everything is drawn: put the outputs in place.
        var written: [String] = []
        var sheetTemporary: String?
        do throws(LogoMaskError) {
            if let sheet, let contactSheet {
                let temporary = TemporaryOutputs.siblingPath(for: contactSheet)
                TemporaryOutputs.shared.register(temporary)
                sheetTemporary = temporary
                try sheet.write(to: temporary)
            }
            try video?.finish()
            try folder?.commit()
            if case let .pngSequence(path)? = output { written.append(path) }
            if case let .video(path, _)? = output { written.append(path) }
            if let contactSheet, let sheetTemporary {
                try move(sheetTemporary, to: contactSheet)
                written.append(contactSheet)
            }
            if let still, let stillTemporary {
                try move(stillTemporary, to: still)
                written.append(still)
            }
        } catch {
            for path in [sheetTemporary, stillTemporary].compactMap({ $0 }) {
                try? FileManager.default.removeItem(atPath: path)
                TemporaryOutputs.shared.unregister(path)
            }
            throw error
        }
        return RevealReport(
            frameCount: times.count, fps: fps, duration: scene.duration, width: width, height: height,
            finalScale: scene.finalScale, coverScale: scene.cover?.scale, coveredFrames: coveredFrames, written: written)
    }

    private static func move(_ temporary: String, to path: String) throws(LogoMaskError) {
        defer { TemporaryOutputs.shared.unregister(temporary) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw LogoMaskError.cannotWriteOutput(file: path, reason: reason)
        }
    }
}

/// Timings of the compositor alone (no encoding), for benchmarks.
public struct CompositorTiming: Sendable, Codable {
    /// Frame size in pixels.
    public var width: Int
    /// Frame size in pixels.
    public var height: Int
    /// The reveal time of the frame measured.
    public var time: Double
    /// Best seconds of compositing that frame into a reused buffer (after one warm-up).
    public var compositeSeconds: Double
    /// Best seconds of copying the frame's bytes once (`memcpy`): the floor.
    public var copySeconds: Double
    /// True when the frame took the "hole covers the viewport" shortcut.
    public var covered: Bool
}

extension RevealRenderer {
    /// Measures compositing the frame at `time` on one thread, `repeats` times into the same
    /// buffer, against copying the frame's bytes once; reports the best of each.
    public static func measureCompositing(_ scene: RevealScene, at time: Double, repeats: Int = 20) throws(LogoMaskError) -> CompositorTiming {
        let layers = try RevealLayers(scene: scene)
        let compositor = try FrameCompositor(scene: scene, layers: layers)
        let frame = try FrameBuffer(width: layers.width, height: layers.height)
        let state = scene.state(at: time)
        var stats = try compositor.render(state, into: frame)
        let clock = ContinuousClock()
        func seconds(_ d: Duration) -> Double {
            Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        var best = Double.infinity
        for _ in 0..<max(1, repeats) {
            let start = clock.now
            stats = try compositor.render(state, into: frame)
            best = min(best, seconds(clock.now - start))
        }
        let copy = PixelPlane(width: layers.width, height: layers.height)
        var bestCopy = Double.infinity
        let count = layers.width * layers.height
        for _ in 0..<max(1, repeats) {
            let elapsed = clock.measure { copy.pixels.update(from: frame.pixels, count: count) }
            bestCopy = min(bestCopy, seconds(elapsed))
        }
        return CompositorTiming(
            width: layers.width, height: layers.height, time: time, compositeSeconds: best,
            copySeconds: bestCopy, covered: stats.covered)
    }
}
