import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// The radial profile measured on the outline's opaque shapes (gradients with opaque stops,
/// opaque strokes, translucent shapes left out) instead of 5 to 14 pixel grids of 4096^2: the
/// cost `cover --json` and `code` paid on every Tango and most Breeze logos.
///
/// Tolerances: radii are in points with the document drawn 100 points wide (k = 1 for the
/// 100-unit test documents). The stroke region keeps half the width less width/128 about a
/// centre line flattened to width/128 (a chord of a curve lies up to that inside it), and the
/// profile lowers radii by 1e-4 of themselves: a radius is at most width/64 + 1e-4 r below the
/// true edge (0.1 pt for a 6-unit pen at 33) and never above it. Against the cover search (pixels, tolerance 0.001), the profile's
/// cover scale must be no more than 0.05 % below it and within 0.5 % above it, the bounds
/// `RevealCodeTests` holds the generated code to.
@Suite("Opaque outline profile")
struct OpaqueOutlineProfileTests {
    /// The gradients and clip the cases below paint with.
    static let defs = """
              <linearGradient id="opaque" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stop-color="#123456"/><stop offset="1" stop-color="#abcdef"/>
              </linearGradient>
              <linearGradient id="mixed" x1="0" y1="0" x2="1" y2="1" spreadMethod="reflect">
                <stop offset="0" stop-color="#123456"/><stop offset="1" stop-color="#abcdef" stop-opacity="0.5"/>
              </linearGradient>
              <clipPath id="clip"><rect x="0" y="0" width="60" height="100"/></clipPath>
            """

    /// A 100 x 100 document of `body` over `defs`.
    static func logo(_ body: String, defs: String = defs) throws -> VectorLogo {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <defs>
            \(defs)
            </defs>
            \(body)
            </svg>
            """
        return try VectorLogo(data: Data(svg.utf8), name: "test.svg")
    }

    static func profile(_ logo: VectorLogo) throws -> RadialProfile? {
        try RadialProfile.measureFromOutline(
            logo: logo, logoWidth: 100, anchor: Point(x: 50, y: 50), directionCount: RadialProfile.defaultDirectionCount)
    }

    /// The radius of the bin holding `degrees` (clockwise from +x, y down).
    static func radius(_ profile: RadialProfile, degrees: Double) -> Double {
        profile.radii[Int(degrees / 360 * Double(profile.directionCount)) % profile.directionCount]
    }

    @Test("a gradient square with an opaque miter stroke, under a larger translucent disc: radii reach the stroke's outer edge and its miter corner, not the disc")
    func gradientStrokeAndHighlight() throws {
        let logo = try Self.logo("""
            <rect x="20" y="20" width="60" height="60" fill="url(#opaque)" stroke="#000" stroke-width="4"/>
            <circle cx="50" cy="50" r="45" fill="#fff" fill-opacity="0.5"/>
            """)
        // Off the centre: a ray from the centre through a corner vertex is one the ray caster
        // (MaskGeometry) cannot cast on either side of, on a bin's edge; the plain flat square
        // falls back on pixels there too.
        let anchor = Point(x: 51, y: 50.5)
        let profile = try #require(try RadialProfile.measureFromOutline(
            logo: logo, logoWidth: 100, anchor: anchor, directionCount: RadialProfile.defaultDirectionCount))
        // Sides: the stroke's outer edge, 2 past the square's.
        for (degrees, edge) in [(0.0, 31.0), (90, 31.5), (180, 33), (270, 32.5)] {
            let r = Self.radius(profile, degrees: degrees)
            #expect(r <= edge && r > edge - 0.05, "side at \(degrees): \(r), edge \(edge)")
        }
        // The farthest point is the miter tip at (18, 18), sqrt(33^2 + 32.5^2) = 46.32 away (a
        // bevel would stop 1.4 short of it).
        let far = profile.radii.max()!
        #expect(far <= 46.32 && far > 46.2, "farthest: \(far)")
    }

    @Test("a round-joined, round-capped open stroke around an opaque disc: radius 30 + 3 in every direction it covers")
    func roundStroke() throws {
        let logo = try Self.logo("""
            <circle cx="50" cy="50" r="30" fill="#1b998b"/>
            <path d="M 80 50 A 30 30 0 1 1 50 20" fill="none" stroke="url(#opaque)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
            """)
        let profile = try #require(try Self.profile(logo))
        // The arc runs from 0 degrees clockwise (y down) through 270 to 270; the quarter from
        // 270 to 360 has no stroke, the round caps reach 3 pt past each end.
        for degrees in stride(from: 10.0, through: 260, by: 25) {
            let r = Self.radius(profile, degrees: degrees)
            #expect(r <= 33 && r > 32.85, "at \(degrees): \(r)")
        }
        let open = Self.radius(profile, degrees: 315)
        #expect(abs(open - 30) < 0.05, "no stroke at 315: \(open)")
    }

    @Test("the outline cannot give the opaque part: dashes, a gradient mixing opaque and translucent stops that repeats mirrored, a clip on an opaque shape, a filter")
    func fallsBackToPixels() throws {
        let cases = [
            ##"<rect x="20" y="20" width="60" height="60" fill="#000" stroke="#000" stroke-width="4" stroke-dasharray="3 2"/>"##,
            ##"<rect x="20" y="20" width="60" height="60" fill="url(#mixed)"/>"##,
            ##"<rect x="20" y="20" width="60" height="60" fill="#000" clip-path="url(#clip)"/>"##,
            ##"<filter id="f"><feGaussianBlur stdDeviation="2"/></filter><rect x="20" y="20" width="60" height="60" fill="#000" filter="url(#f)"/>"##,
        ]
        for body in cases {
            #expect(try Self.profile(Self.logo(body)) == nil, "\(body)")
        }
        // Translucent shapes only: no opaque region to measure.
        #expect(try Self.profile(Self.logo(##"<rect x="20" y="20" width="60" height="60" fill="url(#opaque)" opacity="0.5"/>"##)) == nil)
    }

    @Test("a real Tango and a Papirus logo with gradients, strokes and highlights: measured on the outline, and its cover scale on an iPhone 15 agrees with the pixel search")
    func realLogosAgreeWithTheSearch() throws {
        // Two logos: the rays over thousands of stroke pieces are slow in a debug build.
        let names = ["tango/accessories-calculator.svg", "papirus/thunderbird.svg"]
        for name in names {
            let path = try #require(TestPaths.realWorldLogos.first { $0.hasSuffix(name) }, "\(name) is missing from the real-world set")
            let logo = try VectorLogo(contentsOf: path)
            let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 393, height: 852, density: 1), logoWidth: 100)
            let search = try CoverScale.compute(logo: logo, placement: placement)
            let profile = try #require(
                try RadialProfile.measureFromOutline(
                    logo: logo, logoWidth: 100, anchor: search.anchor, directionCount: RadialProfile.defaultDirectionCount),
                "\(name): not measured on its outline")
            let fromProfile = profile.coverScale(
                windowWidth: 393, windowHeight: 852, anchor: search.placement.anchorInPoints, rotation: 0)
            #expect(fromProfile >= search.scale * (1 - 0.0005) && fromProfile <= search.scale * 1.005,
                    "\(name): profile \(fromProfile), search \(search.scale)")
        }
    }
}
