import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// Logos with filter effects: librsvg computes a filter over its whole region at the resolution
/// asked for, whatever part of the image is drawn.
@Suite("Filtered logos")
struct FilteredLogoTests {
    @Test("glow.svg's alpha-tight box is measured from one render, not from zoomed refinements (which failed with InvalidSize)")
    func alphaTightWithoutZoom() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("glow.svg"))
        #expect(logo.usesFilterEffects)
        let bounds = try AlphaBounds.alphaTight(of: logo)
        #expect(bounds.refinedResolution == bounds.resolution)
        // The glow reaches past the star (21.47...78.53 by 20...74.27) on every side, and stays
        // inside the filter region (-40% of the star's box).
        let star = Rect(x: 21.47, y: 20, width: 57.06, height: 54.27)
        #expect(bounds.rect.minX < star.minX && bounds.rect.minY < star.minY)
        #expect(bounds.rect.maxX > star.maxX && bounds.rect.maxY > star.maxY)
        #expect(bounds.rect.minX > 0 && bounds.rect.maxX < 100 && bounds.rect.maxY < 100)
    }

    @Test("a filtered logo's PNG is drawn in strips of up to 256 MiB (each strip pays for the whole filter)")
    func filteredStrips() {
        #expect(PNGWriter.filteredRowsPerStrip(height: 4096, stride: 4096 * 4) == 4096)
        #expect(PNGWriter.filteredRowsPerStrip(height: 8192, stride: 8192 * 4) == 8192)
        #expect(PNGWriter.filteredRowsPerStrip(height: 16384, stride: 16384 * 4) == 4096)
        #expect(PNGWriter.filteredRowsPerStrip(height: 100_000, stride: 400) == 8192)
        #expect(PNGWriter.filteredRowsPerStrip(height: 1, stride: 1 << 30) == 1)
    }
}
