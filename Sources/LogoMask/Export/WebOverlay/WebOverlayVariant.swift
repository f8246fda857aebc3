import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// One appearance (light or dark) of the web overlay as numbers and markup: the code model's
/// tracks (each value affine in the window's numbers, see ``RevealCodeTrack``), the radial
/// profile the script computes the cover scale from, where the logo and anchor sit, the colours,
/// and the logo's art for the hole and for the drawn logo.
struct WebOverlayVariant {
    /// The object literal the script reads (see ``WebOverlayScript``).
    let literal: String
    let notes: [String]
    let approximations: [String]
    let pictures: Int

    /// Decimals of the path and transform numbers (document units and points).
    static let decimals = 6

    init(scene: RevealScene, name: String, options: RevealExportOptions, deadline: Deadline) throws(LogoMaskError) {
        let model = try RevealCodeModel(scene: scene, profile: nil, deadline: deadline)
        let logo = scene.logo
        let spec = scene.spec
        let placement = scene.placement
        let timeline = scene.exportedTimeline
        var notes: [String] = []
        var approximations: [String] = []
        var pictures = 0

        let chosen = scene.settings.background.map(RevealBackground.color) ?? spec.background
        let background = chosen.flatColor
        switch chosen {
        case .color: break
        case .gradient: approximations.append("background: the overlay draws the gradient's first colour (\(background.hexString)).")
        case .image: approximations.append("background: the overlay does not embed the background picture; it draws white.")
        }
        if try RevealLayers.captionPlacement(scene) != nil {
            approximations.append("caption: the overlay does not draw the caption; put it in the page under the overlay.")
        }

        // The drawn logo, when any moment shows it, and the hole.
        let logoShown = WebPageBuilder.shows(timeline.logoOpacity) || (!spec.hole && spec.fadeLogoWithBackground)
        let k = placement.pointsPerUnit
        // A picture (when the outline cannot carry the logo) is drawn for a 3x screen at the
        // largest scale the timeline reaches on the scene's own window.
        let largest = max(1, scene.finalScale ?? 1) * k * 3
        var logoArt: WebLogoArt?
        if logoShown {
            let art = try WebLogoArt(
                logo: logo, use: .drawn(tint: spec.logoColor), prefix: "logo-reveal-\(name)-clip-",
                pixelsPerUnit: k * 3, maxPixels: options.maxEmbeddedPixels)
            if let note = art.note { notes.append(note) }
            if art.isPicture { pictures += 1 }
            logoArt = art
        }
        var holeArt: WebLogoArt?
        if spec.hole {
            let art = try WebLogoArt(
                logo: logo, use: .hole, prefix: "logo-reveal-\(name)-hole-clip-", pixelsPerUnit: largest,
                maxPixels: options.maxEmbeddedPixels, filterPixelsPerUnit: k * 3)
            if let note = art.note { notes.append(note) }
            if art.isPicture { pictures += 1 }
            if art.isWholePicture {
                approximations.append("hole: drawn from a picture of the logo (its outline is not exact), so its edge is that picture's, scaled.")
            }
            holeArt = art
        }

        func n(_ value: Double) -> String { formatNumber(value, decimals: Self.decimals) }
        func list(_ values: [Double], decimals: Int = Self.decimals) -> String {
            "[" + values.map { formatNumber($0, decimals: decimals) }.joined(separator: ",") + "]"
        }
        func color(_ c: RGBAColor) -> String { "[\"\(SVGLogoMarkup.opaqueHex(c))\",\(n(c.alphaFraction))]" }
        let anchor = placement.resolvedAnchor
        var text = "{\n"
        text += "  doc: [\(n(logo.documentSize.width)), \(n(logo.documentSize.height))], k: \(formatNumber(k, decimals: 9)),\n"
        text += "  center: [\(n(model.centerOffset.x)), \(n(model.centerOffset.y))],"
        text += " anchorOffset: [\(n(model.anchorOffset.x)), \(n(model.anchorOffset.y))],"
        text += " anchor: [\(formatNumber(anchor.x, decimals: 7)), \(formatNumber(anchor.y, decimals: 7))],\n"
        text += "  rotation: \(n(model.launchRotation)), margin: \(n(model.margin)), hole: \(spec.hole),"
        text += " logoShown: \(logoShown), fadesLogo: \(!spec.hole && spec.fadeLogoWithBackground),\n"
        text += "  background: \(color(background)), veil: \(color(spec.veilColor)),\n"
        text += "  tracks: {\n"
        text += model.tracks.map { track in
            "    \(track.name): {t: \(list(track.times, decimals: 9)), b: \(list(track.base, decimals: 9)), s: \(list(track.perFinalScale, decimals: 9)),"
                + " a: \(list(track.perCornerAngle, decimals: 9)), w: \(list(track.perWindowWidth, decimals: 9)), h: \(list(track.perWindowHeight, decimals: 9)),"
                + " c: [" + track.curves.map { list($0) }.joined(separator: ",") + "]}"
        }.joined(separator: ",\n")
        text += "\n  },\n"
        let radii = model.profile?.roundedRadii(decimals: RevealCodeModel.profileDecimals) ?? []
        text += "  radii: " + list(radii, decimals: RevealCodeModel.profileDecimals) + ",\n"
        text += "  defs: " + Self.jsString((logoArt?.definitions ?? "") + (holeArt?.definitions ?? "")) + ",\n"
        text += "  logoArt: " + Self.jsString(logoArt?.elements ?? "") + ",\n"
        text += "  holeArt: " + Self.jsString(holeArt?.elements ?? "") + "\n}"
        literal = text
        self.notes = notes
        self.approximations = approximations
        self.pictures = pictures
    }

    /// A JavaScript string literal of `text` (a JSON string is one), safe inside an HTML
    /// `<script>` too (no `</` to end it).
    static func jsString(_ text: String) -> String {
        var out = ""
        JSONText.appendQuoted(text, to: &out)
        return out.replacing("</", with: "<\\/")
    }
}
