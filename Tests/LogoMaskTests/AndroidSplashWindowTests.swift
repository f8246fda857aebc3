import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// ``AlphaBounds/androidSplash(of:longSide:deadline:)`` draws its fine render only in windows
/// over the pixels that can hold the farthest ink (found by a render a quarter as fine): the
/// answer must be the whole render's, to the bit.
@Suite("Android splash check in windows")
struct AndroidSplashWindowTests {
    static func logo(_ relative: String, name: String) throws -> VectorLogo {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.realWorldFolder.appendingPathComponent(relative).path))
        return try VectorLogo(data: data, name: name)
    }

    /// A Tango rounded square (translucent groups, the ink reaching the box's corners), a
    /// Papirus disc (the farthest ink a ring, drawn in many windows) and an off-centre shape.
    @Test("windows give the whole render's ink radius", arguments: [
        "tango/utilities-terminal.svg", "papirus/spotify.svg", "breeze/breeze-settings.svg",
    ])
    func sameAsWhole(_ relative: String) throws {
        let name = "android-window-\(relative.replacing("/", with: "-"))"
        let logo = try Self.logo(relative, name: name)
        var windowed: AndroidSplashCheck?
        let largest = LogoDrawing.viewportLog.watching(name) {
            windowed = try? AlphaBounds.androidSplash(of: logo, longSide: 2048, deadline: .none, windowed: true)
        }
        let whole = try AlphaBounds.androidSplash(of: logo, longSide: 2048, deadline: .none, windowed: false)
        let found = try #require(windowed)
        #expect(found.inkRadius == whole.inkRadius, "\(found.inkRadius) in windows, \(whole.inkRadius) whole")
        #expect(found == whole)
        if try logo.makeDrawing().cropsItsText {
            // The 2048-pixel render was never handed to librsvg whole: each window is drawn
            // from a crop of its own size (a flat logo, or one whose translucent shapes all fold,
            // is not cropped, so it says nothing).
            #expect(max(largest.width, largest.height) < 2048, "largest viewport \(largest)")
        }
    }

    @Test("tiles reaching past the radius become few windows: corners of a square, a ring's rows")
    func windowShapes() {
        // A 1000 px square, centre in the middle, 100 px tiles: only the corner tiles reach past 690.
        let corners = AlphaBounds.windows(width: 1000, height: 1000, center: Point(x: 500, y: 500), beyond: 690, tile: 100)
        #expect(corners.count == 4, "\(corners)")
        #expect(corners.allSatisfy { ($0.x1 - $0.x0) == 100 && ($0.y1 - $0.y0) == 100 }, "\(corners)")
        // Past 400 (a ring): every pixel outside it is in some window, none inside 300 is.
        let ring = AlphaBounds.windows(width: 1000, height: 1000, center: Point(x: 500, y: 500), beyond: 400, tile: 100)
        for (x, y) in [(0, 0), (999, 500), (500, 0), (120, 880)] {
            #expect(ring.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }, "(\(x), \(y)) not in \(ring)")
        }
        #expect(!ring.contains { 500 >= $0.x0 && 500 < $0.x1 && 500 >= $0.y0 && 500 < $0.y1 })
        let area = ring.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
        #expect(area < 1_000_000 && area >= 1_000_000 - 600 * 600, "\(area)")
    }
}
