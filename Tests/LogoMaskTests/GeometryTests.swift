import Foundation
import LogoMask
import MaskGeometry
import Testing

@Suite("Bounds and devices")
struct GeometryTests {
    static func svg(_ body: String, width: Double = 100, height: Double = 100) throws -> VectorLogo {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\(body)</svg>"
        return try VectorLogo(data: Data(text.utf8), name: "inline.svg")
    }

    @Test("alpha-tight bounds of a rectangle are its edges, to the refined resolution")
    func rectangle() throws {
        let logo = try Self.svg("<rect x=\"10.3\" y=\"20.7\" width=\"50.25\" height=\"30.5\" fill=\"#000\"/>")
        let bounds = try AlphaBounds.alphaTight(of: logo)
        #expect(bounds.resolution >= 4096 / 55.0)
        #expect(bounds.refinedResolution > bounds.resolution * 100)  // straight edges too: refined in pieces
        let slack = 2 / bounds.refinedResolution + 1e-4  // Cairo keeps paths to 1/256 of a recording unit
        #expect(abs(bounds.rect.minX - 10.3) < slack)
        #expect(abs(bounds.rect.minY - 20.7) < slack)
        #expect(abs(bounds.rect.maxX - 60.55) < slack)
        #expect(abs(bounds.rect.maxY - 51.2) < slack)
    }

    @Test("under a quarter turn about the centre the box turns with the logo; under scale it scales")
    func transformed() throws {
        let logo = try Self.svg("<rect x=\"10\" y=\"40\" width=\"80\" height=\"20\" fill=\"#000\"/>")
        let turn = Transform.scaleRotate(scale: 1, radians: .pi / 2, about: Point(x: 50, y: 50))
        let measured = try AlphaBounds.alphaTight(of: logo, transform: turn)
        let turned = measured.rect
        let slack = 1.5 / measured.refinedResolution + 1e-4
        #expect(abs(turned.minX - 40) < slack && abs(turned.maxX - 60) < slack)
        #expect(abs(turned.minY - 10) < slack && abs(turned.maxY - 90) < slack)
        let grown = try AlphaBounds.alphaTight(of: logo, transform: .scaleRotate(scale: 3, about: Point(x: 50, y: 50))).rect
        #expect(abs(grown.minX - (-70)) < 6e-3 && abs(grown.width - 240) < 1.2e-2)
        // A turned rectangle's tight box is smaller than its ink box turned.
        let diagonal = Transform.scaleRotate(scale: 1, radians: .pi / 4, about: Point(x: 50, y: 50))
        let tight = try AlphaBounds.alphaTight(of: logo, transform: diagonal).rect
        let expected = (80 + 20) / 2.0.squareRoot()
        #expect(abs(tight.width - expected) < 1e-2 && abs(tight.height - expected) < 1e-2)
    }

    @Test("the ring sample's tight box is its outer circle")
    func ring() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("ring.svg"))
        let rect = try AlphaBounds.alphaTight(of: logo).rect
        for (value, target) in [(rect.minX, 5.0), (rect.minY, 5.0), (rect.maxX, 95.0), (rect.maxY, 95.0)] {
            #expect(abs(value - target) < 2e-3, "\(rect)")
        }
    }

    @Test("Android 12: a circle fits when its radius is within a third of the box", arguments: [20.0, 33.0, 34.0, 45.0])
    func android(radius: Double) throws {
        let logo = try Self.svg("<circle cx=\"50\" cy=\"50\" r=\"\(radius)\" fill=\"#000\"/>")
        let check = try AlphaBounds.androidSplash(of: logo)
        #expect(abs(check.safeRadius - 100.0 / 3) < 1e-9)
        // An upper bound: a pixel's diagonal at the measured resolution, plus the outward bulge of
        // the four Béziers that draw a circle (2.7e-4 of the radius).
        let slack = 2.0.squareRoot() / check.resolution + 3e-4 * radius
        #expect(check.inkRadius >= radius - 1e-3 && check.inkRadius <= radius + slack, "\(check.inkRadius)")
        #expect(check.fits == (radius < 100.0 / 3))
        #expect(abs(check.ratio - radius / (100.0 / 3)) <= slack / (100.0 / 3))
    }

    @Test("the built-in devices and --landscape")
    func devices() throws {
        #expect(Device.builtIn.count >= 6)
        let se = try #require(Device.named("iphone-se"))
        #expect(se.viewport() == Viewport(width: 375, height: 667, density: 2))
        #expect(se.viewport(landscape: true) == Viewport(width: 667, height: 375, density: 2))
        let pixel = try #require(Device.named("Pixel 8"))
        #expect(pixel.viewport().pixelWidth == 1082 && pixel.viewport().pixelHeight == 2402)
        #expect(Device.named("iPad Pro 12.9\"") != nil && Device.named("ipadpro12.9") != nil)
        #expect(Device.named("Nokia 3310") == nil)
        for name in ["iPhone 15", "iPhone 15 Pro Max", "Galaxy S24"] { #expect(Device.named(name) != nil) }
    }
}
