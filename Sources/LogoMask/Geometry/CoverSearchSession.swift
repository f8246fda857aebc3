import FoundationEssentials
import MaskGeometry

/// The cover searches of one run on one logo (every device and orientation of `assets`): one
/// parsed drawing and one set of kept coverage grids for all of them (see
/// ``CairoCoverageSource``), instead of a parse and a first grid per screen, and one exact
/// radial profile per anchor, from which each screen's search starts (its bracket and the
/// viewport tiles it proves covered) instead of from grids. Used from one thread at a time.
final class CoverSearchSession {
    /// The logo searched.
    let logo: VectorLogo
    private let deadline: Deadline
    private var source: CairoCoverageSource?
    /// Answers already found, by what was asked: `generate` asks for the same screens again
    /// (each platform's assets, the reveal scenes).
    private var answers: [Question: CoverScaleResult] = [:]

    private struct Question: Hashable {
        var placement: Placement
        var anchor: Anchor?
        var tolerance: Double
    }

    /// A session on `logo`, its draws checking `deadline`.
    init(logo: VectorLogo, deadline: Deadline) {
        self.logo = logo
        self.deadline = deadline
    }

    /// Exact radial profiles by anchor and logo width (nil: the outline cannot give one).
    private var profiles: [ProfileKey: RadialProfile?] = [:]

    private struct ProfileKey: Hashable {
        var anchor: Point
        var logoWidth: Double
    }

    /// The logo's exact radial profile about `anchor` (document units) at `logoWidth`, measured
    /// once per session; nil when the outline cannot give it exactly (the searches then draw
    /// their grids).
    func profile(anchor: Point, logoWidth: Double) -> RadialProfile? {
        let key = ProfileKey(anchor: anchor, logoWidth: logoWidth)
        if let known = profiles[key] { return known }
        let measured = try? RadialProfile.measureFromOutline(
            logo: logo, logoWidth: logoWidth, anchor: anchor, directionCount: RadialProfile.defaultDirectionCount)
        profiles[key] = .some(measured)
        return measured
    }

    /// Document rectangles a whole-viewport render of an earlier screen showed covered
    /// (``CoverScaleSearch/coveredRegions``): a later screen's check at its answer draws only
    /// the tiles outside them and those its own grid or profile left uncertain.
    var coveredRegions: [Rect] = []

    /// Screens whose pixels did not cover where a profile said, by profile.
    private var disproofs: [ProfileKey: Int] = [:]

    /// How many screens must disprove a profile before it is no longer offered: one screen may
    /// meet a seam the others miss (thunderbird: one of 12; its iPad landscape search then took
    /// 26 whole renders on grids, 1 on the profile), while google-chrome's seams fail them all.
    static let disproofsToDrop = 2

    /// Notes that a screen's pixels did not cover where the profile about `anchor` at
    /// `logoWidth` said (seams between abutting shapes); after ``disproofsToDrop`` such screens
    /// the next ones search with grids from the start, not spending renders on its bracket first.
    func disproveProfile(anchor: Point, logoWidth: Double) {
        let key = ProfileKey(anchor: anchor, logoWidth: logoWidth)
        disproofs[key, default: 0] += 1
        if disproofs[key, default: 0] >= Self.disproofsToDrop { profiles[key] = .some(nil) }
    }

    /// The answer found before for the same placement, anchor and tolerance, if any.
    func answer(placement: Placement, anchor: Anchor?, tolerance: Double) -> CoverScaleResult? {
        answers[Question(placement: placement, anchor: anchor, tolerance: tolerance)]
    }

    /// Keeps `result` as the answer for the placement, anchor and tolerance.
    func keep(_ result: CoverScaleResult, placement: Placement, anchor: Anchor?, tolerance: Double) {
        answers[Question(placement: placement, anchor: anchor, tolerance: tolerance)] = result
    }

    /// The shared coverage source, its exact checks set to `viewport`.
    func source(for viewport: Viewport) throws(LogoMaskError) -> CairoCoverageSource {
        if let source {
            source.use(viewport: viewport)
            return source
        }
        let made = try CairoCoverageSource(logo: logo, viewport: viewport, deadline: deadline)
        source = made
        return made
    }
}
