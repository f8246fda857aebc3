import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The `.lottie` container and its ZIP writer, read back by Python's zipfile (an independent
/// reader) and played by ThorVG. The manifest's fields follow the dotLottie 2.0 schema
/// (dotlottie-js `ManifestSchema` v2: `version` a string, `generator`, `initial.animation`,
/// `animations[].id`, the animations under `a/`; https://dotlottie.io/spec/2.0/). ThorVG's
/// Python binding does not open a `.lottie` itself (its loaders answer "not supported" for the
/// container), so the test plays the JSON the container holds. About 3 s.
@Suite("dotLottie")
struct DotLottieTests {
    /// What read_zip.py prints.
    struct Reading: Decodable {
        struct Entry: Decodable {
            var name: String
            var method: Int
            var size: Int
            var compressed: Int
            var date: [Int]
        }

        var bad: String?
        var entries: [Entry]
        var texts: [String: String]
    }

    /// Reads `path` with zipfile, extracting it into `folder` when given.
    static func read(_ path: String, into folder: String? = nil) throws -> Reading {
        let run = try runTool("python3", [TestPaths.path("Tests/Scripts/read_zip.py"), path] + (folder.map { [$0] } ?? []))
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode(Reading.self, from: Data(run.stdout.utf8))
    }

    @Test("zipfile reads stored and deflated entries with their CRCs, names and the fixed date; same entries, same bytes")
    func zipWriter() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = Array("{}".utf8)
        let text = Array(String(repeating: "logo-mask reveal ", count: 400).utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<5000).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17  // xorshift64: incompressible
            return UInt8(truncatingIfNeeded: state >> 32)
        }
        func archive() throws -> [UInt8] {
            var zip = ZIPArchive()
            try zip.add("manifest.json", bytes: small)
            try zip.add("a/light.json", bytes: text)
            try zip.add("i/noise.bin", bytes: noise)
            try zip.add("a/empty.json", bytes: [])
            return zip.bytes
        }
        let bytes = try archive()
        #expect(try archive() == bytes)
        let path = folder.appendingPathComponent("t.zip").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reading = try Self.read(path, into: folder.appendingPathComponent("x").path)
        #expect(reading.bad == nil)
        #expect(reading.entries.map(\.name) == ["manifest.json", "a/light.json", "i/noise.bin", "a/empty.json"])
        #expect(reading.entries.map(\.size) == [2, text.count, 5000, 0])
        // Tiny and incompressible entries are stored, the text deflated to a fraction.
        #expect(reading.entries.map(\.method) == [0, 8, 0, 0])
        #expect(reading.entries[1].compressed < text.count / 10)
        #expect(reading.entries.allSatisfy { $0.date == [1980, 1, 1, 0, 0, 0] })
        #expect(Array(try Data(contentsOf: folder.appendingPathComponent("x/i/noise.bin"))) == noise)
        #expect(Array(try Data(contentsOf: folder.appendingPathComponent("x/a/light.json"))) == text)

        var zip = ZIPArchive()
        try zip.add("a.json", bytes: small)
        #expect(throws: LogoMaskError.self) { try zip.add("a.json", bytes: small) }
        #expect(throws: LogoMaskError.self) { try zip.add("/abs.json", bytes: small) }
    }

    @Test("A .lottie holds the manifest (version \"2\") and the light and dark animations, which ThorVG plays as the .json")
    func container() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dark = RGBAColor(red: 0x12, green: 0x16, blue: 0x1C)
        let light = try LottieExportTests.scene(TestPaths.sample("bird.svg"), RevealPreset.twitter.spec) { $0.background = .white }
        let night = try LottieExportTests.scene(TestPaths.sample("bird.svg"), RevealPreset.twitter.spec) { $0.background = dark }
        let options = RevealExportOptions(fps: 60)
        let file = try RevealExport.dotLottie(light, dark: night, options: options)
        #expect(try RevealExport.dotLottie(light, dark: night, options: options).bytes == file.bytes)
        let path = folder.appendingPathComponent("reveal.lottie").path
        try RevealExport.write(file, to: path)
        let jsonPath = folder.appendingPathComponent("reveal.json").path
        let json = try RevealExport.lottie(light, options: options)
        try RevealExport.write(json, to: jsonPath)

        let unzipped = folder.appendingPathComponent("unzipped").path
        let reading = try Self.read(path, into: unzipped)
        #expect(reading.bad == nil)
        // The initial animation is the last entry: lottie-android keeps the last .json it reads.
        #expect(reading.entries.map(\.name) == ["manifest.json", "a/dark.json", "a/light.json"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data((reading.texts["manifest.json"] ?? "").utf8)) as? [String: Any])
        #expect(manifest["version"] as? String == "2")
        #expect(manifest["generator"] as? String == "logo-mask")
        #expect((manifest["initial"] as? [String: Any])?["animation"] as? String == "light")
        let ids = (manifest["animations"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["light", "dark"])
        // The light animation is the .json byte for byte; the dark one differs by its background.
        #expect(reading.texts["a/light.json"] == json.text)
        let darkText = try #require(reading.texts["a/dark.json"])
        #expect(darkText == (try RevealExport.lottie(night, options: options)).text)
        #expect(darkText != json.text)

        // ThorVG plays the container's light and dark animations and the .json: light and .json
        // give the same pixels at five moments, and dark shows its colour where light shows white.
        let end = Int((light.duration * 60 - 1e-9).rounded(.up))
        let frames = LottieExportTests.frames(end)
        let v = LottieExportTests.viewport
        let jobs = [jsonPath, unzipped + "/a/light.json", unzipped + "/a/dark.json"].map {
            RlottiePlayer.Job(file: $0, width: v.pixelWidth, height: v.pixelHeight, frames: frames)
        }
        let played = try ThorVGPlayer.render(jobs, into: folder)
        #expect(played[1].totalFrames == played[0].totalFrames)
        #expect(played[1].fps == played[0].fps)
        for frame in frames {
            #expect(try played[1].frame(frame) == played[0].frame(frame), "frame \(frame)")
        }
        // Frame 0 is the launch screen: its corner pixel is the background (opaque ARGB words).
        #expect(try played[1].frame(0)[0] == 0xFFFF_FFFF)
        #expect(try played[2].frame(0)[0] == 0xFF12_161C)
    }
}
