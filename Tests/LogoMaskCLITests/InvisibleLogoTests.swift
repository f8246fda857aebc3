import Foundation
import Testing
import LogoMaskTestSupport

/// A logo whose shapes paint nothing (`fill="none"`, `opacity="0"`): librsvg's ink rectangle
/// still counts them, the tool must not.
@Suite("logos that paint nothing")
struct InvisibleLogoTests {
    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="80" height="80" fill="none"/><circle cx="50" cy="50" r="30" opacity="0"/></svg>"#

    @Test("info reports no ink (null in JSON, 'nothing paints' in text); cover, reveal and bounds refuse with 65 naming the file; a logo with ink keeps its bounds")
    func invisible() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = folder.appendingPathComponent("invisible.svg").path
        try Data(Self.svg.utf8).write(to: URL(fileURLWithPath: logo))
        let json = try CLI.run(["info", logo, "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["inkBounds"] is NSNull)
        let text = try CLI.run(["info", logo])
        #expect(text.stdout.contains("ink bounds      none: nothing paints"))
        for arguments in [["cover", logo, "--viewport", "40x80@1"],
                          ["reveal", logo, "--preset", "twitter", "--viewport", "40x80@1", "-o", folder.appendingPathComponent("r.json").path],
                          ["bounds", logo]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 65, "\(arguments[0]): \(run.stderr)")
            #expect(run.stderr.hasPrefix("logo-mask: \(logo): the logo draws nothing visible"), "\(arguments[0])")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.json").path))
        let bird = try CLI.run(["info", CLI.sample("bird.svg"), "--json"])
        let birdObject = try #require(try JSONSerialization.jsonObject(with: Data(bird.stdout.utf8)) as? [String: Any])
        #expect(birdObject["inkBounds"] is [String: Any])
    }
}
