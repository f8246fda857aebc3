import Foundation
import Testing
import LogoMaskTestSupport

/// The `reveal -o x.json|x.html` wiring: the report, the hand-off, the still beside the export,
/// and nothing left behind on failure. What the files hold is checked by the Lottie and web-page
/// suites with rlottie and Chromium.
@Suite("reveal exports (command line)")
struct RevealExportCLITests {
    private struct Report: Decodable {
        struct App: Decodable {
            struct ContentScale: Decodable {
                var times: [Double]
                var values: [Double]
                var curves: [[Double]]
            }
            var contentScale: ContentScale?
            var removeOverlayAt: Double
            var viewportWidth: Double
            var viewportHeight: Double
        }
        var format: String
        var written: [String]
        var bytes: Int
        var width: Double
        var height: Double
        var density: Double
        var fps: Double
        var duration: Double
        var finalScale: Double?
        var coverScale: Double?
        var embeddedPicture: Bool
        var notes: [String]
        var approximations: [String]
        var app: App
    }

    private func report(_ run: (status: Int32, stdout: String, stderr: String)) throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
    }

    @Test("a Lottie: the report gives the format, size, cover scale and yula's hand-off (content 1.05 -> 1, overlay removed at 0.6 s); --content is noted as not in it; --still is written beside it")
    func lottieReport() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("splash.json").path
        let still = folder.appendingPathComponent("still.png").path
        let content = folder.appendingPathComponent("content.png").path
        try PNGPicture(width: 90, height: 195, fill: [10, 120, 200, 255]).write(to: content)
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "yula", "--viewport", "180x390@2",
                               "--content", content, "-o", out, "--still", still, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let r = try report(run)
        #expect(r.format == "lottie")
        #expect(r.written == [out, still])
        #expect(r.width == 180 && r.height == 390 && r.density == 2 && r.fps == 60)
        #expect(r.duration == 0.6)
        #expect(r.coverScale != nil && r.finalScale == r.coverScale)
        #expect(r.app.contentScale?.values == [1.05, 1])
        #expect(r.app.contentScale?.curves == [[0.42, 0, 0.58, 1]])
        #expect(r.app.removeOverlayAt == 0.6)
        #expect(r.notes.contains { $0.contains("--content") })
        #expect(r.bytes == (try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int))
        #expect(pngSize(still) == PNGSize(360, 780))
    }

    @Test("a web page with --loop: the text report names the file, the final scale and when the app removes the overlay")
    func webPageReport() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("splash.html").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "180x390@2",
                               "-o", out, "--loop"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("twitter: web page, 180x390 pt, 0.6 s"))
        #expect(run.stdout.contains("= cover scale of 180x390@2"))
        #expect(run.stdout.contains("the app removes the overlay at 0.6 s"))
        #expect(run.stdout.contains("wrote \(out)"))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("an export into a missing folder exits 73 naming it, and nothing is left behind", arguments: ["json", "html"])
    func unwritable(ext: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("missing/splash.\(ext)").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "180x390@2", "-o", out])
        #expect(run.status == 73)
        #expect(run.stderr.contains("missing"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
