import FoundationEssentials

/// Draws numbered frames on every core and writes them, in order, to a PNG folder or an ffmpeg
/// video, with an optional ``ContactSheet`` and any other files the caller stages: the one frame
/// pipeline of the reveal and the profile header.
///
/// Every buffer is made once per job: a pool of ``FrameBuffer``s handed to workers and back, one
/// ``PNGWriter`` per worker (PNG frames are encoded on the workers), the caller's own per-worker
/// state. Frames reach the caller's thread in order (``OrderedParallelRunner``), where they go to
/// ffmpeg and the sheet. All or nothing: the folder, the video, the sheet and the staged files
/// are written aside and renamed into place by ``commit()`` only after every frame succeeded;
/// a failure, or a writer dropped without commit, leaves nothing behind.
final class FrameSequenceWriter {
    let frameCount: Int
    let width: Int
    let height: Int
    private let destination: FrameSequenceDestination?
    private let folder: AtomicFolder?
    private let video: FFmpegVideoWriter?
    private let sheet: ContactSheet?
    private let sheetPath: String?
    /// Files written aside by the caller, renamed into place by ``commit()`` in this order.
    private var staged: [(temporary: String, target: String)] = []
    private var finished = false

    /// Opens the destination (creates the temporary folder, or starts ffmpeg) for `frameCount`
    /// frames of `width` x `height` pixels.
    ///
    /// - Throws: ``LogoMaskError/cannotWriteOutput(file:reason:)`` for a missing parent folder;
    ///   ``LogoMaskError/toolUnavailable(tool:reason:)`` when ffmpeg is missing.
    init(
        frameCount: Int, width: Int, height: Int, destination: FrameSequenceDestination?,
        contactSheet: (path: String, sheet: ContactSheet)? = nil
    ) throws(LogoMaskError) {
        self.frameCount = frameCount
        self.width = width
        self.height = height
        self.destination = destination
        switch destination {
        case let .pngFolder(path, _)?:
            folder = try AtomicFolder(path: path)
            video = nil
        case let .video(path, format, fps)?:
            folder = nil
            video = try FFmpegVideoWriter(path: path, format: format, width: width, height: height, fps: fps)
        case nil:
            folder = nil
            video = nil
        }
        sheet = contactSheet?.sheet
        sheetPath = contactSheet?.path
    }

    deinit {
        if !finished { abandon() }
    }

    /// A temporary path for a file that must appear at `target` together with the sequence:
    /// write it there; ``commit()`` renames it into place, a failure removes it.
    func stage(_ target: String) -> String {
        let temporary = TemporaryOutputs.siblingPath(for: target)
        TemporaryOutputs.shared.register(temporary)
        staged.append((temporary, target))
        return temporary
    }

    /// A frame handed to the caller's thread with what its renderer said about it.
    private struct Delivered<Info>: @unchecked Sendable {
        let frame: FrameBuffer?
        let info: Info
    }

    /// What one worker thread owns: the caller's state and a PNG writer.
    private struct Worker<State> {
        var state: State
        let png: PNGWriter?
    }

    /// Draws every frame and writes it; nothing is in place until ``commit()``.
    ///
    /// - Parameters:
    ///   - workers: threads drawing frames (at most one a frame).
    ///   - name: the file named in errors that are not already ``LogoMaskError``s.
    ///   - keep: frames the caller wants to see in `consume` beyond those the sheet and the
    ///     video need (a still).
    ///   - makeState: runs once on each worker thread: its own renderer, drawing, buffers.
    ///   - render: draws frame `index` over the whole buffer, on a worker thread.
    ///   - consume: on the caller's thread, in order, with the frame's pixels when kept.
    ///   - progress: the fraction of frames done, on the caller's thread.
    ///   - onlyShown: without a folder or video, draw only the frames the sheet shows or `keep`
    ///     keeps (`consume` then sees only those): a preview's sheet shows 12 of its frames.
    func run<State, Info>(
        workers: Int, name: String, keep: @escaping @Sendable (Int) -> Bool = { _ in false }, onlyShown: Bool = false,
        makeState: @escaping @Sendable () throws(LogoMaskError) -> State,
        render: @escaping @Sendable (inout State, Int, FrameBuffer) throws(LogoMaskError) -> Info,
        consume: (Int, FrameBuffer?, Info) throws(LogoMaskError) -> Void = { _, _, _ in },
        progress: (Double) -> Void = { _ in }
    ) throws(LogoMaskError) {
        let sheetIndices = Set(sheet?.indices ?? [])
        // The frames drawn, in order: every one, or only those shown.
        let drawn = onlyShown && destination == nil
            ? (0..<frameCount).filter { sheetIndices.contains($0) || keep($0) } : Array(0..<frameCount)
        let workerCount = max(1, min(workers, drawn.count))
        let maxAhead = workerCount + 1
        let pool = try FramePool(count: maxAhead + 1, width: width, height: height)
        defer { pool.cancel() }
        let width = width, height = height
        let folderPath = folder?.temporaryPath
        let digits: Int
        if case let .pngFolder(_, count)? = destination { digits = count } else { digits = 4 }
        let needsEveryFrame = video != nil
        do {
            try OrderedParallelRunner.run(
                count: drawn.count, workers: workerCount, maxAhead: maxAhead,
                makeState: { () throws -> Worker<State> in
                    Worker(
                        state: try makeState(),
                        png: folderPath == nil ? nil : try PNGWriter(width: width, height: height))
                },
                work: { (worker: inout Worker<State>, position: Int) throws -> Delivered<Info> in
                    let index = drawn[position]
                    let frame = try pool.take()
                    let info: Info
                    do {
                        info = try render(&worker.state, index, frame)
                        if let folderPath, let png = worker.png {
                            try png.write(
                                rows: frame.bytes, stride: frame.plane.stride,
                                to: folderPath + "/" + Self.frameName(index, digits: digits))
                        }
                    } catch {
                        pool.give(frame)
                        throw error
                    }
                    guard needsEveryFrame || sheetIndices.contains(index) || keep(index) else {
                        pool.give(frame)
                        return Delivered(frame: nil, info: info)
                    }
                    return Delivered(frame: frame, info: info)
                },
                consume: { (position: Int, delivered: Delivered<Info>) throws in
                    let index = drawn[position]
                    if let frame = delivered.frame {
                        defer { pool.give(frame) }
                        try consume(index, frame, delivered.info)
                        try sheet?.add(frame, index: index)
                        try video?.write(frame)
                    } else {
                        try consume(index, nil, delivered.info)
                    }
                    progress(Double(position + 1) / Double(drawn.count))
                })
        } catch {
            abandon()
            if let error = error as? LogoMaskError { throw error }
            throw LogoMaskError.drawingFailed(file: name, reason: "\(error)")
        }
    }

    /// `frame-0007.png`: the index with at least `digits` digits.
    static func frameName(_ index: Int, digits: Int) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// Writes the contact sheet aside, finishes the video, then renames the sequence, the sheet
    /// and the staged files into place, in that order; returns their paths. On failure removes
    /// whatever is not yet in place.
    @discardableResult
    func commit() throws(LogoMaskError) -> [String] {
        var written: [String] = []
        do throws(LogoMaskError) {
            if let sheet, let sheetPath {
                let temporary = TemporaryOutputs.siblingPath(for: sheetPath)
                TemporaryOutputs.shared.register(temporary)
                staged.insert((temporary, sheetPath), at: 0)
                try sheet.write(to: temporary)
            }
            try video?.finish()
            try folder?.commit()
            if let destination { written.append(destination.path) }
            while !staged.isEmpty {
                let next = staged.removeFirst()
                try TemporaryOutputs.moveIntoPlace(next.temporary, to: next.target)
                written.append(next.target)
            }
            finished = true
        } catch {
            abandon()
            throw error
        }
        return written
    }

    /// Stops ffmpeg and removes every temporary not yet in place.
    private func abandon() {
        finished = true
        video?.cancel()
        for entry in staged { TemporaryOutputs.shared.discard(entry.temporary) }
        staged.removeAll()
    }
}
