import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// Which form the logo takes in the Lottie, for the drawn logo and for the hole's matte.
///
/// Shapes when the outline carries the logo (``LogoOutline/drawsAsVectors``: exactly, with its
/// translucent groups as precompositions and its clips as layer masks (``LottieArtLayers``), or
/// with an uncarried group's opacity multiplied into its overlapping shapes, named in a note) and
/// Lottie can draw its paints: colours, and gradients that pad (``LottieGradientFill``). The
/// matte needs only the logo's coverage, exactly, so a pattern does not stop it being shapes.
/// Otherwise the logo goes in as pictures drawn by the library's raster path
/// (``LottiePictureLadder``): frame 0's on the launch screen's pixel grid, so the reveal starts
/// exactly on it, and a ladder up to the largest scale the animation shows (capped by
/// ``RevealExportOptions/maxEmbeddedPixels``), each frame showing the one nearest above its
/// size; a note says why.
struct LottieArtChoice {
    /// The drawn logo's art, nil when the logo is never drawn.
    var drawn: LottieLogoArt?
    /// The hole's art, nil without a hole.
    var hole: LottieLogoArt?
    /// Sentences for the user.
    var notes: [String]
    /// True when a picture is embedded.
    var isPicture: Bool

    /// True when the drawn logo goes in as shapes (`make`'s first test): the outline carries
    /// the logo and Lottie can draw its paints and pens.
    static func drawsShapes(_ outline: LogoOutline, tint: RGBAColor?) -> Bool {
        outline.drawsAsVectors && (try? layers(outline, tint: tint, id: "logo", box: (.zero, 1, 1), endFrame: 1)) != nil
    }

    /// True when the drawn logo can go in as shapes with its filter pictures between them
    /// (``LogoOutline/drawsWithPictures``, the pictures as `outline` holds them, e.g. those of
    /// ``FilterPictureGrid/framePictures(of:outline:on:bias:)``): untinted (pictures keep their own
    /// colours), and Lottie layers carry its shapes, clips and pictures (none turned), in its
    /// colours and as a hole's matte: a reveal with a hole otherwise falls back to one picture of
    /// the whole logo for both (kiten's matte refuses its overlapping translucent groups).
    static func drawsShapesWithPictures(_ outline: LogoOutline, tint: RGBAColor?) -> Bool {
        tint == nil && outline.drawsWithPictures && refusal(outline, hole: true) == nil
    }

    /// Why Lottie layers cannot carry `outline` untinted, in its colours and, with `hole`, as a
    /// matte; nil when they can.
    private static func refusal(_ outline: LogoOutline, hole: Bool) -> String? {
        do throws(LottieShapes.Refusal) {
            _ = try layers(outline, tint: nil, id: "logo", box: (.zero, 1, 1), endFrame: 1)
            if hole { _ = try matteLayers(outline, id: "hole", box: (.zero, 1, 1), endFrame: 1) }
            return nil
        } catch {
            return "Lottie shapes cannot carry \(error.description)"
        }
    }

    /// The outline's layers (``LottieArtLayers``) in precomposition `id`.
    private static func layers(
        _ outline: LogoOutline, tint: RGBAColor?, id: String, box: (origin: Point, width: Int, height: Int), endFrame: Int,
        matte: Bool = false, rungs: [[LottieArtLayers.PictureRung]]? = nil
    ) throws(LottieShapes.Refusal) -> LottieArtLayers {
        try LottieArtLayers(outline: outline, tint: tint, id: id, name: id, box: box, endFrame: endFrame, matte: matte, rungs: rungs)
    }

    /// The outline's layers as a matte (black, coverage order; isolated where two translucent
    /// groups overlap, ``LottieArtLayers``) in precomposition `id`.
    private static func matteLayers(
        _ outline: LogoOutline, id: String, box: (origin: Point, width: Int, height: Int), endFrame: Int,
        rungs: [[LottieArtLayers.PictureRung]]? = nil
    ) throws(LottieShapes.Refusal) -> LottieArtLayers {
        do {
            return try LottieArtLayers(
                outline: outline, tint: .black, id: id, name: id, box: box, endFrame: endFrame, matte: true, rungs: rungs)
        } catch .overlappingGroups {
            return try LottieArtLayers(
                outline: outline, tint: .black, id: id, name: id, box: box, endFrame: endFrame, matte: true, rungs: rungs, isolated: true)
        }
    }

    /// The arts of the reveal `builder` makes. A filtered logo's shapes go in as shapes with its
    /// filter pictures between them (``LogoOutline/drawsWithPictures``; frame 0's, on the
    /// screen's pixel grid: ``FilterPictureGrid``; a sharp-edged one as a ladder of its own,
    /// ``LottieFilterLadder``), only when every art it shows can: with one whole-logo picture
    /// ladder beside them, the file would carry both.
    static func make(
        builder: LottieRevealBuilder, drawnLogo: Bool, hole: Bool, allowPictures: Bool = true, pictureRefusal: String? = nil
    ) throws(LogoMaskError) -> LottieArtChoice {
        let scene = builder.scene
        var outline = try scene.logo.outline
        var layered = allowPictures && builder.options.filterPictureLayers && outline.drawsWithPictures
        var sharpPictures = false
        // Sharp-edged filter results: each picture as a ladder (LottieFilterLadder).
        var ladder: LottieFilterLadder?
        var frames: [FrameState] = []
        if layered {
            // The pictures at frame 0's scale and on its pixel grid, where players that sample
            // without filtering show them (shrunk 5-10 times from the outline's, rlottie aliased
            // them); soft, they magnify well as the hole grows.
            let zero = scene.state(at: 0)
            let screen = drawnLogo ? scene.drawnLogoTransform(zero) : scene.holeTransform(zero)
            // Frame 0's pictures serve every frame only when soft; else a ladder for each.
            if let atZero = try FilterPictureGrid.framePictures(of: scene.logo, outline: outline, on: screen) {
                outline = atZero
            } else if outline.shapes.isEmpty || scene.spec.logoColor != nil {
                // Nothing but filter results (glow.svg): the whole logo's ladder is theirs. Or a
                // tinted logo, whose drawn art is a whole picture: no ladder of its pictures.
                layered = false
                sharpPictures = true
            } else if let why = refusal({ var shapes = outline; shapes.pictures = []; return shapes }(), hole: hole) {
                // The shapes themselves stop the layers (breeze/zanshin: a stroke's squashed
                // gradient): the whole logo goes in as pictures, as when the layers refuse below,
                // without drawing every picture's ladder first (zanshin: 1 s).
                return try make(builder: builder, drawnLogo: drawnLogo, hole: hole, allowPictures: false, pictureRefusal: why)
            } else {
                frames = frameStates(builder: builder)
                let arts = (drawnLogo ? [drawnTransforms(scene: scene, frames: frames)] : [])
                    + (hole ? [frames.map { scene.holeTransform($0) }] : [])
                let built = try LottieFilterLadder.make(
                    logo: scene.logo, outline: outline, screen: screen, arts: arts, budget: builder.options.maxEmbeddedPixels)
                outline = built.outline
                ladder = built
            }
        }
        let box = LottieLogoArt.box(ink: scene.logo.inkBounds, outline: outline)
        let end = builder.layerEnd
        var choice = LottieArtChoice(drawn: nil, hole: nil, notes: [], isPicture: false)
        guard drawnLogo || hole else { return choice }

        var why: String?
        var colourShapes: LottieArtLayers?
        // A filtered logo's shapes stay vectors, its filter results pictures between them.
        // (Pictures keep their own colours: a tinted logo's drawn art stays a whole picture.)
        let withPictures = layered && scene.spec.logoColor == nil
        // Each art's rungs of the pictures' ladders, following its own scale.
        let drawnRungs = withPictures && drawnLogo ? ladder?.rungs(for: drawnTransforms(scene: scene, frames: frames)) : nil
        let holeRungs = withPictures && hole ? ladder?.rungs(for: frames.map { scene.holeTransform($0) }) : nil
        if !outline.drawsAsVectors && !withPictures {
            why = pictureRefusal ?? "its outline is not exact (" + outline.inexactReasons.map(\.description).joined(separator: ", ") + ")"
                + (sharpPictures ? " and its filter results have sharp edges, which pictures drawn for frame 0 would blur as the logo grows" : "")
        } else {
            do {
                colourShapes = try layers(outline, tint: scene.spec.logoColor, id: "logo", box: box, endFrame: end, rungs: drawnRungs)
            } catch {
                why = "Lottie shapes cannot carry \(error.description)"
            }
        }
        // The layers composite the translucent groups the outline carries: exact then.
        let exact = outline.isExactWithGroups || (withPictures && outline.isExactWithPictures)
        let groupNote = outline.isExactWithGroups || (withPictures && outline.carriesGroupOpacity) ? nil : outline.groupOpacityNote
        // A matte draws its translucent groups, pictures and translucent shapes beneath its opaque
        // shapes (LottieArtLayers: ThorVG draws a translucent layer in place of what lies beneath
        // it): with any of them over an opaque shape, the hole has its own art.
        let ownMatte = LottieArtLayers.matteNeedsCoverageOrder(outline) || withPictures
        if let shapes = colourShapes, exact || !hole {
            let art = LottieLogoArt(layers: shapes, id: "logo", box: box)
            var matte: LottieLogoArt? = hole && !ownMatte ? art : nil
            if hole, ownMatte {
                do {
                    matte = LottieLogoArt(
                        layers: try matteLayers(outline, id: "hole", box: box, endFrame: end, rungs: holeRungs),
                        id: "hole", box: box)
                } catch {
                    why = "Lottie shapes cannot carry \(error.description)"
                }
            }
            if !hole || matte != nil {
                choice.drawn = drawnLogo ? art : nil
                choice.hole = matte
                choice.notes += groupNote.map { [$0] } ?? []
                choice.notes += withPictures ? outline.pictureNote(of: scene.logo).map { [$0] } ?? [] : []
                choice.notes += withPictures ? ladder.map { [$0.note] } ?? [] : []
                choice.isPicture = withPictures
                return choice
            }
        }
        if withPictures {
            return try make(builder: builder, drawnLogo: drawnLogo, hole: hole, allowPictures: false, pictureRefusal: why)
        }
        // Only the paints stop the shapes: the matte can still be shapes (coverage only).
        var holeShapes: LottieLogoArt?
        if hole, exact, let shapes = try? (ownMatte
            ? matteLayers(outline, id: "hole", box: box, endFrame: end) : layers(outline, tint: .black, id: "hole", box: box, endFrame: end)) {
            holeShapes = LottieLogoArt(layers: shapes, id: "hole", box: box)
        }
        choice.hole = holeShapes
        if !drawnLogo, holeShapes != nil { return choice }

        // Pictures for what the shapes cannot carry: a ladder for the matte following the hole's
        // scale, and one for the drawn logo following its own while it shows (yula's fades long
        // before the hole grows), unless it moves with the hole, when the hole's serves both.
        let reason = why ?? "its outline is not exact (" + outline.inexactReasons.map(\.description).joined(separator: ", ") + ")"
        if frames.isEmpty { frames = frameStates(builder: builder) }
        // A picture's precomposition holds what its pictures cover (a filter's reach).
        let pictureBox = LottieLogoArt.box(ink: LottiePictureLadder.region(of: scene.logo), outline: outline)
        let holeTransforms = frames.map { scene.holeTransform($0) }
        let drawnTransforms = drawnLogo ? drawnTransforms(scene: scene, frames: frames) : []
        let movesWithHole = drawnTransforms.indices.allSatisfy { f in
            drawnTransforms[f].map { same($0, holeTransforms[f]) } ?? true
        }
        if hole, holeShapes == nil {
            // The hole's pictures show colours only where the drawn logo shares them (it moves
            // with the hole) and shows; elsewhere they are a matte's coverage.
            let sharesPictures = drawnLogo && colourShapes == nil && movesWithHole
            let ladder = try LottiePictureLadder.make(
                builder: builder, transforms: holeTransforms, use: "The hole", why: reason,
                colour: sharesPictures ? drawnTransforms.map { $0 != nil } : holeTransforms.map { _ in false })
            choice.hole = LottieLogoArt(id: "hole picture", name: "hole picture", ladder: ladder, box: pictureBox)
            choice.notes.append(ladder.note)
        }
        if drawnLogo, let shapes = colourShapes {
            // Only the hole needs the exact coverage: the drawn logo stays shapes.
            choice.drawn = LottieLogoArt(layers: shapes, id: "logo", box: box)
            choice.notes += groupNote.map { [$0] } ?? []
        } else if drawnLogo {
            if let shared = choice.hole, shared.pictureSize != nil, movesWithHole {
                choice.drawn = shared
            } else {
                let ladder = try LottiePictureLadder.make(builder: builder, transforms: drawnTransforms, use: "The drawn logo", why: reason)
                choice.drawn = LottieLogoArt(id: "logo picture", name: "logo picture", ladder: ladder, box: pictureBox)
                choice.notes.append(ladder.note)
            }
        }
        choice.isPicture = true
        return choice
    }

    /// The drawn logo's transform in device pixels at each of `frames`, nil while it is hidden.
    static func drawnTransforms(scene: RevealScene, frames: [FrameState]) -> [Transform?] {
        frames.map { state in
            state.logoOpacity > 0 || (!scene.spec.hole && scene.spec.fadeLogoWithBackground && state.backgroundOpacity > 0)
                ? scene.drawnLogoTransform(state) : nil
        }
    }

    /// The scene's state at each composition frame the layers show (`0..<layerEnd`; past the
    /// reveal's end, its last state).
    static func frameStates(builder: LottieRevealBuilder) -> [FrameState] {
        let times = builder.scene.frameTimes(fps: builder.fps)
        return (0..<builder.layerEnd).map { builder.scene.state(at: times[min($0, times.count - 1)]) }
    }

    /// The logo's picture for another export (the generated code): the one the Lottie embeds for
    /// the drawn logo (or, when the reveal never draws it, for the hole), at the same scale, its
    /// ink box cut to `within` (document units) when given.
    static func picture(scene: RevealScene, options: RevealExportOptions, within: Rect? = nil) throws(LogoMaskError) -> LogoPicture {
        let builder = try LottieRevealBuilder(scene: scene, options: options)
        let drawsLogo = LottieLayers.shows(builder.timeline.logoOpacity)
        return try picture(builder: builder, pointsPerUnit: largestPointsPerUnit(builder: builder, hole: !drawsLogo), within: within)
    }

    /// The logo drawn by the library's raster path over its ink box (cut to `within`) at
    /// `pointsPerUnit` times the viewport's density, capped by the filters' picture scale and the
    /// pixel budget.
    private static func picture(builder: LottieRevealBuilder, pointsPerUnit: Double, within: Rect? = nil) throws(LogoMaskError) -> LogoPicture {
        let scene = builder.scene
        let logo = scene.logo
        // What the logo paints (a filter's reach too), as the launch image and frame 0 show it.
        var ink = logo.paintedRegion
        if ink.isEmpty {
            let box = LottieLogoArt.box(ink: ink, outline: try logo.outline)
            ink = Rect(x: box.origin.x, y: box.origin.y, width: Double(box.width), height: Double(box.height))
        }
        if let within, !ink.intersection(within).isEmpty { ink = ink.intersection(within) }
        let budget = builder.options.maxEmbeddedPixels
        let top = try LottiePictureLadder.topScale(
            of: logo, over: ink, wanted: pointsPerUnit * scene.placement.viewport.density, budget: budget)
        var pixelsPerUnit = top.pixelsPerUnit
        // Whole pixels around the ink, never more than the budget.
        var w = max(1, Int((ink.width * pixelsPerUnit).rounded(.up)))
        var h = max(1, Int((ink.height * pixelsPerUnit).rounded(.up)))
        while w * h > budget, w > 1 || h > 1 {
            pixelsPerUnit *= 0.99
            w = max(1, Int((ink.width * pixelsPerUnit).rounded(.up)))
            h = max(1, Int((ink.height * pixelsPerUnit).rounded(.up)))
        }
        let transform = Transform.translation(x: -ink.minX, y: -ink.minY).concatenating(.scale(pixelsPerUnit))
        let image = try LottiePictureLadder.image(of: scene, width: w, height: h, transform: transform)
        return LogoPicture(image: image, inkOrigin: Point(x: ink.minX, y: ink.minY), pixelsPerUnit: pixelsPerUnit, scaleText: top.text(pixelsPerUnit))
    }

    /// A picture of the logo's ink box: its pixels, where its corner is in document units, its
    /// scale, and how that scale was chosen (for the notes).
    struct LogoPicture {
        var image: RasterImage
        var inkOrigin: Point
        var pixelsPerUnit: Double
        var scaleText: String
    }

    /// The most points per document unit the logo is shown at over every frame and keyframe
    /// time: the hole's scale, or the drawn logo's while it shows.
    private static func largestPointsPerUnit(builder: LottieRevealBuilder, hole: Bool) -> Double {
        let scene = builder.scene
        var times = scene.frameTimes(fps: builder.fps)
        times += builder.timeline.keyTimes
        var largest = 0.0
        for time in times {
            let state = builder.timeline.state(at: time)
            if hole {
                largest = max(largest, LottiePictureLadder.scale(of: scene.holeTransformInPoints(state)))
            } else if state.logoOpacity > 0 {
                largest = max(largest, LottiePictureLadder.scale(of: scene.drawnLogoTransformInPoints(state)))
            }
        }
        return largest > 0 && largest.isFinite ? largest : scene.placement.pointsPerUnit
    }

    /// True when two transforms place the logo alike (to a millionth of a pixel a unit).
    private static func same(_ a: Transform, _ b: Transform) -> Bool {
        let scale = max(1, abs(a.a), abs(a.d))
        return abs(a.a - b.a) <= 1e-9 * scale && abs(a.b - b.b) <= 1e-9 * scale && abs(a.c - b.c) <= 1e-9 * scale
            && abs(a.d - b.d) <= 1e-9 * scale && abs(a.tx - b.tx) <= 1e-6 && abs(a.ty - b.ty) <= 1e-6
    }
}
