import Foundation
import Testing
import LogoMaskTestSupport

/// An SVG with a negative width or height (issue 17, point 6): librsvg ignores the invalid value
/// and sizes the document from the viewBox (rsvg-convert 2.54.7 draws these at 80x40, 50x25 and
/// 20x10); logo-mask does the same and warns. Without a viewBox there is nothing to fall back
/// to, and a zero size means "draw nothing": both are refused.
@Suite("negative SVG width or height")
struct NegativeSizeTests {
    static func svg(_ attributes: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" \#(attributes)><rect x="2" y="2" width="6" height="4" fill="red"/></svg>"#
    }

    static let fallbacks: [(attributes: String, size: String, ink: String, warning: String)] = [
        (#"width="-50" height="40" viewBox="0 0 20 10""#, "80x40", "8,8,24,16",
         #"its width="-50" is negative, so it is ignored as librsvg does: the size comes from the viewBox (80x40)."#),
        (#"width="50" height="-40" viewBox="0 0 20 10""#, "50x25", "5,5,15,10",
         #"its height="-40" is negative, so it is ignored as librsvg does: the size comes from the viewBox (50x25)."#),
        (#"width="-5" height="-4" viewBox="0 0 20 10""#, "20x10", "2,2,6,4",
         #"its width="-5" and height="-4" are negative, so they are ignored as librsvg does: the size comes from the viewBox (20x10)."#),
    ]

    @Test("with a viewBox: status 0, one warning on stderr, the viewBox's size (rsvg-convert's), JSON warnings, a render of that size")
    func fallsBackToTheViewBox() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, item) in Self.fallbacks.enumerated() {
            let logo = folder.appendingPathComponent("negative\(index).svg").path
            try Data(Self.svg(item.attributes).utf8).write(to: URL(fileURLWithPath: logo))
            let info = try CLI.run(["info", logo])
            #expect(info.status == 0, "\(item.attributes): \(info.stderr)")
            #expect(info.stderr == "warning: \(logo): \(item.warning)\n")
            #expect(info.stdout.contains("document size   \(item.size)  (96 units per inch)\n"), "\(info.stdout)")
            #expect(info.stdout.contains("ink bounds      \(item.ink)  (x,y,w,h)\n"), "\(info.stdout)")
            let json = try CLI.run(["info", logo, "--json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["warnings"] as? [String] == [String(item.warning.dropLast())])
            let png = folder.appendingPathComponent("negative\(index).png").path
            let render = try CLI.run(["render", logo, "-o", png])
            #expect(render.status == 0, "\(render.stderr)")
            let picture = try PNGPicture(contentsOf: png)
            #expect("\(picture.width)x\(picture.height)" == item.size)
        }
        // A logo with a valid size has no warnings key at all.
        let bird = try CLI.run(["info", CLI.sample("bird.svg"), "--json"])
        #expect(!bird.stdout.contains("\"warnings\""))
    }

    @Test("without a viewBox a negative size is refused with 65 naming the file and the attribute; a zero size is refused with or without one")
    func refusals() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            (#"width="-50" height="40""#, #"its width is "-50", negative, and it has no viewBox to take the size from"#),
            (#"width="50" height="-40""#, #"its height is "-40", negative, and it has no viewBox to take the size from"#),
            (#"width="-5" height="-4""#, #"its width is "-5", negative, and it has no viewBox to take the size from"#),
            (#"width="0" height="40" viewBox="0 0 20 10""#, #"its width is "0"; a zero size draws nothing"#),
            (#"width="50" height="0""#, #"its height is "0"; a zero size draws nothing"#),
        ]
        for (index, (attributes, reason)) in cases.enumerated() {
            let logo = folder.appendingPathComponent("refused\(index).svg").path
            try Data(Self.svg(attributes).utf8).write(to: URL(fileURLWithPath: logo))
            let run = try CLI.run(["info", logo])
            #expect(run.status == 65, "\(attributes)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "logo-mask: \(logo): not a usable SVG or PDF logo: \(reason); give the <svg> element positive width and height, or a viewBox alone. Open it in a browser or a PDF viewer to check it, or export it again from the design tool.\n", "\(run.stderr)")
        }
    }
}
