import Foundation

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
