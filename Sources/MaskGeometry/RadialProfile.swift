import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// How far a logo's fully opaque ink reaches from its anchor in every direction, and the cover
/// scale of any window that follows from it.
///
/// Direction `i` of `n` is the angular bin from `i * 2π / n` to `(i + 1) * 2π / n` radians,
/// measured from the +x axis towards +y on screen (y down, so clockwise). `radii[i]` is, in
/// points at the logo's placed size (scale 1), a lower bound of the distance from the anchor to
/// where any ray of that bin first leaves the fully opaque ink: the minimum over the bin, so a
/// cover scale computed from it never falls short.
///
/// The hole covers a window at scale `s` when, in every direction, the distance `D(θ)` from the
/// anchor to the window's edge is at most `s · r(θ)`; ``coverScale(windowWidth:windowHeight:anchor:rotation:)``
/// returns the maximum of `D / r` over the bins, taking for each bin the largest `D` on its arc
/// (at its ends or at a window corner inside it).
///
/// ```swift
/// let scale = profile.coverScale(windowWidth: 375, windowHeight: 667,
///                                anchor: Point(x: 187.5, y: 333.5), rotation: 0)
/// ```
public struct RadialProfile: Sendable, Hashable, Codable {
    /// The number of directions the code generator and the cover report use by default (a
    /// sixteenth of a degree each: the minimum over a bin costs the cover scale about the bin's
    /// width times how steeply the ink's edge runs away from the anchor; at a quarter degree
    /// that reached 0.45 % on the bird, at a sixteenth it stays near 0.1 % on the samples).
    public static let defaultDirectionCount = 5760

    /// The radius of each angular bin, in points at scale 1 (see the type's description).
    public var radii: [Double]
    /// The anchor's offset from the logo's document-box centre, in points at scale 1 (the
    /// anchor sits there in the window when the box is centred on it).
    public var anchorOffset: Point
    /// How much a radius may be below the exact distance along a ray at the bin's own
    /// direction, in points, from the pixel grid alone (the binning's minimum comes on top).
    public var tolerance: Double

    /// A profile of `radii` (one per direction, see the type's description).
    public init(radii: [Double], anchorOffset: Point, tolerance: Double) {
        self.radii = radii
        self.anchorOffset = anchorOffset
        self.tolerance = tolerance
    }

    /// The number of directions.
    public var directionCount: Int { radii.count }

    /// The smallest scale about `anchor` (window points) at which the profile, turned by
    /// `rotation` radians (clockwise), reaches past every point of a window of
    /// `windowWidth` x `windowHeight` points; infinity when a radius is not positive.
    public func coverScale(windowWidth: Double, windowHeight: Double, anchor: Point, rotation: Double) -> Double {
        let n = radii.count
        guard n > 0 else { return .infinity }
        let step = 2 * Double.pi / Double(n)
        let corners = [(0.0, 0.0), (windowWidth, 0.0), (0.0, windowHeight), (windowWidth, windowHeight)].map { corner in
            let dx = corner.0 - anchor.x, dy = corner.1 - anchor.y
            return (angle: atan2(dy, dx), reach: Self.reach(anchor: anchor, width: windowWidth, height: windowHeight, angle: atan2(dy, dx)))
        }
        var scale = 0.0
        for i in 0..<n {
            let start = Double(i) * step + rotation
            var reach = max(
                Self.reach(anchor: anchor, width: windowWidth, height: windowHeight, angle: start),
                Self.reach(anchor: anchor, width: windowWidth, height: windowHeight, angle: start + step))
            for corner in corners {
                var offset = (corner.angle - start).truncatingRemainder(dividingBy: 2 * Double.pi)
                if offset < 0 { offset += 2 * Double.pi }
                if offset <= step { reach = max(reach, corner.reach) }
            }
            guard radii[i] > 0 else { return .infinity }
            scale = max(scale, reach / radii[i])
        }
        return scale
    }

    /// How far from `anchor` the ray at `angle` is still inside the window (0 when it misses it).
    static func reach(anchor: Point, width: Double, height: Double, angle: Double) -> Double {
        let c = cos(angle), s = sin(angle)
        var near = 0.0, far = Double.infinity
        for (origin, direction, size) in [(anchor.x, c, width), (anchor.y, s, height)] {
            if abs(direction) < 1e-15 {
                if origin < 0 || origin > size { return 0 }
                continue
            }
            var t0 = -origin / direction, t1 = (size - origin) / direction
            if t0 > t1 { swap(&t0, &t1) }
            near = max(near, t0)
            far = min(far, t1)
        }
        return far >= near ? far : 0
    }

    /// The radii with `decimals` decimals, rounded down so the rounding never raises one.
    public func roundedRadii(decimals: Int) -> [Double] {
        var unit = 1.0
        for _ in 0..<decimals { unit *= 10 }
        return radii.map { ($0 * unit).rounded(.down) / unit }
    }
}
