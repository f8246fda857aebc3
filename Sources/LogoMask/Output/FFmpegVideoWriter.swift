import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Feeds frames to an `ffmpeg` subprocess as raw BGRA on its standard input, with fixed flags
/// so the same frames give the same bytes, into a temporary file renamed over the target by
/// ``finish()``.
///
/// Cairo's ARGB32 words are B, G, R, A bytes in memory on little-endian machines, so an opaque
/// frame goes to ffmpeg as `bgra` without conversion; MP4 drops alpha, which for premultiplied
/// pixels equals compositing on black. Formats that keep alpha get un-premultiplied copies of
/// frames that have transparent pixels.
final class FFmpegVideoWriter {
    /// Where ffmpeg is looked for, in order, when `LOGO_MASK_FFMPEG` is not set.
    static let searchPath = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"]

    let targetPath: String
    let format: VideoFormat
    let width: Int
    let height: Int
    private let temporaryPath: String
    private let child: ChildProcess
    /// ffmpeg's standard input while it is open (-1 once closed).
    private var input: Int32
    /// ffmpeg's raw wait status once it has been reaped.
    private var waitStatus: Int32?
    private let stderrTail = StderrTail()
    private var converted: UnsafeMutablePointer<UInt32>?
    private var finished = false

    /// The ffmpeg executable: `LOGO_MASK_FFMPEG`, else the first `ffmpeg` on `PATH` or in
    /// ``searchPath``.
    static func locate() throws(LogoMaskError) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["LOGO_MASK_FFMPEG"], !given.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw LogoMaskError.toolUnavailable(
                    tool: "ffmpeg",
                    reason: "LOGO_MASK_FFMPEG=\(given) is not an executable file. Unset it to use ffmpeg from PATH (Debian: `sudo apt-get install ffmpeg`).")
            }
            return given
        }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + searchPath
        for folder in folders where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("ffmpeg").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw LogoMaskError.toolUnavailable(
            tool: "ffmpeg",
            reason: "not found on PATH. Video output (.mp4, .gif, .webp, .apng) runs the ffmpeg program: install it with `sudo apt-get install ffmpeg` (Debian/Ubuntu) or `brew install ffmpeg`, or write the frames as a PNG sequence into a folder instead.")
    }

    /// The arguments after the executable, for a temporary output path.
    static func arguments(format: VideoFormat, width: Int, height: Int, fps: Double, output: String) -> [String] {
        let rate = fpsText(fps)
        var args = [
            "-hide_banner", "-nostats", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-framerate", rate, "-i", "-",
            "-an", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact",
        ]
        switch format {
        case .mp4:
            // yuv420p needs even sides: pad odd ones by repeating the last column or row.
            let padW = width % 2, padH = height % 2
            var filters: [String] = []
            if padW + padH > 0 {
                filters.append("pad=\(width + padW):\(height + padH):0:0,fillborders=right=\(padW):bottom=\(padH):mode=smear")
            }
            // Converted with BT.709's matrix to limited range and tagged so: players that read the
            // tags (all current ones) show the brand colour as drawn; untagged, many assume BT.601.
            filters.append("scale=out_color_matrix=bt709:out_range=tv")
            args += [
                "-vf", filters.joined(separator: ","),
                "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
                "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
                // A fixed thread count: x264's output depends on it, never on the machine's cores.
                "-threads", "2",
                "-movflags", "+faststart", "-bitexact", "-f", "mp4",
            ]
        case .gif:
            args += [
                "-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0", "-bitexact", "-f", "gif",
            ]
        case .webp:
            args += ["-c:v", "libwebp_anim", "-lossless", "0", "-q:v", "85", "-loop", "0", "-pix_fmt", "yuva420p", "-f", "webp"]
        case .apng:
            args += ["-c:v", "apng", "-plays", "0", "-pix_fmt", "rgba", "-f", "apng"]
        }
        return args + ["-y", output]
    }

    /// Starts ffmpeg writing `path` (through a temporary beside it).
    init(path: String, format: VideoFormat, width: Int, height: Int, fps: Double) throws(LogoMaskError) {
        let executable = try Self.locate()
        try TemporaryOutputs.checkTarget(path, as: .file)
        targetPath = path
        self.format = format
        self.width = width
        self.height = height
        temporaryPath = TemporaryOutputs.siblingPath(for: path)
        TemporaryOutputs.shared.register(temporaryPath)
        // A dead ffmpeg must surface as EPIPE from write(2), not kill this process.
        signal(SIGPIPE, SIG_IGN)
        // As Foundation's Process started it: its own process group, no other descriptor of
        // this process inherited, signal dispositions inherited (SIGPIPE ignored).
        let command = [executable] + Self.arguments(format: format, width: width, height: height, fps: fps, output: temporaryPath)
        do throws(ChildProcess.Failure) {
            child = try ChildProcess.spawn(
                command, output: .discarded, options: .init(ownProcessGroup: true, closeInheritedDescriptors: true))
        } catch {
            TemporaryOutputs.shared.unregister(temporaryPath)
            throw LogoMaskError.toolUnavailable(tool: "ffmpeg", reason: "cannot start \(executable): \(error.reason)")
        }
        input = child.input
        stderrTail.drain(child.errors)
        // A 1 MiB pipe (Linux F_SETPIPE_SZ, the unprivileged maximum) instead of 64 KiB: a frame
        // of several MiB then crosses in a few writes instead of hundreds of wake-ups.
        #if os(Linux)
        _ = fcntl(input, 1031, 1 << 20)
        #endif
    }

    deinit {
        if !finished { cancel() }
        converted?.deallocate()
    }

    /// Sends one frame (premultiplied ARGB32, stride = width x 4).
    func write(_ frame: FrameBuffer) throws(LogoMaskError) {
        var bytes = UnsafeRawPointer(frame.bytes)
        let count = width * height * 4
        if format.keepsAlpha, hasTransparency(frame.pixels, count: width * height) {
            let out = converted ?? .allocate(capacity: width * height)
            converted = out
            unpremultiply(frame.pixels, into: out, count: width * height)
            bytes = UnsafeRawPointer(out)
        }
        let error = input < 0 ? EPIPE : FileDescriptorWriter.writeAll(input, bytes, count: count)
        if error != 0 {
            throw failure(error == EPIPE ? "ffmpeg stopped reading frames" : SystemErrorText.describe(errno: error))
        }
    }

    /// Closes ffmpeg's input, waits for it, and renames the file into place.
    func finish() throws(LogoMaskError) {
        closeInput()
        let status = reap()
        stderrTail.wait()
        finished = true
        // The status Foundation's Process reported: the exit code, or the signal that ended it.
        let signal = status & 0x7F
        guard signal == 0, (status >> 8) & 0xFF == 0 else {
            TemporaryOutputs.shared.discard(temporaryPath)
            throw failure("ffmpeg exited with status \(signal == 0 ? (status >> 8) & 0xFF : signal)", waited: true)
        }
        try TemporaryOutputs.moveIntoPlace(temporaryPath, to: targetPath)
    }

    /// Stops ffmpeg and removes the temporary.
    func cancel() {
        finished = true
        closeInput()
        // Not reaped yet: still running, or ended and waiting to be reaped (a signal then does nothing).
        if waitStatus == nil { kill(child.pid, SIGTERM) }
        _ = reap()
        TemporaryOutputs.shared.discard(temporaryPath)
    }

    private func closeInput() {
        guard input >= 0 else { return }
        Glibc.close(input)
        input = -1
    }

    /// Waits for ffmpeg's end once and returns its raw wait status.
    private func reap() -> Int32 {
        if let waitStatus { return waitStatus }
        let status = ChildProcess.waitStatus(of: child.pid)
        waitStatus = status
        return status
    }

    private func failure(_ what: String, waited: Bool = false) -> LogoMaskError {
        if !waited {
            closeInput()
            _ = reap()
            stderrTail.wait()
        }
        let tail = stderrTail.text.trimmed
        return LogoMaskError.toolUnavailable(
            tool: "ffmpeg",
            reason: "\(what) while writing \(targetPath)" + (tail.isEmpty ? "." : ": \(tail)"))
    }

    private static func fpsText(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }
}

/// True when any pixel is not fully opaque.
private func hasTransparency(_ pixels: UnsafePointer<UInt32>, count: Int) -> Bool {
    for i in 0..<count where pixels[i] < 0xFF00_0000 { return true }
    return false
}

/// Premultiplied ARGB32 to straight BGRA words, rounding as Cairo's PNG writer does.
private func unpremultiply(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int) {
    for i in 0..<count {
        let p = source[i]
        let a = p >> 24
        if a == 255 || a == 0 {
            out[i] = a == 0 ? 0 : p
            continue
        }
        func straight(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
        out[i] = a << 24 | straight((p >> 16) & 0xFF) << 16 | straight((p >> 8) & 0xFF) << 8 | straight(p & 0xFF)
    }
}

/// Collects the last few kilobytes of a process's standard error on a background thread.
private final class StderrTail: Sendable {
    private let data = Mutex<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    /// Reads `fd` to its end on a new thread, then closes it.
    func drain(_ fd: Int32) {
        let reading = DetachedThread.start { [self] in
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                data.withLock { data in
                    data += chunk[0..<got]
                    if data.count > 8192 { data = Array(data.suffix(4096)) }
                }
            }
            Glibc.close(fd)
            done.signal()
        }
        if reading { started.store(true, ordering: .relaxed) } else { Glibc.close(fd) }
    }

    func wait() {
        guard started.load(ordering: .relaxed) else { return }
        done.wait()
        done.signal()
    }

    var text: String {
        let bytes = data.withLock { $0 }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").suffix(8)
        return lines.joined(separator: " | ")
    }
}

private extension String {
    /// The text without leading and trailing white space and line breaks, scalar by scalar (as
    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`).
    var trimmed: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
