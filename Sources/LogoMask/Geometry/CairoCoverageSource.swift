import FoundationEssentials
import MaskGeometry
import Synchronization

/// The coverage oracle behind the cover-scale search: draws the logo's vectors with Cairo into
/// an 8-bit coverage grid (reused for every zoom level) and into the viewport's own pixel grid
/// (reused for every exact check; a check of some tiles draws each cluster of them in a window
/// of its own size). Both buffers are allocated once per search.
///
/// A logo with filter effects is drawn past a quarter of its picture scale from its
/// ``FilterPicture`` (see ``LogoDrawing``), in the grids and in the exact checks alike: the
/// search then reads one oracle, so its brackets and its verdicts agree. (With vector checks
/// under picture grids, zanshin's search stepped down through 108 exact renders at 60x, each
/// recomputing 23 blurs, where vectors throughout needed 4.) For such a logo the cover scale is
/// the one at which the picture covers, as the reveal's frames paint it at that scale.
///
/// One source serves every search of a run on one logo (a ``CoverSearchSession``):
/// the logo is parsed once, and a coverage grid asked for again with the same transform and
/// size is read from the grid kept instead of drawn again. The first grid of every search is
/// one: it spans the ink box at 1024 pixels whatever the device's density and orientation, so
/// `assets` draws it once for its 12 screens, not 12 times.
final class CairoCoverageSource: CoverageSource {
    typealias Failure = LogoMaskError

    private let drawing: LogoDrawing
    private let name: String
    private let deadline: Deadline
    private var gridBuffer: UnsafeMutablePointer<UInt8>?
    private var gridCapacity = 0
    private var viewBuffer: UnsafeMutablePointer<UInt8>?
    private var viewCapacity = 0
    private var viewportWidth: Int
    private var viewportHeight: Int
    /// Grids drawn, most recent first, kept for the searches that ask for them again.
    private var grids: [(transform: Transform, width: Int, height: Int, table: SummedAreaTable)] = []
    /// How many grids are kept: the first grid of a search and the zoomed ones after it.
    private static let keptGrids = 4

    init(logo: VectorLogo, viewport: Viewport, deadline: Deadline) throws(LogoMaskError) {
        drawing = try logo.makeDrawing()
        drawing.pictureUse = .search
        name = logo.name
        self.deadline = deadline
        viewportWidth = viewport.pixelWidth
        viewportHeight = viewport.pixelHeight
    }

    /// Makes the exact checks draw `viewport`'s pixel grid (the next search's screen).
    func use(viewport: Viewport) {
        viewportWidth = viewport.pixelWidth
        viewportHeight = viewport.pixelHeight
    }

    /// Test hook: how many coverage grids the searches of a watched logo drew and how many
    /// they read from a grid kept by an earlier search.
    static let gridLog = WatchedLog<(drawn: Int, reused: Int)>(empty: (0, 0))

    /// Test hook: how many exact checks the searches of a watched logo drew whole, and how many
    /// surfaces the other checks drew (one per window of tiles).
    static let checkLog = WatchedLog<(whole: Int, windows: Int)>(empty: (0, 0))

    private func logGrid(reused: Bool) {
        Self.gridLog.record(name) { entry in
            if reused { entry.reused += 1 } else { entry.drawn += 1 }
        }
    }

    /// True when two grid transforms draw the same pixels: equal but for rounding (the same
    /// grid reached through another density's frame).
    private static func same(_ a: Transform, _ b: Transform) -> Bool {
        func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return near(a.a, b.a) && near(a.b, b.b) && near(a.c, b.c) && near(a.d, b.d) && near(a.tx, b.tx) && near(a.ty, b.ty)
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
        if let index = grids.firstIndex(where: { $0.width == width && $0.height == height && Self.same($0.transform, transform) }) {
            table = grids[index].table
            grids.insert(grids.remove(at: index), at: 0)
            logGrid(reused: true)
            return
        }
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
        grids.insert((transform, width, height, table), at: 0)
        if grids.count > Self.keptGrids { grids.removeLast() }
        logGrid(reused: false)
    }

    func viewportIsCovered(transform: Transform, boxes: [PixelBox]?) throws(LogoMaskError) -> Bool {
        try deadline.check(name)
        // No pixel to check: nothing to draw (an empty clip would leave the drawing uncropped,
        // its group surfaces sized by the element at this scale).
        if let boxes, boxes.isEmpty { return true }
        guard let boxes else {
            return try covers(window: PixelBox(x0: 0, y0: 0, x1: viewportWidth, y1: viewportHeight), boxes: nil, transform: transform)
        }
        // Each cluster of tiles in a surface of its own size: the tiles left are mostly the
        // viewport's corners, and one surface over them all was the whole viewport, with
        // librsvg's group surfaces as large (a whole render's cost on the Tango logos).
        for (window, members) in Self.windows(of: boxes) {
            try deadline.check(name)
            if try !covers(window: window, boxes: members, transform: transform) { return false }
        }
        return true
    }

    /// Most windows a check draws in; past it, one window spans all the tiles.
    static let maxWindows = 6

    /// The tiles grouped into clusters that touch (edges or corners), each with its bounding
    /// box; one window over all of them when there are more than ``maxWindows``.
    static func windows(of boxes: [PixelBox]) -> [(window: PixelBox, boxes: [PixelBox])] {
        var parent = Array(boxes.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let a = boxes[i], b = boxes[j]
                if a.x0 <= b.x1, b.x0 <= a.x1, a.y0 <= b.y1, b.y0 <= a.y1 { parent[root(j)] = root(i) }
            }
        }
        var groups: [Int: [PixelBox]] = [:]
        var order: [Int] = []
        for i in boxes.indices {
            let r = root(i)
            if groups[r] == nil { order.append(r) }
            groups[r, default: []].append(boxes[i])
        }
        func bounds(_ members: [PixelBox]) -> PixelBox {
            members.dropFirst().reduce(members[0]) { box, next in
                PixelBox(x0: min(box.x0, next.x0), y0: min(box.y0, next.y0), x1: max(box.x1, next.x1), y1: max(box.y1, next.y1))
            }
        }
        guard order.count <= maxWindows else { return [(bounds(boxes), boxes)] }
        return order.map { r in
            let members = groups[r] ?? []
            return (bounds(members), members)
        }
    }

    /// Draws the viewport's `window` (its pixels at `transform`) into a surface of the window's
    /// size, clipped to `boxes` when given, and tells whether every pixel of them is 255.
    private func covers(window: PixelBox, boxes: [PixelBox]?, transform: Transform) throws(LogoMaskError) -> Bool {
        Self.checkLog.record(name) { entry in
            if boxes == nil { entry.whole += 1 } else { entry.windows += 1 }
        }
        let width = window.x1 - window.x0, height = window.y1 - window.y0
        let stride = PixelLayout.a8.stride(width: width)
        let pixels = buffer(&viewBuffer, &viewCapacity, count: stride * height)
        let regions = (boxes ?? [window]).map {
            PixelBox(x0: $0.x0 - window.x0, y0: $0.y0 - window.y0, x1: $0.x1 - window.x0, y1: $0.y1 - window.y0)
        }
        for box in regions {
            for y in box.y0..<box.y1 { (pixels + y * stride + box.x0).update(repeating: 0, count: box.x1 - box.x0) }
        }
        let surface = try CairoSurface.image(wrapping: pixels, layout: .a8, width: width, height: height, stride: stride)
        let context = try CairoContext(surface)
        if boxes != nil { context.clip(toBoxes: regions) }
        try drawing.draw(on: context, transform: transform.concatenating(.translation(x: -Double(window.x0), y: -Double(window.y0))))
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
