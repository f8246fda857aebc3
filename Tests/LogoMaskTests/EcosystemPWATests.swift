import Foundation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The `pwa` platform read back. References: the W3C Web Application Manifest (`background_color`,
/// `theme_color`, `icons` with `sizes` and `purpose`); Chrome's installability criteria (a 192 px
/// and a 512 px icon); web.dev "Adaptive icon support in PWAs with maskable icons" (the safe zone:
/// a circle of radius 40 % of the icon, centred); Apple's "Configuring Web Applications" and
/// pwa-asset-generator's output (`apple-touch-startup-image` links whose `media` gives the
/// portrait `device-width` and `device-height` in CSS pixels, `-webkit-device-pixel-ratio` and
/// `orientation`; the picture is the screen's pixels in that orientation). About 4 s.
@Suite("ecosystem: pwa")
struct EcosystemPWATests {
    @Test("Every startup image's media query names a built-in Apple device, orientation and appearance, and its picture has that screen's pixels")
    func startupImages() throws {
        let head = try EcosystemRun.text("pwa/head.html")
        let link = try NSRegularExpression(pattern: #"<link rel="apple-touch-startup-image" href="([^"]+)" media="([^"]+)">"#)
        let query = try NSRegularExpression(pattern:
            #"^screen and \(device-width: (\d+)px\) and \(device-height: (\d+)px\) and \(-webkit-device-pixel-ratio: ([\d.]+)\) and \(orientation: (portrait|landscape)\) and \(prefers-color-scheme: (light|dark)\)$"#)
        let matches = link.matches(in: head, range: NSRange(head.startIndex..., in: head))
        let apple = Device.builtIn.filter { $0.name.hasPrefix("iPhone") || $0.name.hasPrefix("iPad") }
        #expect(matches.count == apple.count * 2 * 2)
        var seen = Set<String>()
        for match in matches {
            let href = String(head[Range(match.range(at: 1), in: head)!])
            let media = String(head[Range(match.range(at: 2), in: head)!])
            let parts = try #require(query.firstMatch(in: media, range: NSRange(media.startIndex..., in: media)), "\(media)")
            func part(_ i: Int) -> String { String(media[Range(parts.range(at: i), in: media)!]) }
            let width = try #require(Double(part(1))), height = try #require(Double(part(2))), ratio = try #require(Double(part(3)))
            let landscape = part(4) == "landscape", dark = part(5) == "dark"
            let device = try #require(apple.first { $0.width == width && $0.height == height && $0.density == ratio }, "\(media)")
            #expect(seen.insert("\(device.name) \(part(4)) \(part(5))").inserted)
            let picture = try EcosystemRun.picture("pwa/" + href)
            let viewport = device.viewport(landscape: landscape)
            #expect(picture.width == viewport.pixelWidth && picture.height == viewport.pixelHeight, "\(href)")
            #expect(picture.width == Int((landscape ? height : width) * ratio) && picture.height == Int((landscape ? width : height) * ratio))
            // The launch screen: its background in the corners, the logo only inside the web
            // launch scene's logo rect (logoWidth CSS px wide, centred).
            let background = dark ? EcosystemRun.darkBackground : EcosystemRun.background
            #expect(picture.color(x: 0, y: 0) == background && picture.color(x: picture.width - 1, y: picture.height - 1) == background)
            let d = device.density
            let logoHeight = EcosystemRun.logoWidth * (dark ? 100.0 / 100 : 100.0 / 120)
            let box = (x0: (viewport.size.width - EcosystemRun.logoWidth) / 2 * d - 1, x1: (viewport.size.width + EcosystemRun.logoWidth) / 2 * d + 1,
                       y0: (viewport.size.height - logoHeight) / 2 * d - 1, y1: (viewport.size.height + logoHeight) / 2 * d + 1)
            var inked = 0, stray = 0
            for y in stride(from: 0, to: picture.height, by: 4) {
                for x in stride(from: 0, to: picture.width, by: 4) where picture.color(x: x, y: y) != background {
                    inked += 1
                    if Double(x) < box.x0 || Double(x) > box.x1 || Double(y) < box.y0 || Double(y) > box.y1 { stray += 1 }
                }
            }
            #expect(inked > 50 && stray == 0, "\(href): \(inked) inked, \(stray) outside the logo rect")
        }
        #expect(head.contains(##"<meta name="theme-color" content="#0B1320" media="(prefers-color-scheme: dark)">"##))
        #expect(head.contains(#"<link rel="manifest" href="manifest.webmanifest">"#))
        #expect(head.contains(#"<link rel="apple-touch-icon" href="icons/apple-touch-icon.png">"#))
    }

    @Test("The manifest has the colours and a 192 and a 512 px icon of each purpose; the maskable ones keep the ink in the 80 % circle")
    func manifestAndIcons() throws {
        let data = Data(try EcosystemRun.text("pwa/manifest.webmanifest").utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["background_color"] as? String == "#FFFFFF")
        #expect(manifest["theme_color"] as? String == "#FFFFFF")
        #expect(manifest["display"] as? String == "standalone")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(Set(icons.map { "\($0["purpose"] ?? "") \($0["sizes"] ?? "")" }) == ["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"])
        for icon in icons {
            let picture = try EcosystemRun.picture("pwa/" + (icon["src"] ?? ""))
            #expect(icon["type"] == "image/png")
            #expect("\(picture.width)x\(picture.height)" == icon["sizes"])
            let side = Double(picture.width)
            if icon["purpose"] == "maskable" {
                #expect(picture.color(x: 0, y: 0) == EcosystemRun.background)
                #expect(EcosystemRun.inkOutsideCircle(picture, radius: side * 0.4, outside: EcosystemRun.background) == 0)
                // The ink fills the safe zone (its farthest pixel within 3 px of the circle).
                #expect(EcosystemRun.inkReach(picture, background: EcosystemRun.background) > side * 0.4 - 3)
            } else {
                #expect(picture.alpha(x: 0, y: 0) == 0)
                #expect(EcosystemRun.inkOutsideCircle(picture, radius: side / 2, outside: nil) == 0)
            }
        }
        let touch = try EcosystemRun.picture("pwa/icons/apple-touch-icon.png")
        #expect(touch.width == 180 && touch.height == 180)
        #expect(touch.color(x: 0, y: 0) == EcosystemRun.background)
    }
}
