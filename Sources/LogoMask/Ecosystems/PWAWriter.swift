import FoundationEssentials
import MaskGeometry

/// The ``AssetPlatform/pwa`` files: what browsers read to install a web app and what Safari shows
/// while a home-screen web app starts, under `pwa/` (its paths are relative to the site root):
///
/// ```
/// pwa/manifest.webmanifest       background_color, theme_color, display, icons
/// pwa/icons/icon-{192,512}.png   purpose "any": the logo on transparency, its ink in the inscribed circle
/// pwa/icons/maskable-{192,512}.png  purpose "maskable": on the background, ink inside the 80 % safe circle
/// pwa/icons/apple-touch-icon.png 180 px, on the background (iOS fills transparency with black)
/// pwa/splash/<device>-<orientation>[-dark].png  apple-touch-startup-image, at the device's pixels
/// pwa/head.html                  the <head> snippet linking all of it
/// ```
///
/// Sizes: Chrome installs an app with a 192 px and a 512 px icon; a maskable icon keeps what
/// matters in the circle of 40 % of its size about the centre (web.dev "Adaptive icon support in
/// PWAs with maskable icons"; the W3C manifest spec's icon `purpose`). Safari picks the startup
/// image whose `media` matches the screen: `device-width` and `device-height` in CSS pixels of
/// the portrait screen, `-webkit-device-pixel-ratio`, `orientation`, and `prefers-color-scheme`
/// when there is a dark set (the query pwa-asset-generator writes). Each picture is the
/// device's web ``LaunchScene``: the background with the logo `logoWidth` CSS pixels wide, centred.
enum PWAWriter {
    /// The manifest's icons: side in pixels, file stem, purpose.
    static let icons: [(side: Int, stem: String, purpose: String)] = [
        (192, "icon-192", "any"), (512, "icon-512", "any"), (192, "maskable-192", "maskable"), (512, "maskable-512", "maskable"),
    ]
    /// A maskable icon's safe zone: the circle 80 % of the icon across.
    static let maskableSafeFraction = 0.8
    /// Safari's home-screen icon size (iPhone @3x).
    static let appleTouchIconSide = 180

    /// The web app manifest (W3C Web Application Manifest member names).
    struct Manifest: Encodable {
        struct Icon: Encodable {
            var src: String
            var sizes: String
            var type = "image/png"
            var purpose: String
        }

        var backgroundColor: String
        var themeColor: String
        var display = "standalone"
        var icons: [Icon]

        enum CodingKeys: String, CodingKey {
            case backgroundColor = "background_color", themeColor = "theme_color", display, icons
        }
    }

    /// The built-in devices Safari runs on (iPhones and iPads).
    static var appleDevices: [Device] { Device.builtIn.filter { AssetGenerator.platform(of: $0) == .ios } }

    /// The `media` query that matches `device` in one orientation (and appearance, when given).
    static func mediaQuery(_ device: Device, landscape: Bool, appearance: LaunchScene.Appearance?) -> String {
        var query = "screen and (device-width: \(formatNumber(device.width))px) and (device-height: \(formatNumber(device.height))px)"
            + " and (-webkit-device-pixel-ratio: \(formatNumber(device.density))) and (orientation: \(landscape ? "landscape" : "portrait"))"
        if let appearance { query += " and (prefers-color-scheme: \(appearance.rawValue))" }
        return query
    }

    static func write(logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        var head: [String] = ["<link rel=\"manifest\" href=\"manifest.webmanifest\">"]
        var manifestIcons: [Manifest.Icon] = []
        for icon in icons {
            let maskable = icon.purpose == "maskable"
            let image = try EcosystemPictures.icon(
                logo, side: icon.side, diameter: Double(icon.side) * (maskable ? maskableSafeFraction : 1),
                background: maskable ? options.background : nil)
            let path = "icons/\(icon.stem).png"
            try EcosystemPictures.write(
                image, to: "pwa/" + path, writer: &writer,
                purpose: maskable
                    ? "The web app's maskable icon (\(icon.side) px): the background with the ink inside the 80 % safe circle."
                    : "The web app's icon (\(icon.side) px, purpose any): the logo on transparency.")
            manifestIcons.append(.init(src: path, sizes: "\(icon.side)x\(icon.side)", purpose: icon.purpose))
        }
        let touch = try EcosystemPictures.icon(
            logo, side: appleTouchIconSide, diameter: Double(appleTouchIconSide) * maskableSafeFraction, background: options.background)
        try EcosystemPictures.write(
            touch, to: "pwa/icons/apple-touch-icon.png", writer: &writer,
            purpose: "The home-screen icon Safari uses (180 px, opaque: iOS fills transparency with black).")
        try EcosystemPictures.writeJSON(
            Manifest(backgroundColor: options.background.hexString, themeColor: options.background.hexString, icons: manifestIcons),
            to: "pwa/manifest.webmanifest", writer: &writer,
            purpose: "The web app manifest: icons, background_color (the browser's splash) and theme_color; add name, short_name and start_url.")

        let dark = options.darkBackground != nil || options.darkLogo != nil
        let background = options.background.hexString, darkBackground = (options.darkBackground ?? options.background).hexString
        if dark {
            head.append("<meta name=\"theme-color\" content=\"\(background)\" media=\"(prefers-color-scheme: light)\">")
            head.append("<meta name=\"theme-color\" content=\"\(darkBackground)\" media=\"(prefers-color-scheme: dark)\">")
        } else {
            head.append("<meta name=\"theme-color\" content=\"\(background)\">")
        }
        head.append("<meta name=\"apple-mobile-web-app-capable\" content=\"yes\">")
        head.append("<link rel=\"apple-touch-icon\" href=\"icons/apple-touch-icon.png\">")
        let appearances: [LaunchScene.Appearance] = dark ? [.light, .dark] : [.light]
        for device in appleDevices {
            for landscape in [false, true] {
                for appearance in appearances {
                    let night = appearance == .dark
                    let source = night ? (options.darkLogo ?? logo) : logo
                    let launch = try LaunchScene(
                        platform: .web, logo: source, viewport: device.viewport(landscape: landscape), logoWidth: options.logoWidth,
                        background: night ? (options.darkBackground ?? options.background) : options.background, appearance: appearance)
                    let orientation = landscape ? "landscape" : "portrait"
                    let path = "splash/\(AssetGenerator.fileName(device.name))-\(orientation)\(night ? "-dark" : "").png"
                    try EcosystemPictures.write(
                        try EcosystemPictures.launchImage(launch, logo: source), to: "pwa/" + path, writer: &writer,
                        purpose: "Safari's startup image on \(device.name) (\(orientation)\(night ? ", dark" : "")): the launch screen at the device's pixels.")
                    let media = mediaQuery(device, landscape: landscape, appearance: dark ? appearance : nil)
                    head.append("<link rel=\"apple-touch-startup-image\" href=\"\(path)\" media=\"\(media)\">")
                }
            }
        }
        try writer.write(
            Data((head.joined(separator: "\n") + "\n").utf8), to: "pwa/head.html",
            purpose: "The <head> snippet: the manifest, theme colours, the home-screen icon and every startup image with its media query.")
    }
}
