import FoundationEssentials
import MaskGeometry

/// The hole's shapes, cut to what the screen shows once they grow past
/// ``LottiePictureLadder/maximumExtent``: rlottie (Debian's librlottie 0.1) draws nothing of a
/// path, or of a precomposition's clip, about 37,000 of its pixels across, or stalls on it, so a
/// thin wordmark's hole near its cover scale (1000x) vanished there, and the tests left those
/// frames out.
///
/// From the first frame the hole's box spans more than the limit, the hole's precomposition
/// layer (whose clip, its box, is what grows too large) ends; in its place, for each run of
/// frames (``LottiePictureLadder/windows(of:runs:transforms:screen:limit:)``), one shape layer
/// holds the hole's shapes cut to what the screen shows over the run (``CubicContourClip``: the
/// same fill there, under either fill rule), parented to a null layer that carries the hole's
/// transform, each the matte of its own copy of the launch screen. Only a hole of shape layers
/// alone is cut (no groups, masks, pictures or dashed pens: those keep the whole precomposition).
enum LottieScreenCut {
    /// The hole's matte from `from` on: per run of frames, the cut shapes (one shape layer's
    /// `shapes`, in document units, placed at minus `origin` under the hole's transform).
    struct Cut {
        /// The first frame the cut layers show (the whole precomposition's end).
        let from: Int
        /// The box's corner the shapes are placed from (the art's origin), in document units.
        let origin: Point
        /// Each run's frames and shapes.
        let pieces: [(runs: [Range<Int>], shapes: LottieJSON)]
    }

    /// The cut of `hole` (placed by `transforms[f]` in device pixels, nil while hidden) on
    /// `screen`, or nil when it never spans more than `limit` device pixels or cannot be cut.
    static func cut(_ hole: LottieLogoArt, transforms: [Transform?], screen: Rect, limit: Double) -> Cut? {
        guard hole.pictureSize == nil else { return nil }
        let box = Rect(x: hole.origin.x, y: hole.origin.y, width: Double(hole.width), height: Double(hole.height))
        guard let first = transforms.firstIndex(where: { $0.map { LottiePictureLadder.extent(box, $0) > limit } ?? false }), first > 0,
              hole.assets.count == 1, case let .object(asset)? = hole.assets.first, case let .array(layers)? = asset["layers"],
              let reach = penReach(hole.assets) else { return nil }
        // Shape layers alone, unmasked, opaque, each placed at minus the box's corner.
        var shapes: [LottieJSON] = []
        for layer in layers {
            guard case let .object(fields) = layer, fields["ty"] == .int(4), fields["hasMask"] == nil, fields["masksProperties"] == nil,
                  case let .object(transform)? = fields["ks"], let position = pair(transform["p"]),
                  abs(position.x + hole.origin.x) < 1e-9, abs(position.y + hole.origin.y) < 1e-9,
                  number(transform["o"]) == 100, case let .array(items)? = fields["shapes"] else { return nil }
            shapes += items
        }
        let pieces = LottiePictureLadder.windows(of: box, runs: [first..<transforms.count], transforms: transforms, screen: screen, limit: limit)
        return Cut(from: first, origin: hole.origin, pieces: pieces.map { piece in
            // A pen's reach wider: a cut stroke runs along the edges, out of sight.
            let rect = Rect(
                x: piece.region.minX - reach, y: piece.region.minY - reach,
                width: piece.region.width + 2 * reach, height: piece.region.height + 2 * reach)
            return (piece.runs, clipped(.array(shapes), to: rect))
        })
    }

    /// How far, in the art's units, a pen's stroke may reach past its path (half the widest pen,
    /// times its miter limit for the corner a cut makes; 0 for fills alone, whose cut edges lie
    /// the windows' 4 device pixels off the screen); nil when a pen is dashed.
    static func penReach(_ assets: [LottieJSON]) -> Double? {
        var reach = 0.0
        var dashed = false
        func visit(_ value: LottieJSON) {
            switch value {
            case let .object(fields):
                if case .string("st")? = fields["ty"] {
                    if fields["d"] != nil { dashed = true }
                    let width = number(fields["w"]) ?? 0
                    let miter = max(1, number(fields["ml"]) ?? 4)
                    reach = max(reach, width / 2 * miter)
                }
                for member in fields.values { visit(member) }
            case let .array(items):
                for item in items { visit(item) }
            default:
                break
            }
        }
        for asset in assets { visit(asset) }
        return dashed ? nil : reach
    }

    /// A constant number, bare or as `{"a": 0, "k": n}`.
    private static func number(_ value: LottieJSON?) -> Double? {
        switch value {
        case let .number(n, _)?: n
        case let .object(fields)?: number(fields["k"])
        default: nil
        }
    }

    /// A static point property (`{"a": 0, "k": [x, y]}`).
    private static func pair(_ value: LottieJSON?) -> Point? {
        guard case let .object(fields)? = value, case let .array(xy)? = fields["k"], xy.count >= 2,
              case let .number(x, _) = xy[0], case let .number(y, _) = xy[1] else { return nil }
        return Point(x: x, y: y)
    }

    /// `value` with every path (a shape's `ks`) cut to `rect`.
    private static func clipped(_ value: LottieJSON, to rect: Rect) -> LottieJSON {
        switch value {
        case let .object(fields):
            var out: [String: LottieJSON] = [:]
            for (key, member) in fields {
                out[key] = key == "ks" && fields["ty"] == .string("sh") ? clippedPath(member, to: rect) : clipped(member, to: rect)
            }
            return .object(out)
        case let .array(items):
            return .array(items.map { clipped($0, to: rect) })
        default:
            return value
        }
    }

    /// A static Lottie path property (`{"a": 0, "k": {"c", "v", "i", "o"}}`) cut to `rect`.
    private static func clippedPath(_ property: LottieJSON, to rect: Rect) -> LottieJSON {
        guard case var .object(fields) = property, case let .object(path)? = fields["k"],
              case let .array(v)? = path["v"], case let .array(i)? = path["i"], case let .array(o)? = path["o"],
              v.count == i.count, v.count == o.count, v.count >= 2 else { return property }
        func point(_ value: LottieJSON) -> Point? {
            guard case let .array(xy) = value, xy.count == 2, case let .number(x, _) = xy[0], case let .number(y, _) = xy[1] else { return nil }
            return Point(x: x, y: y)
        }
        let vs = v.compactMap(point), ins = i.compactMap(point), outs = o.compactMap(point)
        guard vs.count == v.count, ins.count == v.count, outs.count == v.count else { return property }
        let closed = path["c"] == .bool(true)
        let n = vs.count
        var cubics: [CubicContourClip.Cubic] = []
        for k in 0..<(closed ? n : n - 1) {
            let next = (k + 1) % n
            cubics.append(CubicContourClip.Cubic(
                p0: vs[k], p1: Point(x: vs[k].x + outs[k].x, y: vs[k].y + outs[k].y),
                p2: Point(x: vs[next].x + ins[next].x, y: vs[next].y + ins[next].y), p3: vs[next]))
        }
        let cut = CubicContourClip.clip(cubics, to: rect)
        guard !cut.isEmpty else { return property }
        // Back to vertices with tangents relative to them: each cubic's start, and for an open
        // path the last one's end.
        var nv: [Point] = [], ni: [Point] = [], no: [Point] = []
        for (k, c) in cut.enumerated() {
            nv.append(c.p0)
            no.append(Point(x: c.p1.x - c.p0.x, y: c.p1.y - c.p0.y))
            let before = k > 0 ? cut[k - 1] : (closed ? cut[cut.count - 1] : nil)
            ni.append(before.map { Point(x: $0.p2.x - $0.p3.x, y: $0.p2.y - $0.p3.y) } ?? .zero)
        }
        if !closed, let last = cut.last {
            nv.append(last.p3)
            ni.append(Point(x: last.p2.x - last.p3.x, y: last.p2.y - last.p3.y))
            no.append(.zero)
        }
        func list(_ points: [Point]) -> LottieJSON { .array(points.map { .numbers([$0.x, $0.y]) }) }
        fields["k"] = .object(["c": .bool(closed), "v": list(nv), "i": list(ni), "o": list(no)])
        return .object(fields)
    }
}
