import FoundationEssentials
import MaskGeometry

/// What ``RevealFramePlayer`` did for one frame.
public struct RevealFrameInfo: Sendable, Equatable {
    /// The reveal time of the frame, in seconds.
    public var time: Double
    /// The hole covered the viewport: the frame is the app content, no mask was drawn.
    public var covered: Bool
    /// The hole's coverage was drawn from the logo's cached outline (no librsvg, no allocation).
    /// False when the frame has no mask, or when librsvg drew it: a logo with strokes, clips,
    /// gradients, images, masks or filters, a shape Cairo would fill as boxes, coordinates past
    /// Cairo's range.
    public var holeFromOutline: Bool
}

/// Plays a reveal one frame at a time into one buffer that it keeps: the frame compositor, its
/// masks and the frame's pixels are made once, in `init`, so a frame in steady state allocates
/// nothing. For previews, custom frame sinks and measurements; ``RevealRenderer`` is the way to
/// write a whole reveal (it runs one compositor per worker thread and encodes as it goes).
///
/// ```swift
/// let scene = try RevealScene(logo: logo, spec: RevealPreset.twitter.spec, settings: settings)
/// let player = try RevealFramePlayer(scene: scene)
/// for index in 0..<player.frameCount(fps: 60) {
///     try player.render(frame: index, fps: 60)
///     player.withPixels { pixels in send(pixels) }   // premultiplied ARGB32, player.bytesPerRow a row
/// }
/// ```
///
/// Not thread-safe: use one player per thread.
public final class RevealFramePlayer {
    /// The reveal played.
    public let scene: RevealScene
    private let layers: RevealLayers
    private let compositor: FrameCompositor
    private let frame: FrameBuffer

    /// Prepares the reveal's layers, a compositor and the frame buffer (the expensive part,
    /// once). The buffer starts transparent black.
    ///
    /// - Throws: ``LogoMaskError`` when the layers or buffers cannot be made (a background or
    ///   content picture that cannot be read, Cairo out of memory).
    public init(scene: RevealScene) throws(LogoMaskError) {
        self.scene = scene
        layers = try RevealLayers(scene: scene)
        compositor = try FrameCompositor(scene: scene, layers: layers)
        frame = try FrameBuffer(width: layers.width, height: layers.height)
    }

    /// Frame width in pixels.
    public var width: Int { frame.width }

    /// Frame height in pixels.
    public var height: Int { frame.height }

    /// Bytes from one row of ``withPixels(_:)`` to the next (`width * 4`).
    public var bytesPerRow: Int { frame.plane.stride }

    /// The number of frames at `fps`, both ends included (as ``RevealScene/frameTimes(fps:)``).
    public func frameCount(fps: Double) -> Int {
        guard fps.isFinite, fps > 0 else { return 1 }
        return Int((scene.duration * fps - 1e-9).rounded(.up)) + 1
    }

    /// Draws the frame at `time` seconds of the reveal into the buffer.
    ///
    /// - Throws: ``LogoMaskError/drawingFailed(file:reason:)`` when librsvg or Cairo fail to draw
    ///   the hole or the logo.
    @discardableResult
    public func render(at time: Double) throws(LogoMaskError) -> RevealFrameInfo {
        let stats = try compositor.render(scene.state(at: time), into: frame)
        return RevealFrameInfo(time: time, covered: stats.covered, holeFromOutline: stats.maskFromOutline)
    }

    /// Draws frame `index` of the reveal played at `fps` (the time ``RevealScene/frameTimes(fps:)``
    /// gives it: `index / fps`, the last frame exactly at the end), without building the list.
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for an index outside
    ///   `0..<frameCount(fps:)` or an unusable `fps`; else as ``render(at:)``.
    @discardableResult
    public func render(frame index: Int, fps: Double) throws(LogoMaskError) -> RevealFrameInfo {
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw LogoMaskError.invalidRequest("fps must be a number of frames per second in 0...240, not \(fps).")
        }
        let count = frameCount(fps: fps)
        guard index >= 0, index < count else {
            throw LogoMaskError.invalidRequest("frame \(index) is outside 0..<\(count) at \(fps) fps.")
        }
        return try render(at: index == count - 1 && count > 1 ? scene.duration : Double(index) / fps)
    }

    /// Calls `body` with the last frame's pixels: premultiplied ARGB32 in native byte order
    /// (Cairo's layout), ``bytesPerRow`` bytes a row, ``height`` rows. The pointer is valid only
    /// inside `body` and only until the next `render`.
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: frame.bytes, count: frame.plane.stride * frame.height))
    }

    /// A copy of the last frame (allocates).
    public func image() -> RasterImage {
        frame.plane.image()
    }
}
