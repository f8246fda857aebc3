import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import LogoAnimation
import MaskGeometry

/// Everything about a reveal that is not in its spec: the screen, where the logo sits, the
/// pictures, and the overrides.
public struct RevealSettings: Sendable {
    /// The screen.
    public var viewport: Viewport
    /// Width of the logo's document box at launch, in points.
    public var logoWidth: Double = Placement.defaultLogoWidth
    /// Where the document box's centre sits at launch, in points (nil: the viewport's centre).
    public var center: Point?
    /// The logo's rotation at launch in radians (clockwise); the timeline's rotation adds to it.
    public var rotation: Double = 0
    /// The hole's anchor (default: the centre, or the best point when the centre is in a gap of
    /// the logo).
    public var anchor: Anchor = .defaultAnchor
    /// The final scale is the cover scale times this (1: the hole just covers the screen).
    public var margin: Double = 1
    /// A final scale to use instead of the computed one.
    public var finalScale: Double?
    /// The move preset's target rect in points (nil: 44 pt wide at 16,56, the top-left of a navigation bar).
    public var target: Rect?
    /// Play the whole timeline in this many seconds instead of its own duration.
    public var duration: Double?
    /// A background colour to use instead of the spec's.
    public var background: RGBAColor?
    /// The app's first screen (any size: scaled to fill the viewport); nil: a generated placeholder.
    public var content: RasterImage?
    /// A caption image (drawn at the viewport's density, centred below the logo); nil: none.
    public var caption: RasterImage?
    /// The folder relative to which the spec's image paths are read (nil: the current folder).
    public var specFolder: String?
    /// The cover-scale search's relative tolerance.
    public var coverTolerance: Double = 0.001

    /// Settings for `viewport` with every other value at its default.
    public init(viewport: Viewport) {
        self.viewport = viewport
    }
}

/// A reveal ready to render: the spec's symbols computed for the viewport, the timeline read,
/// the logo placed. Building it computes the cover scale (the expensive step, done once).
public final class RevealScene: Sendable {
    /// The logo.
    public let logo: VectorLogo
    /// The spec as given.
    public let spec: RevealSpec
    /// The settings as given.
    public let settings: RevealSettings
    /// The timeline with the symbols replaced by this viewport's numbers.
    public let timeline: Timeline
    /// The logo's placement at launch (scale 1), anchor resolved.
    public let placement: Placement
    /// How the anchor was chosen (`best` when the search moved it off the centre).
    public let anchorChoice: AnchorChoice
    /// One sentence for people when the default anchor left the centre, which is in a gap of the
    /// logo, for the best point; nil otherwise.
    public let anchorNote: String?
    /// The final hole scale the timeline uses (`"finalScale"`), nil when the spec does not use it.
    public let finalScale: Double?
    /// The computed cover scale at the end rotation, nil when not computed (no `"finalScale"`
    /// in the spec, no hole, or `finalScale` given in the settings).
    public let cover: CoverScaleResult?
    /// `-atan(y/x)` of the logo's position (points from the top-left corner), in radians.
    public let cornerAngle: Double
    /// The logo's launch rect in points.
    public let launchFrame: Rect
    /// The move target in points.
    public let targetFrame: Rect
    /// Seconds the reveal lasts (the settings' duration, else the timeline's).
    public let duration: Double
    /// The hole rotation at the timeline's end (radians, added to the launch rotation).
    public let endRotation: Double
    /// The timeline's own duration (`Timeline.duration` builds arrays; frames must not allocate).
    private let timelineDuration: Double

    /// Reads the spec's symbols for `settings.viewport`, computing the cover scale when the
    /// spec asks for `"finalScale"` and `settings.finalScale` is nil.
    ///
    /// A scene with a hole whose anchor is not forced (``Anchor/centerOrBest``,
    /// ``Anchor/automatic``) runs the cover search even with a final scale given, to choose it.
    ///
    /// - Throws: ``LogoMaskError/noCoverScale(file:anchor:searchedUpTo:)`` when the hole can never
    ///   cover about a forced anchor (pass a final scale or let the anchor be chosen),
    ///   ``LogoMaskError/noCoveringAnchor(file:searchedUpTo:)`` when it cannot cover about any,
    ///   ``LogoMaskError/invalidRequest(_:)`` for unusable settings or a spec whose timeline
    ///   cannot be read.
    public convenience init(logo: VectorLogo, spec: RevealSpec, settings: RevealSettings, deadline: Deadline = .none) throws(LogoMaskError) {
        try self.init(logo: logo, spec: spec, settings: settings, deadline: deadline, session: nil)
    }

    /// The same, its cover search drawing through `session` when given (`generate` shares one
    /// per logo between its screens and outputs).
    init(
        logo: VectorLogo, spec: RevealSpec, settings: RevealSettings, deadline: Deadline, session: CoverSearchSession?
    ) throws(LogoMaskError) {
        self.logo = logo
        self.spec = spec
        self.settings = settings
        let viewport = settings.viewport
        guard settings.margin.isFinite, settings.margin > 0 else {
            throw LogoMaskError.invalidParameter(.margin, "must be a positive number (1 = just covers), not \(settings.margin).")
        }
        if let given = settings.finalScale, !(given.isFinite && given > 0) {
            throw LogoMaskError.invalidParameter(.finalScale, "must be a positive number, not \(given).")
        }
        if let d = settings.duration, !(d.isFinite && d > 0) {
            throw LogoMaskError.invalidParameter(.duration, "must be a positive number of seconds, not \(d).")
        }
        guard viewport.pixelWidth * viewport.pixelHeight <= CoverScale.maxViewportPixels else {
            throw LogoMaskError.invalidRequest("The viewport \(viewport) has more than \(CoverScale.maxViewportPixels) pixels; use a smaller size or density.")
        }
        guard logo.documentSize.isUsable else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        try logo.requireInk()

        var base = Placement(
            documentSize: logo.documentSize, viewport: viewport, logoWidth: settings.logoWidth,
            center: settings.center, anchor: nil, scale: 1, rotation: settings.rotation)
        if case let .point(point) = settings.anchor { base.anchor = point }
        try CoverScale.validate(base, logo: logo)

        let position = base.resolvedCenter
        cornerAngle = -atan(position.y / position.x)
        launchFrame = base.logoFrame
        let aspect = logo.documentSize.height / logo.documentSize.width
        targetFrame = settings.target ?? Rect(x: 16, y: 56, width: 44, height: 44 * aspect)

        // First read with a placeholder final scale: the end rotation and offset do not depend on it.
        var symbols = RevealSymbols(finalScale: 1, cornerAngle: cornerAngle, launchFrame: launchFrame, targetFrame: targetFrame)
        let file = "spec \"\(spec.name)\""
        let draft = try spec.resolveTimeline(symbols: symbols, file: file)
        let end = draft.sample(at: draft.duration)
        endRotation = end.holeRotation

        // The placement at the end of the timeline: the one the hole must cover.
        var atEnd = base
        atEnd.rotation = base.rotation + end.holeRotation
        if end.holeOffset != .zero {
            let c = base.resolvedCenter
            atEnd.center = Point(x: c.x + end.holeOffset.x, y: c.y + end.holeOffset.y)
        }
        let searchesAnchor = settings.anchor == .automatic || settings.anchor == .centerOrBest
        var cover: CoverScaleResult?
        var finalScale: Double?
        var chosen: CoverScaleResult?
        if spec.timeline.mentions("finalScale") {
            if let given = settings.finalScale {
                finalScale = given
            } else if spec.hole {
                let result = try CoverScale.compute(
                    logo: logo, placement: atEnd, anchor: settings.anchor, tolerance: settings.coverTolerance, deadline: deadline,
                    session: session)
                cover = result
                chosen = result
                finalScale = result.scale * settings.margin
            }
        }
        if chosen == nil, spec.hole, searchesAnchor {
            // No cover scale is needed (given, or computed elsewhere as the code does at run
            // time), but the anchor must still be one the hole covers from.
            chosen = try CoverScale.compute(
                logo: logo, placement: atEnd, anchor: settings.anchor, tolerance: settings.coverTolerance, deadline: deadline,
                    session: session)
        }
        if let chosen { base.anchor = chosen.anchor }
        anchorChoice = chosen?.anchorChoice ?? (settings.anchor.point != nil ? .given : .center)
        anchorNote = chosen?.anchorNote
        if base.anchor == nil { base.anchor = base.resolvedAnchor }
        symbols.finalScale = finalScale ?? 1
        timeline = try spec.resolveTimeline(symbols: symbols, file: file)
        self.cover = cover
        self.finalScale = finalScale
        placement = base
        timelineDuration = timeline.duration
        duration = settings.duration ?? timelineDuration
    }

    /// The timeline's state at `time` seconds of the reveal (stretched when the settings give
    /// another duration).
    public func state(at time: Double) -> FrameState {
        let own = timelineDuration
        let local = (settings.duration != nil && duration > 0 && own > 0) ? time * own / duration : time
        var state = timeline.sample(at: local)
        state.time = time
        return state
    }

    /// The times of the frames at `fps`: `i / fps` for i = 0, 1, ..., the last frame exactly at
    /// the end (both ends included, so a 0.6 s reveal at 60 fps has 37 frames).
    public func frameTimes(fps: Double) -> [Double] {
        guard fps.isFinite, fps > 0 else { return [0] }
        let intervals = Int((duration * fps - 1e-9).rounded(.up))
        guard intervals > 0 else { return [0] }
        return (0...intervals).map { $0 == intervals ? duration : Double($0) / fps }
    }

    /// The hole's transform at `state`: document units to viewport pixels.
    public func holeTransform(_ state: FrameState) -> Transform {
        var p = placement
        p.scale = state.holeScale
        p.rotation = placement.rotation + state.holeRotation
        let d = placement.viewport.density
        let t = p.pixelTransform
        if state.holeOffset == .zero { return t }
        return t.concatenating(.translation(x: state.holeOffset.x * d, y: state.holeOffset.y * d))
    }

    /// The drawn logo's transform at `state`: at `logoFrame` when the timeline moves it, else
    /// with the hole (a hole scene) or at launch (no hole).
    public func drawnLogoTransform(_ state: FrameState) -> Transform {
        if let frame = state.logoFrame {
            let size = logo.documentSize
            let d = placement.viewport.density
            return Transform.scale(x: frame.width / size.width, y: frame.height / size.height)
                .concatenating(.translation(x: frame.x, y: frame.y))
                .concatenating(.scale(d))
        }
        return spec.hole ? holeTransform(state) : placement.pixelTransform
    }

    /// True when the hole at `state` certainly covers every pixel: the computed cover scale
    /// is reached at the end rotation, with no offset.
    func holeCovers(_ state: FrameState) -> Bool {
        guard let cover, spec.hole else { return false }
        return state.holeScale >= cover.scale && state.holeRotation == endRotation && state.holeOffset == .zero
    }
}
