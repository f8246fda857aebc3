import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// `logo-reveal.js` (``RevealExport/webOverlay(_:options:dark:deadline:)``) over a live page in
/// headless Chromium (one browser, driven over DevTools), at a phone (390x844), a tablet in
/// landscape (1180x820) and a desktop (1440x900) window:
///
/// - at the end of the reveal (paused there) the screenshot is the live page's, pixel for pixel:
///   no pixel of the overlay remains; with the final scale at 0.995 of the script's cover scale
///   the splash shows at the window's edge, so the cover is exact within 0.5 % (twitter and
///   yula, whose hole turns); the script's cover scale is the library's for that window;
/// - played on its own, it removes itself and fires `logoreveal:end` exactly once; with
///   `prefers-reduced-motion: reduce` it is gone at once (and the event fired once);
/// - frame 0 (of every preset) is the web launch screen `assets` writes (`web/splash.html`),
///   light and dark (`prefers-color-scheme` emulated; the dark one with its own logo, on
///   twitter): at most 0.5 % of the logo
///   box's pixels differ by more than 24, as ``HandOffTests`` measures; so is frame 0 of the
///   stand-alone page (`?t=0`, made for the phone window) in both schemes.
///
/// What it cannot show: other browsers' rendering, and timing on a real device (the end state is
/// checked paused; the played run only for its end).
@Suite("Web overlay over a live page in Chromium", .serialized)
struct WebOverlayTests {
    static let windows = [(390, 844), (1180, 820), (1440, 900)]
    static let light = RGBAColor.white
    static let dark = RGBAColor(red: 0x0B, green: 0x13, blue: 0x20)

    /// The live page: distinctive stripes and text everywhere, a counter of completion events,
    /// and the overlay script when given.
    static func livePage(script: String?, attributes: String = "") -> String {
        var text = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
        text += "html,body{margin:0;height:100%}body{background:repeating-linear-gradient(45deg,#00C853 0 12px,#D500F9 12px 24px);"
        text += "font:bold 40px sans-serif;color:#FFEB3B}</style></head><body>"
        text += "<script>window.ends=0;document.addEventListener('logoreveal:end',function(){window.ends++;});</script>"
        if let script { text += "<script src=\"\(script)\" \(attributes)></script>" }
        text += "<h1>LIVE PAGE</h1><p>The app's own content under the overlay.</p></body></html>"
        return text
    }

    struct Shot {
        var name: String
        var width: Int
        var height: Int
    }

    static func pixels(_ path: String) throws -> [UInt32] {
        HandOffTests.words(try RasterImage(contentsOfPNG: path))
    }

    /// Pixels whose colour differs by more than `tolerance` in a channel.
    static func differing(_ a: [UInt32], _ b: [UInt32], tolerance: Int) -> Int {
        var count = 0
        for i in a.indices {
            for shift in [0, 8, 16] as [UInt32] where abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)) > tolerance {
                count += 1
                break
            }
        }
        return count
    }

    static let settle = "new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); })"
    static let atEnd = "(logoReveal.seek(logoReveal.duration), \(settle).then(function () { return logoReveal.coverScale(); }))"
    static let atStart = "(logoReveal.seek(0), \(settle).then(function () { return logoReveal.coverScale(); }))"
    static let status = "({ends: window.ends, present: !!document.getElementById('logo-reveal'), api: !!window.logoReveal})"

    @Test("over a live page in three windows: no overlay pixel at the end (cover exact within 0.5 %), one end event, reduced motion ends at once, frame 0 is the web launch screen light and dark")
    func overlayInChromium() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let darkLogo = try VectorLogo(contentsOf: TestPaths.sample("y-mark.svg"))
        let options = AssetOptions(
            platforms: [.web], background: Self.light, darkBackground: Self.dark, darkLogo: darkLogo, devices: [], stillPreset: nil)
        let assets = folder.appendingPathComponent("assets").path
        _ = try AssetGenerator.write(logo: logo, options: options, to: assets)
        let splash = URL(fileURLWithPath: assets + "/web/splash.html").absoluteString

        var scenes: [RevealPreset: RevealScene] = [:]
        for preset in RevealPreset.allCases {
            var settings = RevealSettings(viewport: Viewport(width: 390, height: 844, density: 1))
            settings.logoWidth = options.logoWidth
            settings.background = Self.light
            let scene = try RevealScene(logo: logo, spec: preset.spec, settings: settings)
            scenes[preset] = scene
            let file = try RevealExport.webOverlay(scene, options: RevealExportOptions(), dark: WebDarkMode(background: Self.dark, logo: darkLogo))
            #expect(file.format == .webOverlay)
            #expect(!file.embeddedPicture)
            try RevealExport.write(file, to: folder.appendingPathComponent("\(preset.rawValue).js").path)
        }
        func page(_ name: String, script: String?, attributes: String = "") throws -> String {
            let url = folder.appendingPathComponent(name + ".html")
            try Data(Self.livePage(script: script, attributes: attributes).utf8).write(to: url)
            return url.absoluteString
        }
        let reference = try page("reference", script: nil)
        // The stand-alone page, made for the phone window, follows the colour scheme too.
        let standAlone = folder.appendingPathComponent("page.html")
        let pageFile = try RevealExport.webPage(
            try #require(scenes[.twitter]), options: RevealExportOptions(), dark: WebDarkMode(background: Self.dark, logo: darkLogo))
        try RevealExport.write(pageFile, to: standAlone.path)
        let auto = try page("auto", script: "twitter.js")
        var pages: [String: String] = [:]
        for preset in RevealPreset.allCases.map(\.rawValue) {
            pages[preset] = try page(preset, script: "\(preset).js", attributes: "data-start=\"manual\"")
            pages[preset + "-short"] = try page(preset + "-short", script: "\(preset).js", attributes: "data-start=\"manual\" data-margin=\"0.995\"")
        }

        var jobs: [HeadlessChromium.Job] = []
        func shot(_ name: String, _ w: Int, _ h: Int) -> String { folder.appendingPathComponent("\(name)-\(w)x\(h).png").path }
        let darkMedia = ["prefers-color-scheme": "dark"]
        let lightMedia = ["prefers-color-scheme": "light"]
        for (w, h) in Self.windows {
            func job(_ name: String, _ url: String, delay: Double = 0, media: [String: String] = lightMedia, evaluate: String? = nil) {
                jobs.append(HeadlessChromium.Job(url: url, width: w, height: h, scale: 1, output: shot(name, w, h), delay: delay, media: media, evaluate: evaluate))
            }
            job("reference", reference)
            for preset in ["twitter", "yula"] {
                job(preset + "-end", pages[preset]!, evaluate: Self.atEnd)
                job(preset + "-short", pages[preset + "-short"]!, evaluate: Self.atEnd)
            }
            job("played", auto, delay: 1.0, evaluate: Self.status)
            job("reduced", auto, media: ["prefers-reduced-motion": "reduce", "prefers-color-scheme": "light"], evaluate: Self.status)
            job("splash-light", splash)
            job("frame0-light", pages["twitter"]!, evaluate: Self.atStart)
            job("splash-dark", splash, media: darkMedia)
            job("frame0-dark", pages["twitter"]!, media: darkMedia, evaluate: Self.atStart)
            for preset in ["yula", "huvi", "fade"] {
                job("frame0-" + preset, pages[preset]!, evaluate: Self.atStart)
            }
            job("fade-end", pages["fade"]!, evaluate: Self.atEnd)
            if w == Self.windows[0].0 {
                job("page-light", standAlone.absoluteString + "?t=0")
                job("page-dark", standAlone.absoluteString + "?t=0", media: darkMedia)
            }
        }
        try HeadlessChromium.screenshots(jobs)

        for (w, h) in Self.windows {
            let size = "\(w)x\(h)"
            let live = try Self.pixels(shot("reference", w, h))
            #expect(live.count == w * h)
            for preset in [RevealPreset.twitter, .yula] {
                let name = preset.rawValue
                let end = try Self.pixels(shot(name + "-end", w, h))
                #expect(Self.differing(end, live, tolerance: 2) == 0, "\(name) \(size): overlay pixels left at the end")
                let short = Self.differing(try Self.pixels(shot(name + "-short", w, h)), live, tolerance: 24)
                #expect(short > 0, "\(name) \(size): at 0.995 of the cover scale the hole still covers the window")
                // The script's cover scale is the library's for this window.
                let scene = try #require(scenes[preset])
                let reported = try JSONDecoder().decode(Double.self, from: Data(contentsOf: URL(fileURLWithPath: shot(name + "-end", w, h) + ".json")))
                #expect(abs(reported - (try Self.libraryCover(scene, width: Double(w), height: Double(h)))) < 1e-9 * reported, "\(name) \(size)")
            }
            // Every preset starts from the launch screen; fade leaves nothing at its end.
            let launchLight = try Self.pixels(shot("splash-light", w, h))
            let lightBox = Self.logoBox(logo, logoWidth: options.logoWidth, width: w, height: h)
            for preset in ["yula", "huvi", "fade"] {
                let (fraction, largest) = HandOffTests.difference(try Self.pixels(shot("frame0-" + preset, w, h)), launchLight, width: w, box: lightBox)
                #expect(fraction <= HandOffTests.allowedFraction, "\(preset) \(size): frame 0 differs from web/splash.html on \(fraction * 100) % of the logo box (largest \(largest))")
            }
            #expect(Self.differing(try Self.pixels(shot("fade-end", w, h)), live, tolerance: 2) == 0, "fade \(size): overlay pixels left at the end")
            for name in ["played", "reduced"] {
                let status = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: shot(name, w, h) + ".json"))) as? [String: Any]
                #expect(status?["ends"] as? Int == 1, "\(name) \(size): logoreveal:end fired \(status?["ends"] ?? "?") times")
                #expect(status?["present"] as? Bool == false, "\(name) \(size): the overlay is still in the page")
                #expect(Self.differing(try Self.pixels(shot(name, w, h)), live, tolerance: 2) == 0, "\(name) \(size): overlay pixels left")
            }
            for appearance in ["light", "dark"] {
                let launch = try Self.pixels(shot("splash-" + appearance, w, h))
                let frame0 = try Self.pixels(shot("frame0-" + appearance, w, h))
                let source = appearance == "dark" ? darkLogo : logo
                let box = Self.logoBox(source, logoWidth: options.logoWidth, width: w, height: h)
                if w == Self.windows[0].0 {
                    let page = try Self.pixels(shot("page-" + appearance, w, h))
                    let (fraction, largest) = HandOffTests.difference(page, launch, width: w, box: box)
                    #expect(fraction <= HandOffTests.allowedFraction, "page, \(appearance): frame 0 differs from web/splash.html on \(fraction * 100) % of the logo box (largest \(largest))")
                }
                let (fraction, largest) = HandOffTests.difference(frame0, launch, width: w, box: box)
                #expect(fraction <= HandOffTests.allowedFraction, "\(appearance) \(size): frame 0 differs from web/splash.html on \(fraction * 100) % of the logo box (largest \(largest))")
                // The background around the logo: the appearance's colour in both.
                let corner = appearance == "dark" ? Self.dark : Self.light
                let expected = 0xFF00_0000 | UInt32(corner.red) << 16 | UInt32(corner.green) << 8 | UInt32(corner.blue)
                #expect(frame0[0] == expected && launch[0] == expected, "\(appearance) \(size): corner \(String(frame0[0], radix: 16)) / \(String(launch[0], radix: 16))")
                #expect(Self.differing(frame0, launch, tolerance: 24) <= Int(Double((box.x1 - box.x0) * (box.y1 - box.y0)) * HandOffTests.allowedFraction))
            }
        }
    }

    /// The logo's document box in a window's pixels (centred, `logoWidth` wide), grown to whole pixels.
    static func logoBox(_ logo: VectorLogo, logoWidth: Double, width: Int, height: Int) -> PixelBox {
        let h = logoWidth * logo.documentSize.height / logo.documentSize.width
        let x = (Double(width) - logoWidth) / 2, y = (Double(height) - h) / 2
        return PixelBox(
            x0: Int(x.rounded(.down)), y0: Int(y.rounded(.down)),
            x1: Int((x + logoWidth).rounded(.up)), y1: Int((y + h).rounded(.up)))
    }

    /// The cover scale ``RadialProfile`` gives for a window, from the radii the script carries.
    static func libraryCover(_ scene: RevealScene, width: Double, height: Double) throws -> Double {
        let p = scene.placement
        let measured = try RadialProfile.measure(logo: scene.logo, logoWidth: p.logoWidth, anchor: p.resolvedAnchor)
        let profile = RadialProfile(radii: measured.roundedRadii(decimals: 4), anchorOffset: measured.anchorOffset, tolerance: measured.tolerance)
        let anchor = Point(x: width / 2 + measured.anchorOffset.x, y: height / 2 + measured.anchorOffset.y)
        let angle = -atan((height / 2) / (width / 2))
        let rotation = scene.spec.name == "yula" ? angle : 0
        return profile.coverScale(windowWidth: width, windowHeight: height, anchor: anchor, rotation: rotation)
    }
}
