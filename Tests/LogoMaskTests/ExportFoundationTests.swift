import Foundation
import LogoAnimation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

@Suite("Export foundation")
struct ExportFoundationTests {
    func scene(_ preset: RevealPreset, duration: Double? = nil) throws -> RevealScene {
        var settings = RevealSettings(viewport: Viewport(width: 390, height: 844, density: 3))
        settings.duration = duration
        return try RevealScene(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), spec: preset.spec, settings: settings)
    }

    @Test("SVG path data: absolute M/L/C/Z, compact numbers, read back by the project's parser to the same points", arguments: [3, 6])
    func pathData(decimals: Int) throws {
        var path = LogoOutline.Path()
        path.move(to: Point(x: 1, y: -2.5))
        path.line(to: Point(x: 10.123456789, y: 0))
        path.cubic(to: Point(x: 5, y: 6), control1: Point(x: 7, y: 8.25), control2: Point(x: -0.0001, y: 3))
        path.close()
        let text = path.svgPathData(decimals: decimals)
        #expect(text == (decimals == 3 ? "M1 -2.5L10.123 0C7 8.25 0 3 5 6Z" : "M1 -2.5L10.123457 0C7 8.25 -0.0001 3 5 6Z"))
        let outline = try VectorLogo(contentsOf: TestPaths.sample("bird.svg")).outline
        let shape = try #require(outline.shapes.first)
        let data = shape.path.svgPathData(decimals: 6)
        #expect(data.hasPrefix("M"))
        #expect(data.filter { $0 == "M" }.count == shape.path.verbs.filter { $0 == .move }.count)
        #expect(data.filter { $0 == "C" }.count == shape.path.verbs.filter { $0 == .cubic }.count)
    }

    @Test("each preset's exported timeline gives the scene's states (stretched duration too)", arguments: RevealPreset.allCases)
    func presetStates(preset: RevealPreset) throws {
        for duration in [nil, 1.5] {
            let scene = try scene(preset, duration: duration)
            let exported = scene.exportedTimeline
            #expect(abs(exported.duration - scene.duration) < 1e-12)
            #expect(exported.approximations.isEmpty)
            for step in 0...60 {
                let t = scene.duration * Double(step) / 60
                let a = exported.state(at: t), b = scene.state(at: t)
                #expect(abs(a.holeScale - b.holeScale) < 1e-9 * max(1, b.holeScale), "\(preset) holeScale at \(t)")
                #expect(abs(a.holeRotation - b.holeRotation) < 1e-12)
                #expect(abs(a.veilOpacity - b.veilOpacity) < 1e-12)
                #expect(abs(a.backgroundOpacity - b.backgroundOpacity) < 1e-12)
                #expect(abs(a.logoOpacity - b.logoOpacity) < 1e-12)
                #expect(abs(a.contentScale - b.contentScale) < 1e-12)
                if let fa = a.logoFrame, let fb = b.logoFrame {
                    #expect(abs(fa.x - fb.x) + abs(fa.y - fb.y) + abs(fa.width - fb.width) < 1e-9)
                }
            }
        }
    }

    @Test("the transforms in points are the pixel transforms without the density")
    func transformsInPoints() throws {
        let scene = try scene(.yula)
        let state = scene.state(at: 0.3)
        let points = scene.holeTransformInPoints(state).concatenating(.scale(3))
        let pixels = scene.holeTransform(state)
        for corner in [Point(x: 0, y: 0), Point(x: 100, y: 37)] {
            let a = points.apply(to: corner), b = pixels.apply(to: corner)
            #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
        }
        let huvi = try self.scene(.huvi)
        let moving = huvi.state(at: 0.5)
        let drawn = huvi.drawnLogoTransformInPoints(moving).concatenating(.scale(3)).apply(to: Point(x: 10, y: 20))
        let drawnPixels = huvi.drawnLogoTransform(moving).apply(to: Point(x: 10, y: 20))
        #expect(abs(drawn.x - drawnPixels.x) < 1e-9 && abs(drawn.y - drawnPixels.y) < 1e-9)
    }

    @Test("the app hand-off: yula's content scale 1.05 -> 1 with its curve, the overlay removed at the end; twitter has no content scale")
    func handOff() throws {
        let yula = RevealAppHandOff(scene: try scene(.yula))
        let content = try #require(yula.contentScale)
        #expect(content.values == [1.05, 1])
        #expect(content.times == [0, 0.6])
        #expect(content.curves == [[0.42, 0, 0.58, 1]])
        #expect(yula.removeOverlayAt == 0.6)
        #expect(yula.viewportWidth == 390 && yula.viewportHeight == 844)
        #expect(RevealAppHandOff(scene: try scene(.twitter)).contentScale == nil)
    }

    @Test("export formats by extension")
    func formats() {
        #expect(RevealExportFormat(path: "a/splash.json") == .lottie)
        #expect(RevealExportFormat(path: "splash.HTML") == .webPage)
        #expect(RevealExportFormat(path: "splash.htm") == .webPage)
        #expect(RevealExportFormat(path: "splash.mp4") == nil)
    }

    @Test("a picture encoded in memory decodes to the pixels the PNG writer puts in a file, the same bytes every time", arguments: [PNGCompression.fast, .balanced])
    func pngInMemory(compression: PNGCompression) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let image = try Rasterizer.image(of: logo, size: .width(64))
        let path = folder.appendingPathComponent("bird.png").path
        try image.writePNG(to: path, compression: compression)
        let bytes = try image.pngData(compression: compression)
        let memoryPath = folder.appendingPathComponent("memory.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: memoryPath))
        let fromFile = try PNGPicture(contentsOf: path), fromMemory = try PNGPicture(contentsOf: memoryPath)
        #expect(fromMemory.width == 64)
        #expect(fromMemory == fromFile)
        #expect(fromMemory.rgba.contains { $0 != 0 })
        #expect(try image.pngData(compression: compression) == bytes)
    }
}
