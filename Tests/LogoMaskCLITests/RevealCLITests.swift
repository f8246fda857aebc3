import Foundation
import Testing
import LogoMaskTestSupport

@Suite("reveal command")
struct RevealCLITests {
    @Test("an MP4 run: ffprobe reports the frame count, size and frame rate")
    func mp4() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = folder.appendingPathComponent("twitter.mp4").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "180x320@2",
                               "--fps", "30", "-o", movie, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let probe = try runTool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                            "-show_entries", "stream=nb_read_frames,width,height,r_frame_rate,pix_fmt",
                                            "-of", "default=noprint_wrappers=1", movie])
        #expect(probe.status == 0)
        let fields = Dictionary(uniqueKeysWithValues: probe.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        })
        #expect(fields["width"] == "360")
        #expect(fields["height"] == "640")
        #expect(fields["r_frame_rate"] == "30/1")
        #expect(fields["nb_read_frames"] == "19")  // 0.6 s at 30 fps, both ends
        #expect(fields["pix_fmt"] == "yuv420p")

        // Deterministic: the same run gives the same bytes.
        let again = folder.appendingPathComponent("again.mp4").path
        _ = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "180x320@2",
                         "--fps", "30", "-o", again, "--quiet"])
        #expect(FileManager.default.contents(atPath: movie) == FileManager.default.contents(atPath: again))
    }

    @Test("the report names the computed final scale and the outputs")
    func report() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = folder.appendingPathComponent("sheet.png").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "yula", "--viewport", "160x284@1",
                               "--contact-sheet", sheet])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("final scale"))
        #expect(run.stdout.contains("= cover scale"))
        #expect(run.stdout.contains("end rotation"))
        #expect(run.stdout.contains("wrote \(sheet)"))
        #expect(pngSize(sheet) != nil)
    }

    @Test("--print-spec prints JSON that --spec plays; bad specs exit 64 naming the file")
    func specFiles() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--print-spec"])
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("\"finalScale\""))
        let specPath = folder.appendingPathComponent("mine.json").path
        try Data(printed.stdout.utf8).write(to: URL(fileURLWithPath: specPath))
        let still = folder.appendingPathComponent("still.png").path
        let played = try CLI.run(["reveal", CLI.sample("bird.svg"), "--spec", specPath, "--viewport", "100x180@1",
                                  "--still", still, "--quiet"])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(pngSize(still) == PNGSize(100, 180))

        let bad = folder.appendingPathComponent("bad.json").path
        try Data("{\"timeline\": [1, 2".utf8).write(to: URL(fileURLWithPath: bad))
        let failed = try CLI.run(["reveal", CLI.sample("bird.svg"), "--spec", bad, "--viewport", "100x180@1", "--still", still])
        #expect(failed.status == 64)
        #expect(failed.stderr.contains(bad))
    }

    @Test("a missing ffmpeg is a clear error naming the package, and nothing is written")
    func missingFFmpeg() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = folder.appendingPathComponent("x.mp4").path
        let run = try CLI.run(
            ["reveal", CLI.sample("bird.svg"), "--preset", "fade", "--viewport", "100x180@1", "-o", movie],
            environment: ["LOGO_MASK_FFMPEG": "/nonexistent/ffmpeg"])
        #expect(run.status == 69)
        #expect(run.stderr.contains("ffmpeg"))
        #expect(run.stderr.contains("apt-get install ffmpeg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("usage errors: no screen, a single-picture output, both preset and spec")
    func usage() throws {
        #expect(try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "-o", "/tmp/x"]).status == 64)
        let png = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "100x180@1", "-o", "/tmp/x.png"])
        #expect(png.status == 64)
        #expect(png.stderr.contains("--still"))
        #expect(try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--spec", "a.json", "--print-spec"]).status == 64)
    }

    @Test("without --preset or --spec, reveal and code play twitter (the configuration's default): the same bytes as --preset twitter")
    func twitterByDefault() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func lottie(_ extra: [String]) throws -> Data {
            let path = folder.appendingPathComponent("r\(extra.count).json").path
            let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--viewport", "100x180@1", "--fps", "10", "-o", path, "-q"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let byDefault = try lottie([]), twitter = try lottie(["--preset", "twitter"])
        #expect(!byDefault.isEmpty && byDefault == twitter)
        let code = try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "ios", "-o", folder.appendingPathComponent("Reveal").path, "-q"])
        #expect(code.status == 0, "\(code.stderr)")
        let swift = try String(contentsOfFile: folder.appendingPathComponent("Reveal/RevealGeometry.swift").path, encoding: .utf8)
        #expect(swift.contains("twitter"))
    }
}
