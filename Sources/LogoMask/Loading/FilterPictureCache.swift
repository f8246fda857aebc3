import MaskGeometry
import Synchronization

/// The pictures of one filtered logo (``FilterPicture``), shared by every ``LogoDrawing`` of it:
/// the cover search of each device, the reveal's frames on every core and the radial profile all
/// paint the same few pictures, so librsvg computes the filters once per picture scale in a run,
/// not once per drawing.
///
/// Only pixels are shared: each drawing wraps them in its own Cairo surface (a Cairo surface is
/// not safe to paint from two threads at once; reading the same bytes is).
final class FilterPictureCache: Sendable {
    /// The premultiplied ARGB32 pixels of one picture, read-only once drawn.
    final class Pixels: @unchecked Sendable {
        let bytes: UnsafeMutablePointer<UInt8>
        let width: Int
        let height: Int
        let stride: Int
        /// Picture pixels to document units.
        let toDocument: Transform
        /// Document units to picture pixels.
        let scale: Double

        init(width: Int, height: Int, toDocument: Transform, scale: Double) {
            self.width = width
            self.height = height
            stride = PixelLayout.argb32.stride(width: width)
            bytes = .allocate(capacity: stride * height)
            bytes.initialize(repeating: 0, count: stride * height)
            self.toDocument = toDocument
            self.scale = scale
        }

        deinit { bytes.deallocate() }
    }

    /// How many pictures one logo keeps (each at most 16 MiB): the cap and three octaves below.
    static let capacity = 4

    private let entries = Mutex<[Pixels]>([])

    /// Test hook: the pixel sizes of the pictures drawn for a watched logo, in order.
    static let drawLog = WatchedLog<[Size]>(empty: [])

    /// The picture at `scale`, drawn by `draw` if no drawing of this logo has drawn it yet.
    /// Holds the lock while drawing: another thread wanting a picture waits for it rather than
    /// drawing the same filters again.
    func pixels(
        scale: Double, name: String, draw: (Double) throws(LogoMaskError) -> Pixels
    ) throws(LogoMaskError) -> Pixels {
        try entries.withLock { (list: inout [Pixels]) throws(LogoMaskError) -> Pixels in
            if let index = list.firstIndex(where: { $0.scale == scale }) {
                let found = list.remove(at: index)
                list.insert(found, at: 0)
                return found
            }
            let made = try draw(scale)
            Self.drawLog.record(name) { $0.append(Size(width: Double(made.width), height: Double(made.height))) }
            list.insert(made, at: 0)
            if list.count > Self.capacity { list.removeLast() }
            return made
        }
    }
}
