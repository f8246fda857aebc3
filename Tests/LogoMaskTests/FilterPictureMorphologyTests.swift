import FoundationEssentials
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// The deadline case of a morphology (issue 24, found on Deepin's bloom app icons, held out of
/// the tests' set): librsvg's `feMorphology` costs the square of its radius per pixel, so a
/// picture at the filters' usual 2048 px took a dilate of 4 units a minute (deepin-album:
/// rsvg-convert 0.9 s at 512 px, 62 s at 2048; its cover 35 s, its Lottie past the 60 s
/// deadline). A logo with a morphology gets its pictures where the radius spans
/// ``FilterPicture/morphologyPixels`` (not below a 512-px side).
///
/// Nested in ``FilteredLogoTests``, whose serialization it shares: it reads the process-wide
/// picture log.
extension FilteredLogoTests {
    @Suite("Filter pictures of a morphology")
    struct FilterPictureMorphologyTests {
        /// A 512-unit card with a dilated, blurred shadow (the Sketch export Deepin's icons use).
        static let card = """
            <svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
              <defs>
                <filter id="shadow" x="-10%" y="-10%" width="120%" height="120%">
                  <feMorphology in="SourceAlpha" operator="dilate" radius="4" result="spread"/>
                  <feGaussianBlur in="spread" stdDeviation="4" result="blur"/>
                  <feColorMatrix in="blur" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.2 0"/>
                </filter>
              </defs>
              <rect x="40" y="60" width="432" height="380" rx="48" filter="url(#shadow)"/>
              <rect x="40" y="60" width="432" height="380" rx="48" fill="#E05030"/>
            </svg>
            """

        @Test("The largest radius is read from the text: one or two numbers, either quote; none without a morphology")
        func radiusScan() {
            let text = #"<svg><filter><feMorphology in="SourceAlpha" operator="dilate" radius="4 2.5"/><feMorphology radius='16.5' /></filter></svg>"#
            #expect(FilterPicture.largestMorphologyRadius(in: Data(text.utf8)) == 16.5)
            #expect(FilterPicture.largestMorphologyRadius(in: Data(Self.card.utf8)) == 4)
            #expect(FilterPicture.largestMorphologyRadius(in: Data(#"<svg><feGaussianBlur stdDeviation="4"/></svg>"#.utf8)) == nil)
        }

        @Test("The picture scale: 2048 px without a morphology; 4 px a radius with one, not below 512 px; a small radius keeps 2048")
        func pictureScale() {
            let region = Rect(x: -20, y: 0, width: 555, height: 513)
            #expect(abs(FilterPicture.scale(for: region) - 2048.0 / 555) < 1e-12)
            #expect(abs(FilterPicture.scale(for: region, morphologyRadius: 4) - 1) < 1e-12)
            #expect(abs(FilterPicture.scale(for: region, morphologyRadius: 16.5) - 512.0 / 555) < 1e-12)
            #expect(abs(FilterPicture.scale(for: region, morphologyRadius: 0.5) - 2048.0 / 555) < 1e-12)
        }

        @Test("A dilated card's cover search on an iPhone 15 paints pictures of at most 1 px a unit (about 600 px), not 2048")
        func coverPicturesFollowTheRadius() throws {
            let logo = try VectorLogo(data: Data(Self.card.utf8), name: "morphology-card.svg")
            #expect(logo.usesFilterEffects)
            let viewport = try #require(Device.named("iPhone 15")).viewport()
            var result: CoverScaleResult?
            let pictures = try FilterPictureCache.drawLog.watching(logo.name) {
                result = try CoverScale.compute(logo: logo, placement: Placement(documentSize: logo.documentSize, viewport: viewport))
            }
            let cover = try #require(result)
            #expect(cover.scale > 1 && cover.scale < 100, "\(cover.scale)")
            // The region: the ink within the document, grown by a tenth of its side (51.2 units).
            let region = try #require(FilterPicture.region(of: logo))
            let side = max(region.width, region.height)
            #expect(!pictures.isEmpty, "no picture drawn")
            #expect(pictures.allSatisfy { max($0.width, $0.height) <= side.rounded(.up) + 2 }, "\(pictures) for a \(side)-unit region")
        }
    }
}
