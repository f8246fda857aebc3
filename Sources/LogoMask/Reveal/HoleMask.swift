import FoundationEssentials
import MaskGeometry

/// The hole's coverage for one compositor, drawn from the logo's cached outline one row at a
/// time: one ``HoleScanConverter`` per filled shape, the shapes combined in drawing order with
/// OVER, as librsvg's successive fills on an A8 surface combine. Every buffer is made here or
/// grows in the first frames, so a frame in steady state allocates nothing.
final class HoleMask {
    private let converters: [HoleScanConverter]
    private var x0 = 0
    private var x1 = 0

    /// Converters for every shape of `outline`, sized for a `width` x `height` viewport.
    init(outline: HoleOutline, width: Int, height: Int) {
        converters = outline.shapes.indices.map {
            HoleScanConverter(outline: outline, shape: $0, maxWidth: width, maxHeight: height)
        }
    }

    /// Readies the frame whose hole is the outline under `transform`, clipped to `box`. False
    /// when some shape must be drawn by librsvg this frame (see ``HoleScanConverter``).
    func prepare(transform: Transform, box: PixelBox) -> Bool {
        x0 = box.x0
        x1 = box.x1
        for converter in converters where !converter.prepare(transform: transform, box: box) { return false }
        return true
    }

    /// The one converter of a single-shape outline, whose rows can come as runs
    /// (``HoleScanConverter/spanRow(_:)``); nil when shapes must be combined in a row of bytes.
    var single: HoleScanConverter? { converters.count == 1 ? converters[0] : nil }

    /// Writes row `y`'s coverage into `row[box.x0..<box.x1]`. Rows go in order from `box.y0`.
    func row(_ y: Int, into row: UnsafeMutablePointer<UInt8>) {
        (row + x0).update(repeating: 0, count: x1 - x0)
        for converter in converters { converter.addRow(y, to: row) }
    }
}
