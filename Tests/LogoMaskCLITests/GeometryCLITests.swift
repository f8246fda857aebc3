import Foundation
import Testing
import LogoMaskTestSupport

/// The geometry commands (cover, bounds, mask, hole) run as a user would run them.
/// The binary is found by `CLI.binary` (CLISupport.swift): `swift test` builds it beside the
/// test bundle; otherwise build it first with `swift build`.
@Suite("CLI: cover, bounds, mask, hole")
struct GeometryCLITests {
    static func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("cover prints the scale; --json has one row per device and orientation")
    func cover() throws {
        let table = try CLI.run(["cover", CLI.sample("bird.svg"), "--device", "iPhone SE"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("iPhone SE") && table.stdout.contains("750x1334"))
        let all = try CLI.run(["cover", CLI.sample("bird.svg"), "--all-devices", "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        let report = try Self.json(all.stdout)
        let rows = try #require(report["results"] as? [[String: Any]])
        #expect(rows.count == 12)
        for row in rows {
            let scale = try #require(row["scale"] as? Double)
            let lower = try #require(row["lowerBound"] as? Double)
            #expect(scale > 1 && scale / lower <= 1.001 + 1e-9)
        }
        #expect(Set(rows.compactMap { $0["orientation"] as? String }) == ["portrait", "landscape"])
    }

    @Test("the ring about its centre (--anchor center): exit status 3 with what to do; --anchor auto gives an anchor on the band")
    func ring() throws {
        let failed = try CLI.run(["cover", CLI.sample("ring.svg"), "--viewport", "393x852@3", "--anchor", "center"])
        #expect(failed.status == 3)
        #expect(failed.stderr.contains("--anchor auto") && failed.stderr.contains("fade"))
        let auto = try CLI.run(["cover", CLI.sample("ring.svg"), "--viewport", "393x852@3", "--anchor", "auto", "--json"])
        #expect(auto.status == 0, "\(auto.stderr)")
        let row = try #require((try Self.json(auto.stdout)["results"] as? [[String: Any]])?.first)
        let anchor = try #require(row["anchor"] as? [String: Double])
        let radius = ((anchor["x"]! - 50) * (anchor["x"]! - 50) + (anchor["y"]! - 50) * (anchor["y"]! - 50)).squareRoot()
        #expect(radius > 28 && radius < 45)
        #expect((row["scale"] as? Double).map { $0.isFinite && $0 > 0 } == true)
    }

    @Test("usage errors exit 64", arguments: [
        ["cover", "SAMPLE"],
        ["cover", "SAMPLE", "--viewport", "375"],
        ["cover", "SAMPLE", "--device", "Nokia 3310"],
        ["cover", "SAMPLE", "--viewport", "375x667", "--anchor", "middle"],
        ["cover", "SAMPLE", "--viewport", "375x667", "--landscape"],
        ["hole", "SAMPLE", "-o", "x.gif", "--viewport", "375x667"],
        ["hole", "SAMPLE", "-o", "x.png"],
        ["bounds", "SAMPLE", "--scale", "0"],
    ])
    func usage(arguments: [String]) throws {
        let result = try CLI.run(arguments.map { $0 == "SAMPLE" ? CLI.sample("bird.svg") : $0 })
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }

    @Test("bounds --json: the three kinds, under the transform, and the Android 12 check")
    func bounds() throws {
        let result = try CLI.run(["bounds", CLI.sample("bird.svg"), "--rotate", "30", "--scale", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result.stdout)
        for key in ["untransformed", "transformed", "android12", "alphaTightResolution", "transform", "anchor"] {
            #expect(report[key] != nil, "missing \(key)")
        }
        let android = try #require(report["android12"] as? [String: Any])
        #expect(android["fits"] as? Bool == false)
        #expect((android["ratio"] as? Double).map { $0 > 1 } == true)
        let resolution = try #require(report["alphaTightResolution"] as? [String: Double])
        #expect((resolution["pixelsPerUnit"] ?? 0) >= 4096 / 130.0)  // the turned bird is about 120 units wide
        let table = try CLI.run(["bounds", CLI.sample("bird.svg")])
        #expect(table.stdout.contains("alpha-tight") && table.stdout.contains("android 12"))
    }

    @Test("mask and hole write files of the right size; the PDF hole has no image")
    func files() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mask = folder.appendingPathComponent("mask.png").path
        #expect(try CLI.run(["mask", CLI.sample("bird.svg"), "-o", mask, "--width", "300", "--gray", "--invert", "-q"]).status == 0)
        #expect(pngSize(mask) == PNGSize(300, 250))
        let png = folder.appendingPathComponent("hole.png").path
        let pdf = folder.appendingPathComponent("hole.pdf").path
        let svg = folder.appendingPathComponent("hole.svg").path
        for out in [png, pdf, svg] {
            let result = try CLI.run(["hole", CLI.sample("bird.svg"), "-o", out, "--device", "Pixel 8", "--landscape",
                                      "--scale", "3", "--rotate", "-20", "--background", "#1DA1F2", "-q"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(pngSize(png) == PNGSize(2402, 1082))
        let pdfText = String(decoding: FileManager.default.contents(atPath: pdf) ?? Data(), as: UTF8.self)
        #expect(pdfText.hasPrefix("%PDF-1.4") && pdfText.contains("/MediaBox [0 0 915 412]") && !pdfText.contains("/Image"))
        let svgText = String(decoding: FileManager.default.contents(atPath: svg) ?? Data(), as: UTF8.self)
        #expect(svgText.contains("<mask id=\"hole\"") && svgText.contains("fill=\"#1da1f2\""))
        // Nothing half-written on failure: a missing folder leaves nothing behind.
        let missing = folder.appendingPathComponent("nope/hole.pdf").path
        #expect(try CLI.run(["hole", CLI.sample("bird.svg"), "-o", missing, "--device", "iPhone SE"]).status == 73)
    }
}
