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

    /// True when the format keeps transparency (frames then go to ffmpeg un-premultiplied).
    var keepsAlpha: Bool { self != .mp4 }
}
