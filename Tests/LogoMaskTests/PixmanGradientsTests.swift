import Foundation
import LogoMaskTestSupport
import Testing
@testable import LogoMask

/// Cairo's gradient fills composited by Sources/CPixmanGradients with pixman 0.42's arithmetic
/// (``PixmanGradients``): the same bytes as pixman's own composites, and taken. The suite is
/// serialized and the only one to switch them off; the bytes are the same either way, so tests
/// running beside it draw what they always draw.
@Suite("Gradient composites computed here", .serialized)
struct PixmanGradientsTests {
    /// Every kind Cairo hands pixman from an SVG: linear and radial, pad, repeat and reflect,
    /// bounding-box and user-space units, a gradient transform with a rotation, skew and
    /// shear, translucent stops, a focal point, a stroke, a group at an opacity (drawn on its
    /// own surface), and a clip (its coverage is a mask image, left to pixman).
    static let kinds = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" viewBox="0 0 64 64">
        <defs>
        <linearGradient id="pad" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0.1" stop-color="#fce94f"/><stop offset="0.5" stop-color="#3465a4" stop-opacity="0.6"/><stop offset="0.9" stop-color="#a40000"/></linearGradient>
        <linearGradient id="rep" x1="10" y1="0" x2="16" y2="4" gradientUnits="userSpaceOnUse" spreadMethod="repeat"><stop offset="0" stop-color="#73d216"/><stop offset="1" stop-color="#204a87" stop-opacity="0.3"/></linearGradient>
        <linearGradient id="ref" xlink:href="#rep" spreadMethod="reflect" gradientTransform="rotate(35 12 12) skewX(10)"/>
        <linearGradient id="vert" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#000000"/></linearGradient>
        <radialGradient id="rad" cx="0.5" cy="0.5" r="0.5" fx="0.3" fy="0.35"><stop offset="0" stop-color="#ffffff"/><stop offset="0.4" stop-color="#ef2929" stop-opacity="0.8"/><stop offset="1" stop-color="#2e3436" stop-opacity="0"/></radialGradient>
        <radialGradient id="radrep" cx="48" cy="16" r="5" gradientUnits="userSpaceOnUse" spreadMethod="repeat" gradientTransform="matrix(1.2 0.3 -0.2 0.8 2 -1)"><stop offset="0" stop-color="#c4a000"/><stop offset="1" stop-color="#5c3566"/></radialGradient>
        <radialGradient id="radref" cx="0.5" cy="0.5" r="0.3" fx="0.55" fy="0.5" spreadMethod="reflect"><stop offset="0" stop-color="#8ae234"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient>
        <clipPath id="clip"><circle cx="16" cy="48" r="9"/></clipPath>
        </defs>
        <rect x="1" y="1" width="62" height="62" rx="8" fill="url(#vert)"/>
        <path d="M4 4 L30 6 L26 28 Q10 30 4 20 Z" fill="url(#pad)"/>
        <ellipse cx="14" cy="14" rx="9" ry="6" fill="url(#rep)" opacity="0.8"/>
        <rect x="34" y="4" width="26" height="24" fill="url(#radrep)" stroke="url(#pad)" stroke-width="2"/>
        <circle cx="47" cy="46" r="14" fill="url(#rad)"/>
        <g opacity="0.7"><rect x="4" y="34" width="24" height="26" fill="url(#ref)"/><circle cx="16" cy="47" r="6" fill="url(#radref)"/></g>
        <rect x="6" y="38" width="22" height="20" fill="url(#rad)" clip-path="url(#clip)"/>
        <path d="M34 34 C 40 60, 50 30, 62 62" fill="none" stroke="url(#radref)" stroke-width="3"/>
        </svg>
        """

    /// The PNG bytes of `logo` at `width` px, drawn with the composites here or by pixman, and
    /// how many composites were taken here meanwhile.
    static func render(_ logo: VectorLogo, width: Int, here: Bool, in folder: URL) throws -> (png: Data, taken: Int) {
        PixmanGradients.isEnabled = here
        defer { PixmanGradients.isEnabled = true }
        let file = logo.name.split(separator: "/").last.map(String.init) ?? "logo"
        let path = folder.appendingPathComponent("\(file)-\(width)-\(here).png").path
        let before = PixmanGradients.takenCount
        try Rasterizer.writePNG(
            of: logo, size: .width(width), background: nil, to: path, compression: .fast,
            maxPixels: Rasterizer.defaultMaxPixels, deadline: .none, progress: nil, workers: 2)
        return (try Data(contentsOf: URL(fileURLWithPath: path)), PixmanGradients.takenCount - before)
    }

    @Test("On with this machine's pixman (0.42): `make test` runs where the arithmetic is known")
    func enabled() {
        #expect(PixmanGradients.isEnabled, "pixman is not 0.42: gradient composites are all left to pixman")
    }

    @Test("Every gradient kind at 64, 1000 and 3000 px (one librsvg draw, and strips on two threads): the same PNG bytes as pixman's composites; hundreds of composites taken, none when switched off", arguments: [64, 1000, 3000])
    func kindsMatchPixman(width: Int) throws {
        let logo = try VectorLogo(data: Data(Self.kinds.utf8), name: "gradient-kinds.svg")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let here = try Self.render(logo, width: width, here: true, in: folder)
        let pixman = try Self.render(logo, width: width, here: false, in: folder)
        #expect(here.png == pixman.png, "the gradient composites differ from pixman's at \(width) px")
        #expect(here.taken >= (width == 64 ? 20 : 200), "only \(here.taken) composites taken")
        #expect(pixman.taken == 0)
    }

    @Test("Gradient-heavy real logos at 4096 px: the same PNG bytes as pixman's composites", arguments: [
        "tango/internet-web-browser.svg", "tango/internet-mail.svg", "breeze/breeze-settings.svg", "tango/gnome-dev-media-cf.svg",
    ])
    func realLogosMatchPixman(name: String) throws {
        let logo = try VectorLogo(contentsOf: TestPaths.realWorldFolder.appendingPathComponent(name).path)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let here = try Self.render(logo, width: 4096, here: true, in: folder)
        let pixman = try Self.render(logo, width: 4096, here: false, in: folder)
        #expect(here.png == pixman.png, "\(name) differs from pixman's composites")
        #expect(here.taken > 0)
    }
}
