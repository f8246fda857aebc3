import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry

/// Which logo ``HandOffTests`` plays with which presets, in which appearance, on which phone and
/// on which platform's launch screen: the rule its doc comment states, in one place.
enum HandOffMatrix {
    /// A logo's dark appearance: its dark background and, when given, its dark logo (another
    /// logo, so that a case that drew the light logo could not pass).
    struct Dark {
        var background: RGBAColor
        var logo: String?
    }

    /// One launch screen of a logo: a phone in one appearance, the presets played from the
    /// platform's own launch screen (frames, rlottie, ThorVG) and from the web's (the page and
    /// lottie-web in Chromium).
    struct Run {
        var device: Device
        var appearance: LaunchScene.Appearance
        var presets: [RevealPreset]
        var webPresets: [RevealPreset]
    }

    /// One logo of the matrix.
    struct Entry {
        var path: String
        var background: RGBAColor
        var dark: Dark?
        var runs: [Run]
        /// The page is also held against the phone's own launch screen (the hybrid-app
        /// cross-check, ``HandOffTests/Output/pageOverNative``).
        var crossCheck: Bool

        var name: String { URL(fileURLWithPath: path).lastPathComponent }
    }

    static let devices = ["iPhone SE", "Galaxy S24"].compactMap(Device.named)
    static let samples = ["bird.svg", "gradient.svg", "y-mark.svg", "wordmark.svg", "glow.svg"]
    static let blue = RGBAColor(red: 0x1D, green: 0x9B, blue: 0xF0)
    /// The samples played in dark mode too, on both phones with every preset.
    static let darkSamples: [String: Dark] = [
        "bird.svg": Dark(background: RGBAColor(red: 0x0B, green: 0x13, blue: 0x20), logo: TestPaths.sample("gradient.svg")),
        "y-mark.svg": Dark(background: RGBAColor(red: 0x10, green: 0x14, blue: 0x18), logo: nil),
    ]
    /// The real-world logos' dark backgrounds, in turn.
    static let darkBackgrounds = [
        RGBAColor(red: 0x0B, green: 0x13, blue: 0x20), RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E), RGBAColor(red: 0x12, green: 0x12, blue: 0x12),
    ]
    /// The presets other than the flagship, which the real-world logos take in turn.
    static let turns: [RevealPreset] = [.yula, .huvi, .fade]

    /// Every entry: the five samples in full (every preset on both phones, light; dark on
    /// ``darkSamples``; on both launch screens), then the real-world set by
    /// ``realWorld(_:of:)``.
    static func entries() -> [Entry] {
        var entries: [Entry] = []
        for (i, name) in samples.enumerated() {
            let dark = darkSamples[name]
            var runs: [Run] = []
            for device in devices {
                let appearances: [LaunchScene.Appearance] = dark == nil ? [.light] : [.light, .dark]
                for appearance in appearances {
                    runs.append(Run(device: device, appearance: appearance, presets: RevealPreset.allCases, webPresets: RevealPreset.allCases))
                }
            }
            entries.append(Entry(path: TestPaths.sample(name), background: i < 2 ? blue : .white, dark: dark, runs: runs, crossCheck: true))
        }
        let logos = TestPaths.realWorldLogos
        for index in logos.indices { entries.append(realWorld(index, of: logos)) }
        guard let only = subset else { return entries }
        return entries.filter { entry in only.contains { entry.path.hasSuffix("/" + $0) } }
    }

    /// HANDOFF_LOGOS=NAME,NAME (file names, `papirus/gimp.svg` for one theme's) runs only those
    /// logos, while iterating on a fix; nil runs the whole matrix.
    static var subset: [String]? {
        ProcessInfo.processInfo.environment["HANDOFF_LOGOS"].map { $0.split(separator: ",").map(String.init) }
    }

    /// Real-world logo `i` (of the sorted set): the flagship twitter and ``turns``[i mod 3], in
    /// light on phone i mod 2 and in dark on the other phone, over a dark background
    /// (``darkBackgrounds``[i mod 3]), with the next logo of the set as its dark logo when
    /// i mod 5 = 0; on the web (the page and lottie-web against web/splash.html) the preset
    /// `RevealPreset.allCases[(i / 2) mod 4]`, light and dark on the same phones. Over i mod 6
    /// (and mod 8 on the web) every preset meets every appearance and phone.
    static func realWorld(_ i: Int, of logos: [String]) -> Entry {
        let presets = [RevealPreset.twitter, turns[i % turns.count]]
        let web = [RevealPreset.allCases[(i / 2) % RevealPreset.allCases.count]]
        let dark = Dark(background: darkBackgrounds[i % darkBackgrounds.count], logo: i % 5 == 0 ? logos[(i + 1) % logos.count] : nil)
        let runs = [
            Run(device: devices[i % 2], appearance: .light, presets: presets, webPresets: web),
            Run(device: devices[(i + 1) % 2], appearance: .dark, presets: presets, webPresets: web),
        ]
        return Entry(path: logos[i], background: .white, dark: dark, runs: runs, crossCheck: false)
    }
}
