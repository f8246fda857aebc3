import FoundationEssentials
import MaskGeometry

extension CoverScale {
    /// The cover scales of `placements` (several screens of one logo) about one anchor, in order:
    /// each screen's result, or the error that stopped it.
    ///
    /// With the default anchor (``Anchor/centerOrBest``, `anchor` nil) every screen shares one
    /// anchor, so that the launch files, stills and code of a run agree: the first screen's
    /// choice, kept. Whether the centre covers can depend on the screen: a seam between two
    /// abutting shapes through the centre is fully covered where it falls on a pixel boundary
    /// (an even number of pixels across) and shows where it falls mid-pixel. So when the centre
    /// covered the first screens but not a later one, the best anchor is searched on that screen
    /// and every screen is drawn again about it (once). ``Anchor/automatic`` searches each
    /// screen's own best anchor; ``Anchor/center`` and ``Anchor/point(_:)`` force theirs.
    public static func compute(
        logo: VectorLogo, placements: [Placement], anchor: Anchor? = nil,
        tolerance: Double = 0.001, deadline: Deadline = .none
    ) -> [Result<CoverScaleResult, LogoMaskError>] {
        compute(logo: logo, placements: placements, anchor: anchor, tolerance: tolerance, deadline: deadline, session: nil)
    }

    /// The same, drawing through `session` when given.
    static func compute(
        logo: VectorLogo, placements: [Placement], anchor: Anchor?,
        tolerance: Double, deadline: Deadline, session: CoverSearchSession?
    ) -> [Result<CoverScaleResult, LogoMaskError>] {
        let policy = anchor ?? .defaultAnchor
        func one(_ placement: Placement, _ anchor: Anchor) -> Result<CoverScaleResult, LogoMaskError> {
            Result { () throws(LogoMaskError) in
                try compute(logo: logo, placement: placement, anchor: anchor, tolerance: tolerance, deadline: deadline, session: session)
            }
        }
        guard policy == .centerOrBest else { return placements.map { one($0, policy) } }

        var kept: CoverScaleResult?
        var results: [Result<CoverScaleResult, LogoMaskError>] = []
        // The screen whose best anchor became the shared one, already answered about it.
        var searchedAgain: (index: Int, result: CoverScaleResult)?
        var index = 0
        while index < placements.count {
            let placement = placements[index]
            index += 1
            if let answered = searchedAgain, answered.index == index - 1 {
                results.append(.success(answered.result))
                continue
            }
            guard let chosen = kept else {
                let result = one(placement, .centerOrBest)
                if case let .success(found) = result { kept = found }
                results.append(result)
                continue
            }
            switch one(placement, .point(chosen.anchor)) {
            case var .success(found):
                found.anchorChoice = chosen.anchorChoice
                found.anchorWasSearched = chosen.anchorWasSearched
                found.anchorNote = chosen.anchorNote
                results.append(.success(found))
            case let .failure(error):
                // The centre covered earlier screens, not this one: its best anchor, for all.
                if error.exitStatus == 3, chosen.anchorChoice == .center, searchedAgain == nil,
                   case var .success(best) = one(placement, .automatic) {
                    best.anchorChoice = .best
                    best.anchorNote = "\(logo.name): the centre \(chosen.anchor) is not fully opaque on \(placement.viewport) "
                        + "(a seam or gap at its pixels); anchored at \(best.anchor) "
                        + "(cover \(formatFixed(best.scale, decimals: 1))x there) on every screen instead"
                    kept = best
                    searchedAgain = (index - 1, best)
                    results = []
                    index = 0
                } else {
                    results.append(.failure(error))
                }
            }
        }
        return results
    }
}
