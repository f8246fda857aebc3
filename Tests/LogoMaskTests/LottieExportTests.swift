import Foundation
import LogoAnimation
@testable import LogoMask
import MaskGeometry
import Testing

/// The reveal as a Lottie: played by rlottie over the same app content, it shows the frames
/// logo-mask draws; it validates against the Lottie specification's schema; it is small,
/// deterministic, vector for path logos, and says so when it embeds a picture.
@Suite("Lottie export")
struct LottieExportTests {
    /// Small frames keep the rlottie comparison of ~140 animations within a minute.
    static let viewport = Viewport(width: 180, height: 390, density: 1)

    /// A pixel differs when a channel is off by more than this (of 255). rlottie's inverted
    /// matte is 3 levels short of opaque (252 for 255), and its antialiasing of a long curved
    /// edge differs from Cairo's by up to 24 levels on the edge pixels (mediamarkt's spiral).
    static let tolerance = 32
    /// At most this share of pixels may differ (the hole's antialiased edge).
    static let allowedFraction = 0.01
    /// Where the file embeds a picture, rlottie samples it without filtering: the picture
    /// background stretched over the screen (90x60 pixels for 180x390) differs along its colour
    /// edge on 1.9 % (frame 0, largest 85); the logos' pictures (glow) hold ``allowedFraction``.
    static let allowedFractionWithPicture = 0.02

    /// The samples and 20 simple-icons fixtures (every tenth of the sorted folder).
    static var logos: [String] {
        let samples = ["bird.svg", "ring.svg", "y-mark.svg", "gradient.svg", "glow.svg", "wordmark.svg", "bird.pdf", "wordmark.pdf"]
            .map(TestPaths.sample)
        let icons = TestPaths.simpleIcons.enumerated().filter { $0.offset % 10 == 0 }.prefix(20)
            .map { TestPaths.simpleIcon($0.element) }
        return samples + icons
    }

    static func customSpec() throws -> RevealSpec {
        try RevealSpec.load(path: TestPaths.path("Tests/LogoMaskTests/Fixtures/lottie/custom-spec.json"))
    }

    /// Every preset and the custom spec.
    static func specs() throws -> [RevealSpec] {
        RevealPreset.allCases.map(\.spec) + [try customSpec()]
    }

    /// One colour for the app content where the app scales it itself (yula's 1.05 -> 1 is the
    /// app's job, not the overlay's, so the comparison must not depend on it).
    static func plainContent() -> RasterImage {
        let pixel: [UInt8] = [0x66, 0x99, 0x33, 0xFF]  // B, G, R, A: #339966
        return RasterImage(width: 4, height: 4, format: .premultipliedARGB, stride: 16,
                           bytes: Array([[UInt8]](repeating: pixel, count: 16).joined()))
    }

    /// A scene, with the automatic anchor when the logo's centre is not in its ink (ring, y-mark).
    static func scene(_ path: String, _ spec: RevealSpec, configure: (inout RevealSettings) -> Void = { _ in })
        throws -> RevealScene
    {
        let logo = try VectorLogo(contentsOf: path)
        var settings = RevealSettings(viewport: viewport)
        if case let .object(tracks) = spec.timeline, tracks["contentScale"] != nil { settings.content = plainContent() }
        configure(&settings)
        do {
            return try RevealScene(logo: logo, spec: spec, settings: settings)
        } catch .noCoverScale {
            settings.anchor = .automatic
            return try RevealScene(logo: logo, spec: spec, settings: settings)
        }
    }

    /// The frames compared: the first, a quarter, the middle, three quarters, the last.
    static func frames(_ endFrame: Int) -> [Int] {
        Array(Set([0, endFrame / 4, endFrame / 2, endFrame * 3 / 4, endFrame])).sorted()
    }

    struct Case {
        let label: String
        let scene: RevealScene
        let file: String
        let endFrame: Int
        let picture: Bool
    }

    /// Exports `scene` into `folder` and returns the case.
    static func export(_ scene: RevealScene, label: String, into folder: URL, fps: Double = 60) throws -> Case {
        let file = try RevealExport.lottie(scene, options: RevealExportOptions(fps: fps))
        let path = folder.appendingPathComponent(label.replacingOccurrences(of: " ", with: "_") + ".json").path
        try RevealExport.write(file, to: path)
        // The last frame drawn: the duration in frames, rounded up (the Lottie's op is one more).
        let endFrame = Int((scene.duration * fps - 1e-9).rounded(.up))
        // Pictures (logo, background, caption) may differ more (see allowedFractionWithPicture).
        return Case(label: label, scene: scene, file: path, endFrame: endFrame, picture: file.text.contains("data:image"))
    }

    @Test("rlottie plays every preset and a custom spec as logo-mask draws it, on the samples and 20 corpus logos")
    func rlottieMatchesTheFrames() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases: [Case] = []
        for path in Self.logos {
            let name = URL(fileURLWithPath: path).lastPathComponent
            for spec in try Self.specs() {
                cases.append(try Self.export(try Self.scene(path, spec), label: "\(name) \(spec.name)", into: folder))
            }
        }
        // A picture background and a caption (both embedded pictures), on yula's timeline.
        let backgroundPath = folder.appendingPathComponent("background.png").path
        var picture = PNGPicture(width: 90, height: 60, fill: [0x20, 0x40, 0x90, 0xFF])
        for y in 0..<60 { for x in 0..<45 { picture.setPixel(x: x, y: y, [0xE0, 0x70, 0x20, 0xFF]) } }
        try picture.write(to: backgroundPath)
        var pictured = RevealPreset.yula.spec
        pictured.background = .image(backgroundPath)
        // A red bar with a clear border: logo-mask draws captions with their edges padded, so an
        // opaque edge would be smeared over the whole screen.
        var captionBytes = [UInt8](repeating: 0, count: 240 * 12)
        for y in 1..<11 { for x in 1..<59 { captionBytes.replaceSubrange((y * 240 + x * 4)..<(y * 240 + x * 4 + 4), with: [0, 0, 0xC0, 0xFF]) } }
        let caption = RasterImage(width: 60, height: 12, format: .premultipliedARGB, stride: 240, bytes: captionBytes)
        cases.append(try Self.export(
            try Self.scene(TestPaths.sample("bird.svg"), pictured) { $0.caption = caption },
            label: "bird.svg picture background and caption", into: folder))

        // Every moment, the huge holes of thin wordmarks near their cover scale too (lenovo:
        // 1000x): past 8,192 pt the file holds only what the screen shows (LottieScreenCut),
        // where rlottie drew nothing of, or stalled on, a path some 24,000-37,000 px across.
        let chosen = cases.map { Self.frames($0.endFrame) }
        let jobs = cases.indices.map { RlottiePlayer.Job(file: cases[$0].file, width: 180, height: 390, frames: chosen[$0]) }
        let results = try RlottiePlayer.render(jobs, into: folder)
        var failures: [String] = []
        var worst = 0.0
        for (index, item) in cases.enumerated() {
            let result = results[index]
            #expect(result.totalFrames == item.endFrame + 1, "\(item.label): rlottie sees \(result.totalFrames) frames")
            #expect(result.fps == 60)
            let player = try RevealFramePlayer(scene: item.scene)
            let content = try RevealLayers(scene: item.scene).content
            let contentPixels = Array(UnsafeBufferPointer(start: content.pixels, count: content.width * content.height))
            for frame in chosen[index] {
                try player.render(frame: frame, fps: 60)
                let expected = player.withPixels { Array($0.bindMemory(to: UInt32.self)) }
                let comparison = OverlayComparison(
                    overlay: try result.frame(frame), content: contentPixels, expected: expected, tolerance: Self.tolerance)
                let allowed = item.picture ? Self.allowedFractionWithPicture : Self.allowedFraction
                if !item.picture { worst = max(worst, comparison.differingFraction) }
                if comparison.differingFraction >= allowed {
                    failures.append("\(item.label) frame \(frame): \(comparison)")
                }
            }
        }
        #expect(cases.count >= 140)
        // 16: twitter draws the logo's artwork at frame 0, so its multi-shape and gradient logos join.
        #expect(cases.filter(\.picture).count <= 16, "\(cases.filter(\.picture).map(\.label))")
        #expect(cases.contains { $0.label.hasPrefix("lenovo.svg") }, "the thin wordmark with a 1000x hole is played")
        #expect(failures.isEmpty, "\(failures.count) frames differ:\n\(failures.joined(separator: "\n"))")
        #expect(worst < Self.allowedFraction)
    }

    @Test("Every Lottie validates against the lottie-specs JSON schema; a broken one does not")
    func validatesAgainstTheSchema() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for name in ["bird.svg", "gradient.svg", "glow.svg", "ring.svg", "wordmark.pdf"] {
            for spec in try Self.specs() {
                files.append(try Self.export(try Self.scene(TestPaths.sample(name), spec), label: "\(name) \(spec.name)", into: folder).file)
            }
        }
        #expect(try LottieSchemaValidator.invalidFiles(files) == [])

        // The check can fail: a layer without its transform, a colour out of range.
        let good = try String(contentsOfFile: files[0], encoding: .utf8)
        let broken = folder.appendingPathComponent("broken.json").path
        try good.replacingOccurrences(of: "\"ks\":", with: "\"kz\":").write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(try LottieSchemaValidator.invalidFiles([broken]).count == 1)
    }

    @Test("A path logo's Lottie holds no bitmap and stays under 50 kB")
    func pathLogosAreSmallVectors() throws {
        var largest = (0, "")
        for path in [TestPaths.sample("bird.svg"), TestPaths.sample("wordmark.svg")] + Self.logos.suffix(20) {
            for preset in [RevealPreset.yula, .huvi] {
                let file = try RevealExport.lottie(try Self.scene(path, preset.spec), options: RevealExportOptions())
                let bytes = file.text.utf8.count
                #expect(bytes < 50_000, "\(path) \(preset): \(bytes) bytes")
                #expect(!file.embeddedPicture)
                #expect(!file.text.contains("data:image"))
                if bytes > largest.0 { largest = (bytes, "\(path) \(preset)") }
            }
        }
        #expect(largest.0 > 1_000)
    }

    @Test("Two exports of one scene are the same bytes, and so are the written files")
    func deterministic() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, spec) in [("bird.svg", RevealPreset.yula.spec), ("glow.svg", try Self.customSpec())] {
            let a = try RevealExport.lottie(try Self.scene(TestPaths.sample(name), spec), options: RevealExportOptions())
            let b = try RevealExport.lottie(try Self.scene(TestPaths.sample(name), spec), options: RevealExportOptions())
            #expect(a.text == b.text)
            let first = folder.appendingPathComponent("a.json").path, second = folder.appendingPathComponent("b.json").path
            try RevealExport.write(a, to: first)
            try RevealExport.write(b, to: second)
            #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
            // Compact JSON: no whitespace outside strings, and it parses.
            #expect(!a.text.contains("\n") && !a.text.contains(", "))
            #expect((try? JSONSerialization.jsonObject(with: Data(a.text.utf8))) != nil)
        }
    }

    @Test("An inexact logo (a filter) goes in as a ladder of embedded PNGs, frame 0's to the largest scale or the budget, with a note")
    func inexactLogoEmbedsAPicture() throws {
        // The twitter hole without its drawn logo (the preset's artwork at frame 0 is a second picture).
        var holeOnly = RevealPreset.twitter.spec
        if case var .object(tracks) = holeOnly.timeline {
            tracks["logoOpacity"] = nil
            holeOnly.timeline = .object(tracks)
        }
        let scene = try Self.scene(TestPaths.sample("glow.svg"), holeOnly)
        let file = try RevealExport.lottie(scene, options: RevealExportOptions())
        #expect(file.embeddedPicture)
        #expect(file.notes.count == 1)
        #expect(file.notes.first?.contains("a filter") == true)
        let pictures = try Self.pictures(in: file.text)
        // A ladder: frame 0's picture at the launch size, then halving down from the largest.
        #expect(pictures.count >= 2 && pictures.count <= 8, "\(pictures)")
        // The hole reaches the cover scale: the largest picture is drawn at it (1 pt a unit at
        // @1), over the ink box; the ladder sums to less than 4/3 of it and frame 0's.
        let finalScale = try #require(scene.finalScale)
        let region = scene.logo.inkBounds
        let areas = pictures.map { $0.width * $0.height }
        if let largest = pictures.max(by: { $0.width * $0.height < $1.width * $1.height }), let first = pictures.first {
            #expect(abs(Double(largest.width) - region.width * finalScale) <= 3, "\(largest) for \(region.width) x \(finalScale)")
            #expect(areas.reduce(0, +) - first.width * first.height <= largest.width * largest.height * 4 / 3 + 4 * pictures.count * (largest.width + largest.height))
        }

        let small = try RevealExport.lottie(scene, options: RevealExportOptions(maxEmbeddedPixels: 10_000))
        let capped = try Self.pictures(in: small.text)
        #expect(!capped.isEmpty)
        #expect(capped.allSatisfy { $0.width * $0.height <= 10_000 })
        #expect(capped.contains { $0.width * $0.height > 9_000 })
        #expect(small.notes.first?.contains("capped") == true)

        // Gradient paints are gradient fills (gf): no picture at all.
        let gradient = try RevealExport.lottie(try Self.scene(TestPaths.sample("gradient.svg"), RevealPreset.yula.spec),
                                               options: RevealExportOptions())
        #expect(!gradient.embeddedPicture)
        #expect(gradient.text.contains("\"ty\":\"gf\""))
        #expect(try Self.pictures(in: gradient.text).isEmpty)
        let twitter = try RevealExport.lottie(try Self.scene(TestPaths.sample("gradient.svg"), holeOnly),
                                              options: RevealExportOptions())
        #expect(!twitter.embeddedPicture)
    }

    @Test("Bad input is refused naming the parameter, and nothing is written")
    func refusesBadInput() throws {
        let scene = try Self.scene(TestPaths.sample("glow.svg"), RevealPreset.twitter.spec)
        for fps in [0, -1, .nan, 1000] as [Double] {
            #expect(throws: LogoMaskError.self) { try RevealExport.lottie(scene, options: RevealExportOptions(fps: fps)) }
        }
        do {
            _ = try RevealExport.lottie(scene, options: RevealExportOptions(maxEmbeddedPixels: 0))
            Issue.record("a zero picture budget was accepted")
        } catch let error {
            guard case .invalidParameter(.maxPixels, _) = error else { Issue.record("\(error)"); return }
        }
        var missing = RevealPreset.twitter.spec
        missing.background = .image("/nonexistent/splash.png")
        let noPicture = try Self.scene(TestPaths.sample("bird.svg"), missing)
        do {
            _ = try RevealExport.lottie(noPicture, options: RevealExportOptions())
            Issue.record("a missing background picture was accepted")
        } catch let error {
            #expect(error.exitStatus == 66)
            #expect(error.description.contains("/nonexistent/splash.png"))
        }
    }

    @Test("The keyframes reproduce the scene's transforms and opacities at every frame")
    func keyframesFollowTheTimeline() throws {
        for spec in try Self.specs() {
            let scene = try Self.scene(TestPaths.sample("bird.svg"), spec)
            let text = try RevealExport.lottie(scene, options: RevealExportOptions()).text
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let layers = try #require(json["layers"] as? [[String: Any]])
            func layer(_ prefix: String) -> [String: Any]? {
                layers.first { ($0["nm"] as? String)?.hasPrefix(prefix) == true }
            }
            let hole = layer("hole")
            #expect((hole != nil) == spec.hole, "\(spec.name)")
            for time in scene.frameTimes(fps: 60) {
                let frame = time * 60
                let state = scene.state(at: time)
                if let hole, let ks = hole["ks"] as? [String: Any] {
                    let expected = scene.holeTransformInPoints(state)
                    let scale = try LottieEvaluation.value(ks["s"], at: frame)[0] / 100
                    let rotation = try LottieEvaluation.value(ks["r"], at: frame)[0] * .pi / 180
                    let expectedScale = (expected.a * expected.a + expected.b * expected.b).squareRoot()
                    #expect(abs(scale - expectedScale) <= 1e-3 * max(1, expectedScale), "\(spec.name) at \(time)")
                    #expect(abs(rotation - atan2(expected.b, expected.a)) <= 1e-4, "\(spec.name) at \(time)")
                    let position = try LottieEvaluation.value(ks["p"], at: frame)
                    let anchorAt = expected.apply(to: scene.placement.resolvedAnchor)
                    #expect(abs(position[0] - anchorAt.x) <= 1e-3 && abs(position[1] - anchorAt.y) <= 1e-3)
                }
                let screen = try #require(layer("launch screen")?["ks"] as? [String: Any])
                #expect(abs(try LottieEvaluation.value(screen["o"], at: frame)[0] - state.backgroundOpacity * 100) <= 0.05,
                        "\(spec.name) background at \(time)")
                if let veil = layer("veil")?["ks"] as? [String: Any] {
                    // A sampled spring (the custom spec's veil) is linear between samples 1/120 s apart.
                    let sampled = scene.exportedTimeline.veilOpacity?.isSampled == true
                    let veilColorAlpha = Double(spec.veilColor.alpha) / 255
                    #expect(abs(try LottieEvaluation.value(veil["o"], at: frame)[0] - state.veilOpacity * 100 * veilColorAlpha)
                        <= (sampled ? 1 : 0.05), "\(spec.name) veil at \(time)")
                }
            }
        }
    }

    /// The embedded PNGs' sizes.
    static func pictures(in text: String) throws -> [(width: Int, height: Int)] {
        var sizes: [(Int, Int)] = []
        let marker = "data:image/png;base64,"
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            let tail = rest[range.upperBound...]
            let end = tail.firstIndex(of: "\"") ?? tail.endIndex
            let data = try #require(Data(base64Encoded: String(tail[..<end])))
            let bytes = [UInt8](data)
            func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            sizes.append((word(16), word(20)))
            rest = tail[end...]
        }
        return sizes
    }
}

/// Evaluates a Lottie property at a frame the way players do, independently of the exporter:
/// the keyframe segment holding the frame, its `o`/`i` handles as a cubic Bézier easing, hold
/// keyframes (`h: 1`) keeping their value.
enum LottieEvaluation {
    struct Malformed: Error {}

    static func value(_ property: Any?, at frame: Double) throws -> [Double] {
        guard let property = property as? [String: Any] else { throw Malformed() }
        if (property["a"] as? Int ?? 0) == 0 {
            if let number = property["k"] as? Double { return [number] }
            if let numbers = property["k"] as? [Double] { return numbers }
            throw Malformed()
        }
        guard let keys = property["k"] as? [[String: Any]], !keys.isEmpty else { throw Malformed() }
        func time(_ key: [String: Any]) -> Double { key["t"] as? Double ?? 0 }
        func start(_ key: [String: Any]) throws -> [Double] {
            guard let s = key["s"] as? [Double] else { throw Malformed() }
            return s
        }
        if frame < time(keys[0]) { return try start(keys[0]) }
        guard let index = keys.lastIndex(where: { time($0) <= frame }) else { return try start(keys[0]) }
        let key = keys[index]
        if index == keys.count - 1 || (key["h"] as? Int) == 1 { return try start(key) }
        let next = keys[index + 1]
        let from = try start(key), to = try start(next)
        let span = time(next) - time(key)
        let progress = span > 0 ? (frame - time(key)) / span : 1
        guard let o = key["o"] as? [String: Any], let i = key["i"] as? [String: Any],
              let x1 = o["x"] as? Double, let y1 = o["y"] as? Double, let x2 = i["x"] as? Double, let y2 = i["y"] as? Double
        else { throw Malformed() }
        let eased = try TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2).value(at: progress)
        return zip(from, to).map { $0 + ($1 - $0) * eased }
    }
}
