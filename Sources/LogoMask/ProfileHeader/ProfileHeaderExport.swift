import FoundationEssentials
import LogoAnimation
import MaskGeometry

extension ProfileHeaderRenderer {
    /// Renders every offset of `job` and writes its outputs, all or nothing: the sequence, the
    /// contact sheet, the constants and the blurred header are written aside and renamed into
    /// place only when every one of them succeeded (an existing folder is replaced). Frames are
    /// drawn on every core into a few reused buffers (`FrameSequenceWriter`).
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
        let video = VideoFormat(path: job.output)
        if VideoFormat.isUnsupportedSequenceOutput(job.output) {
            let ext = URL(fileURLWithPath: job.output).pathExtension.lowercased()
            throw .invalidRequest(
                "\(job.output): .\(ext) is not an output this command writes; give a folder for a PNG sequence, or a .mp4, .gif, .webp or .apng video.")
        }

        let count = job.offsets.count
        let offsets = job.offsets
        let destination: FrameSequenceDestination
        if let video {
            destination = .video(path: job.output, format: video, fps: job.fps)
        } else {
            destination = .pngFolder(path: job.output, digits: max(4, String(count - 1).count))
        }
        let sheet = try job.contactSheet.map { (path: String) throws(LogoMaskError) in
            let keyOffsets = [
                -layout.headerHeight, 0, layout.headerStop, layout.headerStop + 1, layout.labelOffset,
                (layout.labelOffset + layout.labelEndOffset) / 2, layout.labelEndOffset,
            ]
            // The first frame nearest each key offset (the layout's breakpoints).
            let keyFrames = keyOffsets.compactMap { key in
                offsets.indices.min(by: { abs(offsets[$0] - key) < abs(offsets[$1] - key) })
            }
            let sheet = try ContactSheet(
                indices: ContactSheet.including(keyFrames, count: count), frameWidth: frameWidth, frameHeight: frameHeight,
                style: .header(frameWidth: frameWidth, pixelScale: pixelScale),
                label: { index in "offset \(formatNumber(offsets[index], decimals: 1)) pt  #\(index)" })
            return (path: path, sheet: sheet)
        }
        let writer = try FrameSequenceWriter(
            frameCount: count, width: frameWidth, height: frameHeight, destination: destination, contactSheet: sheet)
        try writer.run(
            workers: workers, name: job.output,
            makeState: { () throws(LogoMaskError) -> HeaderWorker in try self.makeWorker() },
            render: { (worker: inout HeaderWorker, index: Int, frame: FrameBuffer) throws(LogoMaskError) in
                try self.render(offset: offsets[index], into: frame, worker: &worker)
            },
            progress: progress)
        // The files beside the sequence are written aside too and appear only with it.
        if let path = job.constants {
            let data = HeaderConstants(layout: layout, pixelScale: pixelScale).jsonData() + Data("\n".utf8)
            let file = try AtomicFile(path: writer.stage(path))
            try file.write([UInt8](data))
            try file.commit()
        }
        if let path = job.blurredHeader {
            try blurredHeader.writePNG(to: writer.stage(path))
        }
        let written = try writer.commit()
        return ProfileHeaderReport(
            frames: count, frameWidth: frameWidth, frameHeight: frameHeight, blurSeconds: blurSeconds, written: written)
    }
}
