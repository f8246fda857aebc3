import FoundationEssentials

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
        if VideoFormat.isUnsupportedSequenceOutput(path) {
            throw LogoMaskError.unsupportedRevealOutput(file: path)
        }
        self = .pngSequence(folder: path)
    }
}
