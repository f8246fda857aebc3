import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// Which form the logo takes in the Lottie, for the drawn logo and for the hole's matte.
///
/// Shapes when the outline carries the logo (``LogoOutline/drawsAsVectors``: exactly, or with a
/// translucent group's opacity multiplied into its overlapping shapes, named in a note) and
/// Lottie can draw its paints: colours, and gradients that pad (``LottieGradientFill``). The
/// matte needs only the logo's coverage, exactly, so a pattern does not stop it being shapes. Otherwise the logo goes in as one PNG of its ink box,
/// drawn by the library's raster path at the largest scale the animation shows it (capped by
/// ``RevealExportOptions/maxEmbeddedPixels``), and a note says why.
struct LottieArtChoice {
    /// The drawn logo's art, nil when the logo is never drawn.
    var drawn: LottieLogoArt?
    /// The hole's art, nil without a hole.
    var hole: LottieLogoArt?
    /// Sentences for the user.
    var notes: [String]
    /// True when a picture is embedded.
    var isPicture: Bool

    static func make(builder: LottieRevealBuilder, drawnLogo: Bool, hole: Bool) throws(LogoMaskError) -> LottieArtChoice {
        let scene = builder.scene
        let outline = try scene.logo.outline
        let box = LottieLogoArt.box(ink: scene.logo.inkBounds, outline: outline)
        let end = builder.layerEnd
        var choice = LottieArtChoice(drawn: nil, hole: nil, notes: [], isPicture: false)
        guard drawnLogo || hole else { return choice }

        var why: String?
        var colourShapes: [LottieJSON]?
        if !outline.drawsAsVectors {
            why = "its outline is not exact (" + outline.inexactReasons.map(\.description).joined(separator: ", ") + ")"
        } else {
            do {
                colourShapes = try LottieShapes.items(of: outline, tint: scene.spec.logoColor)
            } catch {
                why = "Lottie shapes cannot carry \(error.description)"
            }
        }
        if let shapes = colourShapes, outline.isExact || !hole {
            let art = LottieLogoArt(id: "logo", name: "logo", shapes: shapes, box: box, endFrame: end)
            choice.drawn = drawnLogo ? art : nil
            choice.hole = hole ? art : nil
            choice.notes += outline.groupOpacityNote.map { [$0] } ?? []
            return choice
        }
        // Only the paints stop the shapes: the matte can still be shapes (coverage only).
        var holeShapes: LottieLogoArt?
        if hole, outline.isExact, let shapes = try? LottieShapes.items(of: outline, tint: .black) {
            holeShapes = LottieLogoArt(id: "hole", name: "hole", shapes: shapes, box: box, endFrame: end)
        }
        choice.hole = holeShapes
        if !drawnLogo, holeShapes != nil { return choice }

        // A picture for the matte sized by the hole's largest scale, one for the drawn logo by
        // its own while it shows (yula's fades long before the hole grows): a picture much
        // larger than it is drawn aliases in players that do not filter when they shrink it.
        let reason = why ?? "its outline is not exact (" + outline.inexactReasons.map(\.description).joined(separator: ", ") + ")"
        var holeScale = 0.0
        if hole, holeShapes == nil {
            holeScale = largestPointsPerUnit(builder: builder, hole: true)
            let picture = try pictureArt(builder: builder, id: "hole picture", box: box, pointsPerUnit: holeScale, why: reason)
            choice.hole = picture.art
            choice.notes.append(picture.note)
        }
        if drawnLogo, let shapes = colourShapes {
            // Only the hole needs the exact coverage: the drawn logo stays shapes.
            choice.drawn = LottieLogoArt(id: "logo", name: "logo", shapes: shapes, box: box, endFrame: end)
            choice.notes += outline.groupOpacityNote.map { [$0] } ?? []
        } else if drawnLogo {
            let scale = largestPointsPerUnit(builder: builder, hole: false)
            if let shared = choice.hole, shared.pictureSize != nil, scale >= holeScale / 1.5 {
                choice.drawn = shared
            } else {
                let picture = try pictureArt(builder: builder, id: "logo picture", box: box, pointsPerUnit: scale, why: reason)
                choice.drawn = picture.art
                choice.notes.append(picture.note)
            }
        }
        choice.isPicture = true
        return choice
    }

    /// The logo as a picture of its ink box at the largest scale shown.
    private static func pictureArt(
        builder: LottieRevealBuilder, id: String, box: (origin: Point, width: Int, height: Int), pointsPerUnit: Double,
        why: String
    ) throws(LogoMaskError) -> (art: LottieLogoArt, note: String) {
        let drawn = try picture(builder: builder, pointsPerUnit: pointsPerUnit)
        let picture = try LottiePicture(image: drawn.image)
        let art = LottieLogoArt(
            id: id, name: id, picture: picture, inkOrigin: drawn.inkOrigin,
            pixelsPerUnit: drawn.pixelsPerUnit, box: box, endFrame: builder.layerEnd)
        let use = id == "hole picture" ? "The hole" : "The drawn logo"
        let note = "\(use) goes in as an embedded \(drawn.image.width)x\(drawn.image.height) PNG of the logo (\(drawn.scaleText)) because \(why)."
        return (art, note)
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
        var ink = logo.inkBounds
        if ink.isEmpty {
            let box = LottieLogoArt.box(ink: ink, outline: try logo.outline)
            ink = Rect(x: box.origin.x, y: box.origin.y, width: Double(box.width), height: Double(box.height))
        }
        if let within, !ink.intersection(within).isEmpty { ink = ink.intersection(within) }
        let density = scene.placement.viewport.density
        let largest = pointsPerUnit * density
        // A filtered logo: at most its picture scale (memory; ``FilterPicture``).
        var pixelsPerUnit = FilterPicture.exportPixelsPerUnit(of: logo, wanted: largest)
        let filterCapped = pixelsPerUnit < largest
        let budget = builder.options.maxEmbeddedPixels
        guard budget > 0 else {
            throw LogoMaskError.invalidParameter(.maxPixels, "must be at least 1 pixel for the logo's embedded picture, not \(budget).")
        }
        let area = ink.width * ink.height * pixelsPerUnit * pixelsPerUnit
        var capped = false
        if area > Double(budget) {
            pixelsPerUnit *= (Double(budget) / area).squareRoot()
            capped = true
        }
        // Whole pixels around the ink, never more than the budget.
        var w = max(1, Int((ink.width * pixelsPerUnit).rounded(.up)))
        var h = max(1, Int((ink.height * pixelsPerUnit).rounded(.up)))
        while w * h > budget, w > 1 || h > 1 {
            pixelsPerUnit *= 0.99
            w = max(1, Int((ink.width * pixelsPerUnit).rounded(.up)))
            h = max(1, Int((ink.height * pixelsPerUnit).rounded(.up)))
        }
        let transform = Transform.translation(x: -ink.minX, y: -ink.minY).concatenating(.scale(pixelsPerUnit))
        var image = try Rasterizer.image(of: logo, width: w, height: h, transform: transform)
        if let tint = scene.spec.logoColor { image = tinted(image, tint) }
        let scaleText = "\(formatNumber(pixelsPerUnit, decimals: 3)) px a unit"
            + (capped ? ", capped by the picture budget of \(budget) pixels (the animation reaches \(formatNumber(largest, decimals: 3)))"
                : filterCapped ? ", the filters' picture scale (the animation reaches \(formatNumber(largest, decimals: 3)))"
                : ", the largest scale the animation reaches")
        return LogoPicture(image: image, inkOrigin: Point(x: ink.minX, y: ink.minY), pixelsPerUnit: pixelsPerUnit, scaleText: scaleText)
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
        func scale(of t: Transform) -> Double {
            max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
        }
        for time in times {
            let state = builder.timeline.state(at: time)
            if hole {
                largest = max(largest, scale(of: scene.holeTransformInPoints(state)))
            } else if state.logoOpacity > 0 {
                largest = max(largest, scale(of: scene.drawnLogoTransformInPoints(state)))
            }
        }
        return largest > 0 && largest.isFinite ? largest : scene.placement.pointsPerUnit
    }

    /// `image` painted in `tint` (its coverage kept), premultiplied.
    private static func tinted(_ image: RasterImage, _ tint: RGBAColor) -> RasterImage {
        var copy = image
        let (r, g, b, a) = (UInt32(tint.red), UInt32(tint.green), UInt32(tint.blue), UInt32(tint.alpha))
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = y * image.stride + x * 4
                // Native-endian ARGB32: alpha in the top byte of the little-endian word.
                let coverage = UInt32(image.bytes[i + 3]) * a / 255
                copy.bytes[i + 3] = UInt8(coverage)
                copy.bytes[i + 2] = UInt8((r * coverage + 127) / 255)
                copy.bytes[i + 1] = UInt8((g * coverage + 127) / 255)
                copy.bytes[i] = UInt8((b * coverage + 127) / 255)
            }
        }
        return copy
    }
}
