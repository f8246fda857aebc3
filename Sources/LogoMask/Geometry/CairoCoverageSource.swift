import FoundationEssentials
import MaskGeometry

/// The coverage oracle behind the cover-scale search: draws the logo's vectors with Cairo into
/// an 8-bit coverage grid (reused for every zoom level) and into the viewport's own pixel grid
/// (reused for every exact check). Both buffers are allocated once per search.
///
/// A logo with filter effects is drawn past a quarter of its picture scale from its
/// ``FilterPicture`` (see ``LogoDrawing``), in the grids and in the exact checks alike: the
/// search then reads one oracle, so its brackets and its verdicts agree. (With vector checks
/// under picture grids, zanshin's search stepped down through 108 exact renders at 60x, each
/// recomputing 23 blurs, where vectors throughout needed 4.) For such a logo the cover scale is
/// the one at which the picture covers, as the reveal's frames paint it at that scale.
final class CairoCoverageSource: CoverageSource {
    typealias Failure = LogoMaskError

    private let drawing: LogoDrawing
    private let name: String
    private let deadline: Deadline
    private var gridBuffer: UnsafeMutablePointer<UInt8>?
    private var gridCapacity = 0
    private var viewBuffer: UnsafeMutablePointer<UInt8>?
    private var viewCapacity = 0
    private let viewportWidth: Int
    private let viewportHeight: Int

    init(logo: VectorLogo, viewport: Viewport, deadline: Deadline) throws(LogoMaskError) {
        drawing = try logo.makeDrawing()
        drawing.pictureUse = .search
        name = logo.name
        self.deadline = deadline
        viewportWidth = viewport.pixelWidth
        viewportHeight = viewport.pixelHeight
    }

    deinit {
        gridBuffer?.deallocate()
        viewBuffer?.deallocate()
    }

    private func buffer(_ pointer: inout UnsafeMutablePointer<UInt8>?, _ capacity: inout Int, count: Int) -> UnsafeMutablePointer<UInt8> {
        if let existing = pointer, capacity >= count { return existing }
        pointer?.deallocate()
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        pointer = fresh
        capacity = count
        return fresh
    }

    func buildCoverageTable(transform: Transform, width: Int, height: Int, into table: inout SummedAreaTable) throws(LogoMaskError) {
        try deadline.check(name)
        let stride = PixelLayout.a8.stride(width: width)
        let pixels = buffer(&gridBuffer, &gridCapacity, count: stride * height)
        pixels.update(repeating: 0, count: stride * height)
        let surface = try CairoSurface.image(wrapping: pixels, layout: .a8, width: width, height: height, stride: stride)
        let context = try CairoContext(surface)
        try drawing.draw(on: context, transform: transform)
        surface.flush()
        table.build(
            bytes: UnsafeBufferPointer(start: pixels, count: stride * height),
            width: width, height: height, stride: stride, criterion: .belowFull)
    }

    func viewportIsCovered(transform: Transform, boxes: [PixelBox]?) throws(LogoMaskError) -> Bool {
        try deadline.check(name)
        let width = viewportWidth, height = viewportHeight
        let stride = PixelLayout.a8.stride(width: width)
        let pixels = buffer(&viewBuffer, &viewCapacity, count: stride * height)
        let regions = boxes ?? [PixelBox(x0: 0, y0: 0, x1: width, y1: height)]
        for box in regions {
            for y in box.y0..<box.y1 { (pixels + y * stride + box.x0).update(repeating: 0, count: box.x1 - box.x0) }
        }
        let surface = try CairoSurface.image(wrapping: pixels, layout: .a8, width: width, height: height, stride: stride)
        let context = try CairoContext(surface)
        if boxes != nil { context.clip(toBoxes: regions) }
        try drawing.draw(on: context, transform: transform)
        surface.flush()
        for box in regions {
            for y in box.y0..<box.y1 {
                let row = pixels + y * stride
                for x in box.x0..<box.x1 where row[x] != 255 { return false }
            }
        }
        return true
    }
}
