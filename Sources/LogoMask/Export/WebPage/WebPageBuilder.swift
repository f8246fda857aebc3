import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// Builds ``RevealExport/webPage(_:options:dark:)``'s page: one HTML file whose inline SVG draws
/// what the frames draw, layer for layer, in viewport points (the SVG's `viewBox`):
///
/// 1. the app content (the scene's picture fitted to the viewport, or the placeholder screen,
///    both drawn by the library and embedded as PNG at the viewport's pixels), scaled about the
///    centre by `contentScale`;
/// 2. the veil, a rectangle of the veil colour at `veilOpacity`;
/// 3. the splash (background colour, gradient or picture, and the caption at
///    `captionOpacity`) at `backgroundOpacity`, cut by a `<mask>` holding the logo's paths in
///    black under the hole's transform (scale, rotation and offset about the anchor), at
///    `1 - logoOpacity` when the logo is drawn (it closes the hole under it, as the frames do);
/// 4. the drawn logo at `logoOpacity`, with the hole, at its launch place, or moved by
///    `logoFrame`.
///
/// Each animated value is a CSS property of its own nested `<g>` (so tracks with different key
/// times never interfere), played by the Web Animations API from the scene's
/// ``RevealScene/exportedTimeline``.
struct WebPageBuilder {
    let scene: RevealScene
    let options: RevealExportOptions
    /// The background (and logo) under `prefers-color-scheme: dark`, when one is configured.
    var dark: WebDarkMode?
    /// The start of the ids of the splash and logo layers (the dark logo's set has its own).
    var prefix = "lm-"

    private var viewport: Viewport { scene.placement.viewport }

    func build() throws(LogoMaskError) -> RevealExportFile {
        guard options.maxEmbeddedPixels > 0 else {
            throw LogoMaskError.invalidParameter(.maxPixels, "must be a positive number of pixels, not \(options.maxEmbeddedPixels).")
        }
        let timeline = scene.exportedTimeline
        let duration = timeline.duration
        guard duration.isFinite, duration > 0 else {
            throw LogoMaskError.invalidRequest("spec \"\(scene.spec.name)\": a web page needs a reveal that lasts, not \(duration) s.")
        }
        var state = PageState(timeline: timeline, duration: duration)
        let w = formatNumber(viewport.size.width), h = formatNumber(viewport.size.height)
        let spec = scene.spec

        // 1-2: content and veil.
        var body = try contentLayer(state: &state)
        let veil = spec.veilColor
        body += "<rect id=\"lm-veil\" width=\"\(w)\" height=\"\(h)\" fill=\"\(SVGLogoMarkup.opaqueHex(veil))\""
        if veil.alpha < 255 { body += " fill-opacity=\"\(formatNumber(veil.alphaFraction, decimals: 4))\"" }
        body += " style=\"opacity:\(state.opacity("lm-veil", timeline.veilOpacity, default: 0))\"/>\n"

        // 3-4: the splash and the drawn logo; with a dark logo, a second set for dark mode,
        // from the dark logo's own scene (its placement and cover scale), shown by CSS.
        if let dark, let darkLogo = dark.logo {
            var settings = scene.settings
            settings.background = dark.background
            settings.anchor = .defaultAnchor
            let darkScene = try RevealScene(logo: darkLogo, spec: spec, settings: settings)
            var darkState = PageState(timeline: darkScene.exportedTimeline, duration: duration)
            let darkBuilder = WebPageBuilder(scene: darkScene, options: options, dark: nil, prefix: "lm-dark-")
            let darkLayers = try darkBuilder.splashAndLogo(state: &darkState)
            body += "<g class=\"lm-light\">\n" + (try splashAndLogo(state: &state)) + "</g>\n"
            body += "<g class=\"lm-dark\">\n" + darkLayers + "</g>\n"
            state.definitions += darkState.definitions
            state.animations += darkState.animations
            state.notes += darkState.notes.map { "dark: " + $0 }
            state.approximations += darkState.approximations.map { "dark: " + $0 }
            state.pictures += darkState.pictures
        } else {
            body += try splashAndLogo(state: &state)
        }

        let text = WebPageDocument(
            title: "\(spec.name) reveal, \(describe(viewport))", viewport: viewport, summary: summary(duration: duration),
            definitions: state.definitions, body: body, animations: state.animations,
            duration: duration, loop: options.loop, style: darkStyle
        ).html
        var notes = state.notes
        if let dark, dark.logo == nil, case .image = scene.settings.background.map(RevealBackground.color) ?? spec.background {
            notes.append("The page keeps its background picture in dark mode.")
        }
        notes.append("The page's cover scale was computed for a \(describe(viewport)) window; at another size the overlay is scaled to fill it.")
        return RevealExportFile(
            format: .webPage, text: text, notes: notes,
            approximations: timeline.approximations + state.approximations,
            embeddedPicture: state.pictures > 0, handOff: RevealAppHandOff(scene: scene))
    }

    /// The splash (cut by the hole) and the drawn logo, with the hole's mask and the logo's
    /// definitions added to `state`; ids start with ``prefix``.
    func splashAndLogo(state: inout PageState) throws(LogoMaskError) -> String {
        let timeline = state.timeline
        let w = formatNumber(viewport.size.width), h = formatNumber(viewport.size.height)
        let spec = scene.spec
        var body = ""
        // The drawn logo, when any moment shows it.
        let logoShown = Self.shows(timeline.logoOpacity) || (!spec.hole && spec.fadeLogoWithBackground)
        var logoInner = ""
        if logoShown {
            let art = try WebLogoArt(
                logo: scene.logo, use: .drawn(tint: spec.logoColor), prefix: prefix + "clip-",
                pixelsPerUnit: largestLogoScale(timeline), maxPixels: options.maxEmbeddedPixels,
                frameZero: scene.drawnLogoTransform(scene.state(at: 0)), asLottie: true)
            state.definitions += art.definitions
            if let ids = art.frameZeroIDs { state.animations += WebAnimation.frameZeroHold(shown: ids.first, later: ids.later, duration: state.duration) }
            logoInner = art.elements
            if let note = art.note { state.notes.append(note) }
            if art.isPicture { state.pictures += 1 }
        }

        // The hole: the logo's paths in black in a luminance mask over the splash.
        var holeInner = ""
        if spec.hole {
            let art = try WebLogoArt(
                logo: scene.logo, use: .hole, prefix: prefix + "hole-clip-", pixelsPerUnit: largestHoleScale(timeline),
                maxPixels: options.maxEmbeddedPixels, frameZero: scene.holeTransform(scene.state(at: 0)))
            state.definitions += art.definitions
            if let ids = art.frameZeroIDs { state.animations += WebAnimation.frameZeroHold(shown: ids.first, later: ids.later, duration: state.duration) }
            holeInner = art.elements
            if let note = art.note { state.notes.append(note) }
            if art.isPicture { state.pictures += 1 }
            if art.isWholePicture {
                state.approximations.append(
                    "hole: drawn from a picture of the logo (its outline is not exact), so its edge is that picture's, scaled.")
            }
            // The drawn logo closes the hole under it: the hole's shapes at 1 - logoOpacity.
            let opening = logoShown ? state.opacity(prefix + "hole-opening", timeline.logoOpacity, default: 0, complement: true) : "1"
            state.definitions += "<mask id=\"\(prefix)hole\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\">"
                + "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#FFFFFF\"/>\n"
                + "<g id=\"\(prefix)hole-opening\" style=\"opacity:\(opening)\">"
                + holeGroups(prefix: prefix + "hole-", inner: holeInner, state: &state) + "</g></mask>\n"
        }

        // 3: the splash.
        var splash = try backgroundLayer(state: &state)
        if let caption = try RevealLayers.captionPlacement(scene) {
            let png = try EmbeddedPNG(plane: caption.plane)
            let d = viewport.density
            splash += "<image id=\"\(prefix)caption\" x=\"\(formatNumber(caption.origin.x / d))\" y=\"\(formatNumber(caption.origin.y / d))\""
                + " width=\"\(formatNumber(Double(png.width) / d))\" height=\"\(formatNumber(Double(png.height) / d))\""
                + " preserveAspectRatio=\"none\" style=\"opacity:\(state.opacity(prefix + "caption", timeline.captionOpacity, default: 0))\""
                + " href=\"\(png.dataURL)\"/>\n"
        }
        let fadesLogo = !spec.hole && spec.fadeLogoWithBackground
        if fadesLogo {
            splash += try drawnLogo(inner: logoInner, state: &state)
        }
        body += "<g id=\"\(prefix)splash\"" + (spec.hole ? " mask=\"url(#\(prefix)hole)\"" : "")
            + " style=\"opacity:\(state.opacity(prefix + "splash", timeline.backgroundOpacity, default: 1))\">\n" + splash + "</g>\n"
        if spec.hole, let fade = timeline.backgroundOpacity, !fade.isConstant || fade.keyframes[0].value < 1 {
            state.approximations.append(
                "backgroundOpacity: with a hole, the page shows the app through the faded splash; the frames leave those pixels transparent.")
        }

        // 4: the drawn logo.
        if logoShown, !fadesLogo {
            body += try drawnLogo(inner: logoInner, state: &state)
        }

        return body
    }

    /// The CSS for `prefers-color-scheme: dark`: the background's dark colour, or, with a dark
    /// logo, the dark set of layers in place of the light one.
    private var darkStyle: String {
        guard let dark else { return "" }
        var rule = "fill:\(SVGLogoMarkup.opaqueHex(dark.background))"
        if dark.background.alpha < 255 { rule += ";fill-opacity:\(formatNumber(dark.background.alphaFraction, decimals: 4))" }
        guard dark.logo != nil else { return "@media (prefers-color-scheme: dark){.lm-background{\(rule)}}\n" }
        // The dark set is hidden first, so that the media rule after it wins in dark mode.
        return ".lm-dark{display:none}\n@media (prefers-color-scheme: dark){.lm-light{display:none}.lm-dark{display:inline}}\n"
    }

    // MARK: Layers

    /// The content picture (embedded at the viewport's pixels), scaled about the viewport centre.
    private func contentLayer(state: inout PageState) throws(LogoMaskError) -> String {
        let png = try EmbeddedPNG(plane: try RevealLayers.contentPlane(scene))
        let w = formatNumber(viewport.size.width), h = formatNumber(viewport.size.height)
        let cx = formatNumber(viewport.size.width / 2), cy = formatNumber(viewport.size.height / 2)
        let scale = state.transform("lm-content", state.timeline.contentScale, default: 1, css: WebAnimation.scale)
        return "<g transform=\"translate(\(cx) \(cy))\"><g id=\"lm-content\" style=\"transform:\(scale)\">"
            + "<image x=\"-\(cx)\" y=\"-\(cy)\" width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" href=\"\(png.dataURL)\"/>"
            + "</g></g>\n"
    }

    /// The class the dark-mode rule paints (none without a dark mode: the page stays as it was).
    private var backgroundClass: String { dark == nil ? "" : " class=\"lm-background\"" }

    /// The splash background: a colour, a gradient (vector) or the picture (embedded).
    private func backgroundLayer(state: inout PageState) throws(LogoMaskError) -> String {
        let size = viewport.size
        let w = formatNumber(size.width), h = formatNumber(size.height)
        switch scene.settings.background.map(RevealBackground.color) ?? scene.spec.background {
        case let .color(color):
            var text = "<rect\(backgroundClass) width=\"\(w)\" height=\"\(h)\" fill=\"\(SVGLogoMarkup.opaqueHex(color))\""
            if color.alpha < 255 { text += " fill-opacity=\"\(formatNumber(color.alphaFraction, decimals: 4))\"" }
            return text + "/>\n"
        case let .gradient(gradient):
            let line = gradient.line(in: size)
            var stops = ""
            let count = gradient.colors.count
            for (i, color) in gradient.colors.enumerated() {
                let offset = count == 1 ? 0 : Double(i) / Double(count - 1)
                stops += "<stop offset=\"\(formatNumber(offset))\" stop-color=\"\(SVGLogoMarkup.opaqueHex(color))\""
                if color.alpha < 255 { stops += " stop-opacity=\"\(formatNumber(color.alphaFraction, decimals: 4))\"" }
                stops += "/>"
            }
            state.definitions += "<linearGradient id=\"\(prefix)gradient\" gradientUnits=\"userSpaceOnUse\""
                + " x1=\"\(formatNumber(line.start.x))\" y1=\"\(formatNumber(line.start.y))\""
                + " x2=\"\(formatNumber(line.end.x))\" y2=\"\(formatNumber(line.end.y))\">" + stops + "</linearGradient>\n"
            return "<rect\(backgroundClass) width=\"\(w)\" height=\"\(h)\" fill=\"url(#\(prefix)gradient)\"/>\n"
        case let .image(path):
            let png = try EmbeddedPNG(plane: try RevealLayers.backgroundPicturePlane(scene, path: path))
            return "<image width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" href=\"\(png.dataURL)\"/>\n"
        }
    }

    /// The drawn logo at `logoOpacity`: moved by `logoFrame`, else with the hole, else at launch.
    private func drawnLogo(inner: String, state: inout PageState) throws(LogoMaskError) -> String {
        let timeline = state.timeline
        var placed: String
        if let frame = timeline.logoFrame {
            let size = scene.logo.documentSize
            let css = { (rect: Rect) in WebAnimation.frame(rect, documentSize: size) }
            let value = state.transform(prefix + "logo-frame", frame, default: frame.keyframes[0].value, css: css)
            placed = "<g id=\"\(prefix)logo-frame\" style=\"transform:\(value)\">\n" + inner + "</g>"
        } else if scene.spec.hole {
            placed = holeGroups(prefix: prefix + "logo-", inner: inner, state: &state)
        } else {
            placed = "<g transform=\"\(SVGLogoMarkup.matrix(scene.placement.transform))\">\n" + inner + "</g>"
        }
        let opacity = state.opacity(prefix + "logo", timeline.logoOpacity, default: 0)
        return "<g id=\"\(prefix)logo\" style=\"opacity:\(opacity)\">\n" + placed + "\n</g>\n"
    }

    /// Document units to points under the hole's transform: scale and rotation about the
    /// anchor, then the offset, one nested group per animated value.
    private func holeGroups(prefix: String, inner: String, state: inout PageState) -> String {
        let p = scene.placement
        let anchor = p.resolvedAnchor, at = p.anchorInPoints
        let timeline = state.timeline
        let offset = state.transform(prefix + "offset", timeline.holeOffset, default: Point.zero, css: WebAnimation.translate)
        let rotation = state.transform(prefix + "rotation", timeline.holeRotation, default: 0.0, css: WebAnimation.rotate)
        let scale = state.transform(prefix + "scale", timeline.holeScale, default: 1.0, css: WebAnimation.scale)
        return "<g id=\"\(prefix)offset\" style=\"transform:\(offset)\">"
            + "<g transform=\"translate(\(formatNumber(at.x)) \(formatNumber(at.y))) rotate(\(formatNumber(p.rotation * 180 / .pi)))\">"
            + "<g id=\"\(prefix)rotation\" style=\"transform:\(rotation)\">"
            + "<g id=\"\(prefix)scale\" style=\"transform:\(scale)\">"
            + "<g transform=\"scale(\(formatNumber(p.pointsPerUnit, decimals: 9))) translate(\(formatNumber(-anchor.x, decimals: 7)) \(formatNumber(-anchor.y, decimals: 7)))\">\n"
            + inner + "</g></g></g></g></g>\n"
    }

    // MARK: Pictures

    /// The most device pixels per document unit the drawn logo reaches while it shows.
    private func largestLogoScale(_ timeline: ExportedTimeline) -> Double {
        let p = scene.placement
        return sampledMaximum(timeline) { state in
            let shown = state.logoOpacity > 0 || (!scene.spec.hole && state.backgroundOpacity > 0)
            guard shown else { return nil }
            if let frame = state.logoFrame { return frame.width / scene.logo.documentSize.width * p.viewport.density }
            return (scene.spec.hole ? state.holeScale : 1) * p.pointsPerUnit * p.viewport.density
        }
    }

    /// The most device pixels per document unit the hole reaches.
    private func largestHoleScale(_ timeline: ExportedTimeline) -> Double {
        let p = scene.placement
        return sampledMaximum(timeline) { state in abs(state.holeScale) * p.pointsPerUnit * p.viewport.density }
    }

    /// The largest of `value` at every keyframe time and 240 times between.
    private func sampledMaximum(_ timeline: ExportedTimeline, _ value: (FrameState) -> Double?) -> Double {
        let steps = 240
        let times = timeline.keyTimes + (0...steps).map { timeline.duration * Double($0) / Double(steps) }
        let best = times.compactMap { value(timeline.state(at: $0)) }.max() ?? 0
        return best > 0 ? best : scene.placement.pointsPerUnit * scene.placement.viewport.density
    }

    // MARK: Text

    private func describe(_ viewport: Viewport) -> String {
        "\(formatNumber(viewport.size.width))x\(formatNumber(viewport.size.height)) pt @\(formatNumber(viewport.density))x"
    }

    private func summary(duration: Double) -> String {
        var text = "logo-mask reveal \"\(scene.spec.name)\" of \(scene.logo.name): \(formatNumber(duration)) s.\n"
        text += "The cover scale was computed for a window of \(describe(viewport))"
        if let scale = scene.finalScale { text += " (final hole scale \(formatNumber(scale)))" }
        text += ": at that size in CSS pixels and that device scale factor, a screenshot is logo-mask's frame.\n"
        text += "?t=SECONDS in the URL shows that moment paused."
        return text
    }

    /// True when some moment of `track` is above 0.
    static func shows(_ track: ExportedTrack<Double>?) -> Bool {
        guard let track else { return false }
        return track.values.contains { $0 > 0 }
    }
}
