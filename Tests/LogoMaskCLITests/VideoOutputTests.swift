import Foundation
import Testing
import LogoMaskTestSupport

@Suite("video outputs: MP4 colour, GIF timing")
struct VideoOutputTests {
    @Test("an MP4 is converted with BT.709 to limited range and tagged so: ffprobe reads the tags, and the decoded twitter blue (#1D9BF0) is within 3 levels of the drawn one")
    func bt709() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = folder.appendingPathComponent("t.mp4").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "100x200@1", "-o", movie, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let probe = try runTool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                            "stream=color_space,color_primaries,color_transfer,color_range", "-of", "default=nw=1", movie])
        let tags = Set(probe.stdout.split(separator: "\n").map(String.init))
        #expect(tags == ["color_range=tv", "color_space=bt709", "color_transfer=bt709", "color_primaries=bt709"])
        // Frame 0, a pixel of the background (top-left corner), decoded as players do.
        let raw = folder.appendingPathComponent("frame.rgb").path
        let decoded = try runTool("ffmpeg", ["-v", "error", "-i", movie, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-y", raw])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: raw))
        let drawn: [Int] = [0x1D, 0x9B, 0xF0]
        for (channel, expected) in drawn.enumerated() {
            #expect(abs(Int(bytes[3 * (100 * 10 + 10) + channel]) - expected) <= 3, "channel \(channel): \(bytes[3 * 1010 + channel])")
        }
    }

    @Test("a GIF asked at the default 60 fps is written at 50 (31 frames of 2 hundredths each, 0.62 s with the last one's), and the report says so")
    func gifRate() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("t.gif").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "100x200@1", "-o", gif])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("31 frames at 50 fps"))
        #expect(run.stdout.contains("written at 50 fps instead of 60"))
        let probe = try runTool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=duration_time", "-of", "csv=p=0", gif])
        let delays = probe.stdout.split(separator: "\n").map(String.init)
        #expect(delays.count == 31)
        #expect(Set(delays) == ["0.020000"])
        // A rate GIF keeps is left alone.
        let slow = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "twitter", "--viewport", "100x200@1", "--fps", "25", "-o", gif, "--json"])
        #expect(slow.stdout.contains("\"fps\" : 25"))
    }
}
