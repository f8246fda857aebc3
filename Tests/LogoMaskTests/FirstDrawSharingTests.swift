import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// The launch stills share their logo's pixels (``VectorLogo/firstDrawBitmaps``): frame 0's draw
/// of the logo at one size and pixel phase is drawn once per logo, and a still painted from the
/// shared pixels is the still a logo of its own draws.
@Suite("launch stills share the logo's first draw")
struct FirstDrawSharingTests {
    @Test("12 stills, 4 drawings of the logo, the same pixels as stills drawn alone")
    func stillsShareTheirLogo() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A name of its own: the hook counts by the logo's name. glow.svg has a filter, so a
        // drawing's later draws could come from a picture: only first draws are shared.
        let path = try TestPaths.sampleCopy("glow.svg", as: "first-draw-sharing.svg", in: folder)
        let logo = try VectorLogo(contentsOf: path)
        let options = AssetOptions()
        var shared: [RasterImage] = []
        var alone: [RasterImage] = []
        let tally = try FrameCompositor.firstDrawLog.watching(logo.name) {
            for device in options.devices {
                for landscape in [false, true] {
                    shared.append(try Self.still(of: logo, options: options, device: device, landscape: landscape))
                }
            }
        }
        for device in options.devices {
            for landscape in [false, true] {
                alone.append(try Self.still(of: try VectorLogo(contentsOf: path), options: options, device: device, landscape: landscape))
            }
        }
        // iPad Pro and iPhone SE at 2x, the two iPhones 15 at 3x, Pixel 8 and Galaxy S24: each
        // device's two orientations put the logo at the same pixel phase, the 2x and 3x devices
        // of iOS too (the image set's PNG at a whole pixel).
        #expect(tally == MemoTally(asked: 12, made: 4), "\(tally)")
        #expect(shared.count == 12 && alone.count == 12)
        for (index, (a, b)) in zip(shared, alone).enumerated() {
            #expect(a.width == b.width && a.height == b.height && a.bytes == b.bytes, "still \(index) differs")
        }
    }

    @Test("A frame is the same bytes whichever frame its worker drew first (huvi on bird: only frame 0 is shared)")
    func framesDoNotDependOnTheWorker() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let scene = try RevealScene(
            logo: logo, spec: RevealPreset.huvi.spec,
            settings: RevealSettings(viewport: Viewport(width: 160, height: 320, density: 1)))
        let layers = try RevealLayers(scene: scene)
        let times = scene.frameTimes(fps: 5)
        #expect(times.count > 4 && times[0] == 0)
        // One worker drew frames 0 to 3 in order; another drew frame 3 first.
        let inOrder = try FrameCompositor(scene: scene, layers: layers)
        let first = try FrameBuffer(width: layers.width, height: layers.height)
        for time in times[0...3] { try inOrder.render(scene.state(at: time), into: first) }
        let second = try FrameBuffer(width: layers.width, height: layers.height)
        try FrameCompositor(scene: scene, layers: layers).render(scene.state(at: times[3]), into: second)
        let count = layers.width * layers.height * 4
        #expect((0..<count).allSatisfy { first.bytes[$0] == second.bytes[$0] })
        #expect((0..<count).contains { first.bytes[$0] != 0 })
    }

    /// Frame 0 of the default still preset on `device`, as `assets` draws it.
    static func still(of logo: VectorLogo, options: AssetOptions, device: Device, landscape: Bool) throws -> RasterImage {
        let preset = try #require(options.stillPreset)
        let player = try RevealFramePlayer(
            scene: try AssetGenerator.launchScene(logo: logo, options: options, preset: preset, device: device, landscape: landscape))
        try player.render(at: 0)
        return player.image()
    }
}
