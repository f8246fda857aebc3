import FoundationEssentials
import MaskGeometry

/// Renders a whole reveal and sends its frames to a PNG sequence or a video, a contact sheet and
/// a still, through the `FrameSequenceWriter` (one `FrameCompositor` a worker thread, every
/// buffer made once per job, PNG frames encoded on the workers, video frames piped to ffmpeg in
/// order). One frame at a time: ``RevealFramePlayer``.
public enum RevealRenderer {
    /// Renders the reveal at `fps` to `output` (optional), a contact sheet and the launch still
    /// (frame 0, pixel for pixel). Nothing appears at any path unless the whole run succeeds.
    ///
    /// - Parameters:
    ///   - scene: the logo, viewport, look and timeline to render.
    ///   - fps: frames per second, in (0, 240]; a video format that cannot keep it gets its
    ///     fastest true rate instead (``VideoFormat/maxFramesPerSecond``: GIF 50), which the report gives.
    ///   - output: a PNG-sequence folder or a video file; nil writes no frames (only the sheet
    ///     and the still, if asked for).
    ///   - contactSheet: a PNG path for one picture of evenly spaced frames labelled with their
    ///     times; nil writes none.
    ///   - still: a PNG path for frame 0 (the launch image), pixel for pixel; nil writes none.
    ///   - workers: threads compositing frames (default: the active cores).
    ///   - deadline: when to give up; checked before every frame.
    ///   - progress: called on the caller's thread with the fraction of frames done.
    /// - Returns: the frame count, size, scales and the paths written.
    /// - Throws: ``LogoMaskError`` for an invalid frame rate, an unwritable path, a missing
    ///   ffmpeg, a passed deadline or a failed frame; nothing is left at any path then.
    public static func render(
        _ scene: RevealScene, fps: Double, output: RevealOutput?, contactSheet: String? = nil, still: String? = nil,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount, deadline: Deadline = .none,
        progress: ProgressHandler? = nil
    ) throws(LogoMaskError) -> RevealReport {
        try render(
            scene, fps: fps, output: output, contactSheet: contactSheet, still: still, workers: workers, deadline: deadline,
            progress: progress, sheetFramesOnly: false)
    }

    /// The same; with `sheetFramesOnly` and no output, only the frames the contact sheet shows
    /// are drawn (``RevealReport/coveredFrames`` then counts among those): `generate`'s previews.
    static func render(
        _ scene: RevealScene, fps: Double, output: RevealOutput?, contactSheet: String?, still: String?,
        workers: Int, deadline: Deadline, progress: ProgressHandler?, sheetFramesOnly: Bool
    ) throws(LogoMaskError) -> RevealReport {
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw LogoMaskError.invalidParameter(.fps, "must be a number of frames per second in 0...240, not \(fps).")
        }
        // A format that cannot keep the rate gets its fastest true one (GIF: 50); the report says which.
        var fps = fps
        if case let .video(_, format)? = output, let fastest = format.maxFramesPerSecond { fps = min(fps, fastest) }
        let allTimes = scene.frameTimes(fps: fps)
        let times = (output == nil && contactSheet == nil) ? [0] : allTimes
        let layers = try RevealLayers(scene: scene)
        let width = layers.width, height = layers.height

        let destination: FrameSequenceDestination?
        switch output {
        case let .pngSequence(path)?: destination = .pngFolder(path: path)
        case let .video(path, format)?: destination = .video(path: path, format: format, fps: fps)
        case nil: destination = nil
        }
        let sheet = try contactSheet.map { (path: String) throws(LogoMaskError) in
            let sheet = try ContactSheet(
                indices: ContactSheet.evenlySpaced(count: times.count), frameWidth: width, frameHeight: height,
                style: .reveal(frameWidth: width, frameHeight: height),
                label: { index in "t = \(formatFixed(times[index], decimals: 3)) s  #\(index)" })
            return (path: path, sheet: sheet)
        }
        let writer = try FrameSequenceWriter(
            frameCount: times.count, width: width, height: height, destination: destination, contactSheet: sheet)
        let stillTemporary = still.map { writer.stage($0) }
        let stillWriter = try still.map { (_: String) throws(LogoMaskError) in try PNGWriter(width: width, height: height) }
        var coveredFrames = 0
        try writer.run(
            workers: workers, name: scene.logo.name,
            keep: { index in index == 0 && stillTemporary != nil }, onlyShown: sheetFramesOnly,
            makeState: { () throws(LogoMaskError) in try FrameCompositor(scene: scene, layers: layers) },
            render: { (compositor: inout FrameCompositor, index: Int, frame: FrameBuffer) throws(LogoMaskError) -> Bool in
                try deadline.check(scene.logo.name)
                return try compositor.render(scene.state(at: times[index]), into: frame).covered
            },
            consume: { (index: Int, frame: FrameBuffer?, covered: Bool) throws(LogoMaskError) in
                if covered { coveredFrames += 1 }
                if index == 0, let frame, let stillWriter, let stillTemporary {
                    try stillWriter.write(rows: frame.bytes, stride: frame.plane.stride, to: stillTemporary)
                }
            },
            progress: { progress?($0) })
        let written = try writer.commit()
        return RevealReport(
            frameCount: times.count, fps: fps, duration: scene.duration, width: width, height: height,
            finalScale: scene.finalScale, coverScale: scene.cover?.scale, anchor: scene.placement.resolvedAnchor,
            anchorChosen: scene.anchorChoice, anchorNote: scene.anchorNote, coveredFrames: coveredFrames, written: written)
    }
}
