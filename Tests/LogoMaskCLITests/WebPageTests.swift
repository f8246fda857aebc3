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
        var description: String {
            "\(URL(fileURLWithPath: logo).lastPathComponent) \(animation)\(content ? " with content" : "")"
        }
    }

    static let cases: [Case] = [
        Case(logo: CLI.sample("bird.svg"), animation: "twitter", content: false),
        Case(logo: CLI.sample("bird.svg"), animation: "yula", content: false),
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
}

private func formatShare(_ share: Double) -> String {
    String(format: "%.3f%%", share * 100)
}
