import Foundation
import Testing
import LogoMaskTestSupport

@Suite("info and render commands")
struct InfoRenderCLITests {
    /// librsvg's ink rectangle asked independently, through its Python bindings.
    func librsvgInk(_ path: String, width: Double, height: Double) throws -> [Double] {
        let script = """
            import gi, sys; gi.require_version('Rsvg', '2.0'); from gi.repository import Rsvg
            h = Rsvg.Handle.new_from_file(sys.argv[1]); h.set_dpi(96)
            vp = Rsvg.Rectangle(); vp.x = 0; vp.y = 0; vp.width = float(sys.argv[2]); vp.height = float(sys.argv[3])
            ok, ink, logical = h.get_geometry_for_layer(None, vp)
            print(ink.x, ink.y, ink.width, ink.height)
            """
        try Tool.requireRsvgIntrospection()  // fails with what to install when the bindings are missing
        let result = try runTool(Tool.debianPython, ["-c", script, path, String(width), String(height)])
        return result.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test("info --json ink bounds equal librsvg's ink rectangle",
          arguments: [CLI.sample("bird.svg"), CLI.sample("gradient.svg"), CLI.sample("glow.svg"), CLI.sample("wordmark.svg"),
                      CLI.fixture("kotlin.svg"), CLI.fixture("elsevier.svg"), CLI.fixture("debridlink.svg")])
    func inkMatchesLibrsvg(path: String) throws {
        let result = try CLI.run(["info", path, "--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let size = try #require(json["documentSize"] as? [String: Double])
        let ink = try #require(json["inkBounds"] as? [String: Double])
        let reference = try librsvgInk(path, width: size["width"] ?? 0, height: size["height"] ?? 0)
        #expect(reference.count == 4)
        #expect([ink["x"], ink["y"], ink["width"], ink["height"]].compactMap { $0 } == reference)
        // The documented keys, all present.
        for key in ["file", "format", "page", "pageCount", "unitsPerInch", "documentSize", "viewBox", "inkBounds",
                    "logicalBounds", "usesFilterEffects"] {
            #expect(json.keys.contains(key), "missing key \(key)")
        }
    }

    @Test("info --id reports one element's bounds in document coordinates")
    func elementInfo() throws {
        let result = try CLI.run(["info", CLI.sample("wordmark.svg"), "--id", "letter-l", "--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let element = try #require(json["element"] as? [String: Any])
        let ink = try #require(element["inkBounds"] as? [String: Double])
        // letter-l spans x 46...64 and y 8...90 in the document.
        #expect(ink["x"] == 46 && ink["width"] == 18)
        #expect(abs((ink["y"] ?? 0) - 8) < 1e-9 && abs((ink["height"] ?? 0) - 82) < 1e-9)
    }

    @Test("render writes the asked size; standard input works; exit statuses follow sysexits")
    func renderAndStatuses() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("bird.png").path
        #expect(try CLI.run(["render", CLI.sample("bird.svg"), "-o", out, "--width", "333", "-q"]).status == 0)
        #expect(pngSize(out) == PNGSize(333, 278))  // 100 * 333 / 120 = 277.5, rounded up
        let stdinOut = folder.appendingPathComponent("stdin.png").path
        let bytes = try #require(FileManager.default.contents(atPath: CLI.sample("bird.pdf")))
        #expect(try CLI.run(["render", "-", "-o", stdinOut, "--dpi", "144", "-q"], stdin: bytes).status == 0)
        #expect(pngSize(stdinOut) == PNGSize(240, 200))

        let missing = try CLI.run(["render", folder.appendingPathComponent("nope.svg").path, "-o", out])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope.svg") && missing.stderr.contains("no such file"))

        let garbage = folder.appendingPathComponent("garbage.svg")
        try Data("hello, not a logo".utf8).write(to: garbage)
        let bad = try CLI.run(["render", garbage.path, "-o", folder.appendingPathComponent("g.png").path])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("garbage.svg"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("g.png").path))

        let usage = try CLI.run(["render", CLI.sample("bird.svg"), "-o", out, "--width", "10", "--height", "10"])
        #expect(usage.status == 64)

        let unwritable = try CLI.run(["render", CLI.sample("bird.svg"), "-o", "/nonexistent-folder/x.png"])
        #expect(unwritable.status == 73)

        let page = try CLI.run(["info", CLI.sample("bird.pdf"), "--page", "3"])
        #expect(page.status == 65)
        #expect(page.stderr.contains("page 3 does not exist"))

        // Nothing but the outputs asked for: no temporary left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("Colours: #RGB, #RRGGBB, #RRGGBBAA and CSS names fill the background")
    func backgrounds() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (text, expected) in [("#f00", "ff0000ff"), ("#00ff0080", "00ff0080"), ("rebeccapurple", "663399ff")] {
            let out = folder.appendingPathComponent("bg.png").path
            #expect(try CLI.run(["render", CLI.sample("ring.svg"), "-o", out, "--width", "50", "--background", text, "-q"]).status == 0)
            // The top-left pixel is outside the ring: pure background.
            let pixel = try PNGPicture(contentsOf: out).pixel(x: 0, y: 0).map { String(format: "%02x", $0) }.joined()
            #expect(pixel == expected, "\(text)")
        }
        #expect(try CLI.run(["render", CLI.sample("ring.svg"), "-o", "/tmp/x.png", "--background", "notacolour"]).status == 64)
    }
}
