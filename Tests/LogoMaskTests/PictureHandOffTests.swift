import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Where the Lottie embeds pictures of the logo (an outline that is not exact: filters, images,
/// masks), frame 0 is a picture drawn for it on the launch screen's pixel grid
/// (``LottiePictureLadder``), so the reveal starts on the launch screen in every player, not
/// only in the frames: rlottie, ThorVG and lottie-web (headless Chromium) show frame 0 within
/// 0.5 % of the logo box (a pixel differing when a channel is off by more than 24), against the
/// frames' frame 0 and against the iOS launch screen composed from the written files, for every
/// preset on an iPhone SE and a Galaxy S24. The same files played at five moments agree with
/// the frames within 1 % (``LottieExportTests/allowedFraction``). About 60 s in debug.
@Suite("Embedded pictures start on the launch screen", .serialized)
struct PictureHandOffTests {
    /// The real-world logos whose Lottie embeds a picture (every other real-world logo's outline
    /// carries it as shapes): a filter, a stroke with a stretched pen, masks. (Translucent groups
    /// and clip paths are vectors now: ``LottieGroupsTests``; internet-web-browser's stroke
    /// gradient, stretched by 0.002 %, too: ``LottieNearSimilarityTests``.)
    static let pictureLogos = [
        "breeze/gpick.svg", "breeze/kcolorchooser.svg", "breeze/kiten.svg", "breeze/kteatime.svg", "breeze/rocs.svg",
        "breeze/zanshin.svg", "tango/gnome-dev-media-cf.svg", "tango/gnome-dev-media-ms.svg",
        "tango/gnome-dev-media-sdmmc.svg", "tango/help-browser.svg",
    ]
    /// The logos played in the full matrix (every logo above with `PICTURE_HANDOFF_ALL=1`, else
    /// three: a Tango filter rlottie could not start on, a Breeze filter, a hole with a stroke
    /// whose pen is stretched).
    static var logos: [String] {
        // PICTURE_HANDOFF_LOGOS=a.svg:b.svg plays those files instead (a held-out set).
        if let paths = ProcessInfo.processInfo.environment["PICTURE_HANDOFF_LOGOS"] { return paths.split(separator: ":").map(String.init) }
        let all = ProcessInfo.processInfo.environment["PICTURE_HANDOFF_ALL"] == "1"
        let names = all ? pictureLogos : ["tango/gnome-dev-media-cf.svg", "breeze/kteatime.svg", "tango/help-browser.svg"]
        return names.map { TestPaths.realWorldFolder.appendingPathComponent($0).path }
    }

    struct Case {
        var label: String
        var scene: RevealScene
        var launch: LaunchScene
        var screen: String?
        var lottie: String
        var bytes: Int
        /// The page's frame 0 in Chromium, when the page embeds a picture (measured, not held).
        var page: String?
    }

    @Test("Frame 0 of a Lottie with pictures is the frames' frame 0 and the launch screen in rlottie, ThorVG and lottie-web")
    func frameZeroIsTheLaunchScreen() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases: [Case] = []
        var compositions: [LaunchScreenComposer.Job] = []
        var pictured = Set<String>()
        var pageShots: [HeadlessChromium.Job] = []
        for (index, path) in Self.logos.enumerated() {
            let logo = try VectorLogo(contentsOf: path)
            let options = AssetOptions(platforms: [.ios], background: .white, devices: [], stillPreset: nil)
            let assets = folder.appendingPathComponent("assets\(index)").path
            _ = try AssetGenerator.write(logo: logo, options: options, to: assets)
            for device in HandOffMatrix.devices {
                let launch = try AssetGenerator.launchScreen(logo: logo, options: options, device: device, landscape: false, appearance: .light)
                // These assets are written for iOS only (Android's picture icon is compared in HandOffTests):
                // there the frames' frame 0, placed on the Android launch rect, is the reference.
                var screen: String?
                if launch.platform == .ios {
                    let output = folder.appendingPathComponent("screen\(index)-\(device.name.replacingOccurrences(of: " ", with: "")).png").path
                    compositions.append(LaunchScreenComposer.Job(
                        assets: assets, platform: launch.platform.rawValue, width: device.width, height: device.height,
                        density: device.density, output: output, appearance: "light"))
                    screen = output
                }
                for preset in RevealPreset.allCases {
                    let scene = try AssetGenerator.launchScene(
                        logo: logo, options: options, preset: preset, device: device, landscape: false, appearance: .light)
                    let label = "\(URL(fileURLWithPath: path).lastPathComponent) \(preset.rawValue) \(device.name)"
                    let file = try RevealExport.lottie(scene, options: RevealExportOptions())
                    let lottie = folder.appendingPathComponent("case\(cases.count).json").path
                    try RevealExport.write(file, to: lottie)
                    if file.embeddedPicture { pictured.insert(path) }
                    var shot: String?
                    if ProcessInfo.processInfo.environment["PICTURE_HANDOFF_PAGE"] == "1" {
                        let pageFile = try RevealExport.webPage(scene, options: RevealExportOptions())
                        if pageFile.embeddedPicture {
                            let page = folder.appendingPathComponent("case\(cases.count).html").path
                            try RevealExport.write(pageFile, to: page)
                            shot = folder.appendingPathComponent("case\(cases.count)-page.png").path
                            let v = scene.placement.viewport
                            pageShots.append(HeadlessChromium.Job(
                                url: URL(fileURLWithPath: page).absoluteString + "?t=0", width: Int(v.size.width), height: Int(v.size.height),
                                scale: v.density, output: shot!))
                        }
                    }
                    cases.append(Case(label: label, scene: scene, launch: launch, screen: screen, lottie: lottie, bytes: file.text.utf8.count, page: shot))
                }
            }
        }
        #expect(pictured.count == Self.logos.count, "these embed no picture: \(Set(Self.logos).subtracting(pictured))")
        _ = try LaunchScreenComposer.compose(compositions)
        #expect(try LottieSchemaValidator.invalidFiles(cases.map(\.lottie)) == [])
        let jobs = cases.map {
            RlottiePlayer.Job(file: $0.lottie, width: $0.launch.viewport.pixelWidth, height: $0.launch.viewport.pixelHeight, frames: [0])
        }
        try HeadlessChromium.screenshots(pageShots)
        let rlottie = try RlottiePlayer.render(jobs, into: folder)
        let thorvg = try ThorVGPlayer.render(jobs, into: folder)
        let lottieWeb = try LottieWebPlayer.render(cases.map {
            let v = $0.scene.placement.viewport
            return LottieWebPlayer.Job(file: $0.lottie, width: Int(v.size.width), height: Int(v.size.height), scale: v.density, underlay: nil, frames: [0])
        }, into: folder)

        var failures: [String] = []
        var worst: [String: Double] = [:]
        for (index, item) in cases.enumerated() {
            let player = try RevealFramePlayer(scene: item.scene)
            try player.render(at: 0)
            let frames = player.withPixels { Array($0.bindMemory(to: UInt32.self)) }
            let screen = try item.screen.map { HandOffTests.words(try RasterImage(contentsOfPNG: $0)) }
            let width = item.launch.viewport.pixelWidth
            let box = HandOffTests.box(item.launch)
            let frameRegion = FrameCompositor.region(
                of: item.scene.logo.inkBounds, under: item.scene.drawnLogoTransform(item.scene.state(at: 0)),
                width: width, height: item.launch.viewport.pixelHeight)
            var played: [(String, [UInt32])] = [("rlottie", try rlottie[index].frame(0)), ("ThorVG", try thorvg[index].frame(0))]
            if let shot = lottieWeb[index][0] { played.append(("lottie-web", HandOffTests.words(try RasterImage(contentsOfPNG: shot)))) }
            #expect(played.count == 3, "\(item.label): lottie-web drew no frame 0")
            if let page = item.page, let screen {
                let (fraction, largest) = HandOffTests.difference(HandOffTests.words(try RasterImage(contentsOfPNG: page)), screen, width: width, box: box)
                print("page \(item.label): \(String(format: "%.3f", fraction * 100)) % (largest \(largest))")
                if let dump = ProcessInfo.processInfo.environment["PICTURE_HANDOFF_DUMP"] { try? FileManager.default.copyItem(atPath: page, toPath: dump + "/\(index)-page.png") }
            }
            if let dump = ProcessInfo.processInfo.environment["PICTURE_HANDOFF_DUMP"] {
                let v = item.launch.viewport
                for (name, pixels) in played + [("frames", frames)] + (screen.map { [("screen", $0)] } ?? []) {
                    let bytes = pixels.withUnsafeBytes { Array($0) }
                    try RasterImage(width: v.pixelWidth, height: v.pixelHeight, format: .premultipliedARGB, stride: v.pixelWidth * 4, bytes: bytes)
                        .writePNG(to: dump + "/\(index)-\(name).png")
                }
                try FileManager.default.copyItem(atPath: item.lottie, toPath: dump + "/\(index).json")
            }
            for (name, pixels) in played + [("frames", frames)] {
                for (against, expected) in [("frames", frames), ("launch screen", screen)] where name != against {
                    guard let expected else { continue }
                    guard pixels.count == expected.count else {
                        failures.append("\(item.label) \(name): \(pixels.count) pixels, \(against) \(expected.count)")
                        continue
                    }
                    // The frames draw the logo within its ink box (FrameCompositor.region): a filter's
                    // reach past it (a drop shadow) is compared with the launch screen only.
                    var within = box
                    if against == "frames" || name == "frames", let drawn = frameRegion {
                        within = PixelBox(x0: max(box.x0, drawn.x0), y0: max(box.y0, drawn.y0), x1: min(box.x1, drawn.x1), y1: min(box.y1, drawn.y1))
                    }
                    let (fraction, largest) = HandOffTests.difference(pixels, expected, width: width, box: within)
                    worst[name + " / " + against] = max(worst[name + " / " + against] ?? 0, fraction)
                    if fraction > HandOffTests.allowedFraction {
                        failures.append("\(item.label) \(name) against the \(against): \(String(format: "%.3f", fraction * 100)) % of the logo box differ (largest \(largest))")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) frame 0s jump:\n\(failures.joined(separator: "\n"))")
        print("picture hand-off: \(cases.count) cases; worst share of the logo box differing: "
              + worst.keys.sorted().map { "\($0) \(String(format: "%.3f", (worst[$0] ?? 0) * 100)) %" }.joined(separator: ", "))
        print("picture hand-off sizes: " + cases.map { "\($0.label) \($0.bytes)" }.joined(separator: "; "))
    }
}
