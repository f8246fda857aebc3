import FoundationEssentials
import MaskGeometry

/// The computed cover scale of one placement: the smallest scale about the anchor at which every
/// pixel of the viewport lies fully inside the logo-shaped hole.
public struct CoverScaleResult: Sendable, Hashable, Codable {
    /// The placement with its anchor resolved and `scale` set to the cover scale.
    public var placement: Placement
    /// The cover scale: every viewport pixel has coverage 255 at it (checked by rendering; in a
    /// run over several screens, tiles an earlier screen's whole render showed covered are not
    /// drawn again, see `CoverScaleSearch.coveredRegions`).
    public var scale: Double
    /// A scale at which the renderer showed a pixel below 255; `scale / lowerBound <= 1 + T`.
    public var lowerBound: Double
    /// The anchor used, in document units.
    public var anchor: Point
    /// The tolerance T the search was asked for.
    public var tolerance: Double
    /// True when the anchor was chosen by the search (``Anchor/automatic``, or the default's
    /// fallback).
    public var anchorWasSearched: Bool
    /// How the anchor was chosen.
    public var anchorChoice: AnchorChoice
    /// One sentence for people when the default anchor left the centre (which is in a gap of the
    /// logo) for the best point; nil otherwise.
    public var anchorNote: String?
    /// How much rendering the search did.
    public var statistics: CoverStatistics
}

/// Cover scales of a logo on viewports (see `CoverScaleSearch` in MaskGeometry for the method
/// and its guarantees).
///
/// ```swift
/// let logo = try VectorLogo(contentsOf: "SampleLogos/bird.svg")
/// let placement = Placement(documentSize: logo.documentSize, viewport: Device.named("iPhone SE")!.viewport)
/// let result = try CoverScale.compute(logo: logo, placement: placement)
/// print(result.scale)   // every pixel of 750x1334 is inside the bird at this scale
/// ```
public enum CoverScale {
    /// The largest viewport pixel grid the search accepts (it keeps one 8-bit copy in memory).
    public static let maxViewportPixels = 256 << 20

    /// Computes the cover scale of `placement` (its viewport, logo width, centre, rotation and
    /// anchor; its scale is ignored) for `logo`, within `tolerance`.
    ///
    /// `anchor` nil keeps the placement's anchor when it has one and otherwise applies the
    /// default, ``Anchor/centerOrBest``: the document box's centre when the hole covers from it,
    /// else the point inside the logo with the smallest cover scale (the result's
    /// ``CoverScaleResult/anchorNote`` says so). ``Anchor/center`` and ``Anchor/point(_:)`` force
    /// the anchor; ``Anchor/automatic`` always searches.
    ///
    /// Throws ``LogoMaskError/noCoverScale(file:anchor:searchedUpTo:)`` when no scale covers about
    /// a forced anchor (it is outside the logo's fully opaque part), and
    /// ``LogoMaskError/noCoveringAnchor(file:searchedUpTo:)`` when no anchor inside the logo covers.
    public static func compute(
        logo: VectorLogo, placement: Placement, anchor: Anchor? = nil,
        tolerance: Double = 0.001, deadline: Deadline = .none
    ) throws(LogoMaskError) -> CoverScaleResult {
        try compute(logo: logo, placement: placement, anchor: anchor, tolerance: tolerance, deadline: deadline, session: nil)
    }

    /// The same, drawing through `session` (its parsed logo and kept grids) when given: the
    /// searches of one run on several screens share that work.
    static func compute(
        logo: VectorLogo, placement: Placement, anchor: Anchor?,
        tolerance: Double, deadline: Deadline, session: CoverSearchSession?
    ) throws(LogoMaskError) -> CoverScaleResult {
        let session = session?.logo === logo ? session : nil
        if let known = session?.answer(placement: placement, anchor: anchor, tolerance: tolerance) { return known }
        let result = try search(logo: logo, placement: placement, anchor: anchor, tolerance: tolerance, deadline: deadline, session: session)
        session?.keep(result, placement: placement, anchor: anchor, tolerance: tolerance)
        return result
    }

    private static func search(
        logo: VectorLogo, placement: Placement, anchor: Anchor?,
        tolerance: Double, deadline: Deadline, session: CoverSearchSession?
    ) throws(LogoMaskError) -> CoverScaleResult {
        guard tolerance.isFinite, tolerance > 0, tolerance < 1 else {
            throw LogoMaskError.invalidParameter(.tolerance, "must be a number between 0 and 1 (e.g. 0.001), not \(tolerance).")
        }
        let policy = anchor ?? placement.anchor.map { Anchor.point($0) } ?? .defaultAnchor
        var placement = placement
        switch policy {
        case .center, .centerOrBest: placement.anchor = nil
        case let .point(point): placement.anchor = point
        case .automatic: break
        }
        try validate(placement, logo: logo)
        try logo.requireInk()
        let source: CairoCoverageSource
        if let session {
            source = try session.source(for: placement.viewport)
        } else {
            source = try CairoCoverageSource(logo: logo, viewport: placement.viewport, deadline: deadline)
        }
        var search = CoverScaleSearch(source: source, settings: CoverSearchSettings(tolerance: tolerance))
        // What earlier screens' whole renders showed covered (their answers skip drawing it again).
        search.coveredRegions = session?.coveredRegions ?? []
        defer { session?.coveredRegions = search.coveredRegions }
        var own = placement
        own.anchor = placement.resolvedAnchor
        var resolved = own
        var outcome: CoverOutcome
        var choice: AnchorChoice
        // In a session, the exact profile about the anchor (when the outline gives one) starts
        // the search in place of the grids.
        let profile = session?.profile(anchor: own.resolvedAnchor, logoWidth: own.logoWidth)
        switch policy {
        case .center, .point:
            outcome = try search.solve(placement: own, inkBounds: logo.inkBounds, profile: profile)
            choice = policy == .center ? .center : .given
            if search.profileDisproved { session?.disproveProfile(anchor: own.resolvedAnchor, logoWidth: own.logoWidth) }
        case .centerOrBest:
            outcome = try search.solve(placement: own, inkBounds: logo.inkBounds, profile: profile)
            choice = .center
            if search.profileDisproved { session?.disproveProfile(anchor: own.resolvedAnchor, logoWidth: own.logoWidth) }
            if case let .noScale(limit) = outcome {
                // The centre is in a gap of the logo: fall back on the best anchor.
                guard let best = try search.bestAnchor(placement: placement, inkBounds: logo.inkBounds) else {
                    throw LogoMaskError.noCoveringAnchor(file: logo.name, searchedUpTo: limit)
                }
                resolved.anchor = best
                outcome = try search.solve(placement: resolved, inkBounds: logo.inkBounds)
                choice = .best
            }
        case .automatic:
            guard let best = try search.bestAnchor(placement: placement, inkBounds: logo.inkBounds) else {
                throw LogoMaskError.noCoverScale(file: logo.name, anchor: "(auto: no fully opaque pixel)", searchedUpTo: 0)
            }
            resolved.anchor = best
            choice = .best
            outcome = try search.solve(placement: resolved, inkBounds: logo.inkBounds)
            if case let .covers(found, _, _) = outcome,
               case let .covers(scale, lowerBound, statistics) = try search.solve(placement: own, inkBounds: logo.inkBounds),
               scale < found {
                // The search ranks anchors by a conservative estimate; the placement's own anchor
                // may still be as good: keep whichever exact answer is smaller.
                outcome = .covers(scale: scale, lowerBound: lowerBound, statistics: statistics)
                resolved = own
            }
        }
        switch outcome {
        case let .covers(scale, lowerBound, statistics):
            resolved.scale = scale
            var note: String?
            if policy == .centerOrBest, choice == .best {
                note = "\(logo.name): the centre \(own.resolvedAnchor) is in a gap of the logo (not fully opaque); anchored at "
                    + "\(resolved.resolvedAnchor) (cover \(formatFixed(scale, decimals: 1))x on \(placement.viewport)) instead"
            }
            return CoverScaleResult(
                placement: resolved, scale: scale, lowerBound: lowerBound, anchor: resolved.resolvedAnchor,
                tolerance: tolerance, anchorWasSearched: choice == .best, anchorChoice: choice, anchorNote: note,
                statistics: statistics)
        case let .noScale(limit):
            if policy == .centerOrBest { throw LogoMaskError.noCoveringAnchor(file: logo.name, searchedUpTo: limit) }
            throw LogoMaskError.noCoverScale(file: logo.name, anchor: "\(resolved.resolvedAnchor)", searchedUpTo: limit)
        }
    }

    static func validate(_ placement: Placement, logo: VectorLogo) throws(LogoMaskError) {
        let v = placement.viewport
        guard v.size.isUsable, v.density.isFinite, v.density > 0 else {
            throw LogoMaskError.invalidRequest("The viewport \(v) is not usable: give WxH[@D] with positive numbers.")
        }
        guard v.pixelWidth.multipliedReportingOverflow(by: v.pixelHeight).partialValue <= maxViewportPixels,
              v.pixelWidth < 1 << 20, v.pixelHeight < 1 << 20
        else {
            throw LogoMaskError.invalidRequest("The viewport \(v) has more than \(maxViewportPixels) pixels; use a smaller size or density.")
        }
        guard placement.logoWidth.isFinite, placement.logoWidth > 0 else {
            throw LogoMaskError.invalidParameter(.logoWidth, "must be a positive number of points, not \(placement.logoWidth).")
        }
        guard placement.rotation.isFinite else { throw LogoMaskError.invalidParameter(.rotation, "must be a finite angle.") }
        if let c = placement.center, !(c.x.isFinite && c.y.isFinite) {
            throw LogoMaskError.invalidParameter(.center, "must be two finite numbers X,Y in points.")
        }
        if let a = placement.anchor, !(a.x.isFinite && a.y.isFinite) {
            throw LogoMaskError.invalidParameter(.anchor, "must be two finite numbers X,Y in document units.")
        }
        guard logo.documentSize.isUsable else { throw LogoMaskError.noVisibleInk(file: logo.name) }
    }
}
