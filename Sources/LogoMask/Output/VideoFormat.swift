import FoundationEssentials

/// The video containers the reveal writes through ffmpeg.
public enum VideoFormat: String, Sendable, CaseIterable, Codable {
    /// H.264 (libx264, yuv420p) in MP4: what apps play after their launch still.
    case mp4
    /// GIF with a palette made for the whole clip (palettegen, paletteuse).
    case gif
    /// Animated WebP (libwebp_anim).
    case webp
    /// Animated PNG, lossless.
    case apng

    /// The format for a path's extension, nil for other extensions.
    public init?(path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        switch ext {
        case "mp4", "m4v": self = .mp4
        case "gif": self = .gif
        case "webp": self = .webp
        case "apng": self = .apng
        default: return nil
        }
    }

    /// The fastest frame rate the format plays at its real speed, nil when any rate plays so.
    /// GIF keeps each frame's delay in whole hundredths of a second and browsers raise delays
    /// under two hundredths to ten: 60 fps becomes delays of 2, 1, 2… and a 0.6 s reveal lasts
    /// 1.7 s, while 50 fps (2 each) plays true.
    public var maxFramesPerSecond: Double? {
        self == .gif ? 50 : nil
    }

    /// True for a path that is neither a PNG-sequence folder nor a video this package writes: a
    /// single picture (`.png`, `.jpg`: a sequence is a folder) or a container ffmpeg is not asked
    /// for (`.mov`, `.webm`, ...). Reveal and header outputs refuse it alike.
    static func isUnsupportedSequenceOutput(_ path: String) -> Bool {
        VideoFormat(path: path) == nil
            && ["png", "jpg", "jpeg", "mov", "webm", "avi", "mkv"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// True when the format keeps transparency (frames then go to ffmpeg un-premultiplied).
    var keepsAlpha: Bool { self != .mp4 }
}
