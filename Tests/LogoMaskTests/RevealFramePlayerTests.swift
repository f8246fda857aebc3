import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// The public one-frame player: same pixels as the renderer, buffer reused, bounds checked.
@Suite("RevealFramePlayer")
struct RevealFramePlayerTests {
    static func scene() throws -> RevealScene {
        try RevealScene(
            logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), spec: RevealPreset.twitter.spec,
            settings: RevealSettings(viewport: Viewport(width: 150, height: 320, density: 2)))
    }

    @Test("every frame equals a fresh player's frame at the same time, drawn into the same buffer")
    func framesMatchRenderer() throws {
        let scene = try Self.scene()
        let player = try RevealFramePlayer(scene: scene)
        let times = scene.frameTimes(fps: 60)
        #expect(player.frameCount(fps: 60) == times.count)
        #expect(player.width == 300 && player.height == 640 && player.bytesPerRow == 1200)
        let address = player.withPixels { $0.baseAddress }
        for index in [0, 10, 20, 30, times.count - 1] {
            let info = try player.render(frame: index, fps: 60)
            #expect(info.time == times[index])
            #expect(info.covered == (index == times.count - 1))
            // Frame 0: twitter's logo artwork closes the hole, so no hole is drawn.
            #expect(info.covered || info.holeFromOutline || scene.state(at: times[index]).logoOpacity >= 1)
            let reference = try revealFrame(scene, at: times[index])
            #expect(player.image() == reference, "frame \(index)")
            player.withPixels { pixels in
                #expect(pixels.baseAddress == address)
                #expect(pixels.count == 1200 * 640)
            }
        }
    }

    @Test("frame indices outside the reveal and unusable rates are refused")
    func badFrames() throws {
        let player = try RevealFramePlayer(scene: try Self.scene())
        #expect(throws: LogoMaskError.self) { try player.render(frame: player.frameCount(fps: 30), fps: 30) }
        #expect(throws: LogoMaskError.self) { try player.render(frame: -1, fps: 30) }
        #expect(throws: LogoMaskError.self) { try player.render(frame: 0, fps: 0) }
    }
}
