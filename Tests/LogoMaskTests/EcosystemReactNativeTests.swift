import Foundation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The `react-native` platform read back against react-native-bootsplash's generator
/// (zoontek/react-native-bootsplash, src/generate.ts): `assets/bootsplash/manifest.json` is
/// `{background, logo: {width, height}}` with the logo's 1x size, the JS logos are
/// `logo.png`, `logo@1,5x.png` ... `logo@4x.png` at the width times the ratio; Android's
/// `drawable-<density>/bootsplash_logo.png` is the 288 dp canvas times the ratio,
/// `bootsplash_background` the lowercase hex colour, `BootTheme`'s parent `Theme.BootSplash`;
/// iOS's `BootSplash.storyboard` names `BootSplashLogo` and `BootSplashBackground`. About 2 s.
@Suite("ecosystem: react-native")
struct EcosystemReactNativeTests {
    static let res = "react-native/android/app/src/main/res"

    @Test("The bootsplash manifest matches its logo PNGs, and the Android and iOS files are the generator's, at its sizes")
    func files() throws {
        let data = Data(try EcosystemRun.text("react-native/assets/bootsplash/manifest.json").utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["background"] as? String == "#ffffff")
        #expect(manifest["darkBackground"] as? String == "#0b1320")
        let logo = try #require(manifest["logo"] as? [String: Int])
        let width = try #require(logo["width"]), height = try #require(logo["height"])
        // 100 dp wide; the bird is 120x100 units, so 84 dp high (83.3 rounded up, as the PNG).
        #expect(width == 100 && height == 84)
        for (suffix, ratio) in [("", 1.0), ("@1,5x", 1.5), ("@2x", 2), ("@3x", 3), ("@4x", 4)] {
            let picture = try EcosystemRun.picture("react-native/assets/bootsplash/logo\(suffix).png")
            #expect(picture.width == Int((Double(width) * ratio).rounded()), "logo\(suffix)")
            #expect(abs(Double(picture.height) - Double(height) * ratio) <= ratio, "logo\(suffix): \(picture.height)")
        }
        let one = try EcosystemRun.picture("react-native/assets/bootsplash/logo.png")
        #expect(one.width == width && one.height == height)

        // Android: the canvas per density, the logo centred and `width` dp wide on it.
        for (folder, ratio) in [("mdpi", 1.0), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4)] {
            for night in ["", "-night"] {
                let picture = try EcosystemRun.picture("\(Self.res)/drawable\(night)-\(folder)/bootsplash_logo.png")
                let side = Int(288 * ratio)
                #expect(picture.width == side && picture.height == side)
                #expect(picture.alpha(x: 0, y: 0) == 0 && picture.alpha(x: side / 2 - Int(Double(width) * ratio / 2) - 2, y: side / 2) == 0)
            }
        }
        #expect(try EcosystemRun.text("\(Self.res)/values/colors.xml").contains(#"<color name="bootsplash_background">#ffffff</color>"#))
        #expect(try EcosystemRun.text("\(Self.res)/values-night/colors.xml").contains(#"<color name="bootsplash_background">#0b1320</color>"#))
        let theme = try EcosystemRun.text("\(Self.res)/values/bootsplash_styles.xml")
        #expect(theme.contains(#"<style name="BootTheme" parent="Theme.BootSplash">"#))
        #expect(theme.contains(#"<item name="bootSplashLogo">@drawable/bootsplash_logo</item>"#))
        #expect(theme.contains(#"<item name="bootSplashBackground">@color/bootsplash_background</item>"#))

        // iOS: the storyboard names the generator's sets, which hold the logo at @1x-@3x.
        let storyboard = try EcosystemRun.text("react-native/ios/BootSplash.storyboard")
        #expect(storyboard.contains(#"image="BootSplashLogo""#) && storyboard.contains(#"<namedColor name="BootSplashBackground">"#))
        #expect(storyboard.contains(#"<image name="BootSplashLogo" width="100" height="84"/>"#))
        #expect(!storyboard.contains("LaunchLogo") && !storyboard.contains("\"SplashBackground\""))
        let set = "react-native/ios/Images.xcassets/BootSplashLogo.imageset/"
        let contents = try #require(try JSONSerialization.jsonObject(with: Data(try EcosystemRun.text(set + "Contents.json").utf8)) as? [String: Any])
        let images = try #require(contents["images"] as? [[String: Any]])
        #expect(images.count == 6)
        for image in images {
            let file = try #require(image["filename"] as? String)
            let scale = Int((image["scale"] as? String ?? "").dropLast()) ?? 0
            #expect(try EcosystemRun.picture(set + file).width == width * scale, "\(file)")
        }
        let colors = try EcosystemRun.text("react-native/ios/Colors.xcassets/BootSplashBackground.colorset/Contents.json")
        #expect(colors.contains("\"red\" : \"0xFF\"") && colors.contains("\"red\" : \"0x0B\""))
    }
}
