import Foundation
@testable import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// Where the repository's SampleLogos and the test fixtures are.
enum GeometryFixtures {
    static func sample(_ name: String) -> String { TestPaths.sample(name) }

    /// The simple-icons logos (CC0, see LICENSE.md beside them) whose centre is fully opaque.
    static var coverFolder: URL {
        get throws {
            let base = try #require(Bundle.module.resourceURL)
            return base.appendingPathComponent("Fixtures").appendingPathComponent("simple-icons-cover")
        }
    }

    static let coverIcons = [
        "analogue", "babylondotjs", "brenntag", "cairographics", "cyberdefenders", "dialogflow", "dotenv",
        "ebay", "elsevier", "excalidraw", "flat", "galaxus", "githubactions", "gridsome", "hubspot", "just",
        "kfc", "koreader", "leaflet", "lighthouse", "matrix", "metacritic", "mlb", "ovh", "phpmyadmin",
        "plausibleanalytics", "qwen",
    ]

    static let coverSamples = ["bird.svg", "glow.svg", "gradient.svg", "wordmark.svg"]

    static func path(ofCoverLogo name: String) throws -> String {
        if name.hasSuffix(".svg") { return sample(name) }
        return try coverFolder.appendingPathComponent(name + ".svg").path
    }
}

/// Renders the viewport of `placement` with the ordinary rasterizer (not the solver's buffers)
/// and counts pixels below 255.
func pixelsBelowFull(_ logo: VectorLogo, _ placement: Placement) throws -> Int {
    let image = try Rasterizer.image(
        of: logo, width: placement.viewport.pixelWidth, height: placement.viewport.pixelHeight,
        transform: placement.pixelTransform, coverageOnly: true)
    return image.bytes.withUnsafeBufferPointer { bytes in
        var below = 0
        for y in 0..<image.height {
            let row = y * image.stride
            for x in 0..<image.width where bytes[row + x] != 255 { below += 1 }
        }
        return below
    }
}

@Suite("Cover scale")
struct CoverTests {
    static let logos = GeometryFixtures.coverSamples + GeometryFixtures.coverIcons

    @Test("every viewport pixel is 255 at s and one is not at s(1-2T)", arguments: logos)
    func coverScaleIsTight(name: String) throws {
        let logo = try VectorLogo(contentsOf: try GeometryFixtures.path(ofCoverLogo: name))
        let viewport = try #require(Device.named("iPhone SE")).viewport()
        let t = 0.001
        let result = try CoverScale.compute(
            logo: logo, placement: Placement(documentSize: logo.documentSize, viewport: viewport), tolerance: t)
        #expect(result.scale.isFinite && result.scale > 0)
        #expect(result.scale / result.lowerBound <= 1 + t + 1e-12)
        #expect(try pixelsBelowFull(logo, result.placement) == 0, "\(name) at \(result.scale)")
        let below = result.placement.with(scale: result.scale * (1 - 2 * t))
        if logo.usesFilterEffects {
            // A filtered logo's cover scale is the one at which its picture covers (LogoDrawing):
            // the vectors cover there too (above), and a fresh search oracle does not just below.
            let oracle = try CairoCoverageSource(logo: logo, viewport: viewport, deadline: .none)
            #expect(try !oracle.viewportIsCovered(transform: below.pixelTransform, boxes: nil), "\(name) at \(below.scale)")
        } else {
            #expect(try pixelsBelowFull(logo, below) > 0, "\(name) at \(result.scale * (1 - 2 * t))")
        }
    }

    @Test("rotation, an off-centre logo and a landscape device are verified the same way")
    func rotatedAndMoved() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
        let t = 0.0005
        for (viewport, rotation, center) in [
            (Device.builtIn[1].viewport(landscape: true), -30.0, nil as Point?),
            (Viewport(width: 412, height: 915, density: 2.625), 15.0, Point(x: 150, y: 300)),
        ] {
            let placement = Placement(
                documentSize: logo.documentSize, viewport: viewport, logoWidth: 80, center: center,
                rotation: rotation * .pi / 180)
            let result = try CoverScale.compute(logo: logo, placement: placement, tolerance: t)
            #expect(try pixelsBelowFull(logo, result.placement) == 0)
            #expect(try pixelsBelowFull(logo, result.placement.with(scale: result.scale * (1 - 2 * t))) > 0)
        }
    }

    @Test("a ring's centre, forced, has no cover scale: exit status 3 and a message that says what to do; the default anchors on the band with a note")
    func ringHasNoCoverScale() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("ring.svg"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 393, height: 852, density: 3))
        let chosen = try CoverScale.compute(logo: logo, placement: placement)
        #expect(chosen.anchorChoice == .best && chosen.anchorWasSearched)
        let radius = ((chosen.anchor.x - 50) * (chosen.anchor.x - 50) + (chosen.anchor.y - 50) * (chosen.anchor.y - 50)).squareRoot()
        #expect(radius > 28 && radius < 45)
        #expect(chosen.anchorNote?.contains("the centre 50,50 is in a gap of the logo") == true)
        do {
            _ = try CoverScale.compute(logo: logo, placement: placement, anchor: .center)
            Issue.record("expected noCoverScale")
        } catch {
            #expect(error.exitStatus == 3)
            #expect(error.description.contains("anchor auto"))
            #expect(error.message(naming: { "--\($0)" }).contains("--anchor auto"))
            #expect(error.description.contains("fade"))
        }
    }

    @Test("two halves abutting at the centre: the centre covers 750 px across (the seam on a pixel boundary), not 1179; one anchor for both screens, off the seam, verified by pixels; the manifest's screens all covered")
    func seamThroughTheCentre() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("halves.svg")
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
              <rect width="50" height="100" fill="#1d9bf0"/><rect x="50" width="50" height="100" fill="#1d9bf0"/>
            </svg>
            """.utf8).write(to: file)
        let logo = try VectorLogo(contentsOf: file.path)
        let even = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 375, height: 667, density: 2))
        let odd = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 393, height: 852, density: 3))
        // Each screen alone: the centre on the even one, another point on the odd one.
        #expect(try CoverScale.compute(logo: logo, placement: even).anchorChoice == .center)
        let alone = try CoverScale.compute(logo: logo, placement: odd)
        #expect(alone.anchorChoice == .best && alone.anchor.x != 50)
        // Together: the centre covered the first and not the second, so both are drawn about the second's best point.
        let results = CoverScale.compute(logo: logo, placements: [even, odd])
        let found = try results.map { try $0.get() }
        #expect(found.count == 2 && found.allSatisfy { $0.anchor == alone.anchor && $0.anchorChoice == .best })
        #expect(found[0].anchorNote?.contains("is not fully opaque on 393x852@3") == true, "\(found[0].anchorNote ?? "no note")")
        for result in found {
            #expect(try pixelsBelowFull(logo, result.placement) == 0, "\(result.placement.viewport) at \(result.scale)")
        }
        // assets: every screen of every device has a scale (the centre alone left iPhone 15 and Pixel 8 portrait without).
        let options = AssetOptions(platforms: [.ios], logoWidth: 100, devices: Device.builtIn, stillPreset: nil)
        let (covers, anchor) = AssetGenerator.coverScales(logo: logo, options: options, deadline: .none)
        #expect(covers.count == 2 * Device.builtIn.count && covers.allSatisfy { $0.scale != nil && $0.note == nil }, "\(covers)")
        #expect(anchor.chosen == .best && anchor.note != nil)
    }

    @Test("of near ties on the first screen, the anchor that serves the screen turned: platformdotsh's twelve screens need half the scale")
    func nearTiesServeTheTurnedScreen() throws {
        // platformdotsh (simple-icons, CC0): a bar along the top; on a portrait phone the height sets
        // the scale for any anchor along it, and the scan met the bar's left end first (x 2.1:
        // 16.79x portrait, 33.17x landscape, 444.6 over the twelve built-in screens).
        let logo = try VectorLogo(contentsOf: try GeometryFixtures.path(ofCoverLogo: "platformdotsh"))
        let placements = Device.builtIn.flatMap { device in
            [false, true].map { Placement(documentSize: logo.documentSize, viewport: device.viewport(landscape: $0)) }
        }
        let found = try CoverScale.compute(logo: logo, placements: placements).map { try $0.get() }
        #expect(found.count == 12 && found.allSatisfy { $0.anchorChoice == .best && $0.anchor == found[0].anchor })
        // The first screen's scale stays within the tie (0.5 %) of the best found there.
        #expect(abs(found[0].scale - 16.789) / 16.789 < 0.005, "\(found[0].scale)")
        #expect(found[1].scale < 11, "landscape \(found[1].scale)x (33.17x about the bar's end)")
        let total = found.reduce(0) { $0 + $1.scale }
        #expect(total < 240, "\(total) over the twelve screens (444.6 about the bar's end)")
        for result in found.prefix(2) {
            #expect(try pixelsBelowFull(logo, result.placement) == 0, "\(result.placement.viewport) at \(result.scale)")
        }
    }

    @Test("--anchor auto puts the ring's anchor on its band with a finite, verified scale")
    func ringAutoAnchor() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("ring.svg"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 393, height: 852, density: 3))
        let result = try CoverScale.compute(logo: logo, placement: placement, anchor: .automatic)
        #expect(result.anchorWasSearched)
        #expect(result.scale.isFinite)
        let radius = result.anchor.distance(to: Point(x: 50, y: 50))
        #expect(radius > 28 && radius < 45, "anchor \(result.anchor) is \(radius) from the centre")
        #expect(try pixelsBelowFull(logo, result.placement) == 0)
    }

    @Test("the Y's notch has no cover scale about the centre, forced; auto finds one inside an arm")
    func yMark() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("y-mark.svg"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 375, height: 667, density: 2))
        #expect(throws: LogoMaskError.self) { try CoverScale.compute(logo: logo, placement: placement, anchor: .center) }
        let result = try CoverScale.compute(logo: logo, placement: placement, anchor: .automatic)
        #expect(try pixelsBelowFull(logo, result.placement) == 0)
    }

    @Test("--anchor auto is never worse than the centre", arguments: ["bird.svg", "babylondotjs", "matrix", "leaflet"])
    func autoNotWorse(name: String) throws {
        let logo = try VectorLogo(contentsOf: try GeometryFixtures.path(ofCoverLogo: name))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 375, height: 667, density: 2))
        let centre = try CoverScale.compute(logo: logo, placement: placement)
        let auto = try CoverScale.compute(logo: logo, placement: placement, anchor: .automatic)
        #expect(auto.scale <= centre.scale)
        #expect(try pixelsBelowFull(logo, auto.placement) == 0)
    }

    @Test("bad requests are usage errors")
    func badRequests() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 375, height: 667))
        #expect(throws: LogoMaskError.self) { try CoverScale.compute(logo: logo, placement: placement, tolerance: 0) }
        var zero = placement
        zero.logoWidth = 0
        #expect(throws: LogoMaskError.self) { try CoverScale.compute(logo: logo, placement: zero) }
    }
}
