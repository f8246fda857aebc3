import Foundation
import Testing
import LogoMaskTestSupport

/// `reveal -o splash.html`: the page headless Chromium shows equals logo-mask's own frames.
@Suite("reveal web page")
struct WebPageTests {
    /// The window every comparison uses: small, so one browser takes all the screenshots quickly.
    static let viewport = (width: 180, height: 390, scale: 2.0)
    static var viewportText: String { "\(viewport.width)x\(viewport.height)@\(Int(viewport.scale))" }
    /// Frames a second of the PNG sequences compared: 10 (0.1 s apart), 20 for the 0.25 s fade
    /// (6 frames). Few frames: the debug binary renders them, and only five are compared.
    static func fps(_ c: Case) -> Int { c.animation == "fade" ? 20 : 10 }
    /// A channel may differ by this many levels (of 255) and the pixel still counts as equal:
    /// Skia's and Cairo's gradients, bilinear filters and blending round differently.
    static let tolerance = 24
    /// The share of pixels that may differ by more (the hole's and shapes' antialiased edges).
    static let allowedShare = 0.01

    /// A custom spec: a tinted logo over the hole, a hole that overshoots on a Bézier with
    /// y outside 0...1 and turns on a spring (sampled), a dark veil.
    static let customSpec = """
    {
      "name": "custom",
      "background": "#202A44",
      "veilColor": "#101010",
      "logoColor": "#FFCC00",
      "hole": true,
      "timeline": {
        "holeScale": {"values": [1, 1.4, "finalScale"], "keyTimes": [0, 0.3, 1],
                      "curves": [[0.3, -0.4, 0.7, 1.4], "easeIn"], "duration": 0.8, "fill": "forwards"},
        "holeRotation": {"from": 0, "to": 0.5, "duration": 0.8, "curve": {"dampingRatio": 0.6, "initialVelocity": 0}, "fill": "forwards"},
        "veilOpacity": {"from": 0.7, "to": 0, "duration": 0.3, "delay": 0.2, "curve": "easeOut"},
        "logoOpacity": {"from": 1, "to": 0, "duration": 0.2, "delay": 0.1, "curve": "easeInEaseOut"}
      }
    }
    """

    /// One reveal compared: a logo, a preset or the custom spec, the placeholder or a picture.
    struct Case: CustomStringConvertible {
        let logo: String
        let animation: String  // a preset's name, or "custom"
        let content: Bool
        /// `--anchor auto`: the logo's centre is not opaque (a ring), or the spec turns the hole.
        var automaticAnchor = false
        /// A caption image below the logo (yula fades it).
        var caption = false
        var description: String {
            "\(URL(fileURLWithPath: logo).lastPathComponent) \(animation)\(content ? " with content" : "")\(caption ? " and caption" : "")"
        }
    }

    static let cases: [Case] = [
        Case(logo: CLI.sample("bird.svg"), animation: "twitter", content: false),
        Case(logo: CLI.sample("bird.svg"), animation: "yula", content: false, caption: true),
        Case(logo: CLI.sample("bird.svg"), animation: "huvi", content: false),
        Case(logo: CLI.sample("bird.svg"), animation: "fade", content: false),
        Case(logo: CLI.sample("y-mark.svg"), animation: "custom", content: false, automaticAnchor: true),
        Case(logo: CLI.sample("wordmark.svg"), animation: "twitter", content: true),
        Case(logo: CLI.sample("ring.svg"), animation: "yula", content: true, automaticAnchor: true),
        // Gradient paints: the drawn logo is an embedded picture.
        Case(logo: CLI.sample("gradient.svg"), animation: "yula", content: false),
        Case(logo: CLI.fixture("abb.svg"), animation: "huvi", content: true),
        Case(logo: CLI.fixture("activitypub.svg"), animation: "custom", content: true, automaticAnchor: true),
        Case(logo: CLI.fixture("adyen.svg"), animation: "fade", content: true),
        Case(logo: CLI.fixture("1001tracklists.svg"), animation: "twitter", content: false, automaticAnchor: true),
    ]

    /// A 300x500 app screen of stripes and a diagonal band (another aspect than the viewport, so
    /// it is scaled to fill).
    static func writeContent(to path: String) throws {
        var picture = PNGPicture(width: 300, height: 500, fill: [250, 250, 250, 255])
        for y in 0..<500 {
            for x in 0..<300 {
                if (y / 40) % 2 == 0 { picture.setPixel(x: x, y: y, [40, 120, 200, 255]) }
                if abs(x - y / 2) < 30 { picture.setPixel(x: x, y: y, [230, 80, 40, 255]) }
            }
        }
        try picture.write(to: path)
    }

    /// The reveal arguments of `c` (logo, animation, viewport, content).
    static func arguments(_ c: Case, folder: URL) throws -> [String] {
        var arguments = ["reveal", c.logo, "--viewport", viewportText]
        if c.animation == "custom" {
            let spec = folder.appendingPathComponent("custom.json").path
            if !FileManager.default.fileExists(atPath: spec) { try Data(customSpec.utf8).write(to: URL(fileURLWithPath: spec)) }
            arguments += ["--spec", spec]
        } else {
            arguments += ["--preset", c.animation]
        }
        if c.automaticAnchor { arguments += ["--anchor", "auto"] }
        if c.caption {
            let caption = folder.appendingPathComponent("caption.png").path
            if !FileManager.default.fileExists(atPath: caption) {
                // 200x40 px, as a caption of text is: clear around, an opaque dark bar with a
                // half-transparent white one inside. (Its edge must be clear: the frames paint
                // the caption with its edge pixels extended over the viewport.)
                var picture = PNGPicture(width: 200, height: 40, fill: [0, 0, 0, 0])
                for y in 4..<36 { for x in 4..<196 { picture.setPixel(x: x, y: y, [20, 20, 60, 255]) } }
                for y in 12..<28 { for x in 20..<180 { picture.setPixel(x: x, y: y, [255, 255, 255, 128]) } }
                try picture.write(to: caption)
            }
            arguments += ["--caption", caption]
        }
        if c.content {
            let content = folder.appendingPathComponent("content.png").path
            if !FileManager.default.fileExists(atPath: content) { try writeContent(to: content) }
            arguments += ["--content", content]
        }
        return arguments
    }

    @Test("Chromium shows the page as logo-mask's frames: first, middle, last and two more, every preset and a custom spec, placeholder and content")
    func matchesFrames() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var jobs: [HeadlessChromium.Job] = []
        var pairs: [(Case, Double, String, String)] = []  // case, time, frame, screenshot
        for (index, c) in Self.cases.enumerated() {
            let base = try Self.arguments(c, folder: folder)
            let frames = folder.appendingPathComponent("frames-\(index)").path
            let page = folder.appendingPathComponent("page-\(index).html").path
            let render = try CLI.run(base + ["--fps", "\(Self.fps(c))", "-o", frames, "--quiet"])
            #expect(render.status == 0, "\(c): \(render.stderr)")
            let export = try CLI.run(base + ["-o", page, "--quiet"])
            #expect(export.status == 0, "\(c): \(export.stderr)")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
            let count = names.count
            #expect(count >= 6, "\(c): \(count) frames")
            guard count >= 6 else { continue }
            for i in Set([0, 1, count / 2, count - 2, count - 1]).sorted() {
                let time = Double(i) / Double(Self.fps(c))
                let shot = folder.appendingPathComponent("shot-\(index)-\(i).png").path
                jobs.append(HeadlessChromium.Job(
                    url: URL(fileURLWithPath: page).absoluteString + "?t=\(time)",
                    width: Self.viewport.width, height: Self.viewport.height, scale: Self.viewport.scale, output: shot))
                pairs.append((c, time, "\(frames)/\(names[i])", shot))
            }
        }
        try HeadlessChromium.screenshots(jobs)
        var stats: [String] = []
        let total = Self.viewport.width * Self.viewport.height * Int(Self.viewport.scale * Self.viewport.scale)
        for (c, time, frame, shot) in pairs {
            let expected = try PNGPicture(contentsOf: frame)
            let actual = try PNGPicture(contentsOf: shot)
            let comparison = PictureComparison(expected: expected, actual: actual, tolerance: Self.tolerance)
            let share = Double(comparison.differingPixels) / Double(total)
            #expect(comparison.sizes == nil && share < Self.allowedShare,
                    "\(c) at \(time) s: \(comparison.differingPixels) of \(total) pixels differ by more than \(Self.tolerance) (largest \(comparison.largestDifference)); \(frame) vs \(shot)")
            stats.append("\(c) t=\(time): \(comparison.differingPixels) px (\(formatShare(share))), largest \(comparison.largestDifference)")
            if share >= Self.allowedShare, let keep = ProcessInfo.processInfo.environment["WEB_PAGE_DIFFS"] {
                let name = "\(c)-\(time)".replacingOccurrences(of: " ", with: "-")
                try? PictureComparison.diffPicture(expected: expected, actual: actual, tolerance: Self.tolerance)
                    .write(to: "\(keep)/\(name)-diff.png")
                try? FileManager.default.copyItem(atPath: shot, toPath: "\(keep)/\(name)-chromium.png")
                try? FileManager.default.copyItem(atPath: frame, toPath: "\(keep)/\(name)-frame.png")
            }
        }
        // The figures for a report: WEB_PAGE_STATS=file.
        if let path = ProcessInfo.processInfo.environment["WEB_PAGE_STATS"] {
            try? Data((stats.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test("the command-line screenshot equals the driven one; without ?t= the page plays on load and ends on the last frame")
    func commandLineAndPlayback() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let c = Case(logo: CLI.sample("bird.svg"), animation: "twitter", content: false)
        let base = try Self.arguments(c, folder: folder)
        let page = folder.appendingPathComponent("splash.html").path
        let looping = folder.appendingPathComponent("loop.html").path
        let still = folder.appendingPathComponent("end").path
        #expect(try CLI.run(base + ["-o", page, "--quiet"]).status == 0)
        #expect(try CLI.run(base + ["-o", looping, "--loop", "--quiet"]).status == 0)
        // The last frame (0.6 s at 10 fps: frame 6).
        #expect(try CLI.run(base + ["--fps", "10", "-o", still, "--quiet"]).status == 0)
        let lastFrame = try PNGPicture(contentsOf: "\(still)/frame-0006.png")
        let url = URL(fileURLWithPath: page).absoluteString
        let (w, h, s) = Self.viewport
        let viaCommandLine = folder.appendingPathComponent("cli.png").path
        try HeadlessChromium.screenshot(url: url + "?t=0.3", width: w, height: h, scale: s, to: viaCommandLine)
        let driven = folder.appendingPathComponent("driven.png").path
        let played = folder.appendingPathComponent("played.png").path
        let loopPaused = folder.appendingPathComponent("loop-paused.png").path
        try HeadlessChromium.screenshots([
            HeadlessChromium.Job(url: url + "?t=0.3", width: w, height: h, scale: s, output: driven),
            // No ?t=: it plays once from the load and holds its end.
            HeadlessChromium.Job(url: url, width: w, height: h, scale: s, output: played, delay: 1.2),
            // Looping: 0.9 s is 0.3 s into the second play.
            HeadlessChromium.Job(url: URL(fileURLWithPath: looping).absoluteString + "?t=0.9", width: w, height: h, scale: s, output: loopPaused),
        ])
        let cli = try PNGPicture(contentsOf: viaCommandLine)
        #expect(cli.width == 360 && cli.height == 780)
        let same = PictureComparison(expected: cli, actual: try PNGPicture(contentsOf: driven))
        #expect(same.matches, "--screenshot and the DevTools capture differ: \(same.differingPixels) px")
        let end = PictureComparison(expected: lastFrame, actual: try PNGPicture(contentsOf: played), tolerance: Self.tolerance)
        #expect(end.differingPixels < 1000, "after playing, \(end.differingPixels) px differ from the last frame")
        let loop = PictureComparison(expected: cli, actual: try PNGPicture(contentsOf: loopPaused))
        #expect(loop.matches, "a looping page paused at 0.3 s: \(loop.differingPixels) px differ")
        // The page at 0.3 s is not the end: the comparison above could fail.
        #expect(PictureComparison(expected: lastFrame, actual: cli, tolerance: Self.tolerance).differingPixels > 10_000)

        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("loop = false"))
        #expect(try String(contentsOfFile: looping, encoding: .utf8).contains("loop = true"))
    }

    @Test("self-contained (no http(s) URL, every href a data: URL or a #fragment), deterministic, names its size")
    func selfContainedAndDeterministic() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for c in [Self.cases[1], Self.cases[6], Case(logo: CLI.sample("gradient.svg"), animation: "yula", content: true)] {
            let base = try Self.arguments(c, folder: folder)
            let first = folder.appendingPathComponent("first.html").path
            let second = folder.appendingPathComponent("second.html").path
            let run = try CLI.run(base + ["-o", first, "--json"])
            #expect(run.status == 0, "\(c): \(run.stderr)")
            #expect(try CLI.run(base + ["-o", second, "--quiet"]).status == 0)
            let a = try #require(FileManager.default.contents(atPath: first))
            #expect(a == FileManager.default.contents(atPath: second), "\(c): two runs differ")
            let text = String(decoding: a, as: UTF8.self)
            #expect(!text.lowercased().contains("http://") && !text.lowercased().contains("https://"), "\(c)")
            for attribute in ["href=\"", "src=\"", "url("] {
                var rest = Substring(text)
                while let range = rest.range(of: attribute) {
                    rest = rest[range.upperBound...]
                    #expect(rest.hasPrefix("data:image/png;base64,") || rest.hasPrefix("#"), "\(c): \(attribute)\(rest.prefix(40))")
                }
            }
            #expect(text.contains("<meta name=\"logo-mask-cover-computed-for\" content=\"180x390@2\">"))
            #expect(text.contains("<title>") && text.contains("180x390 pt @2x"))
            #expect(text.contains("<!--") && text.contains("computed for a window of 180x390 pt @2x"))
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(report["format"] as? String == "webPage")
            // Every one of these logos is vectors (gradient.svg's gradients are inline SVG gradients).
            #expect(report["embeddedPicture"] as? Bool == false, "\(c)")
            let notes = report["notes"] as? [String] ?? []
            #expect(!notes.contains { $0.contains("embedded") }, "\(c): \(notes)")
            if c.logo.hasSuffix("gradient.svg") { #expect(text.contains("<linearGradient id=\"lm-clip-paint-0\""), "\(c)") }
        }
    }

    @Test("a spring is sampled and listed under approximations; the easing of a Bézier is its control points")
    func approximations() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let c = Self.cases[4]
        let page = folder.appendingPathComponent("custom.html").path
        let run = try CLI.run(try Self.arguments(c, folder: folder) + ["-o", page, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let approximations = report["approximations"] as? [String] ?? []
        #expect(approximations.count == 1 && approximations.first?.hasPrefix("holeRotation") == true, "\(approximations)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("cubic-bezier(0.3,-0.4,0.7,1.4)"))
        #expect(text.contains("cubic-bezier(0.42,0,1,1)"))  // easeIn
    }

    @Test("bad input is refused and nothing is written")
    func badInput() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("splash.html").path
        let base = ["reveal", CLI.sample("bird.svg"), "--viewport", Self.viewportText]
        let missingFolder = folder.appendingPathComponent("no/such/folder/splash.html").path
        let notALogo = folder.appendingPathComponent("not-a-logo.svg").path
        try Data("<svg".utf8).write(to: URL(fileURLWithPath: notALogo))
        let runs: [[String]] = [
            base + ["--preset", "twitter", "-o", missingFolder],
            base + ["--preset", "twitter", "--duration", "0", "-o", page],
            ["reveal", notALogo, "--viewport", Self.viewportText, "--preset", "twitter", "-o", page],
            base + ["--preset", "twitter", "--content", folder.appendingPathComponent("missing.png").path, "-o", page],
        ]
        for arguments in runs {
            let run = try CLI.run(arguments)
            #expect(run.status != 0, "\(arguments) succeeded")
            #expect(!run.stderr.isEmpty)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "not-a-logo.svg" }
            #expect(left.isEmpty, "\(arguments) left \(left)")
        }
    }
}

private func formatShare(_ share: Double) -> String {
    String(format: "%.3f%%", share * 100)
}
