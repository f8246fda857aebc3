import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// Builds ``RevealExport/webOverlay(_:options:dark:deadline:)``'s script: a comment on how to
/// use it, the data of each appearance (``WebOverlayVariant``) and the player
/// (``WebOverlayScript``), in one function scope that defines nothing but `window.logoReveal`.
struct WebOverlayBuilder {
    let scene: RevealScene
    let options: RevealExportOptions
    let dark: WebDarkMode?
    let deadline: Deadline

    func build() throws(LogoMaskError) -> RevealExportFile {
        guard options.maxEmbeddedPixels > 0 else {
            throw LogoMaskError.invalidParameter(.maxPixels, "must be a positive number of pixels, not \(options.maxEmbeddedPixels).")
        }
        let duration = scene.duration
        guard duration.isFinite, duration > 0 else {
            throw LogoMaskError.invalidRequest("spec \"\(scene.spec.name)\": a web overlay needs a reveal that lasts, not \(duration) s.")
        }
        let light = try WebOverlayVariant(scene: scene, name: "light", options: options, deadline: deadline)
        var darkVariant: WebOverlayVariant?
        if let dark {
            var settings = scene.settings
            settings.background = dark.background
            if dark.logo != nil { settings.anchor = .defaultAnchor }
            let darkScene = try RevealScene(logo: dark.logo ?? scene.logo, spec: scene.spec, settings: settings, deadline: deadline)
            darkVariant = try WebOverlayVariant(scene: darkScene, name: "dark", options: options, deadline: deadline)
        }
        var text = "/*\n" + summary.replacing("*/", with: "* /") + "\n*/\n"
        text += "(function () {\n  \"use strict\";\n"
        text += "  var DATA = {\n  duration: \(formatNumber(duration, decimals: 9)),\n"
        text += "  light: " + light.literal
        text += ",\n  dark: " + (darkVariant?.literal ?? "null") + "\n  };\n"
        text += WebOverlayScript.player
        text += "})();\n"
        var notes = light.notes + (darkVariant?.notes.map { "dark: " + $0 } ?? [])
        if scene.exportedTimeline.contentScale != nil {
            notes.append("The reveal scales the app's content: give the script data-content=\"SELECTOR\" and it scales that element.")
        }
        return RevealExportFile(
            format: .webOverlay, text: text, notes: notes,
            approximations: scene.exportedTimeline.approximations + light.approximations
                + (darkVariant?.approximations.map { "dark: " + $0 } ?? []),
            embeddedPicture: light.pictures + (darkVariant?.pictures ?? 0) > 0, handOff: RevealAppHandOff(scene: scene))
    }

    private var summary: String {
        var text = "logo-reveal.js: the logo-mask reveal \"\(scene.spec.name)\" of \(scene.logo.name) as an overlay over the live page, \(formatNumber(scene.duration)) s.\n"
        text += """

            Put <script src="logo-reveal.js"></script> first in <body>: the overlay (the splash with the
            logo, exactly as the web launch files draw it) covers the page at once, and the reveal plays
            when the page has loaded. It computes the cover scale for the window it runs in (and again
            on resize) from the logo's radial profile, plays once, then removes itself and fires
            "logoreveal:end" on document (once). With prefers-reduced-motion: reduce it goes to the end
            at once; with prefers-color-scheme: dark it draws the dark appearance when one was given.

            Attributes of the script element:
              data-start="manual"    wait for logoReveal.play() instead of the load event
              data-content="#app"    the element the reveal scales (the yula preset's settle)
              data-margin="1"        the final scale over the cover scale (default: the reveal's)
            window.logoReveal: duration (s), play(), seek(seconds) (pause at a moment), finish(),
            coverScale() and finalScale() for the current window.
            """
        return text
    }
}
