import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Settings of the cover-scale search.
public struct CoverSearchSettings: Sendable, Hashable {
    /// Relative tolerance T: the reported scale is at least the true one and at most
    /// `true * (1 + T)`.
    public var tolerance: Double
    /// Long side of each coverage grid the search renders, in pixels.
    public var gridSide: Int
    /// The largest scale searched; beyond it the answer is "no scale covers".
    public var maxScale: Double
    /// Side of the viewport tiles that the exact checks skip when the grid proves them covered.
    public var tileSide: Int

    /// The defaults: T = 0.001, 1024-pixel grids, scales up to 1,000,000, 64-pixel tiles.
    public init(tolerance: Double = 0.001, gridSide: Int = 1024, maxScale: Double = 1_000_000, tileSide: Int = 64) {
        self.tolerance = tolerance
        self.gridSide = gridSide
        self.maxScale = maxScale
        self.tileSide = tileSide
    }
}

/// The answer of a cover-scale search.
public enum CoverOutcome: Sendable, Hashable {
    /// Every viewport pixel is fully covered at `scale`; at `lowerBound` (>= scale / (1 + T))
    /// the renderer showed a pixel below 255.
    case covers(scale: Double, lowerBound: Double, statistics: CoverStatistics)
    /// No scale up to `searchedUpTo` covers: the anchor is not inside the fully opaque part
    /// of the logo (or sits on its very edge).
    case noScale(searchedUpTo: Double)
}

/// How much work a search did (for benchmarks and reports).
public struct CoverStatistics: Sendable, Hashable, Codable {
    /// Coverage grids rendered (zoom levels).
    public var gridRenders = 0
    /// Exact renders of the viewport (whole or tiles).
    public var viewportRenders = 0
    /// Constant-time containment queries answered by summed-area tables.
    public var queries = 0

    /// Creates empty statistics.
    public init() {}
}

/// The cover-scale search: the smallest scale `s` about the anchor at which every pixel of the
/// viewport lies fully inside the logo (coverage 255).
///
/// In the *frame* (the logo rendered at scale 1 with the placement's rotation, document units
/// times density), scaling by `s` about the anchor maps the viewport `V` back to
/// `V_s = q + (V - a) / s`, where `q` is the anchor in the frame and `a` the anchor's pixel on
/// the viewport. The viewport is covered when `V_s` lies inside the fully opaque region `O`.
///
/// **Monotonicity.** `V_s` shrinks towards `q` as `s` grows: every point of `V_s'` (s' > s) lies
/// on a segment from `q` to a point of `V_s`. So coverage is monotone in `s` when `O` is
/// star-shaped about the anchor (true for convex logos and for anchors that "see" the whole
/// opaque part around them), and the bisections below are exact. For other logos, the answer
/// is still checked: the reported scale is verified by rendering the whole viewport at it (every
/// pixel 255) and the lower bound by rendering at it (a pixel below 255); what monotonicity
/// alone guarantees is that no smaller scale between them also covers.
///
/// **Steps.**
/// 1. Render the logo's ink box into a 1024-pixel grid and build a summed-area table over the
///    pixels below 255. Each query "is `V_s` surely covered?" (no such pixel touches it, one
///    pixel of margin) or "surely not?" (one lies wholly inside it, or `V_s` leaves the ink box)
///    is O(1); bisection brackets `s`.
/// 2. Zoom: re-render the vector onto the preimage of the viewport at the lower bound, so the
///    precision is never that of one raster; repeat while the preimage keeps shrinking. An anchor
///    outside the opaque part shows up as "surely not" at every zoom, up to `maxScale` (capped
///    where Cairo's 24.8 fixed-point coordinates would overflow): no scale covers.
/// 3. Bisect the last bracket with exact renders of the viewport to the tolerance, drawing only
///    the tiles the grid could not prove covered for the whole bracket; then render the whole
///    viewport at the answer (less the tiles inside a region an earlier screen's whole render
///    showed covered, ``coveredRegions``), and check the lower bound on those tiles (the whole
///    viewport only when they all cover there).
public struct CoverScaleSearch<Source: CoverageSource> {
    /// The renderer.
    public var source: Source
    /// The settings.
    public let settings: CoverSearchSettings
    private var table = SummedAreaTable()
    private var grid = Grid(region: .null, scale: 1, width: 0, height: 0)
    private var stats = CoverStatistics()
    private let queryCounter = QueryCounter()

    private final class QueryCounter {
        var count = 0
    }

    private struct Grid {
        var region: Rect
        var scale: Double
        var width: Int
        var height: Int
    }

    /// Creates a search over `source`.
    public init(source: Source, settings: CoverSearchSettings = CoverSearchSettings()) {
        self.source = source
        self.settings = settings
    }

    /// Cairo keeps device coordinates in 24.8 fixed point (about +-8.4 million pixels): no render
    /// may put the logo's ink farther than this from the origin.
    public static var fixedPointLimit: Double { 4_194_304 }

    /// Finds the cover scale of `placement` (its anchor, rotation, viewport) for a logo whose ink
    /// lies within `inkBounds` (document units). The placement's own `scale` is ignored.
    ///
    /// With the logo's exact radial `profile` about the placement's anchor (its logo width, an
    /// unrotated placement), the grids are skipped: the profile's cover scale brackets the
    /// answer and proves the viewport tiles it reaches well past covered, and the exact phase
    /// below narrows it with renders of the other tiles, then draws the whole viewport at the
    /// answer. When that whole render shows a pixel below 255 (the pixels do not cover where the
    /// outline says), the grids decide and ``profileDisproved`` is set.
    public mutating func solve(placement: Placement, inkBounds: Rect, profile: RadialProfile?) throws(Source.Failure) -> CoverOutcome {
        profileDisproved = false
        guard let profile, placement.rotation == 0, let bracket = profileBracket(profile, placement: placement) else {
            return try solve(placement: placement, inkBounds: inkBounds)
        }
        stats = CoverStatistics()
        queryCounter.count = 0
        let shape = placement.pixelFrame.apply(to: inkBounds)
        let sMax = min(settings.maxScale, Self.fixedPointLimit / max(1e-12, shape.width, shape.height) / 2)
        guard bracket.high < sMax else { return try solve(placement: placement, inkBounds: inkBounds) }
        // The whole viewport is drawn once, at the answer (the tiles first narrow the bracket):
        // drawn first at the bracket's top, it cost every screen a whole render more.
        if let outcome = try exactPhase(
            placement: placement, low: bracket.low, high: bracket.high, tiles: bracket.tiles, sMax: sMax, trustsHigh: false) {
            return outcome
        }
        // The pixels do not cover where the outline says (antialiased seams between abutting
        // shapes: google-chrome's profile covers at 10.9, its pixels at 19.5): the grids decide.
        profileDisproved = true
        let spent = stats.viewportRenders
        let outcome = try solve(placement: placement, inkBounds: inkBounds)
        stats.viewportRenders += spent
        guard case let .covers(scale, lowerBound, _) = outcome else { return outcome }
        return .covers(scale: scale, lowerBound: lowerBound, statistics: statistics)
    }

    /// True when the last ``solve(placement:inkBounds:profile:)`` was given a profile whose
    /// answer the pixels did not confirm (a session then stops offering it).
    public private(set) var profileDisproved = false

    /// Document rectangles (units) in which a whole-viewport render showed every pixel at 255,
    /// each shrunk by one of its pixels: the searches of one run on one logo share them (the
    /// caller keeps them between searches). At an answer, a tile lying inside one of them is
    /// not drawn again: it is proven covered by this search's own grid or profile, and the
    /// render the region came from showed no seam there (a seam between abutting shapes shows
    /// below 255 at any pixel size). Only the rest of the viewport is drawn, in windows
    /// (preferences-desktop-theme's 12 whole renders at its answers were 1.5 of its 2.2 s).
    public var coveredRegions: [Rect] = []

    /// How many ``coveredRegions`` are kept (the most recent).
    public static var keptRegions: Int { 16 }

    /// Past this share of the viewport's tiles, the check at an answer draws the whole viewport.
    static var windowedAnswerShare: Double { 0.75 }

    /// Finds the cover scale of `placement` (its anchor, rotation, viewport) for a logo whose ink
    /// lies within `inkBounds` (document units). The placement's own `scale` is ignored.
    public mutating func solve(placement: Placement, inkBounds: Rect) throws(Source.Failure) -> CoverOutcome {
        stats = CoverStatistics()
        queryCounter.count = 0
        let tolerance = max(settings.tolerance, 1e-9)
        let frame = placement.pixelFrame
        let anchor = placement.resolvedAnchor
        let q = frame.apply(to: anchor)
        let ap = placement.anchorInPoints
        let a = Point(x: ap.x * placement.viewport.density, y: ap.y * placement.viewport.density)
        let vw = Double(placement.viewport.pixelWidth), vh = Double(placement.viewport.pixelHeight)
        let shape = frame.apply(to: inkBounds)
        let sMax = min(settings.maxScale, Self.fixedPointLimit / max(1e-12, shape.width, shape.height) / 2)
        guard !shape.isEmpty, shape.contains(q), frame.determinant != 0 else { return .noScale(searchedUpTo: sMax) }
        func preimage(_ s: Double) -> Rect { Rect(x: q.x - a.x / s, y: q.y - a.y / s, width: vw / s, height: vh / s) }

        var lo = max(vw / shape.width, vh / shape.height) / (1 + tolerance)  // V_lo is larger than the ink box
        guard lo < sMax else { return .noScale(searchedUpTo: sMax) }
        var hi: Double? = nil
        var region = shape.insetBy(dx: -shape.width * 0.01, dy: -shape.height * 0.01)
        let gridMax = Self.fixedPointLimit / max(shape.width, shape.height)

        for _ in 0..<40 {
            try render(frame: frame, region: region, shape: shape, gridMax: gridMax)
            let sInfo = min(vw, vh) * grid.scale / 16  // below it V_s spans at least 16 grid pixels
            let top = hi ?? min(sMax, max(sInfo, lo))
            if surelyCovered(preimage(top)) {
                let newHi = smallest(from: lo, to: top) { surelyCovered(preimage($0)) }
                hi = newHi
                lo = max(lo, largest(from: lo, to: newHi) { surelyUncovered(preimage($0), shape: shape) })
            } else {
                lo = max(lo, largest(from: lo, to: top) { surelyUncovered(preimage($0), shape: shape) })
                if hi == nil, top >= sMax, lo >= top / (1 + 1e-9) { return .noScale(searchedUpTo: sMax) }
            }
            if let hi, hi / lo <= 1 + tolerance { break }
            // Zoom onto the preimage at the lower bound (it holds every V_s for s >= lo).
            func zoomed(_ s: Double) -> Rect {
                let box = preimage(s).union(Rect(x: q.x, y: q.y, width: 0, height: 0)).union(Rect(enclosing: [q]))
                let margin = 2 / grid.scale
                return box.insetBy(dx: -margin, dy: -margin).intersection(region)
            }
            var next = zoomed(lo)
            let longSide = { (r: Rect) in max(r.width, r.height) }
            if next.isEmpty || longSide(next) > 0.5 * longSide(region) {
                if hi != nil { break }
                next = zoomed(top)
                if next.isEmpty || longSide(next) > 0.5 * longSide(region) || top >= sMax {
                    if top >= sMax { return .noScale(searchedUpTo: sMax) }
                    break
                }
            }
            region = next
        }
        guard let high = hi else { return .noScale(searchedUpTo: sMax) }
        let tiles = uncertainTiles(lo: lo, hi: high, q: q, a: a, placement: placement)
        // Never nil: with the grid's bracket, a whole render that fails steps up instead.
        return try exactPhase(placement: placement, low: lo, high: high, tiles: tiles, sMax: sMax, trustsHigh: true)
            ?? .noScale(searchedUpTo: sMax)
    }

    /// Exact phase: the renderer decides, from a bracket `low...high` and the viewport tiles not
    /// proven covered over it (nil: the whole viewport). `trustsHigh` false (a profile's
    /// bracket): nil when the whole viewport does not cover at the first scale it is drawn at
    /// that no whole render had shown covering, instead of stepping up from it.
    private mutating func exactPhase(
        placement: Placement, low: Double, high: Double, tiles: [PixelBox]?, sMax: Double, trustsHigh: Bool
    ) throws(Source.Failure) -> CoverOutcome? {
        let tolerance = max(settings.tolerance, 1e-9)
        func transform(_ s: Double) -> Transform { placement.pixelTransform(scale: s) }
        var low = low, high = high, tiles = tiles
        // `high` is only proven by the grid or the profile so far: the loop's whole-viewport
        // check decides.
        var verifiedHigh = Double.nan
        var lowVerified = false
        var grow = 2 * tolerance
        var shrink = 4 * tolerance
        while true {
            while high / low > 1 + tolerance {
                let mid = (low * high).squareRoot()
                stats.viewportRenders += 1
                if try source.viewportIsCovered(transform: transform(mid), boxes: tiles) {
                    high = mid
                    // A whole render proved it: no need to draw it again below.
                    if tiles == nil {
                        verifiedHigh = mid
                        noteCovered(transform: transform(mid), viewport: placement.viewport)
                    }
                } else {
                    low = mid
                    lowVerified = true
                }
            }
            if high != verifiedHigh {
                stats.viewportRenders += 1
                let answerBoxes = boxesOutsideCoveredRegions(transform: transform(high), tiles: tiles, viewport: placement.viewport)
                let covered = try source.viewportIsCovered(transform: transform(high), boxes: answerBoxes)
                if covered, answerBoxes == nil { noteCovered(transform: transform(high), viewport: placement.viewport) }
                if !covered {
                    if !trustsHigh, !verifiedHigh.isFinite { return nil }
                    // A pixel the grid proved covered was not (an edge within a sub-pixel of the
                    // grid's margin): step up until the renderer agrees, then bisect again with
                    // whole renders.
                    low = high
                    lowVerified = true
                    tiles = nil
                    if verifiedHigh.isFinite {
                        high = verifiedHigh
                    } else {
                        high *= 1 + grow
                        grow *= 2
                        if high > sMax { return .noScale(searchedUpTo: sMax) }
                    }
                    continue
                }
                verifiedHigh = high
            }
            if !lowVerified, let tiles, !tiles.isEmpty {
                // A pixel below 255 among the tiles the grid could not prove is enough to show
                // that `low` does not cover; the whole viewport is drawn only when they all cover.
                stats.viewportRenders += 1
                lowVerified = try !source.viewportIsCovered(transform: transform(low), boxes: tiles)
            }
            if !lowVerified {
                stats.viewportRenders += 1
                if try source.viewportIsCovered(transform: transform(low), boxes: nil) {
                    // The grid saw a pixel below 255 that the viewport's finer pixels do not
                    // (a seam between abutting shapes at the grid's coarser scale): step down,
                    // twice as far each time (thunderbird on an iPad Pro in landscape walked
                    // down 11 % in steps of 0.4 %: 114 renders; now 27).
                    verifiedHigh = low
                    high = low
                    low = low / (1 + shrink)
                    shrink *= 2
                    tiles = nil
                    continue
                }
                lowVerified = true
            }
            break
        }
        return .covers(scale: high, lowerBound: low, statistics: statistics)
    }

    /// How far below the profile's cover scale the bracket starts: the profile takes the minimum
    /// over each bin, so its answer is up to about 0.5 % above the pixels' (0.1 % typically).
    static var profileBracketWidth: Double { 0.006 }

    /// The bracket and uncertain tiles from an exact radial profile; nil when it gives no finite scale.
    private func profileBracket(
        _ profile: RadialProfile, placement: Placement
    ) -> (low: Double, high: Double, tiles: [PixelBox]?)? {
        let v = placement.viewport
        let anchor = placement.anchorInPoints
        let scale = profile.coverScale(windowWidth: v.size.width, windowHeight: v.size.height, anchor: anchor, rotation: 0)
        guard scale.isFinite, scale > 0 else { return nil }
        // The pixels may cover a little above the profile's answer (up to 0.05 % on the samples).
        let high = scale * 1.002, low = scale / (1 + Self.profileBracketWidth)
        // A tile is proven when, at the bracket's low end (its largest preimage), its farthest
        // point stays 2 pixels inside the smallest radius over the directions it spans.
        let n = profile.radii.count
        let step = 2 * Double.pi / Double(n)
        let toPoints = 1 / (low * v.density)
        let margin = 2 * toPoints
        let ax = anchor.x * v.density, ay = anchor.y * v.density
        let side = max(8, settings.tileSide)
        var boxes: [PixelBox] = []
        var total = 0
        for y0 in Swift.stride(from: 0, to: v.pixelHeight, by: side) {
            for x0 in Swift.stride(from: 0, to: v.pixelWidth, by: side) {
                total += 1
                let box = PixelBox(x0: x0, y0: y0, x1: min(v.pixelWidth, x0 + side), y1: min(v.pixelHeight, y0 + side))
                let xs = [Double(box.x0) - ax, Double(box.x1) - ax], ys = [Double(box.y0) - ay, Double(box.y1) - ay]
                var far = 0.0
                for x in xs { for y in ys { far = max(far, (x * x + y * y).squareRoot() * toPoints) } }
                var nearest = Double.infinity
                if xs[0] <= 0, xs[1] >= 0, ys[0] <= 0, ys[1] >= 0 {
                    nearest = profile.radii.min() ?? 0
                } else {
                    let centre = atan2((ys[0] + ys[1]) / 2, (xs[0] + xs[1]) / 2)
                    var lowest = 0.0, highest = 0.0
                    for x in xs {
                        for y in ys {
                            var d = atan2(y, x) - centre
                            if d > .pi { d -= 2 * .pi }
                            if d < -.pi { d += 2 * .pi }
                            lowest = min(lowest, d)
                            highest = max(highest, d)
                        }
                    }
                    let first = Int(((centre + lowest) / step).rounded(.down)), last = Int(((centre + highest) / step).rounded(.down))
                    for i in first...max(first, last) { nearest = min(nearest, profile.radii[((i % n) + n) % n]) }
                }
                if far > nearest - margin { boxes.append(box) }
            }
        }
        return (low, high, boxes.count * 2 > total ? nil : boxes)
    }

    /// How close (relatively) to the lowest a candidate anchor's scale counts as a tie.
    static var anchorTie: Double { 0.005 }

    /// Searches the anchor (document units) with the smallest cover scale for `placement`
    /// (whose own anchor is ignored): every fully covered pixel of a grid over the ink is a
    /// candidate, ranked by its conservative cover scale from the summed-area table, then the
    /// best (of near ties, the one nearest the ink's centre) is refined on grids zoomed onto its
    /// preimage. Nil when no pixel is fully covered.
    public mutating func bestAnchor(placement: Placement, inkBounds: Rect) throws(Source.Failure) -> Point? {
        let frame = placement.pixelFrame
        guard let inverse = frame.inverted else { return nil }
        let shape = frame.apply(to: inkBounds)
        guard !shape.isEmpty else { return nil }
        let density = placement.viewport.density
        let vw = Double(placement.viewport.pixelWidth), vh = Double(placement.viewport.pixelHeight)
        let gridMax = Self.fixedPointLimit / max(shape.width, shape.height)
        // The same screen turned: the logo only moves, so the grid serves it too.
        var turned = placement
        turned.viewport.size = Size(width: placement.viewport.size.height, height: placement.viewport.size.width)
        func estimate(_ q: Point, on screen: Placement? = nil) -> Double {
            var probe = screen ?? placement
            probe.anchor = inverse.apply(to: q)
            let ap = probe.anchorInPoints
            let a = Point(x: ap.x * density, y: ap.y * density)
            let vw = Double(probe.viewport.pixelWidth), vh = Double(probe.viewport.pixelHeight)
            func preimage(_ s: Double) -> Rect { Rect(x: q.x - a.x / s, y: q.y - a.y / s, width: vw / s, height: vh / s) }
            let lo = max(vw / shape.width, vh / shape.height)
            let top = max(lo, min(vw, vh) * grid.scale / 4)
            guard surelyCovered(preimage(top)) else { return .infinity }
            return smallest(from: lo, to: top) { surelyCovered(preimage($0)) }
        }
        var region = shape.insetBy(dx: -shape.width * 0.01, dy: -shape.height * 0.01)
        try render(frame: frame, region: region, shape: shape, gridMax: gridMax)
        var candidates: [(q: Point, s: Double)] = []
        let step = max(1, max(grid.width, grid.height) / 128)
        for y in Swift.stride(from: step / 2, to: grid.height, by: step) {
            for x in Swift.stride(from: step / 2, to: grid.width, by: step)
            where table.count(x0: x, y0: y, x1: x + 1, y1: y + 1) == 0 {
                let q = Point(x: grid.region.x + (Double(x) + 0.5) / grid.scale, y: grid.region.y + (Double(y) + 0.5) / grid.scale)
                let s = estimate(q)
                if s.isFinite { candidates.append((q, s)) }
            }
        }
        guard let first = candidates.min(by: { $0.s < $1.s }) else { return nil }
        let spacing = Double(step) / grid.scale
        func refine(_ start: (q: Point, s: Double)) throws(Source.Failure) -> (q: Point, s: Double) {
            var found = start, spacing = spacing
            for _ in 0..<4 {
                // Zoom onto the best candidate's preimage with room for the neighbourhood searched.
                var probe = placement
                probe.anchor = inverse.apply(to: found.q)
                let ap = probe.anchorInPoints
                let a = Point(x: ap.x * density, y: ap.y * density)
                let pre = Rect(x: found.q.x - a.x / found.s, y: found.q.y - a.y / found.s, width: vw / found.s, height: vh / found.s)
                let reach = 8 * spacing
                region = pre.insetBy(dx: -reach, dy: -reach).intersection(shape.insetBy(dx: -1, dy: -1))
                if region.isEmpty { break }
                try render(frame: frame, region: region, shape: shape, gridMax: gridMax)
                found.s = estimate(found.q)
                for j in -8...8 {
                    for i in -8...8 where i != 0 || j != 0 {
                        let q = Point(x: found.q.x + Double(i) * spacing, y: found.q.y + Double(j) * spacing)
                        let s = estimate(q)
                        if s < found.s { found = (q, s) }
                    }
                }
                spacing /= 4
            }
            return found
        }
        // Many points can tie: on a tall screen the height alone often sets the scale, for any
        // point along a band, and the scan meets the band's end first. Of the candidates within
        // Self.anchorTie of the lowest, the one that serves the screen turned best (then the one
        // nearest the ink's centre) suits every screen of a run better, since they share one
        // anchor; it is kept when it still ties once refined (near a seam the finer grids can
        // show it is not covered after all).
        let middle = shape.center
        func rank(_ q: Point) -> (Double, Double) { (estimate(q, on: turned), q.distance(to: middle)) }
        let shared = candidates.filter { $0.s <= first.s * (1 + Self.anchorTie) }.map { ($0, rank($0.q)) }
            .min { $0.1 < $1.1 }.flatMap { $0.1 < rank(first.q) ? $0.0 : nil }
        let best = try refine(first)
        if let shared {
            let refined = try refine(shared)
            if refined.s <= best.s * (1 + Self.anchorTie) { return inverse.apply(to: refined.q) }
        }
        return inverse.apply(to: best.q)
    }

    /// Statistics of the last search.
    public var statistics: CoverStatistics {
        var copy = stats
        copy.queries = queryCounter.count
        return copy
    }

    // MARK: - Grid and queries

    private mutating func render(frame: Transform, region: Rect, shape: Rect, gridMax: Double) throws(Source.Failure) {
        let side = Double(max(16, settings.gridSide))
        let scale = min(side / max(region.width, region.height), gridMax)
        let width = max(1, min(settings.gridSide, Int((region.width * scale).rounded(.up))))
        let height = max(1, min(settings.gridSide, Int((region.height * scale).rounded(.up))))
        let toGrid = frame.concatenating(.translation(x: -region.x, y: -region.y)).concatenating(.scale(scale))
        try source.buildCoverageTable(transform: toGrid, width: width, height: height, into: &table)
        grid = Grid(region: region, scale: scale, width: width, height: height)
        stats.gridRenders += 1
    }

    private func cell(_ value: Double, _ limit: Int) -> Int {
        Int(min(max(value, -1), Double(limit) + 1))
    }

    /// No pixel below 255 touches `rect` (with one pixel of margin), and the grid holds it.
    private func surelyCovered(_ rect: Rect) -> Bool {
        queryCounter.count += 1
        let g = grid.scale, r = grid.region
        let x0 = cell(((rect.minX - r.x) * g).rounded(.down), grid.width) - 1
        let y0 = cell(((rect.minY - r.y) * g).rounded(.down), grid.height) - 1
        let x1 = cell(((rect.maxX - r.x) * g).rounded(.up), grid.width) + 1
        let y1 = cell(((rect.maxY - r.y) * g).rounded(.up), grid.height) + 1
        guard x0 >= 0, y0 >= 0, x1 <= grid.width, y1 <= grid.height else { return false }
        return table.count(x0: x0, y0: y0, x1: x1, y1: y1) == 0
    }

    /// `rect` leaves the ink box, or a pixel below 255 lies wholly inside it.
    private func surelyUncovered(_ rect: Rect, shape: Rect) -> Bool {
        queryCounter.count += 1
        if !shape.contains(rect) { return true }
        let g = grid.scale, r = grid.region
        let x0 = cell(((rect.minX - r.x) * g).rounded(.up), grid.width)
        let y0 = cell(((rect.minY - r.y) * g).rounded(.up), grid.height)
        let x1 = cell(((rect.maxX - r.x) * g).rounded(.down), grid.width)
        let y1 = cell(((rect.maxY - r.y) * g).rounded(.down), grid.height)
        return table.count(x0: x0, y0: y0, x1: x1, y1: y1) > 0
    }

    /// Smallest `s` in `lo...hi` with `test(s)`, given `test(hi)`, assuming monotone `test`.
    private func smallest(from lo: Double, to hi: Double, _ test: (Double) -> Bool) -> Double {
        var l = lo, h = hi
        for _ in 0..<60 where h / l > 1 + 1e-7 {
            let m = (l * h).squareRoot()
            if test(m) { h = m } else { l = m }
        }
        return h
    }

    /// Largest `s` in `lo...hi` with `test(s)` (or `lo`), assuming `test` holds up to a point.
    private func largest(from lo: Double, to hi: Double, _ test: (Double) -> Bool) -> Double {
        if test(hi) { return hi }
        var l = lo, h = hi
        for _ in 0..<60 where h / l > 1 + 1e-7 {
            let m = (l * h).squareRoot()
            if test(m) { l = m } else { h = m }
        }
        return l
    }

    /// Viewport tiles the last grid cannot prove fully covered for every scale in `lo...hi`;
    /// nil when that is most of them (draw the whole viewport instead).
    private func uncertainTiles(lo: Double, hi: Double, q: Point, a: Point, placement: Placement) -> [PixelBox]? {
        let all = viewportTiles(width: placement.viewport.pixelWidth, height: placement.viewport.pixelHeight)
        let boxes = all.filter { box in
            // The tile's preimages for every scale in lo...hi lie in the box of its corners'
            // preimages at both ends (each corner moves on a segment towards q).
            let xs = [(Double(box.x0) - a.x) / lo, (Double(box.x1) - a.x) / lo, (Double(box.x0) - a.x) / hi, (Double(box.x1) - a.x) / hi]
            let ys = [(Double(box.y0) - a.y) / lo, (Double(box.y1) - a.y) / lo, (Double(box.y0) - a.y) / hi, (Double(box.y1) - a.y) / hi]
            let x0 = min(min(xs[0], xs[1]), min(xs[2], xs[3])), x1 = max(max(xs[0], xs[1]), max(xs[2], xs[3]))
            let y0 = min(min(ys[0], ys[1]), min(ys[2], ys[3])), y1 = max(max(ys[0], ys[1]), max(ys[2], ys[3]))
            return !surelyCovered(Rect(x: q.x + x0, y: q.y + y0, width: x1 - x0, height: y1 - y0))
        }
        return boxes.count * 2 > all.count ? nil : boxes
    }
}
