/// Where a frame sequence goes.
enum FrameSequenceDestination: Sendable, Equatable {
    /// A folder of `frame-0000.png`, `frame-0001.png`, ... numbered with at least `digits`
    /// digits (replaced whole if it exists).
    case pngFolder(path: String, digits: Int = 4)
    /// A video file written through ffmpeg.
    case video(path: String, format: VideoFormat, fps: Double)

    /// The path asked for.
    var path: String {
        switch self {
        case let .pngFolder(path, _): path
        case let .video(path, _, _): path
        }
    }
}
