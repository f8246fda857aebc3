import Foundation
@testable import LogoMask
import LogoAnimation
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// `RevealExport.webPage` as a library call: what the page holds, its embedded pictures, its
/// refusals. (Chromium's view of it is in the CLI tests' WebPageTests.)
@Suite("Web page export")
struct WebPageExportTests {
    static let viewport = Viewport(width: 180, height: 390, density: 2)

    static func scene(_ logo: String, _ preset: RevealPreset, configure: (inout RevealSettings) -> Void = { _ in }) throws -> RevealScene {
        var settings = RevealSettings(viewport: viewport)
        configure(&settings)
        return try RevealScene(logo: try VectorLogo(contentsOf: GeometryFixtures.sample(logo)), spec: preset.spec, settings: settings)
    }

    @Test("the twitter page: a mask of the outline's paths, the hole's scale keyframes ending at the cover scale, the veil's easing")
    func twitterPage() throws {
        let scene = try Self.scene("bird.svg", .twitter)
        let file = try RevealExport.webPage(scene, options: RevealExportOptions())
        #expect(file.format == .webPage)
        #expect(!file.embeddedPicture)
        #expect(file.approximations.isEmpty)
        let text = file.text
        #expect(text.contains("<mask id=\"lm-hole\""))
        #expect(text.contains("mask=\"url(#lm-hole)\""))
        let path = try scene.logo.outline.shapes[0].path.svgPathData(decimals: SVGLogoMarkup.decimals)
        #expect(text.contains("<path d=\"\(path)\" fill=\"#000000\"/>"))
        let finalScale = try #require(scene.finalScale)
        #expect(text.contains("[1,\"scale(\(formatNumber(finalScale, decimals: 7)))\",\"linear\"]"))
        #expect(text.contains("[0.4,\"scale(0.75)\",\"cubic-bezier(0,0,0.58,1)\"]"))
        #expect(text.contains("\"lm-veil\",\"opacity\""))
        // twitter draws the logo's artwork over the closed hole at frame 0, then fades it as the hole opens.
        #expect(text.contains("<g id=\"lm-logo\" style=\"opacity:1\">"))
        #expect(text.contains("<g id=\"lm-hole-opening\" style=\"opacity:0\">"))
        #expect(text.contains("#1D9BF0"))
        #expect(text.contains("<meta name=\"logo-mask-cover-computed-for\" content=\"180x390@2\">"))
        #expect(try RevealExport.webPage(scene, options: RevealExportOptions()).text == text)
    }

    @Test("the embedded content is the library's placeholder, pixel for pixel, as a PNG at the viewport's pixels")
    func embeddedContent() throws {
        let scene = try Self.scene("bird.svg", .huvi)
        let text = try RevealExport.webPage(scene, options: RevealExportOptions()).text
        let prefix = "href=\"data:image/png;base64,"
        let start = try #require(text.range(of: prefix)).upperBound
        let end = try #require(text[start...].firstIndex(of: "\""))
        let bytes = try #require(Data(base64Encoded: String(text[start..<end])))
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("content.png").path
        try bytes.write(to: URL(fileURLWithPath: path))
        let picture = try PNGPicture(contentsOf: path)
        #expect(picture.width == 360 && picture.height == 780)
        let layers = try RevealLayers(scene: scene)
        var differing = 0
        for y in 0..<780 {
            for x in 0..<360 {
                let p = layers.content.pixels[y * 360 + x]
                let expected = [UInt8((p >> 16) & 0xFF), UInt8((p >> 8) & 0xFF), UInt8(p & 0xFF), 255]
                if picture.pixel(x: x, y: y) != expected { differing += 1 }
            }
        }
        #expect(differing == 0)
        // huvi: the logo is drawn as paths, moved by a logoFrame animation, over a fading splash.
        #expect(text.contains("\"lm-logo-frame\",\"transform\""))
        #expect(text.contains("\"lm-splash\",\"opacity\""))
    }

    @Test("a filter: the drawn logo is a picture within the pixel budget, and the file says so; gradients stay vectors")
    func pictureWithinBudget() throws {
        let gradient = try RevealExport.webPage(try Self.scene("gradient.svg", .yula), options: RevealExportOptions())
        #expect(!gradient.embeddedPicture && gradient.text.contains("<radialGradient id=\"lm-clip-paint-3\""))
        // twitter: yula's largest scale overflows Cairo's surfaces for a filter (InvalidSize).
        let scene = try Self.scene("glow.svg", .twitter)
        let small = try RevealExport.webPage(scene, options: RevealExportOptions(maxEmbeddedPixels: 10_000))
        #expect(small.embeddedPicture)
        #expect(small.notes.contains { $0.contains("picture") && $0.contains("not exact (a filter") })
        let full = try RevealExport.webPage(scene, options: RevealExportOptions())
        #expect(full.text.utf8.count > small.text.utf8.count)
        let outline = try scene.logo.outline
        let picture = try LogoPicture(logo: scene.logo, pixelsPerUnit: 1000, maxPixels: 10_000, tint: nil, black: false)
        #expect(picture.png.width * picture.png.height <= 10_000)
        #expect(picture.rect.width >= outline.bounds.width * 0.99)
    }

    @Test("a pixel budget below 1 is refused naming the parameter")
    func refusals() throws {
        let scene = try Self.scene("bird.svg", .twitter)
        #expect(throws: LogoMaskError.self) { try RevealExport.webPage(scene, options: RevealExportOptions(maxEmbeddedPixels: 0)) }
        do {
            _ = try RevealExport.webPage(scene, options: RevealExportOptions(maxEmbeddedPixels: -1))
        } catch {
            guard case .invalidParameter(.maxPixels, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }

    @Test("WebAnimation: keyframes hold before the first and after the last time, a jump keeps both values")
    func keyframes() throws {
        let track = try #require(ExportedTrack<Double>(
            keyframes: [.init(time: 0.2, value: 1), .init(time: 0.4, value: 0), .init(time: 0.4, value: 1)],
            curves: [.easeOut, .linear]))
        let animation = WebAnimation(elementID: "x", property: "opacity", track: track, duration: 1, css: WebAnimation.opacity)
        #expect(animation.keyframes.map(\.offset) == [0, 0.2, 0.4, 0.4, 1])
        #expect(animation.keyframes.map(\.value) == ["1", "1", "0", "1", "1"])
        #expect(animation.keyframes.map(\.easing) == ["linear", "cubic-bezier(0,0,0.58,1)", "linear", "linear", "linear"])
        #expect(animation.initialValue == "1")

        // A jump at the very end: the later value must hold at offset 1.
        let ending = try #require(ExportedTrack<Double>(
            keyframes: [.init(time: 0, value: 0), .init(time: 1, value: 1), .init(time: 1, value: 0)], curves: [.linear, .linear]))
        let end = WebAnimation(elementID: "y", property: "opacity", track: ending, duration: 1, css: WebAnimation.opacity)
        #expect(end.keyframes.map(\.offset) == [0, WebAnimation.justBeforeEnd, WebAnimation.justBeforeEnd, 1])
        #expect(end.keyframes.map(\.value) == ["0", "1", "0", "0"])
    }

    @Test("dark mode: the page paints its background in the dark colour under prefers-color-scheme: dark")
    func darkPage() throws {
        let scene = try Self.scene("bird.svg", .twitter)
        let dark = WebDarkMode(background: RGBAColor(red: 0x0B, green: 0x13, blue: 0x20))
        let text = try RevealExport.webPage(scene, options: RevealExportOptions(), dark: dark).text
        #expect(text.contains("@media (prefers-color-scheme: dark){.lm-background{fill:#0B1320}}"))
        #expect(text.contains("<rect class=\"lm-background\" width=\"180\" height=\"390\" fill=\"#1D9BF0\"/>"))
        #expect(!(try RevealExport.webPage(scene, options: RevealExportOptions()).text.contains("prefers-color-scheme")))
    }

    @Test("the overlay script: the radial profile's 5760 radii, the tracks as affine functions of the window, the end event; same scene, same bytes")
    func overlayScript() throws {
        let scene = try Self.scene("bird.svg", .yula) { $0.background = .white }
        let file = try RevealExport.webOverlay(scene, options: RevealExportOptions())
        #expect(file.format == .webOverlay)
        #expect(RevealExportFormat(path: "web/logo-reveal.js") == .webOverlay)
        let text = file.text
        let radii = try #require(text.range(of: "  radii: [")).upperBound
        let count = text[radii...].prefix { $0 != "]" }.split(separator: ",").count
        #expect(count == RadialProfile.defaultDirectionCount)
        // yula turns the hole to the corner angle: its rotation track depends on it alone.
        #expect(text.contains("holeRotation: {t: [0,0.6], b: [0,0], s: [0,0], a: [0,1], w: [0,0], h: [0,0]"))
        #expect(text.contains("background: [\"#FFFFFF\",1]"))
        #expect(text.contains("\"logoreveal:end\""))
        #expect(text.contains("dark: null"))
        #expect(file.approximations.contains { $0.hasPrefix("caption") } == false)
        #expect(try RevealExport.webOverlay(scene, options: RevealExportOptions()).text == text)
        let dark = try RevealExport.webOverlay(
            scene, options: RevealExportOptions(), dark: WebDarkMode(background: RGBAColor(red: 0x0B, green: 0x13, blue: 0x20)))
        #expect(dark.text.contains("background: [\"#0B1320\",1]"))
        #expect(!dark.text.contains("dark: null"))
    }

    @Test("the web launch files fit any window: the logo centred by a nested SVG, the hole SVG at the logo's box, the fill by CSS")
    func webLaunchFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
        let options = AssetOptions(
            platforms: [.web], background: .white, darkBackground: RGBAColor(red: 0x0B, green: 0x13, blue: 0x20),
            devices: [], stillPreset: nil)
        let manifest = try AssetGenerator.write(logo: logo, options: options, to: folder.path).manifest
        let paths = Set(manifest.files.map(\.path))
        #expect(paths.isSuperset(of: ["web/splash.html", "web/splash-hole.svg", "web/splash-hole-dark.svg", "web/splash-hole.css"]))
        func read(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let height = options.logoWidth * logo.documentSize.height / logo.documentSize.width
        let page = try read("web/splash.html")
        #expect(page.contains("<svg class=\"logo-splash-light\" x=\"50%\" y=\"50%\" overflow=\"visible\">"))
        #expect(page.contains("translate(\(formatNumber(-options.logoWidth / 2, decimals: 6)) \(formatNumber(-height / 2, decimals: 6)))"))
        #expect(page.contains("@media (prefers-color-scheme: dark){html,body,#logo-splash{background:#0B1320}}"))
        let hole = try read("web/splash-hole.svg")
        #expect(hole.contains("width=\"\(formatNumber(options.logoWidth))\""))
        #expect(!hole.contains("393") && !hole.contains("852"))
        let css = try read("web/splash-hole.css")
        #expect(css.contains("width:\(formatNumber(options.logoWidth))px;height:\(formatNumber(height))px"))
        #expect(css.contains("box-shadow:0 0 0 200vmax #FFFFFF"))
        #expect(css.contains("url(splash-hole-dark.svg)"))
    }

    @Test("a logo the markup cannot draw: web/splash.html holds a picture per device pixel ratio, each 1:1 on the device pixel grid of a window centred on a whole pixel")
    func webSplashPicturePerRatio() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("glow.svg"))
        let width = 100.0, k = width / logo.documentSize.width, height = logo.documentSize.height * k
        let page = try WebLaunchFiles.splashPage(logo: logo, logoWidth: width, background: .white, darkBackground: nil, darkLogo: nil)
        let images = page.text.matches(of: /<image class="logo-splash-(\d+)x" x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)" preserveAspectRatio="none" href="data:image\/png;base64,([^"]+)"/)
        #expect(images.map { Double($0.output.1) } == WebLaunchFiles.pictureRatios)
        for image in images {
            let ratio = try #require(Double(image.output.1))
            let (x, y, w, h) = try (#require(Double(image.output.2)), #require(Double(image.output.3)), #require(Double(image.output.4)), #require(Double(image.output.5)))
            let png = try #require(Data(base64Encoded: String(image.output.6)).flatMap { LottiePicture(png: Array($0)) })
            // Its pixels are the device's: its size in device pixels is the PNG's, and its corner,
            // from the window's centre, falls on a whole device pixel.
            #expect(abs(w * k * ratio - Double(png.width)) < 1e-4 && abs(h * k * ratio - Double(png.height)) < 1e-4, "\(ratio)x: \(w)x\(h) units for \(png.width)x\(png.height) px")
            for corner in [(x * k - width / 2) * ratio, (y * k - height / 2) * ratio] {
                #expect(abs(corner - corner.rounded()) < 1e-4, "\(ratio)x: the corner is \(corner) device pixels from the centre")
            }
        }
        // The first shows by default, each later one from just past the ratio before it.
        #expect(page.text.contains("#logo-splash .logo-splash-2x,#logo-splash .logo-splash-3x{display:none}"))
        #expect(page.text.contains("(min-resolution: 2.01dppx){#logo-splash .logo-splash-2x{display:none}#logo-splash .logo-splash-3x{display:inline}}"))
        #expect(page.notes.contains { $0.contains("per device pixel ratio") })
        // A logo the markup draws has no picture, and no picture rules.
        let bird = try WebLaunchFiles.splashPage(
            logo: try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg")), logoWidth: width, background: .white, darkBackground: nil, darkLogo: nil)
        #expect(!bird.text.contains("<image") && !bird.text.contains("dppx"))
    }
}
