import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// `assets` searches the cover scale on every device and orientation through one
/// ``CoverSearchSession``: one parsed logo, the first coverage grid (the ink box at 1024
/// pixels, the same whatever the density and orientation) drawn once, and, when the outline
/// gives the exact radial profile, no grid at all (the profile brackets each screen's answer).
/// The answers are checked by renders as a search of its own checks them.
@Suite("Cover sharing")
struct CoverSharingTests {
    /// iPhone SE and Pixel 8, portrait and landscape: 4 searches.
    static let options = AssetOptions(
        platforms: [.ios, .android], devices: ["iPhone SE", "Pixel 8"].compactMap { Device.named($0) })

    /// The cover scales `assets` finds for `logo`, the grids they drew and read again, and
    /// whether each agrees with a search of its own about the same anchor.
    static func run(_ logo: VectorLogo) throws -> (covers: [AssetManifest.Cover], drawn: Int, reused: Int) {
        var found: ([AssetManifest.Cover], AssetGenerator.SharedAnchor)?
        let counts = CairoCoverageSource.gridLog.watching(logo.name) {
            found = AssetGenerator.coverScales(logo: logo, options: options, deadline: .none)
        }
        let (covers, anchor) = try #require(found)
        let screens = options.devices.flatMap { device in [false, true].map { (device, $0) } }
        #expect(covers.count == screens.count)
        for (cover, (device, landscape)) in zip(covers, screens) {
            let placement = Placement(
                documentSize: logo.documentSize, viewport: device.viewport(landscape: landscape), logoWidth: options.logoWidth)
            let alone = try CoverScale.compute(logo: logo, placement: placement, anchor: .point(anchor.point))
            // Both are checked by renders to the tolerance T = 0.001 (covered at the scale, not
            // at scale / (1 + T)), from different brackets: they agree within T.
            let shared = try #require(cover.scale, "\(device.name): \(cover.note ?? "")")
            #expect(abs(shared / alone.scale - 1) <= 0.001, "\(device.name) landscape \(landscape): \(shared) shared, \(alone.scale) alone")
        }
        return (covers, counts.drawn, counts.reused)
    }

    /// A name of its own for each logo: the grid log is keyed by file, and other suites run beside this one.
    static func logo(_ svg: String, name: String) throws -> VectorLogo {
        try VectorLogo(data: Data(svg.utf8), name: name)
    }

    @Test("a clipped disc (no exact profile): 4 searches draw 1 grid where 4 were, read 3 more times")
    func gridsShared() throws {
        let logo = try Self.logo("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <defs><clipPath id="c"><rect x="0" y="0" width="100" height="92"/></clipPath></defs>
            <circle cx="50" cy="50" r="45" fill="#1b998b" clip-path="url(#c)"/>
            </svg>
            """, name: "cover-sharing-clipped.svg")
        let result = try Self.run(logo)
        #expect(result.reused == 3, "grids read again: \(result.reused)")
        #expect(result.drawn == 1, "grids drawn: \(result.drawn)")
    }

    @Test("the bird (exact profile): 4 searches draw no grid at all")
    func profileInsteadOfGrids() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("bird.svg")))
        let logo = try VectorLogo(data: data, name: "cover-sharing-bird.svg")
        let result = try Self.run(logo)
        #expect(result.drawn == 0 && result.reused == 0, "grids drawn \(result.drawn), read again \(result.reused)")
    }

    @Test("the bird: the first screen's viewport drawn whole at its answer, then only where no earlier whole render showed it covered; the tiles before it in windows")
    func wholeOncePerScreen() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("bird.svg")))
        let logo = try VectorLogo(data: data, name: "cover-sharing-bird-checks.svg")
        var covers: [AssetManifest.Cover] = []
        let checks = CairoCoverageSource.checkLog.watching(logo.name) {
            covers = AssetGenerator.coverScales(logo: logo, options: Self.options, deadline: .none).0
        }
        #expect(covers.count == 4 && covers.allSatisfy { $0.scale != nil }, "\(covers)")
        // iPhone SE portrait whole; its landscape draws the sides past the portrait's region in
        // windows; the Pixel 8's portrait (taller) is drawn whole again, its landscape in windows.
        #expect(checks.whole == 2, "whole renders \(checks.whole)")
        #expect(checks.windows > 0, "windows \(checks.windows)")
        // The answers checked so are a search's of its own (its answer drawn whole) within T.
        let alone = try Self.run(try VectorLogo(data: data, name: "cover-sharing-bird-checks-alone.svg")).covers
        #expect(zip(covers, alone).allSatisfy { pair in
            guard let shared = pair.0.scale, let own = pair.1.scale else { return false }
            return abs(shared / own - 1) <= 0.001
        }, "\(covers.map(\.scale)) against \(alone.map(\.scale))")
    }

    @Test("abutting pieces (the outline covers, a seam does not): two screens disprove the profile, the next ones search as alone")
    func disprovedProfile() throws {
        // The pieces meet on the diagonal x + y = 130, overlapping by 0.01 unit, under a pixel at
        // these scales: the union (the profile) is the whole square, while along the diagonal
        // the antialiased pixels of the two edges show a seam below 255 at every scale.
        let logo = try Self.logo("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <path d="M0,0 H100 V30.01 L30.01,100 H0 Z" fill="#1b998b"/>
            <path d="M100,30 V100 H30 Z" fill="#1b998b"/>
            </svg>
            """, name: "cover-sharing-seam.svg")
        let session = CoverSearchSession(logo: logo, deadline: .none)
        let anchor = logo.documentBox.center
        #expect(session.profile(anchor: anchor, logoWidth: Self.options.logoWidth) != nil, "the outline gives a profile")
        let screens = Self.options.devices.flatMap { device in [false, true].map { (device, $0) } }
        for (index, (device, landscape)) in screens.enumerated() {
            let placement = Placement(
                documentSize: logo.documentSize, viewport: device.viewport(landscape: landscape), logoWidth: Self.options.logoWidth)
            let shared = try CoverScale.compute(
                logo: logo, placement: placement, anchor: .point(anchor), tolerance: 0.001, deadline: .none, session: session)
            let alone = try CoverScale.compute(logo: logo, placement: placement, anchor: .point(anchor))
            #expect(abs(shared.scale / alone.scale - 1) <= 0.001, "\(device.name) \(landscape): \(shared.scale) shared, \(alone.scale) alone")
            let renders = (shared.statistics.viewportRenders, alone.statistics.viewportRenders)
            if index < CoverSearchSession.disproofsToDrop {
                #expect(renders.0 > renders.1, "the profile's renders come on top of the grids': \(renders)")
            } else {
                #expect(renders.0 == renders.1, "\(device.name) \(landscape): \(renders)")
            }
        }
        #expect(session.profile(anchor: anchor, logoWidth: Self.options.logoWidth) == nil, "no longer offered")
    }

    @Test("tiles in clusters: a window per corner; more clusters than the cap, one window over all")
    func tileWindows() {
        func tile(_ x: Int, _ y: Int) -> PixelBox { PixelBox(x0: x * 64, y0: y * 64, x1: x * 64 + 64, y1: y * 64 + 64) }
        let corners = [tile(0, 0), tile(1, 0), tile(0, 1), tile(9, 0), tile(0, 19), tile(9, 19), tile(8, 18)]
        let windows = CairoCoverageSource.windows(of: corners)
        #expect(windows.map(\.window) == [
            PixelBox(x0: 0, y0: 0, x1: 128, y1: 128), PixelBox(x0: 576, y0: 0, x1: 640, y1: 64),
            PixelBox(x0: 0, y0: 1216, x1: 64, y1: 1280), PixelBox(x0: 512, y0: 1152, x1: 640, y1: 1280),
        ])
        #expect(windows.map(\.boxes.count) == [3, 1, 1, 2])
        let scattered = (0..<8).map { tile($0 * 2, $0 * 2) }
        let one = CairoCoverageSource.windows(of: scattered)
        #expect(one.count == 1 && one[0].window == PixelBox(x0: 0, y0: 0, x1: 960, y1: 960) && one[0].boxes.count == 8)
    }
}
