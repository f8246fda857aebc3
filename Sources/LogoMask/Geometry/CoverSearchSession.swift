import FoundationEssentials
import MaskGeometry

/// The cover searches of one run on one logo (every device and orientation of `assets`): one
/// parsed drawing and one set of kept coverage grids for all of them (see
/// ``CairoCoverageSource``), instead of a parse and a first grid per screen. Used from one
/// thread at a time.
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
