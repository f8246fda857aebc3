import FoundationEssentials

/// What a profile-header job writes.
public struct ProfileHeaderJob: Sendable {
    /// The scroll offsets, one frame each (points).
    public var offsets: [Double]
    /// A folder (PNG sequence `frame-0000.png`, ...) or a video: `.mp4`, `.gif`, `.webp`, `.apng` (ffmpeg).
    public var output: String
    /// Frames a second of a video.
    public var fps: Double = 30
    /// A contact sheet PNG of sampled frames, labelled with their offsets, if wanted.
    public var contactSheet: String?
    /// The derived constants as JSON (`HeaderConstants`); nil writes none.
    public var constants: String?
    /// The blurred header PNG (the asset made once); nil writes none.
    public var blurredHeader: String?

    /// A job with the constants and the blurred header written beside `output`:
    /// `STEM.constants.json` and `STEM.blurred-header.png`, where STEM is `output` without a
    /// video extension.
    public init(offsets: [Double], output: String) {
        self.offsets = offsets
        self.output = output
        let stem = VideoFormat(path: output) != nil ? Self.withoutExtension(output) : output
        let trimmed = stem.hasSuffix("/") && stem.count > 1 ? String(stem.dropLast()) : stem
        constants = trimmed + ".constants.json"
        blurredHeader = trimmed + ".blurred-header.png"
    }

    /// `path` without the extension of its last component (`a/b.mp4` to `a/b`), as NSString's
    /// `deletingPathExtension` gave: a leading dot is a hidden file's name, not an extension.
    static func withoutExtension(_ path: String) -> String {
        // NSString first dropped trailing slashes and doubled ones (`a//b.mp4/` is `a/b.mp4`).
        var path = path
        while path.contains("//") { path = path.replacing("//", with: "/") }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path[..<dot])
    }
}
