import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The `expo`, `capacitor` and `cordova` platforms read back. References: expo-splash-screen's
/// plugin options (plugin/src/withSplashScreen.ts: `backgroundColor`, `image`, `imageWidth`,
/// `resizeMode`, `dark.image`, `dark.backgroundColor`) and Expo's guide ("Use a 1024x1024 image",
/// transparent); @capacitor/assets' README (`logo.svg`, `logo-dark.svg`, splash "at least 2732px x
/// 2732px"); Cordova's splash screen docs (`AndroidWindowSplashScreenAnimatedIcon`,
/// `AndroidWindowSplashScreenBackground`, the 288 dp icon whose ink fits the 192 dp circle, i.e.
/// 1152 and 768 px at 4x; cordova-ios's `Default@2x~universal~anyany.png` at 2732 px). About 3 s.
@Suite("ecosystem: expo, capacitor, cordova")
struct EcosystemAppToolsTests {
    /// The columns and rows of `image` that differ from `background` (nil: are not transparent).
    /// Every `step`-th row and column is read (the big splashes take seconds otherwise).
    static func inkBox(_ image: RasterImage, background: RGBAColor?, step: Int = 1) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        var box = (x0: Int.max, x1: -1, y0: Int.max, y1: -1)
        for y in stride(from: 0, to: image.height, by: step) {
            for x in stride(from: 0, to: image.width, by: step) {
                let ink = background.map { image.color(x: x, y: y) != $0 } ?? (image.alpha(x: x, y: y) != 0)
                if ink { box = (min(box.x0, x), max(box.x1, x), min(box.y0, y), max(box.y1, y)) }
            }
        }
        return box
    }

    @Test("expo: the plugin block names 1024 px transparent icons shown imageWidth wide, so the logo is logoWidth wide")
    func expo() throws {
        let data = Data(try EcosystemRun.text("expo/app.json").utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let plugins = try #require((root["expo"] as? [String: Any])?["plugins"] as? [[Any]])
        #expect(plugins.count == 1 && plugins[0].first as? String == "expo-splash-screen")
        let options = try #require(plugins[0].last as? [String: Any])
        #expect(options["backgroundColor"] as? String == "#FFFFFF")
        #expect(options["resizeMode"] as? String == "contain")
        let dark = try #require(options["dark"] as? [String: String])
        #expect(dark["backgroundColor"] == "#0B1320")
        // The bird is 120x100 units: the square holds its full width, so imageWidth is the logo width.
        let imageWidth = try #require(options["imageWidth"] as? Double)
        #expect(imageWidth == 100)
        for path in [options["image"] as? String, dark["image"]] {
            let file = try #require(path)
            #expect(file.hasPrefix("./assets/"))
            let picture = try EcosystemRun.picture("expo/" + file.dropFirst(2))
            #expect(picture.width == 1024 && picture.height == 1024)
            #expect(picture.alpha(x: 0, y: 0) == 0)
        }
        // The light icon: the bird's document box spans the whole width (its ink a little less),
        // centred vertically: 1024 x 100/120 = 853 px high.
        let box = Self.inkBox(try EcosystemRun.picture("expo/assets/splash-icon.png"), background: nil)
        #expect(box.x0 >= 0 && box.x1 <= 1023 && box.y0 >= (1024 - 854) / 2 && box.y1 <= (1024 + 854) / 2)
        #expect(abs((box.x0 + box.x1) - 1023) < 200 && box.x1 - box.x0 > 700)
    }

    @Test("capacitor: logo.svg and logo-dark.svg load as the logos; splash.png and splash-dark.png are 2732 px with the logo at 2x")
    func capacitor() throws {
        let folder = try EcosystemRun.folder()
        let logo = try VectorLogo(contentsOf: folder.appendingPathComponent("capacitor/assets/logo.svg").path)
        #expect(abs(logo.documentSize.width - 120) < 1e-6 && abs(logo.documentSize.height - 100) < 1e-6)
        let dark = try VectorLogo(contentsOf: folder.appendingPathComponent("capacitor/assets/logo-dark.svg").path)
        #expect(abs(dark.documentSize.width - 100) < 1e-6)
        for (name, background) in [("splash", EcosystemRun.background), ("splash-dark", EcosystemRun.darkBackground)] {
            let picture = try EcosystemRun.picture("capacitor/assets/\(name).png")
            #expect(picture.width == 2732 && picture.height == 2732)
            #expect(picture.color(x: 0, y: 0) == background)
            // The logo's document box: 200 px (100 pt at 2x) wide, centred on 1366.
            let box = Self.inkBox(picture, background: background, step: 3)
            #expect(box.x1 > box.x0 && box.x0 >= 1366 - 101 && box.x1 <= 1366 + 101 && box.y0 >= 1366 - 101 && box.y1 <= 1366 + 101, "\(name): \(box)")
        }
    }

    @Test("cordova: config.xml's preferences name the written icon and launch images, at the documented sizes")
    func cordova() throws {
        let text = try EcosystemRun.text("cordova/config-splash.xml")
        final class Collector: NSObject, XMLParserDelegate {
            var preferences: [String: String] = [:]
            var splashes: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                if name == "preference", let key = attributes["name"] { preferences[key] = attributes["value"] }
                if name == "splash", let src = attributes["src"] { splashes.append(src) }
            }
        }
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "config-splash.xml is not well-formed XML")
        let p = collector.preferences
        #expect(p["AndroidWindowSplashScreenBackground"] == "#FFFFFF")
        #expect(p["LottieAnimationLocation"]?.hasSuffix("reveal.json") == true)
        #expect(p["LottieHideAfterAnimationEnd"] == "true")
        let icon = try EcosystemRun.picture("cordova/" + (p["AndroidWindowSplashScreenAnimatedIcon"] ?? ""))
        #expect(icon.width == 1152 && icon.height == 1152)
        #expect(EcosystemRun.inkOutsideCircle(icon, radius: 384, outside: nil) == 0)
        #expect(collector.splashes == ["res/screen/ios/Default@2x~universal~anyany.png", "res/screen/ios/Default@2x~universal~anyany~dark.png"])
        for splash in collector.splashes {
            let picture = try EcosystemRun.picture("cordova/" + splash)
            #expect(picture.width == 2732 && picture.height == 2732)
            #expect(picture.color(x: 0, y: 0) == (splash.contains("~dark") ? EcosystemRun.darkBackground : EcosystemRun.background))
        }
    }
}
