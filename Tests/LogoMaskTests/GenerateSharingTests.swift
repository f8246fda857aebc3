import Foundation
import LogoMaskTestSupport
import Testing
@testable import LogoMask

/// `generate`'s outputs share what they draw of one logo (``LogoMemo``): the filter pictures
/// librsvg draws for a screen, those pictures cut and put on the screen's grid (the Lottie, the
/// page's logo and hole, the overlay, the web launch screen and the code ask for the same few),
/// those pictures cut to what they paint, and the whole-logo pictures of the page's logo and hole.
@Suite("generate draws what its outputs share once")
struct GenerateSharingTests {
    /// `logo` (a copy of glow.svg: a filtered logo whose pictures are sharp, so the page and
    /// overlay embed whole-logo pictures) on one device, iOS and the web, at 5 fps.
    static func configuration(logo: String, output: String) -> SplashConfiguration {
        var c = SplashConfiguration(logo: logo)
        c.platforms = [.ios, .web]
        c.devices = [Device.builtIn[0]]
        c.reveal.fps = 5
        c.output = output
        return c
    }

    @Test("each screen's filter pictures and each whole-logo picture are drawn once a run")
    func eachDrawingOnce() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A name of its own: the hooks count by the logo's name, and other suites draw glow.svg meanwhile.
        let logo = try TestPaths.sampleCopy("glow.svg", as: "generate-sharing.svg", in: folder)
        let c = Self.configuration(logo: logo, output: folder.appendingPathComponent("splash").path)
        let name = c.resolve(c.logo)
        var frames = MemoTally(), whole = MemoTally(), cuts = MemoTally()
        let screens = try OutlineExtractor.pictureLog.watching(name) {
            frames = try FilterPictureGrid.frameLog.watching(name) {
                whole = try LogoPicture.drawLog.watching(name) {
                    cuts = try FilterPictureCrop.cutLog.watching(name) {
                        _ = try SplashGenerator.write(c, deadline: .none, progress: nil, force: false, workers: 1)
                    }
                }
            }
        }
        // Without the memos every ask was a drawing: 8, 8 and 9. One worker: the whole-logo
        // memo keeps two drawings, and which ones two jobs side by side evict depends on timing.
        #expect(screens == MemoTally(asked: 8, made: 3), "librsvg's filter pictures: \(screens)")
        #expect(frames == MemoTally(asked: 8, made: 6), "frame pictures: \(frames)")
        #expect(whole == MemoTally(asked: 9, made: 7), "whole-logo pictures: \(whole)")
        // Each picture librsvg drew is cut once, whichever outputs ask (8 before the memo).
        #expect(cuts == MemoTally(asked: 8, made: 3), "pictures cut: \(cuts)")
    }
}
