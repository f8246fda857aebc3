import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The three Lottie players the exports are checked with, rlottie, ThorVG and lottie-web (in
/// Chromium), play every preset as logo-mask draws it, at five moments (the first frame, a
/// quarter, the middle, three quarters and the last), over the same app content: within
/// ``LottieExportTests/allowedFraction`` of pixels, pictures of the logo included (glow.svg and a
/// real-world logo whose Lottie embeds a picture ladder), logos of several shapes that fade
/// included, and a Tango logo with radial gradients stretched and off-centre
/// (internet-web-browser: 14 radial gradients, 10 with a focal point off the centre; every player
/// honours Lottie's `h` and `a`). ThorVG draws every scaled picture half a pixel right and down
/// of where the file puts it, a turned one about a pixel up and left
/// (``ThorVGPictureSamplingTests``), so its frames of a picture are read against the frames and
/// against them moved so (the hole's sharp edge otherwise shows on 1.2-2.5 % of the screen:
/// glow twitter, gnome-dev-media-cf yula and huvi). A thin wordmark (lenovo) whose hole the file
/// cuts to the screen past 8,192 pt plays in all three. About 60 s in debug.
@Suite("Lottie players agree")
struct LottiePlayersTests {
    @Test("rlottie, ThorVG and lottie-web play every preset as the frames show it, at five moments")
    func playersAgreeWithTheFrames() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases: [LottieExportTests.Case] = []
        let pictures = ["tango/gnome-dev-media-cf.svg"].map { TestPaths.realWorldFolder.appendingPathComponent($0).path }
        for path in ["bird.svg", "y-mark.svg", "wordmark.svg", "gradient.svg", "glow.svg"].map(TestPaths.sample) + pictures {
            let name = URL(fileURLWithPath: path).lastPathComponent
            for preset in RevealPreset.allCases {
                let scene = try LottieExportTests.scene(path, preset.spec)
                cases.append(try LottieExportTests.export(scene, label: "\(name) \(preset.rawValue)", into: folder))
            }
        }
        // A Tango logo whose stroke gradient, stretched by 0.002 %, goes in as shapes
        // (LottieNearSimilarity; before, a picture ladder), on the presets that show the hole.
        let browser = TestPaths.realWorldFolder.appendingPathComponent("tango/internet-web-browser.svg").path
        for preset in [RevealPreset.twitter, .yula] {
            let item = try LottieExportTests.export(
                try LottieExportTests.scene(browser, preset.spec), label: "internet-web-browser.svg \(preset.rawValue)", into: folder)
            #expect(!item.picture, "\(item.label)")
            cases.append(item)
        }
        // A thin wordmark whose hole grows past 8,192 pt (lenovo: 1000x): from there the file
        // holds the hole's shapes cut to the screen (LottieScreenCut), which every player draws
        // (rlottie drew nothing of the whole path, or stalled on it).
        let lenovo = TestPaths.simpleIcon("lenovo.svg")
        for preset in RevealPreset.allCases {
            cases.append(try LottieExportTests.export(
                try LottieExportTests.scene(lenovo, preset.spec), label: "lenovo.svg \(preset.rawValue)", into: folder))
        }
        let cut = try RevealExport.lottie(try LottieExportTests.scene(lenovo, RevealPreset.twitter.spec), options: RevealExportOptions())
        #expect(cut.notes.contains { $0.contains("shapes hold only what the screen shows") }, "\(cut.notes)")
        #expect(!cut.embeddedPicture)
        let cutFile = folder.appendingPathComponent("lenovo-cut.json").path
        try RevealExport.write(cut, to: cutFile)
        #expect(try LottieSchemaValidator.invalidFiles([cutFile]) == [])
        #expect(cases.filter(\.picture).count >= 7, "the logos embedding pictures: \(cases.filter(\.picture).map(\.label))")
        // Pictures and logos of several shapes that fade are held to the same share as one shape
        // (ThorVG's pictures read where ThorVG puts them: LottiePlayback).
        let outcome = try LottiePlayback.compare(cases, in: folder) { _, _ in LottieExportTests.allowedFraction }
        let failures = outcome.failures + outcome.missing.map { "\($0): lottie-web drew nothing" }
        // The Tango logo's worst share per player, printed for the record.
        var browserWorst: [String: Double] = [:]
        for (label, players) in outcome.worst where label.hasPrefix("internet-web-browser") {
            for (name, share) in players { browserWorst[name] = max(browserWorst[name] ?? 0, share) }
        }
        print("internet-web-browser twitter and yula, worst share of the screen differing at five moments: "
              + browserWorst.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.3f", $0.value * 100)) %" }.joined(separator: ", "))
        #expect(browserWorst.count == 3)
        let listed = failures.joined(separator: "\n")
        #expect(failures.isEmpty, "\(failures.count) frames differ:\n\(listed)")
    }
}
