import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The `flutter` platform read back against flutter_native_splash's README
/// (https://pub.dev/packages/flutter_native_splash, "1. Setting the splash screen"): the keys
/// `color`, `image`, `color_dark`, `image_dark` and the `android_12` block (`image`, `color`,
/// `image_dark`, `color_dark`); `image` "should be sized for 4x pixel density"; the Android 12
/// icon without an icon background "should be 1152×1152 pixels, and fit within a circle 768
/// pixels in diameter". The YAML is read with libyaml (the library's reader). About 2 s.
@Suite("ecosystem: flutter")
struct EcosystemFlutterTests {
    /// A mapping's scalar values and sub-mappings by key.
    static func mapping(_ node: YAMLNode) -> [String: YAMLNode] {
        guard case let .mapping(entries) = node.value else { return [:] }
        return Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    static func scalar(_ node: YAMLNode?) -> String? {
        guard let node, case let .scalar(text, _) = node.value else { return nil }
        return text
    }

    @Test("flutter_native_splash.yaml names the colours and the files it ships, at the README's sizes; branding is off")
    func configuration() throws {
        let text = try EcosystemRun.text("flutter/flutter_native_splash.yaml")
        let root = Self.mapping(try YAMLDocument.parse(text, file: "flutter_native_splash.yaml"))
        #expect(Array(root.keys) == ["flutter_native_splash"])
        let splash = Self.mapping(try #require(root["flutter_native_splash"]))
        #expect(Set(splash.keys) == ["color", "image", "color_dark", "image_dark", "android_12"])
        #expect(Self.scalar(splash["color"]) == "#FFFFFF")
        #expect(Self.scalar(splash["color_dark"]) == "#0B1320")
        let android12 = Self.mapping(try #require(splash["android_12"]))
        #expect(Set(android12.keys) == ["image", "color", "image_dark", "color_dark"])
        #expect(Self.scalar(android12["color"]) == "#FFFFFF" && Self.scalar(android12["color_dark"]) == "#0B1320")
        #expect(!text.contains("branding:") && !text.contains("branding_dark:"))

        // image, image_dark: the logo at 4x, logoWidth x 4 px wide (the bird is 120x100 units,
        // the y-mark 100x100).
        let image = try EcosystemRun.picture("flutter/" + (Self.scalar(splash["image"]) ?? ""))
        #expect(image.width == 400 && image.height == 334)
        let imageDark = try EcosystemRun.picture("flutter/" + (Self.scalar(splash["image_dark"]) ?? ""))
        #expect(imageDark.width == 400 && imageDark.height == 400)

        // android_12: 1152 px with no ink outside the 768 px circle, the ink filling it.
        for key in ["image", "image_dark"] {
            let icon = try EcosystemRun.picture("flutter/" + (Self.scalar(android12[key]) ?? ""))
            #expect(icon.width == 1152 && icon.height == 1152)
            #expect(EcosystemRun.inkOutsideCircle(icon, radius: 384, outside: nil) == 0, "\(key)")
            #expect(EcosystemRun.inkReach(icon, background: nil) > 380, "\(key)")
        }
    }
}
