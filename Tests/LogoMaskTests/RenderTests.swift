import Foundation
import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// `render` against the reference renderer, rsvg-convert (librsvg2-bin), at the same pixel size:
/// every channel within ±2 (premultiplied), as resvg's own test suite allows.
/// Without rsvg-convert every comparison fails, saying to run `make test` (which installs it).
@Suite("Render matches rsvg-convert")
struct RenderReferenceTests {
    static let sampleSVGs = ["bird.svg", "ring.svg", "y-mark.svg", "gradient.svg", "glow.svg", "wordmark.svg"]

    /// Renders `path` both ways at `width` and returns the worst premultiplied difference.
    func compareWithReference(_ path: String, width: Int) throws -> Int? {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        let logo = try VectorLogo(contentsOf: path)
        try Rasterizer.writePNG(of: logo, size: .width(width), to: ours)
        let result = try runTool("rsvg-convert", ["-w", String(width), path, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed on \(path): \(result.stderr)")
        return maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
    }

    /// Expects `difference` (nil when the sizes differ) to be within ±2.
    func expectWithinTwo(_ difference: Int?, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(difference != nil, "sizes differ for \(label)", sourceLocation: sourceLocation)
        #expect((difference ?? 99) <= 2, "\(label) differs by \(difference ?? -1)", sourceLocation: sourceLocation)
    }

    @Test("Every sample SVG at 512 and 2000 px", arguments: sampleSVGs, [512, 2000])
    func sample(name: String, width: Int) throws {
        expectWithinTwo(try compareWithReference(TestPaths.sample(name), width: width), "\(name) at \(width) px")
    }

    @Test("203 simple-icons logos at 256 px", arguments: TestPaths.simpleIcons)
    func corpus(name: String) throws {
        let path = TestPaths.simpleIconsFolder.appendingPathComponent(name).path
        expectWithinTwo(try compareWithReference(path, width: 256), name)
    }

    @Test("Past 8192 px, elsevier (4,161 edges) still matches rsvg-convert: the strip is one tile")
    func wideOneTile() throws {
        // With 8192-px tiles this differed by up to 17 in 12,384 bytes at 10000 px.
        let path = TestPaths.simpleIconsFolder.appendingPathComponent("elsevier.svg").path
        expectWithinTwo(try compareWithReference(path, width: 8400), "elsevier at 8400 px")
    }

    @Test("A 64 MiB in-memory image, drawn in bands on every core, matches rsvg-convert")
    func bandedImage() throws {
        let path = TestPaths.simpleIconsFolder.appendingPathComponent("elsevier.svg").path
        let logo = try VectorLogo(contentsOf: path)
        let image = try Rasterizer.image(of: logo, size: .width(4200))
        #expect(image.bytes.count >= 64 << 20, "the image should be large enough for bands")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("reference.png").path
        let result = try runTool("rsvg-convert", ["-w", "4200", path, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed: \(result.stderr)")
        expectWithinTwo(
            maxPremultipliedDifference(image, try RasterImage(contentsOfPNG: reference)), "elsevier at 4200 px in memory")
    }

    @Test("The fixture selection holds at least 200 logos, kotlin, debridlink and elsevier among them")
    func selectionSize() {
        let icons = TestPaths.simpleIcons
        #expect(icons.count >= 200)
        #expect(Set(["kotlin.svg", "debridlink.svg", "elsevier.svg"]).isSubset(of: Set(icons)))
    }
}

@Suite("Rasterizer")
struct RasterizerTests {
    /// bird.pdf matches its SVG exactly. wordmark.pdf is held to ±12: Cairo's PDF writer stores
    /// coordinates in 24.8 fixed point of points, and on the letters' arcs that moves a few edge
    /// pixels by up to 9 levels at 1.5 px per point (18 of 120,000 pixels; exported with
    /// `--scale 8`, the same logo matches exactly).
    @Test("A PDF sample renders within ±2 of its SVG source at the same size", arguments: [("bird", 2), ("wordmark", 12)])
    func pdfTwin(name: String, tolerance: Int) throws {
        let svg = try VectorLogo(contentsOf: TestPaths.sample(name + ".svg"))
        let pdf = try VectorLogo(contentsOf: TestPaths.sample(name + ".pdf"))
        #expect(pdf.format == .pdf && svg.format == .svg)
        #expect(pdf.documentSize == svg.documentSize)
        let a = try Rasterizer.image(of: svg, size: .width(600))
        let b = try Rasterizer.image(of: pdf, size: .width(600))
        let difference = try #require(maxPremultipliedDifference(a, b))
        #expect(difference <= tolerance)
    }

    @Test("Sizes: width, height, scale and DPI keep the aspect and round up like rsvg-convert")
    func sizes() throws {
        let size = Size(width: 100, height: 33)
        #expect(try RenderSize.width(1010).resolve(documentSize: size, unitsPerInch: 96) == RasterSize(width: 1010, height: 334, scale: 10.1))
        #expect(try RenderSize.height(66).resolve(documentSize: size, unitsPerInch: 96) == RasterSize(width: 200, height: 66, scale: 2))
        #expect(try RenderSize.scale(3).resolve(documentSize: size, unitsPerInch: 96) == RasterSize(width: 300, height: 99, scale: 3))
        #expect(try RenderSize.dpi(192).resolve(documentSize: size, unitsPerInch: 96) == RasterSize(width: 200, height: 66, scale: 2))
        #expect(try RenderSize.dpi(144).resolve(documentSize: size, unitsPerInch: 72) == RasterSize(width: 200, height: 66, scale: 2))
        #expect(throws: LogoMaskError.self) { try RenderSize.width(0).resolve(documentSize: size, unitsPerInch: 96) }
        #expect(throws: LogoMaskError.self) { try RenderSize.scale(.nan).resolve(documentSize: size, unitsPerInch: 96) }
    }

    @Test("A strip wider than Cairo's 32767 px limit is drawn in tiles with the same pixels")
    func tilesPastCairoLimit() throws {
        // The wordmark 40,000 px wide: compare a band of 4 rows through the letters with the same
        // band drawn directly into a small image by a shifted transform.
        let logo = try VectorLogo(contentsOf: TestPaths.sample("wordmark.svg"))
        let scale = 40_000 / logo.documentSize.width
        let y0 = Int(logo.documentSize.height * scale / 2)
        let band = try Rasterizer.image(
            of: logo, width: 40_000, height: 4,
            transform: Transform.scale(scale).concatenating(.translation(x: 0, y: Double(-y0))))
        var inked = 0
        for x0 in [0, 8190, 16_380, 32_760, 39_000] {
            let crop = try Rasterizer.image(
                of: logo, width: 1000, height: 4,
                transform: Transform.scale(scale).concatenating(.translation(x: Double(-x0), y: Double(-y0))))
            var worst = 0
            for y in 0..<4 {
                for x in 0..<min(1000, 40_000 - x0) {
                    let a = band.alpha(x: x0 + x, y: y), b = crop.alpha(x: x, y: y)
                    worst = max(worst, abs(Int(a) - Int(b)))
                    if a > 0 { inked += 1 }
                }
            }
            #expect(worst <= 1, "columns \(x0)...: differ by \(worst)")
        }
        #expect(inked > 1000, "the band should cross letters")
    }

    @Test("Same input, same bytes: two renders are identical files")
    func deterministic() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: TestPaths.sample("gradient.svg"))
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        try Rasterizer.writePNG(of: logo, size: .width(3000), background: RGBAColor(parsing: "#102030"), to: a)
        try Rasterizer.writePNG(of: logo, size: .width(3000), background: RGBAColor(parsing: "#102030"), to: b)
        #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b))
        #expect(pngSize(a) == PNGSize(3000, 3000))
        let image = try RasterImage(contentsOfPNG: a)
        #expect(image.color(x: 0, y: 0) == RGBAColor(red: 0x10, green: 0x20, blue: 0x30))
    }

    @Test("An element id renders that element alone, cropped to its ink box")
    func elementAlone() throws {
        let whole = try VectorLogo(contentsOf: TestPaths.sample("wordmark.svg"))
        let bounds = try whole.bounds(ofElement: "letter-o")
        let letter = try VectorLogo(contentsOf: TestPaths.sample("wordmark.svg"), options: LoadOptions(elementID: "letter-o"))
        #expect(abs(letter.documentSize.width - bounds.ink.width) < 1e-9)
        #expect(abs(letter.documentSize.height - bounds.ink.height) < 1e-9)
        let image = try Rasterizer.image(of: letter, size: .width(200))
        // Cropped to the ink box: ink touches every edge of the image.
        let opaqueColumns = (0..<image.width).filter { x in (0..<image.height).contains { image.alpha(x: x, y: $0) > 0 } }
        #expect(opaqueColumns.first == 0 && opaqueColumns.last == image.width - 1)
        #expect(throws: LogoMaskError.elementNotFound(file: TestPaths.sample("wordmark.svg"), id: "nope")) {
            try VectorLogo(contentsOf: TestPaths.sample("wordmark.svg"), options: LoadOptions(elementID: "nope"))
        }
    }

    @Test("An in-memory image written as PNG reads back pixel for pixel")
    func imageRoundTrip() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: TestPaths.sample("gradient.svg"))
        // Opaque (a background), so straight and premultiplied colour are the same numbers.
        let image = try Rasterizer.image(of: logo, size: .width(700), background: .white)
        let path = folder.appendingPathComponent("round.png").path
        try image.writePNG(to: path)
        let back = try RasterImage(contentsOfPNG: path)
        #expect(back.width == 700 && back.height == 700)
        #expect(maxPremultipliedDifference(image, back) == 0)
    }
}
