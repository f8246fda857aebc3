import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// The radial profile of shapes painted with a gradient that mixes opaque and translucent
/// stops (Tango's highlights: opaque white fading out), measured on the outline where the
/// gradient is opaque instead of on 5 to 14 pixel grids of 4096^2.
///
/// Tolerances: the synthetic documents are 100 units drawn 100 points wide (k = 1); straight
/// edges and strips are exact up to the profile's lowering of every radius by 1e-4 of itself,
/// and a radial gradient's disc is an inscribed 1024-gon (4.7e-6 of its radius inside).
@Suite("Mixed gradient profile")
struct MixedGradientProfileTests {
    /// The gradients the cases below paint with.
    static let defs = """
              <linearGradient id="half" x1="0" y1="0" x2="1" y2="0">
                <stop offset="0" stop-color="#204a87"/><stop offset="0.5" stop-color="#729fcf"/>
                <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
              </linearGradient>
              <radialGradient id="core" cx="0.5" cy="0.5" r="0.5">
                <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#ffffff"/>
                <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
              </radialGradient>
              <radialGradient id="rim" cx="0.5" cy="0.5" r="0.5">
                <stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ef2929"/>
              </radialGradient>
              <linearGradient id="reflected" href="#half" spreadMethod="reflect"/>
            """

    static func logo(_ body: String) throws -> VectorLogo {
        try OpaqueOutlineProfileTests.logo(body, defs: defs)
    }

    static func profile(_ logo: VectorLogo, anchor: Point) throws -> RadialProfile? {
        try RadialProfile.measureFromOutline(
            logo: logo, logoWidth: 100, anchor: anchor, directionCount: RadialProfile.defaultDirectionCount)
    }

    static func radius(_ profile: RadialProfile, degrees: Double) -> Double {
        OpaqueOutlineProfileTests.radius(profile, degrees: degrees)
    }

    @Test("a square whose linear gradient fades out past its middle: opaque up to x = 50, exactly")
    func linearStrip() throws {
        let logo = try Self.logo(##"<rect x="20" y="20" width="60" height="60" fill="url(#half)"/>"##)
        let profile = try #require(try Self.profile(logo, anchor: Point(x: 35, y: 40)))
        // Right: the gradient's offset 0.5 at x = 50; left: the square at x = 20; down and up: y = 80, 20.
        for (degrees, edge) in [(0.0, 15.0), (180, 15), (90, 40), (270, 20)] {
            let r = Self.radius(profile, degrees: degrees)
            #expect(r <= edge && r > edge * (1 - 2e-4), "at \(degrees): \(r), edge \(edge)")
        }
    }

    @Test("radial gradients: an opaque core of half the radius, and an opaque rim around a fading centre")
    func radialDiscAndRing() throws {
        let core = try #require(try Self.profile(
            Self.logo(##"<circle cx="50" cy="50" r="40" fill="url(#core)"/>"##), anchor: Point(x: 50, y: 50)))
        #expect(core.radii.allSatisfy { $0 <= 20 && $0 > 20 * (1 - 2e-4) }, "core: \(core.radii.min()!)...\(core.radii.max()!)")
        // The rim: opaque from offset 0.5 (radius 20) out to the circle (40); from (80, 50) the
        // ray to the right leaves the circle at 10, the ray to the left enters the hole at 10.
        let rim = try #require(try Self.profile(
            Self.logo(##"<circle cx="50" cy="50" r="40" fill="url(#rim)"/>"##), anchor: Point(x: 80, y: 50)))
        for degrees in [0.0, 180] {
            let r = Self.radius(rim, degrees: degrees)
            #expect(r <= 10 && r > 10 * (1 - 2e-4) - 1e-4, "rim at \(degrees): \(r)")
        }
        // The anchor in the fading centre is not inside the opaque part.
        #expect(try Self.profile(Self.logo(##"<circle cx="50" cy="50" r="40" fill="url(#rim)"/>"##), anchor: Point(x: 50, y: 50)) == nil)
    }

    @Test("a mixed gradient that repeats mirrored still falls back on pixels")
    func reflectFallsBack() throws {
        let logo = try Self.logo(##"<rect x="20" y="20" width="60" height="60" fill="url(#reflected)"/>"##)
        #expect(try Self.profile(logo, anchor: Point(x: 35, y: 40)) == nil)
    }

    @Test("a Tango logo with opaque-to-transparent highlights: measured on the outline, its cover scale on an iPhone 15 agrees with the pixel search and the pixel profile")
    func tangoAgreesWithPixels() throws {
        let name = "tango/system-file-manager.svg"
        let path = try #require(TestPaths.realWorldLogos.first { $0.hasSuffix(name) }, "\(name) is missing from the real-world set")
        let logo = try VectorLogo(contentsOf: path)
        let outline = try logo.outline
        #expect(outline.shapes.contains { RadialProfile.opaqueEverywhere($0.paint) == nil }, "\(name) has no mixed gradient")
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 393, height: 852, density: 1), logoWidth: 100)
        let search = try CoverScale.compute(logo: logo, placement: placement)
        let profile = try #require(
            try RadialProfile.measureFromOutline(
                logo: logo, logoWidth: 100, anchor: search.anchor, directionCount: RadialProfile.defaultDirectionCount),
            "\(name): not measured on its outline")
        let fromProfile = profile.coverScale(windowWidth: 393, windowHeight: 852, anchor: search.placement.anchorInPoints, rotation: 0)
        #expect(fromProfile >= search.scale * (1 - 0.0005) && fromProfile <= search.scale * 1.005,
                "\(name): profile \(fromProfile), search \(search.scale)")
        // The pixel profile (grids of 1024 here, to stay fast) reaches no less far in any bin
        // than its pixel error allows.
        let pixels = try RadialProfile.measureFromPixels(
            logo: logo, logoWidth: 100, anchor: search.anchor, directionCount: RadialProfile.defaultDirectionCount, gridSize: 1024)
        // A pixel of a 1024 grid is at most 4/1024 of its distance from the anchor (its
        // diagonal 0.55 %), or the finest grid's pixel near the anchor.
        let excess = zip(profile.radii, pixels.radii).map { exact, pixel in exact - pixel * 1.0056 - pixels.tolerance }.max() ?? 0
        #expect(excess <= 0, "\(name): an exact radius exceeds the pixel one by \(excess) pt more than a pixel")
        let fromPixels = pixels.coverScale(windowWidth: 393, windowHeight: 852, anchor: search.placement.anchorInPoints, rotation: 0)
        #expect(abs(fromProfile / fromPixels - 1) < 0.005, "\(name): exact \(fromProfile), pixels \(fromPixels)")
    }
}
