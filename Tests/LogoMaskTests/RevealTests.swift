import Foundation
@testable import LogoMask
import MaskGeometry
import Testing

/// Reveal frames checked on real pixels: small viewports except where @3x is the point.
@Suite("Reveal")
struct RevealTests {
    static func bird() throws -> VectorLogo {
        try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
    }

    static func scene(_ preset: RevealPreset, _ viewport: Viewport, configure: (inout RevealSettings) -> Void = { _ in })
        throws -> RevealScene
    {
        var settings = RevealSettings(viewport: viewport)
        configure(&settings)
        return try RevealScene(logo: try bird(), spec: preset.spec, settings: settings)
    }

    /// Columns holding a pixel that differs from `background`: the hole's alpha-tight width.
    static func holeWidth(_ image: RasterImage, background: UInt32) -> Int {
        var minX = Int.max, maxX = Int.min
        image.bytes.withUnsafeBytes { raw in
            for y in 0..<image.height {
                for x in 0..<image.width where raw.load(fromByteOffset: y * image.stride + 4 * x, as: UInt32.self) != background {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                }
            }
        }
        return maxX >= minX ? maxX - minX + 1 : 0
    }

    static func differingPixels(_ a: RasterImage, _ b: RasterImage) -> Int {
        guard a.width == b.width, a.height == b.height, a.stride == b.stride else { return Int.max }
        var count = 0
        for i in Swift.stride(from: 0, to: a.bytes.count, by: 4) where a.bytes[i..<i + 4] != b.bytes[i..<i + 4] { count += 1 }
        return count
    }

    @Test("twitter @3x, 60 fps: the hole at t = 0.4 d is 0.75 of its width at t = 0 (+-1 px)")
    func twitterShrinksToThreeQuarters() throws {
        let scene = try Self.scene(.twitter, Viewport(width: 375, height: 667, density: 3))
        let times = scene.frameTimes(fps: 60)
        #expect(times.count == 37)
        #expect(times.first == 0 && times.last == scene.duration)
        let background = premultipliedPixel(RGBAColor(red: 0x1D, green: 0x9B, blue: 0xF0))
        let start = Self.holeWidth(try revealFrame(scene, at: 0), background: background)
        let keyTime = 0.4 * scene.duration
        #expect(scene.state(at: keyTime).holeScale == 0.75)
        let shrunk = Self.holeWidth(try revealFrame(scene, at: keyTime), background: background)
        // At t = 0 the logo's artwork covers the closed hole: the same box, without the hole's
        // veil-coloured antialiased rim.
        #expect(start >= 250)
        #expect(abs(Double(shrunk) - 0.75 * Double(start)) <= 1, "widths \(start) -> \(shrunk)")
    }

    @Test("the last frame is the content in every pixel when the final scale is the cover scale")
    func lastFrameIsContent() throws {
        let viewport = Viewport(width: 375, height: 667, density: 1)
        let scene = try Self.scene(.twitter, viewport)
        let cover = try #require(scene.cover)
        #expect(scene.finalScale == cover.scale)
        let content = try RevealLayers(scene: scene).content.image()
        let last = try revealFrame(scene, at: scene.duration)
        #expect(Self.differingPixels(last, content) == 0)

        // Without the shortcut: the same final scale given, so the mask is drawn from the vector.
        let drawn = try Self.scene(.twitter, viewport) { $0.finalScale = cover.scale }
        #expect(drawn.cover == nil)
        let compositor = try FrameCompositor(scene: drawn, layers: try RevealLayers(scene: drawn))
        let frame = try FrameBuffer(width: viewport.pixelWidth, height: viewport.pixelHeight)
        let stats = try compositor.render(drawn.state(at: drawn.duration), into: frame)
        #expect(!stats.covered && stats.maskedPixels == viewport.pixelWidth * viewport.pixelHeight)
        #expect(Self.differingPixels(frame.plane.image(), content) == 0)

        // And just below the cover scale some pixel still shows the background.
        let below = try Self.scene(.twitter, viewport) { $0.finalScale = cover.lowerBound }
        #expect(Self.differingPixels(try revealFrame(below, at: below.duration), content) > 0)
    }

    @Test("frame 0 of the PNG sequence and the still are the same pixels; the contact sheet is written")
    func stillIsFrameZero() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reveal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene(.yula, Viewport(width: 200, height: 360, density: 1))
        let frames = folder.appendingPathComponent("frames").path
        let still = folder.appendingPathComponent("still.png").path
        let sheet = folder.appendingPathComponent("sheet.png").path
        let report = try RevealRenderer.render(
            scene, fps: 30, output: .pngSequence(folder: frames), contactSheet: sheet, still: still)
        #expect(report.frameCount == 19)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(names.count == 19 && names.first == "frame-0000.png" && names.last == "frame-0018.png")
        let first = try RasterImage(contentsOfPNG: frames + "/frame-0000.png")
        let launch = try RasterImage(contentsOfPNG: still)
        #expect(first.width == 200 && first.height == 360)
        #expect(Self.differingPixels(first, launch) == 0)
        #expect(FileManager.default.fileExists(atPath: sheet))
        // Same bytes too: the same encoder wrote both.
        #expect(FileManager.default.contents(atPath: still) == FileManager.default.contents(atPath: frames + "/frame-0000.png"))
        // Nothing left behind beside the outputs.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("yula: the end rotation is -atan(y/x) of the logo's position; the content starts at 1.05")
    func yulaNumbers() throws {
        for (center, viewport) in [(nil, Viewport(width: 375, height: 667, density: 1)),
                                   (Point(x: 120, y: 300), Viewport(width: 393, height: 852, density: 1))] {
            let scene = try Self.scene(.yula, viewport) { $0.center = center }
            let position = center ?? Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
            let expected = -atan(position.y / position.x)
            let end = scene.state(at: scene.duration)
            #expect(end.holeRotation == expected)
            #expect(scene.state(at: 0).contentScale == 1.05)
            #expect(scene.state(at: 0.12).holeScale == 0.85)
            // The final scale is the cover scale at that rotation, and the last frame is the content.
            let cover = try #require(scene.cover)
            #expect(cover.placement.rotation == expected)
            #expect(end.holeScale == cover.scale)
            let content = try RevealLayers(scene: scene).content.image()
            #expect(Self.differingPixels(try revealFrame(scene, at: scene.duration), content) == 0)
        }
    }

    @Test("every preset prints a spec that reads back equal, and its frames render", arguments: RevealPreset.allCases)
    func presetRoundTrip(preset: RevealPreset) throws {
        let text = preset.spec.jsonText()
        let read = try RevealSpec.decode(Data(text.utf8), file: "\(preset).json")
        #expect(read == preset.spec)
        let scene = try Self.scene(preset, Viewport(width: 120, height: 200, density: 1))
        let last = try revealFrame(scene, at: scene.duration)
        #expect(last.width == 120 && last.height == 200)
    }

    @Test("bad specs name the file and the place", arguments: [
        ("{", "malformed"),
        (#"{"timeline": {"holeScale": {"values": [1, "bigger"], "duration": 1}}}"#, "\"bigger\" is not a symbol"),
        (##"{"timeline": {}, "colour": "#fff"}"##, "unknown key \"colour\""),
        (#"{"background": "nope", "timeline": {}}"#, "not a colour"),
    ])
    func badSpecs(text: String, expected: String) throws {
        #expect(throws: LogoMaskError.self) { try RevealSpec.decode(Data(text.utf8), file: "my.json") }
        do {
            _ = try RevealSpec.decode(Data(text.utf8), file: "my.json")
        } catch {
            #expect(error.description.hasPrefix("my.json: "))
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.exitStatus == 64)
        }
    }

    @Test("a ring cannot be covered about its centre, forced: the scene says so unless a final scale is given")
    func ringHasNoCoverScale() throws {
        let ring = try VectorLogo(contentsOf: GeometryFixtures.sample("ring.svg"))
        var settings = RevealSettings(viewport: Viewport(width: 200, height: 300, density: 1))
        settings.anchor = .center
        #expect(throws: LogoMaskError.self) { try RevealScene(logo: ring, spec: RevealPreset.twitter.spec, settings: settings) }
        var given = settings
        given.finalScale = 12
        let scene = try RevealScene(logo: ring, spec: RevealPreset.twitter.spec, settings: given)
        #expect(scene.state(at: scene.duration).holeScale == 12)
    }

    @Test("lerpPixel is exact at the ends and rounds in between")
    func lerp() {
        let p: UInt32 = 0xFF10_2030, q: UInt32 = 0xFFF0_E0D0
        #expect(lerpPixel(p, q, 0) == p)
        #expect(lerpPixel(p, q, 255) == q)
        let mid = lerpPixel(0xFF00_0000, 0xFFFF_FFFF, 128)
        #expect(mid == 0xFF80_8080)
    }
}

@Suite("Reveal pixel runs")
struct RevealRunTests {
    @Test("the SIMD run blend gives the same bits as the one-pixel blend")
    func simdMatchesScalar() {
        var source: [UInt32] = []
        var seed: UInt32 = 12345
        for _ in 0..<1027 {
            seed = seed &* 1_103_515_245 &+ 12345
            let a = seed >> 24
            let scale = { (c: UInt32) in (c * a) / 255 }
            source.append(a << 24 | scale((seed >> 16) & 0xFF) << 16 | scale((seed >> 8) & 0xFF) << 8 | scale(seed & 0xFF))
        }
        for (color, level) in [(UInt32(0xFFFF_FFFF), UInt32(1)), (0xFF1D_9BF0, 128), (0x8040_2010, 254), (0xFFFF_FFFF, 0), (0xFF00_0000, 255)] {
            var out = [UInt32](repeating: 0, count: source.count)
            source.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    lerpRun(s.baseAddress!, into: o.baseAddress!, count: s.count, toward: color, level: level)
                }
            }
            #expect(out == source.map { lerpPixel($0, color, level) })
        }
    }
}

/// The frame at `time` drawn by a fresh ``RevealFramePlayer`` (the one-frame API), as an image.
func revealFrame(_ scene: RevealScene, at time: Double) throws -> RasterImage {
    let player = try RevealFramePlayer(scene: scene)
    try player.render(at: time)
    return player.image()
}
