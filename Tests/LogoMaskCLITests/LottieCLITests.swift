import Foundation
import Testing
import LogoMaskTestSupport

@Suite("reveal -o splash.json (Lottie)")
struct LottieCLITests {
    @Test("the --json report names the file, the picture and what the app does itself")
    func report() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("splash.json").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--preset", "yula", "--viewport", "180x390@1",
                               "-o", path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["format"] as? String == "lottie")
        #expect(report["embeddedPicture"] as? Bool == false)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(report["bytes"] as? Int == data.count)
        let app = try #require(report["app"] as? [String: Any])
        let content = try #require(app["contentScale"] as? [String: Any])
        #expect(content["values"] as? [Double] == [1.05, 1])
        #expect(app["removeOverlayAt"] as? Double == 0.6)

        let lottie = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(lottie["v"] as? String == "5.7.0")
        #expect(lottie["w"] as? Int == 180 && lottie["h"] as? Int == 390)
        #expect(lottie["fr"] as? Int == 60 && lottie["op"] as? Int == 37)
        let markers = try #require(lottie["markers"] as? [[String: Any]])
        #expect(markers.first?["tm"] as? Int == 36)
        let names = (lottie["layers"] as? [[String: Any]] ?? []).compactMap { $0["nm"] as? String }
        #expect(names == ["logo", "hole (matte)", "launch screen (around the hole)", "veil"] || names == ["logo", "hole (matte)", "launch screen (around the hole)"])
    }

    @Test("a logo with a filter goes in as a picture, and the command says so")
    func pictureNote() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("glow.json").path
        let content = folder.appendingPathComponent("content.png").path
        try PNGPicture(width: 9, height: 16, fill: [0x33, 0x99, 0x66, 0xFF]).write(to: content)
        let run = try CLI.run(["reveal", CLI.sample("glow.svg"), "--preset", "twitter", "--viewport", "180x390@1",
                               "-o", path, "--content", content])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("note: The hole goes in as an embedded"))
        #expect(run.stdout.contains("a filter"))
        #expect(run.stdout.contains("is not in a Lottie"))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a background picture that cannot be read: exit 66 and nothing written")
    func badInput() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.json")
        try Data(#"{"name": "bad", "background": {"image": "missing.png"}, "timeline": {"holeScale": {"from": 1, "to": "finalScale", "duration": 0.5}}}"#.utf8)
            .write(to: spec)
        let path = folder.appendingPathComponent("splash.json").path
        let run = try CLI.run(["reveal", CLI.sample("bird.svg"), "--spec", spec.path, "--viewport", "180x390@1", "-o", path])
        #expect(run.status == 66, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("missing.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["spec.json"])
    }
}
