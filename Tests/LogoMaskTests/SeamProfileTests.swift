import Foundation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The profile the generated code and the web overlay compute their cover scale from, on a logo
/// whose shapes abut: its outline is one solid, its pixels leave antialiased seams the hole must
/// push off the screen.
@Suite("Radial profile over seams")
struct SeamProfileTests {
    @Test("google-chrome (Papirus, four abutting shapes): the code's profile covers an iPhone 15 no sooner than the pixels do (19.46, where the outline alone said 10.87)")
    func profileSeesSeams() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("papirus/google-chrome.svg").path
        let logo = try VectorLogo(contentsOf: path)
        let device = try #require(Device.named("iPhone 15"))
        let scene = try RevealScene(logo: logo, spec: RevealPreset.twitter.spec, settings: RevealSettings(viewport: device.viewport()))
        let cover = try #require(scene.cover)
        #expect(cover.scale > 19.4 && cover.scale < 19.5, "the pixels' cover \(cover.scale)")
        let bundle = try RevealCode.swift(scene)
        let profile = try #require(bundle.profile)
        let size = scene.placement.viewport.size
        let runtime = profile.coverScale(
            windowWidth: size.width, windowHeight: size.height, anchor: scene.placement.anchorInPoints, rotation: 0)
        // At least the pixels' answer (within the search's 0.1 %), and not far past it.
        #expect(runtime >= cover.scale * 0.999 && runtime < cover.scale * 1.1, "the code covers at \(runtime), the pixels at \(cover.scale)")
    }
}

extension SeamProfileTests {
    @Test("cover --json on google-chrome: the radial profile it reports covers the iPhone 15 no sooner than the row's pixel search")
    func coverReportSeesSeams() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("papirus/google-chrome.svg").path
        let run = try CLI.run(["cover", path, "--device", "iPhone 15", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(CoverReport.self, from: Data(run.stdout.utf8))
        let row = try #require(report.results.first)
        let radii = try #require(report.radialProfile?.radii)
        let profile = RadialProfile(radii: radii, anchorOffset: .zero, tolerance: 0)
        let runtime = profile.coverScale(
            windowWidth: row.viewport.size.width, windowHeight: row.viewport.size.height, anchor: row.anchorInPoints, rotation: 0)
        #expect(runtime >= row.scale * 0.999 && runtime < row.scale * 1.1, "the profile covers at \(runtime), the pixels at \(row.scale)")
    }
}
