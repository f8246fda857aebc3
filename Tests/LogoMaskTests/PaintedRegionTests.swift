import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import Testing

/// Frames draw a logo inside the region it paints (``VectorLogo/paintedRegion``); librsvg's ink
/// rectangle alone can fall short of it.
@Suite("Painted region")
struct PaintedRegionTests {
    @Test("mattermost (simple-icons: librsvg's ink rectangle ends at x = 23.41 of 24): frame 0 of fade is the logo rendered on the background, its right edge included")
    func framesKeepTheEdgeTheInkRectangleMisses() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = CLI.fixture("mattermost.svg")
        let frames = folder.appendingPathComponent("frames").path
        let render = folder.appendingPathComponent("render.png").path
        let reveal = try CLI.run(["reveal", logo, "--preset", "fade", "--viewport", "240x240@1", "--logo-width", "240", "-o", frames + "/"])
        #expect(reveal.status == 0, "\(reveal.stderr)")
        let drawn = try CLI.run(["render", logo, "--width", "240", "--background", "white", "-o", render])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let frame = try PNGPicture(contentsOf: frames + "/frame-0000.png")
        let reference = try PNGPicture(contentsOf: render)
        try #require(frame.width == 240 && frame.height == 240 && reference.width == 240 && reference.height == 240)
        var differing = 0, rightEdge = 0
        for y in 0..<240 {
            for x in 0..<240 {
                let a = frame.pixel(x: x, y: y), b = reference.pixel(x: x, y: y)
                if zip(a.prefix(3), b.prefix(3)).contains(where: { abs(Int($0) - Int($1)) > 24 }) {
                    differing += 1
                    if x >= 234 { rightEdge += 1 }
                }
            }
        }
        // Before, columns 237-239 differed on 124 pixels (the frames were cut at the ink rectangle).
        #expect(differing == 0 && rightEdge == 0, "\(differing) pixels differ, \(rightEdge) of them in the last 6 columns")
    }

    @Test("the painted region is librsvg's ink rectangle wherever that holds the ink (samples, real logos), and reaches mattermost's right edge at x = 24")
    func inkRectangleKeptWhereItHolds() throws {
        let paths = ["bird.svg", "y-mark.svg", "gradient.svg", "ring.svg", "wordmark.svg"].map(TestPaths.sample)
            + ["papirus/firefox.svg", "tango/help-browser.svg", "breeze/gimp.svg"].map { TestPaths.realWorldFolder.appendingPathComponent($0).path }
        for path in paths {
            let logo = try VectorLogo(contentsOf: path)
            #expect(logo.paintedRegion == logo.inkBounds, "\(path): \(logo.paintedRegion) against \(logo.inkBounds)")
        }
        let mattermost = try VectorLogo(contentsOf: CLI.fixture("mattermost.svg"))
        #expect(mattermost.inkBounds.maxX < 23.5 && mattermost.paintedRegion.maxX >= 24, "\(mattermost.paintedRegion)")
    }
}
