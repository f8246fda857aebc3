import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// Builds the reveal's overlay as a Lottie document (Bodymovin 5.7 JSON). Top to bottom, the
/// layers are what the frames draw over the app:
///
/// 1. `logo`: the logo in colour at `logoOpacity`, with the hole (hole scenes), at its launch
///    place, or moving through `logoFrame` (huvi); absent when it is never drawn, and inside
///    the launch screen when it fades with it (`fade`).
/// 2. `hole` (hole scenes): the logo precomposition as a track matte (`td: 1`), moved by the
///    hole's scale, rotation and offset about its anchor, at `1 - logoOpacity` when the logo is
///    drawn (the drawn logo closes the hole under it, so frame 0 is the launch screen).
/// 3. `launch screen`: a precomposition of the caption and the background, at
///    `backgroundOpacity`; in hole scenes matted by the layer above with an inverted alpha
///    matte (`tt: 2`), so it shows everywhere but in the logo-shaped hole.
/// 4. `veil`: a rectangle of the veil colour at `veilOpacity` over the whole screen; only the
///    hole lets it be seen, since the launch screen covers the rest. A shape layer, not a solid
///    (`ty: 1`): ThorVG applies a solid layer's opacity twice (its colour's alpha and the layer's).
///
/// A player drawing this over the app's window shows what the frames show: outside the hole the
/// launch screen, inside it the app under the veil.
struct LottieRevealBuilder {
    let scene: RevealScene
    let options: RevealExportOptions
    let timeline: ExportedTimeline
    let fps: Double
    /// The composition's out point (`op`): the frames logo-mask draws, both ends included
    /// (37 for 0.6 s at 60 fps). Players show frames `0..<op`, so the last one is the reveal's
    /// end (a duration in frames, rounded up, would end one frame early in rlottie and lottie-web).
    let endFrame: Int
    /// Layers stay visible one frame past `op`, so that a player asked for the end shows it.
    var layerEnd: Int { endFrame + 1 }
    let width: Int
    let height: Int

    init(scene: RevealScene, options: RevealExportOptions) throws(LogoMaskError) {
        guard options.fps.isFinite, options.fps > 0, options.fps <= 240 else {
            throw LogoMaskError.invalidParameter(.fps, "must be a number of frames per second in 0...240 for a Lottie, not \(options.fps).")
        }
        self.scene = scene
        self.options = options
        timeline = scene.exportedTimeline
        fps = options.fps
        endFrame = max(1, Int((scene.duration * fps - 1e-9).rounded(.up))) + 1
        let size = scene.placement.viewport.size
        width = Int(size.width.rounded(.up))
        height = Int(size.height.rounded(.up))
    }

    /// The document, what to tell its user and whether it embeds a picture.
    func build() throws(LogoMaskError) -> (json: LottieJSON, notes: [String], picture: Bool) {
        var notes: [String] = []
        let size = scene.placement.viewport.size
        if Double(width) != size.width || Double(height) != size.height {
            notes.append("The composition is \(width)x\(height): Lottie sizes are whole points, the viewport is \(formatNumber(size.width))x\(formatNumber(size.height)).")
        }
        let spec = scene.spec
        let drawsLogo = LottieLayers.shows(timeline.logoOpacity)
        let logoInScreen = drawsLogo && !spec.hole && spec.fadeLogoWithBackground
        let art = try LottieArtChoice.make(builder: self, drawnLogo: drawsLogo, hole: spec.hole)
        notes += art.notes
        let viewport = scene.placement.viewport
        let holeCut = spec.hole ? art.hole.flatMap { hole in
            LottieScreenCut.cut(
                hole, transforms: LottieArtChoice.frameStates(builder: self).map { scene.holeTransform($0) },
                screen: viewport.pixelBounds,
                limit: LottiePictureLadder.maximumExtent * viewport.density)
        } : nil
        if let holeCut {
            notes.append("Past \(formatNumber(LottiePictureLadder.maximumExtent, decimals: 0)) pt (frame \(holeCut.from) on) the hole's "
                + "shapes hold only what the screen shows, \(holeCut.pieces.count) cut\(holeCut.pieces.count == 1 ? "" : "s") "
                + "(rlottie draws nothing of a path about 37,000 px across).")
        }
        var assets: [LottieJSON] = []
        var seen = Set<String>()
        // Each asset once: the drawn logo and the hole may share an art, or pictures.
        for piece in [art.drawn, art.hole].compactMap({ $0 }) {
            for asset in piece.assets {
                guard case let .object(fields) = asset, case let .string(id)? = fields["id"] else { assets.append(asset); continue }
                if seen.insert(id).inserted { assets.append(asset) }
            }
        }

        // The launch screen: caption over background, in a precomposition of the viewport's size.
        var screenLayers: [LottieJSON] = []
        if logoInScreen, let drawn = art.drawn {
            screenLayers.append(logoLayer(drawn, index: screenLayers.count + 1))
        }
        if let caption = try captionLayer(index: screenLayers.count + 1, assets: &assets) { screenLayers.append(caption) }
        screenLayers.append(try backgroundLayer(index: screenLayers.count + 1, assets: &assets))
        assets.append(.object(["id": .string("launch screen"), "nm": .string("launch screen"), "layers": .array(screenLayers)]))

        var layers: [LottieJSON] = []
        if drawsLogo, !logoInScreen, let drawn = art.drawn {
            layers.append(logoLayer(drawn, index: layers.count + 1))
        }
        // The whole hole and the launch screen around it until the cut, if any.
        let wholeEnd = holeCut?.from ?? layerEnd
        if spec.hole, let hole = art.hole {
            layers.append(LottieLayers.layer(
                type: 0, index: layers.count + 1, name: "hole (matte)", endFrame: wholeEnd,
                transform: holeTransform(hole, opacity: holeOpening(drawn: drawsLogo)),
                extra: ["refId": .string(hole.id), "w": .int(hole.width), "h": .int(hole.height), "td": .int(1)]))
        }
        var screenFields: [String: LottieJSON] = [
            "refId": .string("launch screen"), "w": .int(width), "h": .int(height),
        ]
        if spec.hole { screenFields["tt"] = .int(2) }
        func screenLayer(_ frames: Range<Int>) -> LottieJSON {
            var fields = screenFields
            fields["ip"] = .int(frames.lowerBound)
            return LottieLayers.layer(
                type: 0, index: layers.count + 1, name: spec.hole ? "launch screen (around the hole)" : "launch screen",
                endFrame: frames.upperBound,
                transform: LottieLayers.transform(
                    anchor: LottieShapes.constant(.numbers([0, 0])), position: LottieShapes.constant(.numbers([0, 0])),
                    scale: LottieShapes.constant(.numbers([100, 100])), rotation: LottieShapes.constant(.int(0)),
                    opacity: LottieLayers.opacity(timeline.backgroundOpacity, resting: 1, fps: fps)),
                extra: fields)
        }
        layers.append(screenLayer(0..<wholeEnd))
        if let holeCut, let hole = art.hole {
            // The hole's transform on a null layer, each cut's shapes a matte parented to it
            // (parenting carries transforms only: each matte has the hole's opacity itself).
            let parent = layers.count + 1
            layers.append(LottieLayers.layer(
                type: 3, index: parent, name: "hole (transform)", endFrame: layerEnd,
                transform: holeTransform(hole, opacity: LottieShapes.constant(.int(100))), extra: [:]))
            for (number, piece) in holeCut.pieces.enumerated() {
                for run in piece.runs {
                    layers.append(LottieLayers.layer(
                        type: 4, index: layers.count + 1, name: "hole (matte) cut \(number + 1)", endFrame: run.upperBound,
                        transform: LottieLayers.transform(
                            anchor: LottieShapes.constant(.numbers([0, 0])),
                            position: LottieShapes.constant(.numbers([-holeCut.origin.x, -holeCut.origin.y])),
                            scale: LottieShapes.constant(.numbers([100, 100])), rotation: LottieShapes.constant(.int(0)),
                            opacity: holeOpening(drawn: drawsLogo)),
                        extra: ["shapes": piece.shapes, "parent": .int(parent), "td": .int(1), "ip": .int(run.lowerBound)]))
                    layers.append(screenLayer(run))
                }
            }
        }
        if LottieLayers.shows(timeline.veilOpacity) {
            let veil = spec.veilColor
            layers.append(LottieLayers.rectangleLayer(
                index: layers.count + 1, name: "veil", endFrame: layerEnd, color: veil, width: width, height: height,
                opacity: LottieLayers.opacity(timeline.veilOpacity, resting: 0, factor: Double(veil.alpha) / 255, fps: fps)))
        }

        let handOff = RevealAppHandOff(scene: scene)
        let marker = LottieJSON.object([
            "cm": .string("hand-off: remove the overlay"), "tm": .number(handOff.removeOverlayAt * fps), "dr": .int(0),
        ])
        let document = LottieJSON.object([
            "v": .string("5.7.0"), "nm": .string(spec.name), "fr": .number(fps, decimals: 6), "ip": .int(0),
            "op": .int(endFrame), "w": .int(width), "h": .int(height), "ddd": .int(0),
            "assets": .array(assets), "layers": .array(layers), "markers": .array([marker]),
        ])
        return (document, notes, art.isPicture)
    }

    // MARK: Layers

    /// The drawn logo: the art placed by `logoFrame`, the hole's transform or the launch placement.
    private func logoLayer(_ art: LottieLogoArt, index: Int) -> LottieJSON {
        let opacity = LottieLayers.opacity(timeline.logoOpacity, resting: 0, fps: fps)
        let transform: LottieJSON
        if let frames = timeline.logoFrame {
            let document = scene.logo.documentSize
            transform = LottieLayers.transform(
                anchor: LottieShapes.constant(.numbers([-art.origin.x, -art.origin.y])),
                position: LottieLayers.property(frames, resting: scene.launchFrame, fps: fps, scalar: false) { [$0.x, $0.y] },
                scale: LottieLayers.property(frames, resting: scene.launchFrame, fps: fps, scalar: false, decimals: 6) {
                    [$0.width / document.width * 100, $0.height / document.height * 100]
                },
                rotation: LottieShapes.constant(.int(0)), opacity: opacity)
        } else if scene.spec.hole {
            transform = holeTransform(art, opacity: opacity)
        } else {
            let p = scene.placement
            let anchor = p.resolvedAnchor, at = p.anchorInPoints
            transform = LottieLayers.transform(
                anchor: LottieShapes.constant(.numbers([anchor.x - art.origin.x, anchor.y - art.origin.y])),
                position: LottieShapes.constant(.numbers([at.x, at.y])),
                scale: LottieShapes.constant(.array([.number(p.pointsPerUnit * 100, decimals: 6), .number(p.pointsPerUnit * 100, decimals: 6)])),
                rotation: LottieShapes.constant(.number(p.rotation * 180 / .pi)), opacity: opacity)
        }
        return LottieLayers.layer(
            type: 0, index: index, name: "logo", endFrame: layerEnd, transform: transform,
            extra: ["refId": .string(art.id), "w": .int(art.width), "h": .int(art.height)])
    }

    /// The hole matte's opacity: `1 - logoOpacity` when the logo is drawn (the drawn logo closes
    /// the hole under it, as the frames do), else 1.
    private func holeOpening(drawn: Bool) -> LottieJSON {
        guard drawn, let track = timeline.logoOpacity else { return LottieShapes.constant(.int(100)) }
        return LottieLayers.property(track, resting: 0, fps: fps, scalar: true, decimals: 3) { [(1 - min(max($0, 0), 1)) * 100] }
    }

    /// The hole's transform: its anchor, scale, rotation and offset tracks.
    private func holeTransform(_ art: LottieLogoArt, opacity: LottieJSON) -> LottieJSON {
        let p = scene.placement
        let anchor = p.resolvedAnchor, at = p.anchorInPoints, k = p.pointsPerUnit
        let rotation = p.rotation
        return LottieLayers.transform(
            anchor: LottieShapes.constant(.numbers([anchor.x - art.origin.x, anchor.y - art.origin.y])),
            position: LottieLayers.property(timeline.holeOffset, resting: .zero, fps: fps, scalar: false) {
                [at.x + $0.x, at.y + $0.y]
            },
            scale: LottieLayers.property(timeline.holeScale, resting: 1, fps: fps, scalar: false, decimals: 6) {
                [k * $0 * 100, k * $0 * 100]
            },
            rotation: LottieLayers.property(timeline.holeRotation, resting: 0, fps: fps, scalar: true, decimals: 6) {
                [(rotation + $0) * 180 / .pi]
            },
            opacity: opacity)
    }

    /// The caption picture at its place (device pixels over the density), at `captionOpacity`.
    private func captionLayer(index: Int, assets: inout [LottieJSON]) throws(LogoMaskError) -> LottieJSON? {
        guard let image = scene.settings.caption, LottieLayers.shows(timeline.captionOpacity) else { return nil }
        let picture = try LottiePicture(image: image)
        assets.append(picture.asset(id: "caption picture", name: "caption"))
        let d = scene.placement.viewport.density
        // Where the frames draw it: centred, 24 pt below the launch logo, on whole pixels.
        let x = ((Double(scene.placement.viewport.pixelWidth) - Double(image.width)) / 2).rounded(.down)
        let y = ((scene.launchFrame.maxY + 24) * d).rounded(.down)
        return LottieLayers.layer(
            type: 2, index: index, name: "caption", endFrame: layerEnd,
            transform: LottieLayers.transform(
                anchor: LottieShapes.constant(.numbers([0, 0])), position: LottieShapes.constant(.numbers([x / d, y / d])),
                scale: LottieShapes.constant(.array([.number(100 / d, decimals: 6), .number(100 / d, decimals: 6)])),
                rotation: LottieShapes.constant(.int(0)),
                opacity: LottieLayers.opacity(timeline.captionOpacity, resting: 0, fps: fps)),
            extra: ["refId": .string("caption picture")])
    }

    /// The background: a solid, a gradient-filled rectangle or the picture scaled to fill.
    private func backgroundLayer(index: Int, assets: inout [LottieJSON]) throws(LogoMaskError) -> LottieJSON {
        let background = scene.settings.background.map(RevealBackground.color) ?? scene.spec.background
        let w = Double(width), h = Double(height)
        switch background {
        case let .color(color):
            return LottieLayers.rectangleLayer(
                index: index, name: "background", endFrame: layerEnd, color: color, width: width, height: height,
                opacity: LottieShapes.constant(.number(Double(color.alpha) / 255 * 100)))
        case let .gradient(gradient):
            let line = gradient.line(in: scene.placement.viewport.size)
            let count = gradient.colors.count
            var stops: [LottieJSON] = []
            for (i, color) in gradient.colors.enumerated() {
                let offset = count == 1 ? 0 : Double(i) / Double(count - 1)
                stops += [.number(offset), .number(color.redFraction), .number(color.greenFraction), .number(color.blueFraction)]
            }
            if gradient.colors.contains(where: { $0.alpha != 255 }) {
                for (i, color) in gradient.colors.enumerated() {
                    stops += [.number(count == 1 ? 0 : Double(i) / Double(count - 1)), .number(color.alphaFraction)]
                }
            }
            let rect = LottieJSON.object([
                "ty": .string("rc"), "nm": .string("screen"), "d": .int(1),
                "p": LottieShapes.constant(.numbers([w / 2, h / 2])), "s": LottieShapes.constant(.numbers([w, h])),
                "r": LottieShapes.constant(.int(0)),
            ])
            let fill = LottieJSON.object([
                "ty": .string("gf"), "nm": .string("gradient"), "t": .int(1), "r": .int(1),
                "o": LottieShapes.constant(.int(100)),
                "s": LottieShapes.constant(.numbers([line.start.x, line.start.y])),
                "e": LottieShapes.constant(.numbers([line.end.x, line.end.y])),
                "g": .object(["p": .int(count), "k": LottieShapes.constant(.array(stops))]),
            ])
            let group = LottieJSON.object([
                "ty": .string("gr"), "nm": .string("background"), "np": .int(2),
                "it": .array([rect, fill, LottieShapes.identityTransform]),
            ])
            return LottieLayers.layer(
                type: 4, index: index, name: "background", endFrame: layerEnd,
                transform: LottieLayers.staticTransform(anchor: .zero, position: .zero, scale: 1),
                extra: ["shapes": .array([group])])
        case let .image(path):
            let resolved = path.hasPrefix("/") || scene.settings.specFolder == nil
                ? path : URL(fileURLWithPath: scene.settings.specFolder ?? ".").appendingPathComponent(path).path
            let picture = try LottiePicture(contentsOf: resolved)
            assets.append(picture.asset(id: "background picture", name: "background"))
            // Scaled to fill the viewport, aspect kept, centred (as the frames draw it).
            let screen = scene.placement.viewport.size
            let s = max(screen.width / Double(picture.width), screen.height / Double(picture.height))
            let origin = Point(x: (screen.width - Double(picture.width) * s) / 2, y: (screen.height - Double(picture.height) * s) / 2)
            return LottieLayers.layer(
                type: 2, index: index, name: "background", endFrame: layerEnd,
                transform: LottieLayers.staticTransform(anchor: .zero, position: origin, scale: s),
                extra: ["refId": .string("background picture")])
        }
    }
}
