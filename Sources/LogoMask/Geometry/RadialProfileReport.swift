import FoundationEssentials
import MaskGeometry

/// A `RadialProfile` as the cover report's JSON carries it, for players on any platform
/// (Flutter, React Native, the web): 5,760 radii with 4 decimals (rounded down), the anchor and
/// the units.
///
/// Radius `i` is how far, in points at the placed size (the document box `logoWidth` points wide,
/// scale 1, unrotated), the logo's fully opaque ink reaches from the anchor in every direction
/// from `i` to `i + 1` steps of `2π / directions` radians, clockwise from +x on screen (y down):
/// the minimum over that step. The cover scale of a window is the largest, over the directions,
/// of the distance from the anchor to the window's edge over the radius, with the directions
/// turned by the rotation (see `RadialProfile/coverScale(windowWidth:windowHeight:anchor:rotation:)`).
public struct RadialProfileReport: Sendable, Hashable, Codable {
    /// The anchor, in document units.
    public var anchor: Point
    /// The anchor minus the document box's centre, in points at the placed size.
    public var anchorOffset: Point
    /// The number of directions (bins).
    public var directions: Int
    /// `points`: the radii's unit.
    public var units: String
    /// `clockwise from +x, y down`: how the directions are counted.
    public var angles: String
    /// How much a radius may be short of the exact distance along a ray of its bin from the
    /// pixel grids alone, in points (see `RadialProfile/measure(logo:logoWidth:anchor:directionCount:gridSize:deadline:)`).
    public var tolerance: Double
    /// One radius per direction, in points, 4 decimals, rounded down.
    public var radii: [Double]

    /// The report of `profile`, measured about `anchor` (document units).
    public init(profile: RadialProfile, anchor: Point) {
        self.anchor = anchor
        anchorOffset = profile.anchorOffset
        directions = profile.directionCount
        units = "points"
        angles = "clockwise from +x, y down"
        tolerance = (profile.tolerance * 10000).rounded(.up) / 10000
        radii = profile.roundedRadii(decimals: 4)
    }
}
