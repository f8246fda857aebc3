import Foundation
import LogoMask
import MaskGeometry
import Testing

@Suite("Masks and holes")
struct MasksTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logo-mask-masks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Alpha statistics of two same-size images: largest difference, mean difference, and the
    /// number of partly transparent (edge) pixels in each.
    static func compareAlpha(_ a: RasterImage, _ b: RasterImage) -> (max: Int, mean: Double, edgeA: Int, edgeB: Int) {
        var maxDiff = 0, total = 0, edgeA = 0, edgeB = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = Int(a.alpha(x: x, y: y)), q = Int(b.alpha(x: x, y: y))
                maxDiff = max(maxDiff, abs(p - q))
                total += abs(p - q)
                if p > 0 && p < 255 { edgeA += 1 }
                if q > 0 && q < 255 { edgeB += 1 }
            }
        }
        return (maxDiff, Double(total) / Double(a.width * a.height), edgeA, edgeB)
    }

    @Test("the PDF and SVG holes are vector: rendered at 4x their edges are as sharp as the PNG drawn at 4x", arguments: ["pdf", "svg"])
    func vectorHoleIsSharp(format: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
        let navy = try #require(RGBAColor(parsing: "navy"))
        // A small page keeps the test fast; the logo is enlarged so its edge is long.
        let page = Viewport(width: 200, height: 180, density: 1)
        let placement = Placement(documentSize: logo.documentSize, viewport: page, scale: 1.7, rotation: 0.3)
        let path = folder.appendingPathComponent("hole.\(format)").path
        let result = try VectorHole.write(
            of: logo, placement: placement, background: .color(navy), format: format == "pdf" ? .pdf : .svg, to: path)
        #expect(!result.rasterFallback)
        #expect(result.shapeCount == 1)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let text = String(decoding: bytes, as: UTF8.self)
        if format == "pdf" {
            #expect(!text.contains("/Image"), "the PDF holds an image XObject")
            #expect(text.contains("/Luminosity"))
        } else {
            #expect(!text.contains("<image"))
            #expect(text.contains("<mask"))
        }
        // Poppler (PDF) or librsvg (SVG) draws the document at 4x; the PNG hole is drawn at 4x directly.
        let reread = try VectorLogo(contentsOf: path)
        let fromVector = try Rasterizer.image(of: reread, size: .scale(4))
        var direct = placement
        direct.viewport.density = 4
        let fromPNG = try LogoMasks.holeImage(of: logo, placement: direct, background: navy)
        #expect(fromVector.width == fromPNG.width && fromVector.height == fromPNG.height)
        let stats = Self.compareAlpha(fromVector, fromPNG)
        #expect(stats.edgeA > 100)
        #expect(Double(stats.edgeA) <= Double(stats.edgeB) * 1.1 + 10, "vector edge pixels \(stats.edgeA) vs PNG \(stats.edgeB)")
        #expect(stats.mean < 0.5, "mean alpha difference \(stats.mean)")
        #expect(stats.max <= 64, "largest alpha difference \(stats.max)")
        if format == "pdf", let pdfimages = ["/usr/bin/pdfimages", "/usr/local/bin/pdfimages"].first(where: FileManager.default.isExecutableFile) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: pdfimages)
            process.arguments = ["-list", path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(listing.split(separator: "\n").count == 2, "pdfimages lists images:\n\(listing)")
        }
    }

    @Test("vector holes are deterministic, and a logo with a filter falls back to Cairo and says so")
    func deterministicAndFallback() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("gradient.svg"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 375, height: 667), scale: 3)
        for format in [VectorHole.Format.pdf, .svg] {
            let a = folder.appendingPathComponent("a.\(format.rawValue)").path, b = folder.appendingPathComponent("b.\(format.rawValue)").path
            let result = try VectorHole.write(of: logo, placement: placement, background: .color(.black), format: format, to: a)
            try VectorHole.write(of: logo, placement: placement, background: .color(.black), format: format, to: b)
            #expect(result.approximatedPaint)
            #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b))
        }
        let glow = try VectorLogo(contentsOf: GeometryFixtures.sample("glow.svg"))
        let out = folder.appendingPathComponent("glow.pdf").path
        let result = try VectorHole.write(
            of: glow, placement: Placement(documentSize: glow.documentSize, viewport: Viewport(width: 200, height: 200)),
            background: .color(.white), format: .pdf, to: out)
        #expect(result.rasterFallback)
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("mask PNGs: grey is the coverage, --invert is 255 minus it, white-on-transparent carries it as alpha")
    func maskPNGs() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
        let coverage = try LogoMasks.maskImage(of: logo, width: 240, height: 200, transform: .scale(2))
        let inverse = try LogoMasks.maskImage(of: logo, width: 240, height: 200, transform: .scale(2), invert: true)
        let grey = folder.appendingPathComponent("grey.png").path
        let hole = folder.appendingPathComponent("hole.png").path
        let white = folder.appendingPathComponent("white.png").path
        try LogoMasks.writeMaskPNG(of: logo, size: .scale(2), pixels: .gray, to: grey)
        try LogoMasks.writeMaskPNG(of: logo, size: .scale(2), pixels: .gray, invert: true, to: hole)
        try LogoMasks.writeMaskPNG(of: logo, size: .scale(2), to: white)
        let g = try RasterImage(contentsOfPNG: grey), h = try RasterImage(contentsOfPNG: hole), w = try RasterImage(contentsOfPNG: white)
        #expect(g.width == 240 && g.height == 200)
        var inside = 0
        for y in 0..<200 {
            for x in 0..<240 {
                let c = coverage.alpha(x: x, y: y)
                #expect(g.color(x: x, y: y).red == c)
                #expect(h.color(x: x, y: y).red == 255 - c)
                #expect(inverse.alpha(x: x, y: y) == 255 - c)
                #expect(w.alpha(x: x, y: y) == c)
                if c == 255 { inside += 1; #expect(w.color(x: x, y: y) == .white) }
            }
        }
        #expect(inside > 1000)
    }

    @Test("the PNG hole is the background with alpha 255 minus the coverage at the placement")
    func pngHole() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("ring.svg"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 120, height: 200, density: 2), scale: 1.5)
        let path = folder.appendingPathComponent("hole.png").path
        let red = RGBAColor(red: 255, green: 0, blue: 0)
        try LogoMasks.writeHolePNG(of: logo, placement: placement, background: .color(red), to: path)
        let image = try RasterImage(contentsOfPNG: path)
        let coverage = try Rasterizer.image(
            of: logo, width: 240, height: 400, transform: placement.pixelTransform, coverageOnly: true)
        #expect(image.width == 240 && image.height == 400)
        for y in Swift.stride(from: 0, to: 400, by: 3) {
            for x in Swift.stride(from: 0, to: 240, by: 3) {
                #expect(abs(Int(image.alpha(x: x, y: y)) - (255 - Int(coverage.alpha(x: x, y: y)))) <= 1)
            }
        }
        #expect(image.color(x: 120, y: 200) == red)  // the ring's centre shows the background
        #expect(image.alpha(x: 0, y: 0) == 255)
    }
    @Test("a gradient background: PNG, PDF and SVG holes agree on its colours, and the vector ones stay vector")
    func gradientBackground() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
        let from = try #require(RGBAColor(parsing: "#7B2FF7")), to = try #require(RGBAColor(parsing: "#F107A3"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 90, height: 160, density: 1))
        let background = HoleBackground.linearGradient(LinearGradient(from: from, to: to, degrees: 135))
        let png = folder.appendingPathComponent("g.png").path
        try LogoMasks.writeHolePNG(of: logo, placement: placement, background: background, to: png)
        let reference = try RasterImage(contentsOfPNG: png)
        // CSS: at 135 degrees the top-left corner is the first colour and the bottom-right the last.
        #expect(abs(Int(reference.color(x: 0, y: 0).red) - Int(from.red)) <= 3)
        #expect(abs(Int(reference.color(x: 89, y: 159).red) - Int(to.red)) <= 3)
        for format in [VectorHole.Format.pdf, .svg] {
            let path = folder.appendingPathComponent("g.\(format.rawValue)").path
            let result = try VectorHole.write(of: logo, placement: placement, background: background, format: format, to: path)
            #expect(!result.rasterFallback)
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            #expect(!text.contains("/Image") && !text.contains("<image"))
            let image = try Rasterizer.image(of: try VectorLogo(contentsOf: path), size: .scale(1))
            for (x, y) in [(2, 2), (45, 10), (87, 157), (10, 140), (80, 20)] {
                let a = image.color(x: x, y: y), b = reference.color(x: x, y: y)
                #expect(abs(Int(a.red) - Int(b.red)) <= 4 && abs(Int(a.green) - Int(b.green)) <= 4 && abs(Int(a.blue) - Int(b.blue)) <= 4,
                        "\(format) at \(x),\(y): \(a) vs \(b)")
            }
        }
    }
}
