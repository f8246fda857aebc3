import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Issue 23: a filtered logo's outline keeps each filter result as a picture in paint order
/// between its vector shapes (``LogoOutline/pictures``), and the two drawn back together match
/// the logo.
@Suite("Filter layers")
struct FilterLayersTests {
    /// The longer side of the drawings compared, in pixels: a logo about 200 pt wide at 3x,
    /// the size of a launch screen's logo.
    static let side = 600.0
    /// The hand-off tests' limit: the share of the logo box's pixels differing by more than 24.
    static let allowedFraction = 0.005

    /// A blurred circle between two flat rects.
    static let synthetic = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
        <defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4"/></filter></defs>
        <rect x="10" y="10" width="60" height="60" fill="#3060c0"/>
        <circle cx="50" cy="50" r="25" fill="#e03020" filter="url(#b)"/>
        <rect x="40" y="40" width="40" height="20" fill="#20a040"/>
        </svg>
        """

    /// The real-world logos with filter effects, and whether their outline draws with its
    /// pictures (rocs draws a filter result through a mask as well, which stays a whole-logo picture).
    static let filtered: [(path: String, pictures: Bool)] = [
        ("breeze/gpick.svg", true), ("breeze/kcolorchooser.svg", true), ("breeze/kiten.svg", true),
        ("breeze/kteatime.svg", true), ("breeze/rocs.svg", false), ("breeze/zanshin.svg", true),
        ("tango/gnome-dev-media-cf.svg", true), ("tango/gnome-dev-media-ms.svg", true), ("tango/gnome-dev-media-sdmmc.svg", true),
    ]

    @Test("A blurred circle between two rects: two vector shapes and one picture between them, deterministic")
    func syntheticOrder() throws {
        let logo = try VectorLogo(data: Data(Self.synthetic.utf8))
        let outline = try logo.outline
        #expect(outline.shapes.count == 2)
        #expect(outline.pictures.count == 1)
        #expect(outline.pictures.first?.position == 1)
        #expect(outline.inexactReasons == [.filter])
        #expect(outline.drawsWithPictures)
        #expect(!outline.drawsAsVectors)
        // As the read-back drew it: page-sized at 1 px a unit; drawn again at 6 px a unit on demand.
        let picture = try #require(outline.pictures.first)
        #expect(picture.width == 100 && picture.height == 100, "\(picture.width)x\(picture.height)")
        #expect(picture.toDocument == .identity)
        let sharp = try #require(try OutlineExtractor.pictures(of: logo, on: .scale(6), like: outline))
        #expect(sharp.count == 1 && sharp[0].width == 600 && abs(sharp[0].toDocument.a - 1.0 / 6) < 1e-12)
        #expect(picture.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Cairo numbers images with a process-wide counter; the outline keeps only the pixels.
        let again = try VectorLogo(data: Data(Self.synthetic.utf8)).outline
        #expect(again == outline)
        let difference = try Self.drawnBackDifference(logo, name: "synthetic")
        #expect(difference <= Self.allowedFraction, "\(difference * 100) % of the logo box differs")
    }

    @Test("The real-world filtered logos: their pictures and shapes drawn back match the logo at launch size")
    func realWorld() throws {
        for entry in Self.filtered {
            let path = TestPaths.realWorldFolder.appendingPathComponent(entry.path).path
            let logo = try VectorLogo(contentsOf: path)
            let outline = try logo.outline
            #expect(outline.inexactReasons.contains(.filter), "\(entry.path): \(outline.inexactReasons)")
            #expect(outline.drawsWithPictures == entry.pictures, "\(entry.path): \(outline.inexactReasons)")
            #expect(!outline.pictures.isEmpty, "\(entry.path)")
            guard entry.pictures else { continue }
            let difference = try Self.drawnBackDifference(logo, name: entry.path)
            #expect(difference <= Self.allowedFraction, "\(entry.path): \(difference * 100) % of the logo box differs")
        }
    }

    @Test("By default, gpick's twitter Lottie holds its shapes and its 4 filter pictures, each embedded once, not a whole-logo picture")
    func lottieLayers() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path
        // At 2x (a phone's), where gpick's blurs (0.4 units) are soft enough to magnify (at 1x,
        // 0.8 px, they are not: FilterPictureGrid.softStep).
        let scene = try LottieExportTests.scene(path, RevealPreset.twitter.spec) {
            $0.viewport = Viewport(width: 180, height: 390, density: 2)
        }
        var options = RevealExportOptions()
        let layered = try RevealExport.lottie(scene, options: options)
        #expect(try RevealExport.lottie(scene, options: options).text == layered.text)
        options.filterPictureLayers = false
        let whole = try RevealExport.lottie(scene, options: options)
        #expect(whole.text.contains("\"hole picture\""))
        #expect(!layered.text.contains("\"hole picture\""))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(layered.text.utf8)) as? [String: Any])
        let assets = try #require(document["assets"] as? [[String: Any]])
        let images = assets.filter { ($0["p"] as? String)?.hasPrefix("data:image/png") == true }
        #expect(images.compactMap { $0["id"] as? String }.sorted() == (1...4).map { "filter picture \($0)" })
        // The drawn logo and the hole show the same pictures, as image layers between shape layers.
        let imageLayers = assets.flatMap { ($0["layers"] as? [[String: Any]]) ?? [] }.filter { $0["ty"] as? Int == 2 }
        #expect(imageLayers.count == 8)
        let shapeLayers = assets.flatMap { ($0["layers"] as? [[String: Any]]) ?? [] }.filter { $0["ty"] as? Int == 4 }
        #expect(shapeLayers.count >= 2)
        #expect(layered.notes.contains { $0.contains("4 pictures carry its filter effects") }, "\(layered.notes)")
        // Smaller than the whole-logo ladder: 60,890 bytes against 76,698 (more than twice that
        // before the ladder drew the rungs only its matte shows black: LottiePictureLadder).
        #expect(layered.text.utf8.count < whole.text.utf8.count, "\(layered.text.utf8.count) against \(whole.text.utf8.count) bytes")
    }

    @Test("A logo without filters has no pictures")
    func noFilters() throws {
        let outline = try VectorLogo(contentsOf: TestPaths.realWorldFolder.appendingPathComponent("papirus/firefox.svg").path).outline
        #expect(outline.pictures.isEmpty)
        #expect(!outline.drawsWithPictures)
    }

    /// The share of the document box's pixels (``side`` on its longer side) where the outline's
    /// shapes and pictures, written as SVG and drawn by librsvg, differ from the logo by more than 24.
    static func drawnBackDifference(_ logo: VectorLogo, name: String) throws -> Double {
        var outline = try logo.outline
        let size = logo.documentSize
        let scale = side / max(size.width, size.height)
        // The pictures drawn again at the drawing's scale, as an export does.
        outline.pictures = try OutlineExtractor.pictures(of: logo, on: .scale(scale), like: outline) ?? outline.pictures
        let markup = SVGLogoMarkup(outline: outline, prefix: "c")
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size.width)\" height=\"\(size.height)\"><defs>"
            + markup.clipDefinitions + "</defs>" + markup.shapes(paint: .own) + "</svg>"
        let copy = try VectorLogo(data: Data(svg.utf8))
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        let a = try Rasterizer.image(of: logo, width: w, height: h, transform: .scale(scale))
        let b = try Rasterizer.image(of: copy, width: w, height: h, transform: .scale(scale))
        var differing = 0
        for i in stride(from: 0, to: a.bytes.count, by: 4)
        where (0..<4).contains(where: { abs(Int(a.bytes[i + $0]) - Int(b.bytes[i + $0])) > 24 }) {
            differing += 1
        }
        return Double(differing) / Double(max(1, w * h))
    }
}
