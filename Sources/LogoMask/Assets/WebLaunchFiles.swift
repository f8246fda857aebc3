import FoundationEssentials
import MaskGeometry

/// The web launch files that fit any window: `web/splash.html`, the splash as HTML and CSS (the
/// background colour fills the window by CSS; the logo, as inline SVG in its own paints, sits
/// centred at its launch size, `logoWidth` CSS pixels wide, not rounded, as
/// ``LaunchScene/Platform/web`` places it), and `web/splash-hole.css`, which centres the hole
/// SVG (sized to the logo's box) and extends its fill to the window's edges.
///
/// The logo is drawn by the same markup, at the same place, as frame 0 of the overlay script
/// (`reveal -o logo-reveal.js`), so the browser paints the same pixels in both.
///
/// A logo the markup cannot draw (filters, images, masks), or the Lottie's shapes cannot (a
/// clip, a stretched pen: ``WebLogoArt``'s `asLottie`), goes in as one picture per device
/// pixel ratio in ``pictureRatios``, each drawn by the library on the device pixel grid of a
/// window whose centre is a whole device pixel (every window whose size in device pixels is
/// even), as the page and the Lottie draw frame 0's picture (``LogoPicture``), and CSS shows
/// the one of the window's ratio. The browser then paints it pixel for pixel, so a reveal
/// starting on the same grid starts on the splash's pixels; one picture for every ratio would
/// be resampled, and differ from them along every edge.
enum WebLaunchFiles {
    /// The device pixel ratios a picture of the logo is drawn for; a window between two shows
    /// the next one up (shrunk by the browser), one past the last the last.
    static let pictureRatios: [Double] = [1, 2, 3]

    /// The class of the picture drawn for `ratio`.
    static func pictureClass(_ ratio: Double) -> String { "logo-splash-\(formatNumber(ratio))x" }

    /// The CSS that shows the picture of the window's device pixel ratio: the first by default,
    /// each later one from just past the ratio before it (`min-resolution`, and WebKit's older
    /// `-webkit-min-device-pixel-ratio`).
    static var pictureStyle: String {
        func rule(_ ratio: Double, _ display: String) -> String { "#logo-splash .\(pictureClass(ratio)){display:\(display)}" }
        var text = pictureRatios.dropFirst().map { "#logo-splash .\(pictureClass($0))" }.joined(separator: ",") + "{display:none}\n"
        for (before, ratio) in zip(pictureRatios, pictureRatios.dropFirst()) {
            let from = formatNumber(before + 0.01)
            text += "@media (-webkit-min-device-pixel-ratio: \(from)),(min-resolution: \(from)dppx){"
            text += rule(before, "none") + rule(ratio, "inline") + "}\n"
        }
        return text
    }

    /// The splash page: light, and dark under `prefers-color-scheme: dark` when `darkBackground`
    /// is given (with `darkLogo`, else the light logo).
    static func splashPage(
        logo: VectorLogo, logoWidth: Double, background: RGBAColor, darkBackground: RGBAColor?, darkLogo: VectorLogo?
    ) throws(LogoMaskError) -> (text: String, notes: [String]) {
        var notes: [String] = []
        var style = "html,body{margin:0;padding:0;background:\(SVGLogoMarkup.opaqueHex(background))}\n"
        style += "#logo-splash{position:fixed;left:0;top:0;width:100%;height:100%;z-index:2147483646;background:\(SVGLogoMarkup.opaqueHex(background))}\n"
        style += "#logo-splash>svg{display:block;width:100%;height:100%}\n"
        var pictures = false
        var art = try logoSVG(logo: logo, logoWidth: logoWidth, name: "light", notes: &notes, pictures: &pictures)
        if let darkBackground {
            let dark = SVGLogoMarkup.opaqueHex(darkBackground)
            // The dark logo is hidden first, so that the media rule after it wins in dark mode.
            if darkLogo != nil { style += "#logo-splash .logo-splash-dark{display:none}\n" }
            style += "@media (prefers-color-scheme: dark){html,body,#logo-splash{background:\(dark)}"
            if let darkLogo {
                art += try logoSVG(logo: darkLogo, logoWidth: logoWidth, name: "dark", notes: &notes, pictures: &pictures)
                style += "#logo-splash .logo-splash-light{display:none}#logo-splash .logo-splash-dark{display:inline}"
            }
            style += "}\n"
        }
        if pictures { style += pictureStyle }
        var text = "<!DOCTYPE html>\n<!--\n"
        text += """
            The web launch screen made by logo-mask: the background colour over the whole window (CSS),
            the logo centred, \(formatNumber(logoWidth)) CSS pixels wide, in any window\(darkBackground == nil ? "" : ", dark under prefers-color-scheme: dark").
            Copy the <style> into your page's <head> and the #logo-splash element first into its <body>,
            and remove the element when the app is ready, or let logo-reveal.js (logo-mask reveal
            LOGO -o logo-reveal.js) play the reveal from this same first frame.
            """
        text += "\n-->\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        text += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        text += "<title>Splash</title>\n<style>\n" + style + "</style>\n</head>\n<body>\n"
        text += "<div id=\"logo-splash\" aria-hidden=\"true\"><svg xmlns=\"http://www.w3.org/2000/svg\">\n" + art + "</svg></div>\n"
        text += "</body>\n</html>\n"
        return (text, notes)
    }

    /// The logo as a nested `<svg>` whose origin is the window's centre: the document box
    /// `logoWidth` wide centred on it, in any window and without script; `pictures` is set when
    /// it is pictures (one per ratio of ``pictureRatios``).
    private static func logoSVG(
        logo: VectorLogo, logoWidth: Double, name: String, notes: inout [String], pictures: inout Bool
    ) throws(LogoMaskError) -> String {
        let size = logo.documentSize
        let k = logoWidth / size.width
        // Document units to device pixels from the window's centre, at each ratio.
        let toCentre = Transform.scale(k).concatenating(.translation(x: -logoWidth / 2, y: -size.height * k / 2))
        let art = try WebLogoArt(
            logo: logo, use: .drawn(tint: nil), prefix: "logo-splash-\(name)-clip-", pixelsPerUnit: k * 4,
            maxPixels: 4096 * 4096, grids: pictureRatios.map { (pictureClass($0), toCentre.concatenating(.scale($0))) },
            asLottie: true)
        if let note = art.note { notes.append(note) }
        if art.isPicture { pictures = true }
        return "<svg class=\"logo-splash-\(name)\" x=\"50%\" y=\"50%\" overflow=\"visible\"><defs>" + art.definitions + "</defs>"
            + "<g transform=\"translate(\(formatNumber(-logoWidth / 2, decimals: 6)) \(formatNumber(-size.height * k / 2, decimals: 6))) scale(\(formatNumber(k, decimals: 9)))\">\n"
            + art.elements + "</g></svg>\n"
    }

    /// CSS that centres `splash-hole.svg` (and `splash-hole-dark.svg`) at the logo's size and
    /// fills the rest of the window with the background colour (a spread shadow past any edge).
    static func holeStyle(logo: VectorLogo, logoWidth: Double, background: RGBAColor, darkBackground: RGBAColor?, darkLogo: VectorLogo?) -> String {
        func box(_ logo: VectorLogo) -> String {
            let h = logoWidth * logo.documentSize.height / logo.documentSize.width
            return "width:\(formatNumber(logoWidth))px;height:\(formatNumber(h))px;margin:\(formatNumber(-h / 2))px 0 0 \(formatNumber(-logoWidth / 2))px"
        }
        var text = "/* The splash with a logo-shaped hole, made by logo-mask, for any window: <div class=\"logo-hole\"></div>. */\n"
        text += ".logo-hole{position:fixed;left:50%;top:50%;\(box(logo));z-index:2147483646;"
        text += "background:url(splash-hole.svg) 0 0/100% 100% no-repeat;box-shadow:0 0 0 200vmax \(SVGLogoMarkup.opaqueHex(background))}\n"
        if let darkBackground {
            text += "@media (prefers-color-scheme: dark){.logo-hole{\(darkLogo.map(box) ?? box(logo));background-image:url(splash-hole-dark.svg);"
            text += "box-shadow:0 0 0 200vmax \(SVGLogoMarkup.opaqueHex(darkBackground))}}\n"
        }
        return text
    }
}
