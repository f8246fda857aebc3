import Foundation
import Testing
import LogoMaskTestSupport

/// Pictures other than PNG (issue 17, point 10): `--content`, `--background-image` and
/// `header --image/--avatar` read JPEG, WebP, GIF, TIFF and BMP through gdk-pixbuf.
///
/// Fixtures are made at test time: a 64x48 PNG from ffmpeg's `testsrc2` pattern (colour bars,
/// gradients, text), converted by ffmpeg to JPEG (`-q:v 2`), lossless WebP, BMP and TIFF. The
/// lossless ones must decode to the PNG's pixels exactly; the JPEG within its compression error,
/// measured on this pattern: no channel more than 96 levels off at the sharpest edges (the text),
/// a mean error under 4 levels.
@Suite("pictures in JPEG, WebP, GIF, TIFF and BMP")
struct PictureFormatTests {
    static func makePictures(in folder: URL) throws -> [String: String] {
        let png = folder.appendingPathComponent("picture.png").path
        let made = try runTool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1",
                                          "-pix_fmt", "rgb24", "-y", png])
        #expect(made.status == 0, "\(made.stderr)")
        var paths = ["png": png]
        for (name, options) in [("jpg", ["-q:v", "2"]), ("webp", ["-lossless", "1"]), ("bmp", []), ("tiff", [])] {
            let path = folder.appendingPathComponent("picture.\(name)").path
            let run = try runTool("ffmpeg", ["-v", "error", "-i", png] + options + ["-y", path])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            paths[name] = path
        }
        return paths
    }

    /// Largest and mean channel difference between two pictures of the same size.
    static func difference(_ a: PNGPicture, _ b: PNGPicture) -> (largest: Int, mean: Double) {
        guard a.width == b.width, a.height == b.height, !a.rgba.isEmpty else { return (Int.max, .infinity) }
        var largest = 0, sum = 0
        for (x, y) in zip(a.rgba, b.rgba) {
            let d = abs(Int(x) - Int(y))
            largest = max(largest, d)
            sum += d
        }
        return (largest, Double(sum) / Double(a.rgba.count))
    }

    @Test("hole --background-image: the PNG's pixels from BMP, TIFF and lossless WebP exactly, from JPEG within 96 levels (mean < 4); the PNG output is unchanged")
    func holeBackground() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = try Self.makePictures(in: folder)
        var outputs: [String: PNGPicture] = [:]
        for (format, picture) in pictures {
            let out = folder.appendingPathComponent("hole-\(format).png").path
            let run = try CLI.run(["hole", CLI.sample("bird.svg"), "--viewport", "64x48@1", "--scale", "0.5",
                                   "--background-image", picture, "-o", out])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            #expect(run.stderr == "wrote \(out) (64x48 px)\n", "\(format)")
            outputs[format] = try PNGPicture(contentsOf: out)
        }
        let reference = try #require(outputs["png"])
        for format in ["bmp", "tiff", "webp"] {
            #expect(outputs[format] == reference, "\(format)")
        }
        let jpeg = Self.difference(reference, try #require(outputs["jpg"]))
        #expect(jpeg.largest <= 96 && jpeg.mean < 4, "JPEG: \(jpeg)")
        #expect(jpeg.largest > 0)  // it was really the JPEG that was read
    }

    @Test("reveal --content and header --image/--avatar take a JPEG: the last reveal frame and the first header frame within the JPEG tolerance of the PNG runs")
    func revealAndHeader() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = try Self.makePictures(in: folder)
        var lastFrames: [PNGPicture] = [], headerFrames: [PNGPicture] = []
        for format in ["png", "jpg"] {
            let picture = try #require(pictures[format])
            let frames = folder.appendingPathComponent("reveal-\(format)").path + "/"
            let reveal = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "64x48@1",
                                      "--fps", "10", "--content", picture, "-o", frames, "--quiet"])
            #expect(reveal.status == 0, "\(format): \(reveal.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.sorted()
            let last = try #require(names.last)
            lastFrames.append(try PNGPicture(contentsOf: frames + last))
            let header = folder.appendingPathComponent("header-\(format)").path + "/"
            let run = try CLI.run(["header", "--image", picture, "--avatar", picture, "--offsets", "0:0:1",
                                   "-o", header, "--quiet"])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            headerFrames.append(try PNGPicture(contentsOf: header + "frame-0000.png"))
        }
        // The last frame is the content, scaled to fill the 64x48 viewport: the picture itself.
        let reveal = Self.difference(lastFrames[0], lastFrames[1])
        #expect(reveal.largest <= 96 && reveal.mean < 4 && reveal.largest > 0, "reveal: \(reveal)")
        let header = Self.difference(headerFrames[0], headerFrames[1])
        #expect(header.largest <= 96 && header.mean < 4 && header.largest > 0, "header: \(header)")
    }

    @Test("an unknown picture and a corrupt JPEG are refused with 66 naming the file, nothing written")
    func refusals() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = try Self.makePictures(in: folder)
        let text = folder.appendingPathComponent("notes.jpg").path
        try Data("just some text\n".utf8).write(to: URL(fileURLWithPath: text))
        let corrupt = folder.appendingPathComponent("cut.jpg").path
        let jpegPath = try #require(pictures["jpg"])
        let jpegBytes = try #require(FileManager.default.contents(atPath: jpegPath))
        try jpegBytes.prefix(100).write(to: URL(fileURLWithPath: corrupt))
        let out = folder.appendingPathComponent("hole.png").path
        let unknown = try CLI.run(["hole", CLI.sample("bird.svg"), "--viewport", "64x48@1", "--background-image", text, "-o", out])
        #expect(unknown.status == 66)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr == "logo-mask: \(text): cannot read it: not a picture this tool reads (PNG, JPEG, WebP, GIF, TIFF or BMP, told from the content). Check the path and its permissions.\n")
        let cut = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "64x48@1",
                               "--content", corrupt, "-o", out])
        #expect(cut.status == 66)
        #expect(cut.stderr.hasPrefix("logo-mask: \(corrupt): cannot read it: a corrupt or unsupported JPEG picture: "), "\(cut.stderr)")
        #expect(cut.stderr.hasSuffix(". Check the path and its permissions.\n"))
        #expect(cut.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
