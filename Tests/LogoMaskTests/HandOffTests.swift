import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The hand-off: the platform shows its launch screen, then the app shows frame 0 of the reveal;
/// any difference is a visible jump. Each launch screen is drawn without logo-mask from the files
/// `assets` writes, and frame 0 of every output is compared with it inside the logo's box (at
/// most ``allowedFraction`` of its pixels differ by more than ``tolerance``):
///
/// - a phone's own launch screen, composed by ``LaunchScreenComposer`` (the storyboard, colour
///   set and image set on iOS; the theme, colours and vector drawable on Android, drawn by
///   rsvg-convert; in dark mode the colour set's dark entry, the dark images and the `-night`
///   resources): against it the frames, and the Lottie played by rlottie and ThorVG;
/// - the web's launch screen, web/splash.html in headless Chromium (light and dark by
///   `prefers-color-scheme`) in the phone's window: against it the page, made from the scene
///   placed as web/splash.html places the logo (``LaunchScene/Platform/web``) and carrying dark
///   mode itself, as its markup without script (frame 0's inline styles; on the samples also
///   live, `?t=0`), and that scene's Lottie played by lottie-web. Both sides are drawn by Skia: no Chromium allowance. lottie-web belongs here:
///   it plays where the web launch screen shows (a hybrid app's web view shows the native screen
///   first, but is drawn by the phone's WebKit, not Chromium).
///
/// The matrix (``HandOffMatrix``): the five samples with every preset on both phones, light (dark
/// too on ``HandOffMatrix/darkSamples``), on both launch screens; the 53 real-world logos in turn:
/// logo i (of the sorted set) plays the flagship twitter and yula, huvi or fade (i mod 3), light
/// on the iPhone SE when i is even (else the Galaxy S24) and dark on the other phone, over a dark
/// background, with the next logo of the set as its dark logo when i mod 5 = 0 (so a case that
/// drew the light logo fails); on the web each plays `RevealPreset.allCases[(i / 2) mod 4]`, light
/// and dark on the same phones. So every logo runs light and dark on both phones, and every
/// preset x appearance x phone runs on at least eight real-world logos (the web's on at least
/// six). The phones: an iPhone SE (375x667 @2) and a Galaxy S24 (360x780 @3), both whole pixels
/// (the Lottie players fit the composition to whole pixels).
///
/// The cross-check on the samples: the page in Chromium against the phone's own launch screen
/// (a hybrid app, Capacitor or Cordova, shows its web view after the native launch screen), held
/// to 0.5 % like the rest (worst 0.17 %, gradient.svg at @3: Skia's edges against Cairo's).
///
/// Every case is compared, every output held to 0.5 %: Android's launch icon is the logo's art
/// for every logo (a picture where a vector drawable cannot carry it); a Lottie that embeds a
/// picture starts from one drawn for frame 0 on the screen's pixel grid, and so does the page;
/// web/splash.html carries one picture per device pixel ratio, each on the device pixel grid
/// (``WebLaunchFiles/pictureRatios``), so Chromium draws it unresampled, as it draws the
/// page's and lottie-web's frame 0 (before, one 4x picture for every ratio: 4.52 % and 3.60 %);
/// and the Lottie writes a straight segment with its control points at a third and two thirds
/// (``LottieShapes/third(from:to:)``), which lottie-web's Skia draws as the line (before, the
/// control points on the ends: y-mark's diagonals differed on 0.63 %). The live page (`?t=0`)
/// is its markup, frame 0 (``WebPageDocument``).
/// HANDOFF_REPORT=FILE writes each output's worst share with its case, then every failure
/// (``HandOffTally``); HANDOFF_LOGOS=NAME,NAME runs only those logos (``HandOffMatrix/subset``)
/// and HANDOFF_KEEP=1 keeps the cases' files.
@Suite("Hand-off from the launch screen", .serialized)
struct HandOffTests {
    /// A pixel differs when a colour channel is off by more than this (of 255).
    static let tolerance = 24
    /// At most this share of the logo box's pixels may differ.
    static let allowedFraction = 0.005

    /// What is compared, and with which launch screen.
    enum Output: String, CaseIterable {
        case frames, rlottie, thorvg, lottieWeb = "lottie-web", page, pageMarkup = "page markup"
        case pageOverNative = "page over the phone's screen"

        /// The launch screen it is compared with.
        var reference: String {
            switch self {
            case .frames, .rlottie, .thorvg, .pageOverNative: "composed by rsvg-convert"
            case .lottieWeb, .page, .pageMarkup: "web/splash.html in Chromium"
            }
        }
    }

    /// Premultiplied ARGB words of an image (Cairo's layout).
    static func words(_ image: RasterImage) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: image.width * image.height)
        let row = image.width * 4
        result.withUnsafeMutableBytes { out in
            image.bytes.withUnsafeBytes { raw in
                for y in 0..<image.height {
                    (out.baseAddress! + y * row).copyMemory(from: raw.baseAddress! + y * image.stride, byteCount: row)
                }
            }
        }
        return result
    }

    /// The share of the box's pixels whose colour (composited over black) differs by more than
    /// ``tolerance`` from `expected`, and the largest difference.
    static func difference(_ actual: [UInt32], _ expected: [UInt32], width: Int, box: PixelBox) -> (fraction: Double, largest: Int) {
        var differing = 0, largest = 0
        actual.withUnsafeBufferPointer { a in
            expected.withUnsafeBufferPointer { e in
                for y in box.y0..<box.y1 {
                    for x in box.x0..<box.x1 {
                        let p = a[y * width + x], q = e[y * width + x]
                        guard p != q else { continue }
                        let worst = max(
                            abs(Int(p & 0xFF) - Int(q & 0xFF)), abs(Int((p >> 8) & 0xFF) - Int((q >> 8) & 0xFF)),
                            abs(Int((p >> 16) & 0xFF) - Int((q >> 16) & 0xFF)))
                        largest = max(largest, worst)
                        if worst > tolerance { differing += 1 }
                    }
                }
            }
        }
        let count = (box.x1 - box.x0) * (box.y1 - box.y0)
        return (count == 0 ? 1 : Double(differing) / Double(count), largest)
    }

    /// The logo's box on the screen in pixels (its launch frame, grown to whole pixels).
    static func box(_ launch: LaunchScene) -> PixelBox {
        let d = launch.viewport.density, f = launch.logoFrame
        return PixelBox(
            x0: max(0, Int((f.minX * d).rounded(.down))), y0: max(0, Int((f.minY * d).rounded(.down))),
            x1: min(launch.viewport.pixelWidth, Int((f.maxX * d).rounded(.up))),
            y1: min(launch.viewport.pixelHeight, Int((f.maxY * d).rounded(.up))))
    }

    @Test("Frame 0 of the frames, the Lottie in rlottie, ThorVG and lottie-web, and the page is the launch screen iOS, Android and the web draw from the written files")
    func frameZeroIsTheLaunchScreen() throws {
        let folder = try TestPaths.temporaryFolder()
        // HANDOFF_KEEP=1 keeps the cases' files (Lotties, pages, screenshots) to look at.
        let keep = ProcessInfo.processInfo.environment["HANDOFF_KEEP"] != nil
        defer { if keep { print("hand-off files kept in \(folder.path)") } else { try? FileManager.default.removeItem(at: folder) } }
        let entries = HandOffMatrix.entries()
        #expect(HandOffMatrix.subset != nil || entries.count == 58, "the 53 real-world logos and 5 samples")
        var cases = try HandOffCase.all(entries, into: folder)
        let rendered = try Self.play(&cases, in: folder)

        var tally = HandOffTally()
        var screen: (path: String, pixels: [UInt32]) = ("", [])
        for (index, item) in cases.enumerated() {
            tally.cases += 1
            if item.dark { tally.darkCases += 1 }
            if item.web { tally.webCases += 1 }
            // Cases of one launch screen are consecutive: decode it once.
            if item.screen != screen.path { screen = (item.screen, Self.words(try RasterImage(contentsOfPNG: item.screen))) }
            let expected = screen.pixels
            let box = Self.box(item.launch)
            for (output, pixels) in try rendered.outputs(of: item, at: index) {
                let picture = [.page, .pageMarkup, .pageOverNative].contains(output) ? item.pagePicture : output == .frames ? false : item.lottiePicture
                guard pixels.count == expected.count else {
                    tally.failures.append("\(item.label) \(output.rawValue): \(pixels.count) pixels, the launch screen has \(expected.count)")
                    continue
                }
                let (fraction, largest) = Self.difference(pixels, expected, width: item.launch.viewport.pixelWidth, box: box)
                tally.record(output, label: item.label, fraction: fraction, largest: largest, picture: picture, allowed: Self.allowedFraction)
            }
        }
        if let report = ProcessInfo.processInfo.environment["HANDOFF_REPORT"] {
            try tally.report.write(toFile: report, atomically: true, encoding: .utf8)
        }
        let listed = tally.failures.prefix(40).joined(separator: "\n")
        #expect(tally.failures.isEmpty, "\(tally.failures.count) hand-offs jump:\n\(listed)")
        #expect(HandOffMatrix.subset != nil || Set(tally.worst.keys) == Set(Output.allCases), "every output was compared: \(tally.worst.keys.map(\.rawValue).sorted())")
        #expect(HandOffMatrix.subset != nil || tally.darkCases >= cases.count / 3, "\(tally.darkCases) of \(cases.count) cases are dark")
        print(tally.report.split(separator: "\n").prefix(Output.allCases.count * 2 + 1).joined(separator: "\n"))
    }

    /// A page's HTML without its `<script>` elements: the markup's frame 0, with no Web Animation.
    static func withoutScript(_ html: String) -> String {
        var text = html
        while let start = text.range(of: "<script>"), let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex) {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return text
    }

    /// Writes each case's Lottie (and page), and plays them: rlottie and ThorVG on the phones'
    /// launch screens, lottie-web and the page in Chromium.
    static func play(_ cases: inout [HandOffCase], in folder: URL) throws -> HandOffRendering {
        var shots: [HeadlessChromium.Job] = []
        var webJobs: [LottieWebPlayer.Job] = []
        var playerJobs: [RlottiePlayer.Job] = []
        var rendering = HandOffRendering()
        for index in cases.indices {
            let item = cases[index], v = item.scene.placement.viewport
            let lottie = folder.appendingPathComponent("case\(index).json").path
            let lottieFile = try RevealExport.lottie(item.scene, options: RevealExportOptions())
            try RevealExport.write(lottieFile, to: lottie)
            cases[index].lottie = lottie
            cases[index].lottiePicture = lottieFile.embeddedPicture
            if !item.web {
                rendering.playerIndex[index] = playerJobs.count
                playerJobs.append(RlottiePlayer.Job(file: lottie, width: item.launch.viewport.pixelWidth, height: item.launch.viewport.pixelHeight, frames: [0]))
            } else {
                rendering.webIndex[index] = webJobs.count
                webJobs.append(LottieWebPlayer.Job(file: lottie, width: Int(v.size.width), height: Int(v.size.height), scale: v.density, underlay: nil, frames: [0]))
            }
            // The cross-check's page runs light only (its dark mode is the web cases').
            guard item.web || (item.crossCheck && !item.dark) else { continue }
            let page = folder.appendingPathComponent("case\(index).html")
            let pageFile = try RevealExport.webPage(item.pageScene, options: RevealExportOptions(), dark: item.web ? item.darkMode : nil)
            try RevealExport.write(pageFile, to: page.path)
            cases[index].pagePicture = pageFile.embeddedPicture
            func shot(_ url: URL, _ suffix: String, query: String = "") -> String {
                let output = folder.appendingPathComponent("case\(index)-\(suffix).png").path
                shots.append(HeadlessChromium.Job(
                    url: url.absoluteString + query, width: Int(v.size.width), height: Int(v.size.height), scale: v.density,
                    output: output, media: item.media))
                return output
            }
            // The live page on the samples (the markup holds the page's pixels on every case).
            if item.crossCheck { cases[index].page = shot(page, "page", query: "?t=0") }
            guard item.web else { continue }
            // Frame 0 as the markup states it: the page without its script (no animation).
            let markup = folder.appendingPathComponent("case\(index)-markup.html")
            try Self.withoutScript(String(contentsOf: page, encoding: .utf8)).write(to: markup, atomically: true, encoding: .utf8)
            cases[index].pageMarkup = shot(markup, "markup")
        }
        rendering.rlottie = try RlottiePlayer.render(playerJobs, into: folder)
        rendering.thorvg = try ThorVGPlayer.render(playerJobs, into: folder)
        try HeadlessChromium.screenshots(shots)
        rendering.lottieWeb = try LottieWebPlayer.render(webJobs, into: folder)
        return rendering
    }
}
