import Foundation
@testable import LogoMask
import LogoMaskTestSupport

/// Frame 0 of every output of ``HandOffTests``' cases: the players' results, found by case index.
struct HandOffRendering {
    var rlottie: [RlottiePlayer.Result] = []
    var thorvg: [RlottiePlayer.Result] = []
    var lottieWeb: [[Int: String]] = []
    /// Case index to its rlottie and ThorVG job (the phones' launch screens).
    var playerIndex: [Int: Int] = [:]
    /// Case index to its lottie-web job (the web cases).
    var webIndex: [Int: Int] = [:]

    /// Each output of a case with its pixels (premultiplied ARGB words, the screen's size): on a
    /// phone's launch screen the frames, rlottie and ThorVG (and on the cross-check the page); on the
    /// web's, lottie-web, the page and the page's markup without its script.
    func outputs(of item: HandOffCase, at index: Int) throws -> [(HandOffTests.Output, [UInt32])] {
        var outputs: [(HandOffTests.Output, [UInt32])] = []
        if let player = playerIndex[index] {
            let frames = try RevealFramePlayer(scene: item.scene)
            try frames.render(at: 0)
            outputs.append((.frames, frames.withPixels { Array($0.bindMemory(to: UInt32.self)) }))
            outputs.append((.rlottie, try rlottie[player].frame(0)))
            outputs.append((.thorvg, try thorvg[player].frame(0)))
        }
        if let web = webIndex[index], let shot = lottieWeb[web][0] {
            outputs.append((.lottieWeb, HandOffTests.words(try RasterImage(contentsOfPNG: shot))))
        }
        if !item.page.isEmpty {
            outputs.append((item.web ? .page : .pageOverNative, HandOffTests.words(try RasterImage(contentsOfPNG: item.page))))
        }
        if !item.pageMarkup.isEmpty {
            outputs.append((.pageMarkup, HandOffTests.words(try RasterImage(contentsOfPNG: item.pageMarkup))))
        }
        return outputs
    }
}
