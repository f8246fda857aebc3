import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// `assets` searches the cover scale on every device and orientation; the searches share one
/// parsed logo and the first coverage grid (the ink box at 1024 pixels, the same whatever the
/// density and orientation), so that grid is drawn once per run, not once per screen, and the
/// answers are the ones each search finds alone.
@Suite("Cover sharing")
struct CoverSharingTests {
    @Test("assets' cover scales on 2 devices x 2 orientations: 4 searches, 4 grids drawn where 7 were, the first read 3 times, the same scales as searches of their own")
    func assetsShareTheFirstGrid() throws {
        // A name of its own: the grid log is keyed by file, and other suites run beside this one.
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("bird.svg")))
        let logo = try VectorLogo(data: data, name: "cover-sharing-bird.svg")
        let devices = try ["iPhone SE", "Pixel 8"].map { try #require(Device.named($0)) }
        let options = AssetOptions(platforms: [.ios, .android], devices: devices)
        CairoCoverageSource.gridLog.withLock { $0 = [:] }
        let (covers, anchor) = AssetGenerator.coverScales(logo: logo, options: options, deadline: .none)
        let log = CairoCoverageSource.gridLog.withLock { log in
            defer { log = nil }
            return log?[logo.name]
        }
        let counts = try #require(log, "no grid was drawn")
        #expect(covers.count == 4)
        #expect(counts.reused == 3, "grids read again: \(counts.reused)")
        #expect(counts.drawn == 4, "grids drawn: \(counts.drawn)")
        for (cover, (device, landscape)) in zip(covers, devices.flatMap { d in [(d, false), (d, true)] }) {
            let placement = Placement(
                documentSize: logo.documentSize, viewport: device.viewport(landscape: landscape), logoWidth: options.logoWidth)
            let alone = try CoverScale.compute(logo: logo, placement: placement, anchor: .point(anchor.point))
            #expect(cover.scale == alone.scale, "\(device.name) \(landscape ? "landscape" : "portrait"): \(String(describing: cover.scale)) shared, \(alone.scale) alone")
        }
    }
}
