import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import LogoAnimation
import MaskGeometry

/// Everything the generated files hold, as numbers: read once from a scene, then written as
/// Swift or Kotlin by the writers.
struct RevealCodeModel {
    /// One painted shape of the hole, its path in points about the anchor (scale 1, unrotated).
    struct Shape {
        var pathData: String
        var evenOdd: Bool
        /// 0 for a fill; the pen width in points for a stroke.
        var strokeWidth: Double
        var opacity: Double
        /// The shape's paint, its gradient (if any) mapped to the same points about the anchor.
        var paint: LogoOutline.Paint
        /// A stroke's pen beyond its width: caps, joins, miter limit, dashes and offset in points.
        var cap: LogoOutline.Stroke.Cap = .butt
        var join: LogoOutline.Stroke.Join = .miter
        var miterLimit: Double = 4
        var dashes: [Double] = []
        var dashOffset: Double = 0
        /// The clips of the groups around the shape, outermost first: it shows inside all of them.
        var clips: [Clip] = []
        /// The translucent groups around the shape, outermost first, when the outline carries
        /// them: `opacity` and `paint` are then the shape's own inside them, and the code
        /// composites each group's shapes as one picture drawn at the group's opacity.
        var groups: [LogoOutline.OpacityGroup] = []
    }

    /// One clip path in points about the anchor, with its fill rule.
    struct Clip {
        var pathData: String
        var evenOdd: Bool
    }

    var logoName: String
    var specName: String
    var hole: Bool
    var fadeLogoWithBackground: Bool
    /// The document box at launch, in points.
    var logoSize: Size
    /// The document box's centre minus the window's centre, in points.
    var centerOffset: Point
    /// The launch rotation in radians (clockwise), added to the hole's.
    var launchRotation: Double
    /// The anchor minus the document box's centre, in points at launch.
    var anchorOffset: Point
    var margin: Double
    var duration: Double
    var profile: RadialProfile?
    var tracks: [RevealCodeTrack]
    var shapes: [Shape]
    /// The bounds of the shapes' points in points about the anchor.
    var pathBounds: Rect
    var background: RGBAColor
    /// The background when it is a gradient across the window (nil: the colour `background`).
    var backgroundGradient: LinearGradient?
    /// The logo as a picture, where its outline cannot carry it (filters, images, masks…).
    var picture: CodePicture?
    /// The dark logo's picture (dark mode) where its outline cannot carry it (the Swift's dark
    /// logo; the Kotlin's comes with its launch, ``KotlinLaunch/darkPicture(for:)``).
    var darkPicture: CodePicture?
    /// The logo's filter results as pictures between its shapes, where the shapes and they draw
    /// it (the logo is then no whole picture: `picture` is nil); empty otherwise.
    var filterPictures: [CodeFilterPicture] = []
    /// The dark logo's filter results as pictures between its shapes in dark mode (the dark logo
    /// is then no whole picture: `darkPicture` is nil); empty otherwise.
    var darkFilterPictures: [CodeFilterPicture] = []
    /// True when the light or the dark logo has filter pictures (the code then draws them).
    var hasFilterPictures: Bool { !filterPictures.isEmpty || !darkFilterPictures.isEmpty }
    /// The background picture as a PNG and its pixel size (nil: none), drawn to fill the window.
    var backgroundPicture: (png: [UInt8], width: Int, height: Int)?
    var veil: RGBAColor
    var logoColor: RGBAColor
    var notes: [String]
    /// Each shape's paint, in the order of `shapes`.
    var paints: [CodePaint] = []
    /// The iOS launch screen's logo image (the LaunchLogo image set) in pixels at scales 1, 2 and 3.
    var launchImagePixels: [RasterSize] = []
    /// Dark mode: the background, and the dark logo's shapes, paints and image pixels (nil: as light).
    var darkBackground: RGBAColor?
    var darkShapes: [Shape]?
    var darkPaints: [CodePaint]?
    var darkLaunchImagePixels: [RasterSize]?
    /// The dark logo's document height over its width (nil: no dark logo).
    var darkAspect: Double?

    func track(_ name: String) -> RevealCodeTrack? { tracks.first { $0.name == name } }

    /// True when a shape (light or dark) sits in a translucent group: only then do the writers
    /// add the group types and the code that composites them, so other logos' code is unchanged.
    var hasGroups: Bool {
        Self.hasGroups(shapes + (darkShapes ?? [])) || (filterPictures + darkFilterPictures).contains { !$0.groups.isEmpty }
    }

    /// True when one of `shapes` sits in a translucent group.
    static func hasGroups(_ shapes: [Shape]) -> Bool { shapes.contains { !$0.groups.isEmpty } }

    /// True when a paint (light or dark) is a radial gradient whose focal point is off its
    /// centre: only then does the Swift code carry the Core Graphics drawing it needs.
    var hasFocalGradients: Bool {
        (paints + (darkPaints ?? [])).contains { paint in
            if case let .radial(center, _, focal) = paint.kind { return focal != center }
            return false
        }
    }

    /// Decimals of the path's coordinates in points (a thousandth of a point).
    static let pathDecimals = 3
    /// Decimals of the profile's radii in points (rounded down).
    static let profileDecimals = 4

    init(
        scene: RevealScene, profile suppliedProfile: RadialProfile?, deadline: Deadline,
        darkBackground: RGBAColor? = nil, darkLogo: VectorLogo? = nil, platform: RevealCodePlatform = .ios
    ) throws(LogoMaskError) {
        let logo = scene.logo
        let settings = scene.settings
        let placement = scene.placement
        logoName = logo.name
        specName = scene.spec.name
        hole = scene.spec.hole
        fadeLogoWithBackground = scene.spec.fadeLogoWithBackground
        let k = placement.pointsPerUnit
        logoSize = Size(width: logo.documentSize.width * k, height: logo.documentSize.height * k)
        let viewportCentre = placement.viewport.bounds.center
        let centre = placement.resolvedCenter
        centerOffset = Point(x: centre.x - viewportCentre.x, y: centre.y - viewportCentre.y)
        launchRotation = placement.rotation
        margin = settings.margin
        duration = scene.duration
        notes = []

        // The timeline for the base symbols and one unit more of each: the factors of each value.
        let own = scene.timeline.duration
        let timeScale = settings.duration != nil && own > 0 ? scene.duration / own : 1
        let file = "spec \"\(scene.spec.name)\""
        let documentSize = logo.documentSize
        let offset = centerOffset
        func exported(_ s: RevealCodeSymbols) throws(LogoMaskError) -> ExportedTimeline {
            var p = placement
            p.viewport = Viewport(width: s.windowWidth, height: s.windowHeight, density: 1)
            p.center = Point(x: s.windowWidth / 2 + offset.x, y: s.windowHeight / 2 + offset.y)
            p.scale = 1
            let launchFrame = p.logoFrame
            let aspect = documentSize.height / documentSize.width
            let symbols = RevealSymbols(
                finalScale: s.finalScale, cornerAngle: s.cornerAngle, launchFrame: launchFrame,
                targetFrame: settings.target ?? Rect(x: 16, y: 56, width: 44, height: 44 * aspect))
            let timeline = try scene.spec.resolveTimeline(symbols: symbols, file: file)
            return timeline.exported(timeScale: timeScale, launchFrame: launchFrame)
        }
        let baseSymbols = RevealCodeSymbols(finalScale: 1, cornerAngle: 0, windowWidth: 1000, windowHeight: 1000)
        var variations: [ExportedTimeline] = []
        for step in 0..<4 {
            var s = baseSymbols
            switch step {
            case 0: s.finalScale += 1
            case 1: s.cornerAngle += 1
            case 2: s.windowWidth += 1
            default: s.windowHeight += 1
            }
            variations.append(try exported(s))
        }
        tracks = try RevealCodeTrack.tracks(base: try exported(baseSymbols), at: baseSymbols, variations: variations, file: file)
        try Self.check(tracks, against: scene, file: file)
        notes += scene.exportedTimeline.approximations

        // The hole's shapes about the anchor, in points.
        let anchor = placement.resolvedAnchor
        anchorOffset = Point(
            x: (anchor.x - documentSize.width / 2) * k, y: (anchor.y - documentSize.height / 2) * k)
        let toPoints = Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(k))
        let outline = try logo.outline
        if !outline.drawsAsVectors,
           let pictures = try CodeFilterPicture.pictures(scene: scene, outline: outline, toPoints: toPoints, pointsPerUnit: k, platform: platform) {
            // Vectors but for the filters' results, which are pictures between the shapes.
            filterPictures = pictures
            notes.append(CodeFilterPicture.note(pictures, of: logo, platform: platform))
            if !outline.carriesGroupOpacity, let groupNote = outline.groupOpacityNote { notes.append(groupNote) }
        } else if !outline.drawsAsVectors {
            let made = try CodePicture(scene: scene, toPoints: toPoints, reasons: outline.inexactReasons)
            picture = made
            notes.append(made.note)
        } else {
            // Group opacity the shapes carry is composited exactly (a layer per group).
            let reasons = outline.inexactReasons.filter { !(outline.carriesGroupOpacity && $0 == .groupOpacity) }
            if !reasons.isEmpty {
                notes.append("The outline does not reproduce the logo's coverage exactly (\(reasons.map { "\($0)" }.joined(separator: ", "))): the code draws the outline's shapes.")
            }
        }
        var approximations = Set<String>()
        let painted = Self.paintedShapes(outline, toPoints: toPoints, pointsPerUnit: k, tint: scene.spec.logoColor, approximations: &approximations)
        let shapes = painted.shapes
        let bounds = painted.bounds
        paints = painted.paints
        self.shapes = shapes
        pathBounds = bounds

        let chosenBackground = scene.settings.background.map(RevealBackground.color) ?? scene.spec.background
        background = chosenBackground.flatColor
        switch chosenBackground {
        case .color: break
        case let .gradient(gradient): backgroundGradient = gradient
        case let .image(path): backgroundPicture = try CodePicture.backgroundPicture(scene, path: path)
        }
        veil = scene.spec.veilColor
        var firstFlat: RGBAColor?
        for shape in outline.shapes {
            if case let .flat(color, _) = shape.paint { firstFlat = color; break }
        }
        logoColor = scene.spec.logoColor ?? firstFlat ?? .black

        if hole {
            if let suppliedProfile {
                profile = suppliedProfile
            } else {
                profile = try RadialProfile.measure(
                    logo: logo, logoWidth: placement.logoWidth, anchor: anchor, checkedAgainst: Self.coverChecks(scene), deadline: deadline)
            }
        } else {
            profile = nil
        }
        // With a picture the light paints' approximations do not show (the shapes are its fallback).
        try addLaunch(
            scene: scene, darkBackground: darkBackground, darkLogo: darkLogo, approximations: picture == nil ? approximations : [], platform: platform)
    }

    /// The scene's searched cover scale, at the placement the search covered (the timeline's
    /// end), as a check for its profile (``RadialProfile/measure(logo:logoWidth:anchor:checkedAgainst:deadline:)``);
    /// none without a search (a final scale given).
    static func coverChecks(_ scene: RevealScene) -> [RadialProfile.CoverCheck] {
        guard let cover = scene.cover else { return [] }
        let searched = cover.placement
        return [RadialProfile.CoverCheck(
            windowSize: searched.viewport.size, anchorInWindow: searched.anchorInPoints, rotation: searched.rotation, scale: cover.scale)]
    }

    /// The outline's shapes mapped by `toPoints` (document units to points about the anchor,
    /// `k` points a unit), empty paths left out, with the bounds of their points.
    static func shapes(of outline: LogoOutline, toPoints: Transform, pointsPerUnit k: Double) -> (shapes: [Shape], bounds: Rect) {
        var approximations = Set<String>()
        let painted = paintedShapes(outline, toPoints: toPoints, pointsPerUnit: k, tint: nil, approximations: &approximations)
        return (painted.shapes, painted.bounds)
    }

    /// The factors reproduce the scene's own exported timeline for its viewport.
    private static func check(_ tracks: [RevealCodeTrack], against scene: RevealScene, file: String) throws(LogoMaskError) {
        let exported = scene.exportedTimeline
        let viewport = scene.placement.viewport
        let centre = scene.placement.resolvedCenter
        let cornerAngle = -atan(centre.y / centre.x)
        func compare(_ name: String, _ expected: [Double]?) throws(LogoMaskError) {
            guard let expected, let track = tracks.first(where: { $0.name == name }) else { return }
            let values = track.values(
                finalScale: scene.finalScale ?? 1, cornerAngle: cornerAngle,
                windowWidth: viewport.size.width, windowHeight: viewport.size.height)
            for (a, b) in zip(values, expected) where abs(a - b) > 1e-6 * max(1, abs(b)) {
                throw LogoMaskError.invalidRequest("\(file): the \(name) track is not an affine function of the screen's numbers (\(a) against \(b)); the code generator cannot express it.")
            }
        }
        try compare("holeScale", exported.holeScale?.values)
        try compare("holeRotation", exported.holeRotation?.values)
        try compare("logoFrameX", exported.logoFrame?.values.map(\.x))
        try compare("logoFrameWidth", exported.logoFrame?.values.map(\.width))
        try compare("veilOpacity", exported.veilOpacity?.values)
        try compare("contentScale", exported.contentScale?.values)
    }
}
