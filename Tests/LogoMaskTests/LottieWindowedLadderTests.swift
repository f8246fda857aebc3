import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// A picture ladder's rung shown larger than rlottie can draw (about 37,000 px across: Debian's
/// librlottie draws nothing of such a layer) holds only what the screen shows of the logo
/// (``LottiePictureLadder/windows(of:runs:transforms:screen:limit:)``), so the hole stays drawn
/// to the reveal's end; and a rung shown only as the matte is black (its alpha is all a matte
/// reads). Breeze's zanshin on an iPhone 15: its twitter hole grows to 130 px a unit, past
/// 33,000 px across; rlottie showed the launch screen over the whole screen from frame 20 on.
@Suite("Lottie picture ladders cut to the screen")
struct LottieWindowedLadderTests {
    /// A 100-unit square growing from 1 to 1,000 px a unit about the screen's centre.
    static func growing(frames: Int) -> [Transform?] {
        (0..<frames).map { f in
            let k = pow(1000, Double(f) / Double(frames - 1))
            // Document point (50, 50) at the centre of a 300x600 screen.
            return Transform.translation(x: -50, y: -50).concatenating(.scale(k)).concatenating(.translation(x: 150, y: 300))
        }
    }

    @Test("A rung within the limit stays whole; one past it is cut into runs of frames, each the part the screen shows, within the limit at each of its frames")
    func windows() throws {
        let region = Rect(x: 0, y: 0, width: 100, height: 100)
        let screen = Rect(x: 0, y: 0, width: 300, height: 600)
        let transforms = Self.growing(frames: 40)
        let whole = LottiePictureLadder.windows(of: region, runs: [0..<10], transforms: transforms, screen: screen, limit: 8192)
        #expect(whole.count == 1)
        #expect(whole.first?.region == region)
        #expect(whole.first?.runs == [0..<10])

        let runs = [5..<20, 25..<40]
        let pieces = LottiePictureLadder.windows(of: region, runs: runs, transforms: transforms, screen: screen, limit: 8192)
        // The square whole up to 81 px a unit (frame 24), then what the screen shows at frame
        // 25 (83 px a unit: 3.7 x 7.3 units), 7,300 px tall at frame 39.
        #expect(pieces.map(\.runs) == [[5..<20], [25..<40]], "\(pieces.map(\.runs))")
        #expect(pieces.first?.region == region)
        // Every frame of the runs is in exactly one piece, in order.
        let covered = pieces.flatMap { $0.runs.flatMap { Array($0) } }
        #expect(covered == runs.flatMap { Array($0) })
        for piece in pieces {
            for f in piece.runs.joined() {
                guard let t = transforms[f] else { continue }
                let box = t.apply(to: piece.region)
                #expect(max(box.width, box.height) <= 8192 + 1e-6, "frame \(f): \(box)")
                // What the screen shows of the region at this frame is inside the piece.
                if let back = t.inverted {
                    let shown = back.apply(to: screen).intersection(region)
                    if !shown.isEmpty {
                        #expect(piece.region.minX <= shown.minX + 1e-9 && piece.region.maxX >= shown.maxX - 1e-9
                            && piece.region.minY <= shown.minY + 1e-9 && piece.region.maxY >= shown.maxY - 1e-9, "frame \(f)")
                    }
                }
            }
        }
        let last = try #require(pieces.last).region
        #expect(abs(last.width - 308 / transforms[25]!.a) < 1e-9 && abs(last.height - 608 / transforms[25]!.a) < 1e-9, "\(last)")
    }

    @Test("zanshin's twitter Lottie on an iPhone 15: rlottie at 3x draws the hole to the end as the frames do (within 2 %), the late rungs black and small")
    func zanshinHoleToTheEnd() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try #require(TestPaths.realWorldLogos.first { $0.hasSuffix("breeze/zanshin.svg") })
        let logo = try VectorLogo(contentsOf: path)
        let settings = RevealSettings(viewport: try #require(Device.named("iPhone 15")).viewport())
        let scene = try RevealScene(logo: logo, spec: RevealPreset.twitter.spec, settings: settings)
        let file = try RevealExport.lottie(scene, options: RevealExportOptions(fps: 60))
        let lottie = folder.appendingPathComponent("zanshin.json").path
        try RevealExport.write(file, to: lottie)
        #expect(file.notes.contains { $0.contains("holds only what the screen shows") }, "\(file.notes)")
        // 251,845 bytes before: one 4005x4111 picture of the ink box, nine times the document's side.
        #expect(file.text.utf8.count < 120_000, "\(file.text.utf8.count) bytes")
        let pictures = try LottieExportTests.pictures(in: file.text)
        #expect(pictures.count >= 3, "\(pictures)")
        #expect(pictures.allSatisfy { $0.width * $0.height <= 2_100_000 }, "\(pictures)")

        let endFrame = Int((scene.duration * 60 - 1e-9).rounded(.up))
        let frames = [endFrame * 3 / 4, endFrame * 7 / 8, endFrame]
        let v = scene.placement.viewport
        let played = try RlottiePlayer.render(
            [RlottiePlayer.Job(file: lottie, width: v.pixelWidth, height: v.pixelHeight, frames: frames)], into: folder)[0]
        let player = try RevealFramePlayer(scene: scene)
        let content = try RevealLayers(scene: scene).content
        let contentPixels = Array(UnsafeBufferPointer(start: content.pixels, count: content.width * content.height))
        for frame in frames {
            try player.render(frame: frame, fps: 60)
            let expected = player.withPixels { Array($0.bindMemory(to: UInt32.self)) }
            let comparison = OverlayComparison(
                overlay: try played.frame(frame), content: contentPixels, expected: expected, tolerance: LottieExportTests.tolerance)
            #expect(comparison.differingFraction < LottieExportTests.allowedFractionWithPicture, "frame \(frame): \(comparison)")
        }
    }
}
