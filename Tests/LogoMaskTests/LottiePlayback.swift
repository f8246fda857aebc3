import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry

/// Plays Lottie cases in rlottie, ThorVG and lottie-web (in Chromium) over their app content at
/// five moments (``LottieExportTests/frames(_:)``) and compares each frame with the frames
/// logo-mask draws (``OverlayComparison`` at ``LottieExportTests/tolerance``). ThorVG's frames of
/// a picture also count as matching the frames with the picture where ThorVG puts it
/// (``ThorVGPictureSamplingTests/thorvgReadings(of:frame:expected:width:height:)``).
enum LottiePlayback {
    struct Outcome {
        /// One line per frame whose share of differing pixels is above the allowed one.
        var failures: [String] = []
        /// Each case's (by label) largest share per player.
        var worst: [String: [String: Double]] = [:]
        /// The cases and frames lottie-web drew nothing for.
        var missing: [String] = []
    }

    /// Plays `cases` (files in `folder`) and compares, allowing `allowed(case, player)`.
    static func compare(
        _ cases: [LottieExportTests.Case], in folder: URL, allowed: (LottieExportTests.Case, String) -> Double
    ) throws -> Outcome {
        let v = LottieExportTests.viewport
        let frames = cases.map { LottieExportTests.frames($0.endFrame) }
        let jobs = cases.indices.map { RlottiePlayer.Job(file: cases[$0].file, width: v.pixelWidth, height: v.pixelHeight, frames: frames[$0]) }
        let rlottie = try RlottiePlayer.render(jobs, into: folder)
        let thorvg = try ThorVGPlayer.render(jobs, into: folder)
        var webJobs: [LottieWebPlayer.Job] = []
        var contents: [[UInt32]] = []
        for (index, item) in cases.enumerated() {
            let content = try RevealLayers(scene: item.scene).content
            let count = content.width * content.height
            contents.append(Array(UnsafeBufferPointer(start: content.pixels, count: count)))
            let bytes = Array(UnsafeBufferPointer(start: content.bytes, count: count * 4))
            let underlay = folder.appendingPathComponent("content\(index).png").path
            try RasterImage(width: content.width, height: content.height, format: .premultipliedARGB, stride: content.width * 4, bytes: bytes)
                .writePNG(to: underlay)
            webJobs.append(LottieWebPlayer.Job(
                file: item.file, width: Int(v.size.width), height: Int(v.size.height), scale: v.density, underlay: underlay, frames: frames[index]))
        }
        let lottieWeb = try LottieWebPlayer.render(webJobs, into: folder)

        var outcome = Outcome()
        for (index, item) in cases.enumerated() {
            let player = try RevealFramePlayer(scene: item.scene)
            for frame in frames[index] {
                try player.render(frame: frame, fps: 60)
                let expected = player.withPixels { Array($0.bindMemory(to: UInt32.self)) }
                let moved = item.picture
                    ? try ThorVGPictureSamplingTests.thorvgReadings(of: item.file, frame: frame, expected: expected, width: v.pixelWidth, height: v.pixelHeight)
                    : []
                guard let shot = lottieWeb[index][frame] else {
                    outcome.missing.append("\(item.label) frame \(frame)")
                    continue
                }
                let web = HandOffTests.words(try RasterImage(contentsOfPNG: shot))
                let played: [(String, [UInt32])] = [
                    ("rlottie", try rlottie[index].frame(frame)), ("ThorVG", try thorvg[index].frame(frame)), ("lottie-web", web),
                ]
                for (name, overlay) in played {
                    let comparison = OverlayComparison(
                        overlay: overlay, content: contents[index], expected: expected, alternatives: name == "ThorVG" ? moved : [],
                        tolerance: LottieExportTests.tolerance)
                    outcome.worst[item.label, default: [:]][name] = max(outcome.worst[item.label]?[name] ?? 0, comparison.differingFraction)
                    if comparison.differingFraction > allowed(item, name) {
                        outcome.failures.append("\(item.label) frame \(frame) \(name): \(comparison)")
                    }
                }
            }
        }
        return outcome
    }
}
