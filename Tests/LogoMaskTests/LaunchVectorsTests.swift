import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Issue 23: the logo's own vectors in every export, pictures only for what vectors cannot carry.
/// - The page and web/splash.html draw a filtered logo's shapes as inline SVG with each filter
///   result a picture in paint order between them (``WebLogoArt``); the hole's pictures are black.
/// - Android's vector drawable folds a translucent group's opacity into its shapes' alpha where
///   no two of them overlap (``AndroidGroupFold``), and keeps the `<bitmap>` where they do.
/// - The notes of the Lottie, the page, the code and Android name the filtered elements
///   (``FilteredElements``).
/// About 10 s in debug.
@Suite("The logo's own vectors: the page's filter pictures, Android's folded group opacity, the named elements")
struct LaunchVectorsTests {
    static func realWorld(_ name: String) throws -> VectorLogo {
        try VectorLogo(contentsOf: TestPaths.realWorldFolder.appendingPathComponent(name).path)
    }

    /// The `<path` and `<image` tags of `text` in order ("p" or "i").
    static func tags(_ text: String) -> [Character] {
        var result: [Character] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[open...]
            if tag.hasPrefix("<path") { result.append("p") } else if tag.hasPrefix("<image") { result.append("i") }
            rest = rest[rest.index(after: open)...]
        }
        return result
    }

    /// The embedded PNGs of the `<image` tags in `text`, decoded.
    static func images(_ text: String) throws -> [RasterImage] {
        var result: [RasterImage] = []
        var rest = text[...]
        while let start = rest.range(of: "href=\"data:image/png;base64,") {
            let tail = rest[start.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            let bytes = try #require(Data(base64Encoded: String(tail[..<end])))
            result.append(try RasterImage(pngBytes: [UInt8](bytes), name: "an embedded picture"))
            rest = tail[end...]
        }
        return result
    }

    @Test("gpick's page: its shapes are paths with its filter pictures between them where the outline has them, the hole's in black; no whole-logo picture")
    func pagePictures() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path
        let scene = try LottieExportTests.scene(path, RevealPreset.twitter.spec) { $0.viewport = Viewport(width: 180, height: 390, density: 2) }
        let page = try RevealExport.webPage(scene, options: RevealExportOptions())
        let text = page.text
        #expect(!text.contains("lm-clip-frame0") && !text.contains("lm-clip-later"), "no frame-0 whole picture")
        let outline = try scene.logo.outline
        let places = Set(outline.pictures.map(\.position))
        // The drawn logo: every shape a path, and the pictures at the outline's places.
        let drawnStart = try #require(text.range(of: "<g id=\"lm-logo\""))
        let drawn = Self.tags(String(text[drawnStart.lowerBound...]))
        #expect(drawn.count { $0 == "p" } == outline.shapes.count, "\(drawn.count { $0 == "p" }) paths for \(outline.shapes.count) shapes")
        let drawnPlaces = drawn.enumerated().filter { $0.element == "i" }.map { index, _ in drawn[..<index].count { $0 == "p" } }
        #expect(!drawnPlaces.isEmpty && drawnPlaces.count <= outline.pictures.count && Set(drawnPlaces) == places, "\(drawnPlaces) against \(places)")
        // The hole's mask: the same places, its pictures black (the coverage only).
        let maskStart = try #require(text.range(of: "<mask id=\"lm-hole\""))
        let maskEnd = try #require(text.range(of: "</mask>", range: maskStart.upperBound..<text.endIndex))
        let mask = String(text[maskStart.lowerBound..<maskEnd.upperBound])
        let hole = Self.tags(mask)
        let holePlaces = hole.enumerated().filter { $0.element == "i" }.map { index, _ in hole[..<index].count { $0 == "p" } }
        #expect(Set(holePlaces) == places, "\(holePlaces)")
        for image in try Self.images(mask) {
            var inked = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let i = y * image.stride + 4 * x
                    #expect(image.bytes[i] == 0 && image.bytes[i + 1] == 0 && image.bytes[i + 2] == 0)
                    if image.bytes[i + 3] > 0 { inked += 1 }
                }
            }
            #expect(inked > 100, "the hole's picture paints its shadow: \(inked) pixels")
        }
        #expect(!page.approximations.contains { $0.hasPrefix("hole: drawn from a picture") }, "\(page.approximations)")
        // The note says which and why, and names the filtered elements.
        let note = try #require(page.notes.first { $0.hasPrefix("The drawn logo is inline SVG") }, "\(page.notes)")
        #expect(note.contains("not the browser's own SVG filters") && note.contains("<use> no. 17 (of #z)"), "\(note)")
        // The page weighs what its pictures do: far less than with a whole-logo picture.
        #expect(text.utf8.count < 120_000, "\(text.utf8.count) bytes")
    }

    @Test("web/splash.html draws gpick and kiten as the page does (paths and a picture per device pixel ratio); kteatime, whose filter results are sharp, stays a picture")
    func splashPictures() throws {
        let gpick = try WebLaunchFiles.splashPage(
            logo: try Self.realWorld("breeze/gpick.svg"), logoWidth: 96, background: .white, darkBackground: nil, darkLogo: nil)
        let counts = WebLaunchFiles.pictureRatios.map { ratio in
            gpick.text.components(separatedBy: "<image class=\"\(WebLaunchFiles.pictureClass(ratio))\"").count - 1
        }
        #expect(gpick.text.contains("<path d=") && counts.allSatisfy { $0 == counts[0] && $0 >= 1 }, "\(counts)")
        #expect(gpick.notes.contains { $0.contains("one set per device pixel ratio") }, "\(gpick.notes)")
        // kiten's Lottie draws its shapes too since its matte goes in isolated (LottieArtLayers).
        let kiten = try WebLaunchFiles.splashPage(
            logo: try Self.realWorld("breeze/kiten.svg"), logoWidth: 96, background: .white, darkBackground: nil, darkLogo: nil)
        #expect(kiten.text.contains("<path d=") && kiten.notes.contains { $0.contains("one set per device pixel ratio") }, "\(kiten.notes)")
        // The page has no picture ladder: sharp filter results stay one picture of the logo.
        let kteatime = try WebLaunchFiles.splashPage(
            logo: try Self.realWorld("breeze/kteatime.svg"), logoWidth: 96, background: .white, darkBackground: nil, darkLogo: nil)
        #expect(!kteatime.text.contains("<path d=") && kteatime.notes.contains { $0.contains("picture of the logo per device pixel ratio") }, "\(kteatime.notes)")
    }

    @Test("A translucent group folds into its shapes' alpha when they do not overlap: two abutting triangles fold, two crossing bars do not, a fill and its own stroke do not")
    func groupFold() throws {
        func outline(_ body: String) throws -> (LogoOutline, AndroidVectorDrawable) {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\">\(body)</svg>"
            let logo = try VectorLogo(data: Data(svg.utf8), name: "group.svg")
            let fit = try AndroidIconFit(logo: logo, canvas: 288, mode: .circle)
            return (try logo.outline.mapped(by: fit.transform), try AndroidVectorDrawable(logo: logo, fit: fit, pixels: nil, pixelsPerDp: 4))
        }
        // Two triangles that halve a square (their boxes are the same): they fold, each drawn at
        // 0.5 x its own 0.8.
        let (triangles, drawable) = try outline(
            "<g opacity=\"0.5\"><path d=\"M4 4H44V44Z\" fill=\"#E01010\" fill-opacity=\"0.8\"/><path d=\"M4 4V44H44Z\" fill=\"#1010E0\"/></g>")
        #expect(triangles.inexactReasons == [.groupOpacity], "the outline names the group: \(triangles.inexactReasons)")
        #expect(try AndroidGroupFold.folds(triangles, canvas: 288))
        #expect(drawable.artChanges.isEmpty, "\(drawable.notes)")
        #expect(drawable.text.contains("android:fillAlpha=\"0.4\"") && drawable.text.contains("android:fillAlpha=\"0.5\""), "\(drawable.text)")
        #expect(drawable.notes.contains { $0.hasPrefix("translucent groups are drawn with their opacity in each shape's alpha") })
        // Two bars crossing in a plus: they overlap in the middle.
        let (plus, crossed) = try outline("<g opacity=\"0.5\"><rect x=\"20\" y=\"4\" width=\"8\" height=\"40\"/><rect x=\"4\" y=\"20\" width=\"40\" height=\"8\"/></g>")
        #expect(try !AndroidGroupFold.folds(plus, canvas: 288))
        #expect(crossed.artChanges.contains { $0.hasPrefix("the outline is not exact (group opacity)") }, "\(crossed.notes)")
        // A shape filled and stroked at an opacity: the stroke covers the fill's edge.
        let (both, _) = try outline("<circle cx=\"24\" cy=\"24\" r=\"16\" fill=\"#20A020\" stroke=\"#000\" stroke-width=\"4\" opacity=\"0.5\"/>")
        #expect(try !AndroidGroupFold.folds(both, canvas: 288))
    }

    @Test("The notes of the Lottie, the page, the code and Android name gpick's filtered elements, from one function")
    func namedElements() throws {
        let logo = try Self.realWorld("breeze/gpick.svg")
        #expect(FilteredElements.names(of: logo) == ["<use> no. 17 (of #z)", "<use> no. 18 (of #A)", "<use> no. 19 (of #C)", "<use> no. 20 (of #B)"])
        let kiten = try Self.realWorld("breeze/kiten.svg")
        #expect(FilteredElements.list(of: kiten)?.hasPrefix("#path7231, #path5276") == true)
        #expect(FilteredElements.list(of: kiten)?.hasSuffix(" and \(FilteredElements.names(of: kiten).count - FilteredElements.namedAtMost) more") == true)
        let list = try #require(FilteredElements.list(of: logo))
        let path = TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path
        let scene = try LottieExportTests.scene(path, RevealPreset.twitter.spec) { $0.viewport = Viewport(width: 180, height: 390, density: 2) }
        let lottie = try RevealExport.lottie(scene, options: RevealExportOptions())
        #expect(lottie.notes.contains { $0.contains(list) }, "Lottie: \(lottie.notes)")
        let page = try RevealExport.webPage(scene, options: RevealExportOptions())
        #expect(page.notes.contains { $0.contains(list) }, "page: \(page.notes)")
        let code = try RevealCode.swift(scene)
        #expect(code.notes.contains { $0.contains(list) }, "code: \(code.notes)")
        let fit = try AndroidIconFit(logo: logo, canvas: 288, mode: .circle)
        let android = try AndroidVectorDrawable(logo: logo, fit: fit, pixels: nil, pixelsPerDp: 4)
        #expect(android.artChanges.contains { $0.contains("a vector drawable holds no picture") && $0.contains(list) }, "Android: \(android.notes)")
    }

    @Test("A filtered dark logo (gpick over bird) gets its own filter pictures between its shapes in the Swift and Kotlin, not one whole picture")
    func darkCodePictures() throws {
        let gpick = TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path
        let dark = try VectorLogo(contentsOf: gpick)
        var settings = RevealSettings(viewport: Viewport(width: 393, height: 852, density: 3))
        settings.finalScale = 1
        let scene = try RevealScene(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), spec: RevealPreset.twitter.spec, settings: settings)
        let swift = try RevealCode.swift(scene, darkBackground: RGBAColor(red: 16, green: 20, blue: 32), darkLogo: dark)
        let kotlin = try KotlinCodeTests.bundle(TestPaths.sample("bird.svg"), preset: .twitter, background: .white, dark: (RGBAColor(red: 16, green: 20, blue: 32), gpick)).bundle
        let places = Set(try dark.outline.pictures.map(\.position))
        for (bundle, isKotlin) in [(swift, false), (kotlin, true)] {
            let geometry = try NativePictureTests.text(bundle, isKotlin ? "RevealGeometry.kt" : "RevealGeometry.swift")
            #expect(geometry.contains(isKotlin ? "val darkPicture: Picture? = null" : "public static let darkPicture: Picture? = nil"), "no whole dark picture")
            let listStart = try #require(geometry.range(of: isKotlin ? "val darkFilterPictures: List<FilterPicture> = listOf(" : "public static let darkFilterPictures: [FilterPicture] = ["))
            let entries = CodeFilterPicturesTests.entries(String(geometry[listStart.upperBound...]), kotlin: isKotlin)
                .filter { $0.name.contains(isKotlin ? "dark_filter" : "DarkFilter") }
            #expect(!entries.isEmpty && Set(entries.map(\.position)).isSubset(of: places), "\(entries.map(\.position)) against \(places)")
            // As sharp as the light logo's would be: 3 px a point on iOS, 4 on Android.
            for entry in entries {
                #expect(abs(Double(entry.pixelWidth) / entry.rect[2] - (isKotlin ? 4 : 3)) < 0.05, "\(entry.name): \(Double(entry.pixelWidth) / entry.rect[2]) px a point")
                let file = isKotlin ? "res/drawable-nodpi/\(entry.name).png" : "\(entry.name).imageset/\(entry.name).png"
                let resource = try #require(bundle.resources.first { $0.path == file }, "\(file) is written")
                #expect(CodeFilterPicturesTests.pngSize(resource.bytes).map { [$0.0, $0.1] } == [entry.pixelWidth, entry.pixelHeight])
            }
            #expect(bundle.notes.contains { $0.hasPrefix("Dark mode: One picture carries its filter effects") || $0.hasPrefix("Dark mode: \(entries.count) pictures carry") }, "\(bundle.notes)")
            // The light logo (bird) has none: its list is empty.
            #expect(geometry.contains(isKotlin ? "val filterPictures: List<FilterPicture> = listOf(\n    )" : "public static let filterPictures: [FilterPicture] = [\n    ]"))
        }
    }
}

