import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Issue 23, point 3: a filtered logo's generated Swift and Kotlin draw its shapes as vectors and
/// only its filter results as pictures, in the outline's paint order between them
/// (``CodeFilterPicture``), read back from the source: the shapes, the pictures' places, rects
/// (against the launch scene), files and pixel sizes, the hole's use of their alpha, the notes.
/// The type checks against the stubs are in ``SwiftCodeTests`` and ``KotlinCodeTests`` (gpick and
/// gnome-dev-media-cf are among their variants). About 10 s in debug.
@Suite("Filtered logos in the generated code: vector shapes with the filter pictures between them")
struct CodeFilterPicturesTests {
    static let screen = Viewport(width: 393, height: 852, density: 3)
    /// A Breeze logo with 4 shadows at one place among 17 shapes (translucent groups), and a
    /// Tango one with one blurred shadow under 36 shapes.
    static let logos = ["breeze/gpick.svg", "tango/gnome-dev-media-cf.svg"]

    /// One FilterPicture entry read back from RevealGeometry.swift or .kt.
    struct Entry {
        var name: String
        var position: Int
        var rect: [Double]
        var pixelWidth: Int
        var pixelHeight: Int
        var opacity: Double
    }

    /// The FilterPicture entries of the list `text` declares, in order (`kotlin`: the Kotlin form).
    static func entries(_ text: String, kotlin: Bool) -> [Entry] {
        let prefix = kotlin ? "        FilterPicture(\"" : "        FilterPicture(name: \""
        return text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.compactMap { line in
            let rest = line.dropFirst(prefix.count)
            guard let quote = rest.firstIndex(of: "\"") else { return nil }
            var tail = String(rest[rest.index(after: quote)...])
            // The numbers before the clips.
            if let clips = tail.range(of: kotlin ? ", listOf(" : ", clips:") { tail = String(tail[..<clips.lowerBound]) }
            let n = SwiftCodeTests.numbers(tail)
            guard n.count == 8 else { return nil }
            return Entry(
                name: String(rest[..<quote]), position: Int(n[0]), rect: Array(n[1...4]), pixelWidth: Int(n[5]), pixelHeight: Int(n[6]),
                opacity: n[7])
        }
    }

    /// The outline's picture places among the shapes the code keeps (those with a path).
    static func expectedPositions(_ outline: LogoOutline, _ pictures: [LogoOutline.Picture]? = nil) -> [Int] {
        (pictures ?? outline.pictures).map { picture in outline.shapes[0..<picture.position].count { !$0.path.isEmpty } }
    }

    /// A PNG's width and height from its IHDR.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Checks one platform's bundle of `path`'s reveal against its outline and launch scene.
    private func check(
        _ bundle: RevealCodeBundle, scene: RevealScene, launch: LaunchScene, kotlin: Bool, path: String
    ) throws {
        let logo = scene.logo
        let outline = try logo.outline
        #expect(outline.drawsWithPictures, "\(path)")
        let geometry = try NativePictureTests.text(bundle, kotlin ? "RevealGeometry.kt" : "RevealGeometry.swift")
        let splash = try NativePictureTests.text(bundle, kotlin ? "SplashReveal.kt" : "SplashReveal.swift")
        // No whole-logo picture: the shapes are all drawn, N of them in their paints.
        #expect(geometry.contains(kotlin ? "val picture: Picture? = null" : "public static let picture: Picture? = nil"), "\(path)")
        let shapeCount = geometry.split(separator: "\n").count { $0.hasPrefix(kotlin ? "        Shape(\"" : "        Shape(pathData: \"") }
        #expect(shapeCount == outline.shapes.count { !$0.path.isEmpty } && shapeCount > 10, "\(path): \(shapeCount) shapes")

        // The pictures in the outline's paint order: the places where the outline has pictures,
        // each in order (consecutive pictures drawn alike are joined: FilterPictureMerge).
        let entries = Self.entries(geometry, kotlin: kotlin)
        let places = Self.expectedPositions(outline)
        #expect(!entries.isEmpty && entries.count <= outline.pictures.count, "\(path): \(entries.count) pictures")
        #expect(entries.map(\.position) == entries.map(\.position).sorted(), "\(path): paint order")
        #expect(Set(entries.map(\.position)) == Set(places), "\(path): \(entries.map(\.position)) against the outline's \(places)")
        #expect(entries.allSatisfy { $0.opacity > 0 && $0.opacity <= 1 })

        // Each picture's rect at launch (the code maps the shapes' space onto the launch rect, as
        // NativePictureTests reads it) against the launch scene's placement of the outline's own
        // pictures at that place (1 px a unit, cut to their ink): within 1.5 document units, the
        // outline pictures' pixel plus their one-pixel border.
        func number(_ marker: String) throws -> Double { try NativePictureTests.numbers(after: marker, in: geometry)[0] }
        let logoWidth = try number(kotlin ? "const val logoWidth =" : "public static let logoWidth =")
        let logoHeight = try number(kotlin ? "const val logoHeight =" : "public static let logoHeight =")
        let anchor = kotlin
            ? [try number("const val anchorOffsetX ="), try number("const val anchorOffsetY =")]
            : try NativePictureTests.numbers(after: "public static let anchorOffset =", in: geometry)
        let frame = launch.logoFrame
        let fit = frame.width / logoWidth
        let boxX = -logoWidth / 2 - anchor[0], boxY = -logoHeight / 2 - anchor[1]
        let perUnit = frame.width / logo.documentSize.width
        let own = try FilterPictureCrop.cropped(outline, of: logo).pictures
        for place in Set(places) {
            var code = Rect.null, want = Rect.null
            for entry in entries where entry.position == place {
                let r = entry.rect
                code = code.union(Rect(x: frame.x + (r[0] - boxX) * fit, y: frame.y + (r[1] - boxY) * fit, width: r[2] * fit, height: r[3] * fit))
            }
            for (picture, at) in zip(own, Self.expectedPositions(outline, own)) where at == place {
                let box = picture.toDocument.apply(to: Rect(x: 0, y: 0, width: Double(picture.width), height: Double(picture.height)))
                want = want.union(Rect(x: frame.x + box.minX * perUnit, y: frame.y + box.minY * perUnit, width: box.width * perUnit, height: box.height * perUnit))
            }
            let tolerance = 1.5 * perUnit
            for (got, expected) in zip([code.minX, code.minY, code.maxX, code.maxY], [want.minX, want.minY, want.maxX, want.maxY]) {
                #expect(abs(got - expected) <= tolerance, "\(path) place \(place): pictures at \(code) against the launch scene's \(want)")
            }
        }

        // The files exist with the stated pixel sizes, as sharp as the densest launch logo at the
        // largest scale the reveal draws it (3 px a point on iOS, 4 on Android; under the cap here).
        let density = kotlin ? 4.0 : 3.0
        let k = scene.placement.pointsPerUnit
        let sharpness = density * CodeFilterPicture.largestPointsPerUnit(scene) / k
        // Each picture's clips, as the outline's in points about the anchor (as a shape's are).
        if !kotlin {
            let at = scene.placement.resolvedAnchor
            let toPoints = Transform.translation(x: -at.x, y: -at.y).concatenating(.scale(k))
            for picture in outline.pictures where !picture.clips.isEmpty {
                let list = "clips: [" + picture.clips.map {
                    "Clip(pathData: \"\($0.path.mapped(by: toPoints).svgPathData(decimals: 3))\", evenOdd: \($0.fillRule == .evenOdd))"
                }.joined(separator: ", ") + "]"
                #expect(geometry.split(separator: "\n").contains { $0.hasPrefix("        FilterPicture(") && $0.contains(list) }, "\(path): \(list.prefix(120))")
            }
        }
        for entry in entries {
            let file = kotlin ? "res/drawable-nodpi/\(entry.name).png" : "\(entry.name).imageset/\(entry.name).png"
            let resource = try #require(bundle.resources.first { $0.path == file }, "\(path): \(file) is written")
            let size = try #require(Self.pngSize(resource.bytes), "\(file) is a PNG")
            #expect(size == (entry.pixelWidth, entry.pixelHeight), "\(file): \(size) against \(entry.pixelWidth)x\(entry.pixelHeight)")
            #expect(abs(Double(entry.pixelWidth) / entry.rect[2] - sharpness) <= 1e-6, "\(file): \(Double(entry.pixelWidth) / entry.rect[2]) px a point")
            // The notes name it.
            #expect(bundle.notes.contains { $0.contains(kotlin ? file : "\(entry.name).imageset") }, "\(file) is named in the notes")
        }
        #expect(bundle.resources.count == entries.count * (kotlin ? 1 : 2), "\(path): \(bundle.resources.map(\.path))")

        // The hole (the silhouette) takes the pictures' alpha; the drawn logo has them between its shapes.
        if kotlin {
            #expect(splash.contains("drawFilterPicture(canvas, picture, filterBitmaps[index], filterRects[index], filterClips[index], 1.0, if (cut) null else paint.color, cut)"))
            #expect(splash.contains("\n            drawFilterPictures(canvas, index, shapeOpacity)"))
            #expect(splash.contains("canvas.drawBitmap(bitmap, null, rect, drawPaint)"))
        } else {
            #expect(splash.contains("for picture in RevealGeometry.filterPictures { if let layer = filterPictureLayer(picture) { mask.addSublayer(layer) } }"))
            #expect(splash.contains("RevealGeometry.shapes, pictures: darkShapes == nil ? RevealGeometry.filterPictures : RevealGeometry.darkFilterPictures"))
            #expect(splash.contains("layer.frame = CGRect(x: picture.x, y: picture.y, width: picture.width, height: picture.height)"))
        }
        print("\(path) \(kotlin ? "Kotlin" : "Swift"): \(shapeCount) shapes, \(entries.count) pictures at \(entries.map(\.position)), \(formatNumber(sharpness, decimals: 2)) px a point")
    }

    @Test("gpick and gnome-dev-media-cf, twitter: Swift and Kotlin hold N vector shapes and the filter pictures at the outline's places in paint order, each rect at the launch scene's place of its picture (within 1.5 document units), each file a PNG of the stated size at 3 (iOS) or 4 (Android) px a point, named in the notes; the hole takes their alpha")
    func filteredLogos() throws {
        for path in Self.logos {
            let full = TestPaths.realWorldFolder.appendingPathComponent(path).path
            var settings = RevealSettings(viewport: Self.screen)
            settings.finalScale = 1
            let scene = try RevealScene(logo: try VectorLogo(contentsOf: full), spec: RevealPreset.twitter.spec, settings: settings)
            let iosLaunch = try LaunchScene(
                platform: .ios, logo: scene.logo, viewport: Self.screen, logoWidth: scene.placement.logoWidth, background: .white)
            try check(try RevealCode.swift(scene), scene: scene, launch: iosLaunch, kotlin: false, path: path)
            let android = try KotlinCodeTests.bundle(full, preset: .twitter, background: .white)
            try check(android.bundle, scene: android.scene, launch: android.launch.scene, kotlin: true, path: path)
        }
    }

    @Test("Logos without filters (telegram: gradients; office-calendar: translucent groups) write no filter picture code nor file; a tinted filtered logo stays one whole-logo picture")
    func unfilteredUnchanged() throws {
        for path in ["breeze/telegram.svg", "tango/office-calendar.svg"] {
            let full = TestPaths.realWorldFolder.appendingPathComponent(path).path
            var settings = RevealSettings(viewport: Self.screen)
            settings.finalScale = 1
            let scene = try RevealScene(logo: try VectorLogo(contentsOf: full), spec: RevealPreset.twitter.spec, settings: settings)
            for bundle in [try RevealCode.swift(scene), try KotlinCodeTests.bundle(full, preset: .twitter, background: .white).bundle] {
                #expect(bundle.resources.isEmpty, "\(path)")
                #expect(bundle.files.allSatisfy { !$0.text.contains("FilterPicture") && !$0.text.contains("filterPicture") }, "\(path)")
            }
        }
        var spec = RevealPreset.twitter.spec
        spec.logoColor = RGBAColor(red: 20, green: 30, blue: 40)
        var settings = RevealSettings(viewport: Self.screen)
        settings.finalScale = 1
        let gpick = TestPaths.realWorldFolder.appendingPathComponent("breeze/gpick.svg").path
        let tinted = try RevealCode.swift(try RevealScene(logo: try VectorLogo(contentsOf: gpick), spec: spec, settings: settings))
        #expect(tinted.resources.map(\.path) == ["LogoReveal.imageset/Contents.json", "LogoReveal.imageset/LogoReveal.png"])
    }

    /// A picture of `width` x `height` premultiplied pixels, all `pixel` (B, G, R, A in memory), at `x`, `y` pixels.
    static func picture(_ width: Int, _ height: Int, _ pixel: [UInt8], x: Double, y: Double, opacity: Double) throws -> LogoOutline.Picture {
        let bytes = (0..<width * height).flatMap { _ in pixel }
        let png = try RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes).pngData()
        return LogoOutline.Picture(
            position: 2, png: png, width: width, height: height,
            toDocument: Transform.translation(x: x, y: y).concatenating(.scale(0.5)), opacity: opacity)
    }

    @Test("FilterPictureMerge: pictures at one place are drawn one over the other into one, each at its opacity (a half-transparent red over blue: the source-over pixel; at opacity 0.5, half of each), the result opaque; off the pixel grid or at another place, never")
    func merge() throws {
        let blue: [UInt8] = [255, 0, 0, 255], red: [UInt8] = [0, 0, 128, 128]
        let opaque = try FilterPictureMerge.merged(
            [try Self.picture(4, 4, blue, x: 0, y: 0, opacity: 1), try Self.picture(4, 4, red, x: 2, y: 2, opacity: 1)], carriesGroups: false)
        try #require(opaque.count == 1)
        #expect(opaque[0].width == 6 && opaque[0].height == 6 && opaque[0].toDocument == Transform.scale(0.5) && opaque[0].opacity == 1)
        func pixels(_ picture: LogoOutline.Picture) throws -> (Int, Int) -> [UInt8] {
            let image = try RasterImage(pngBytes: picture.png, name: "merged")
            return { x, y in Array(image.bytes[y * image.stride + 4 * x..<y * image.stride + 4 * x + 4]) }
        }
        let pixel = try pixels(opaque[0])
        // Red at 50 % over blue: blue keeps 127/255, red adds 128.
        #expect(pixel(3, 3) == [127, 0, 128, 255], "\(pixel(3, 3))")
        #expect(pixel(0, 0) == blue && pixel(5, 5) == red && pixel(5, 0) == [0, 0, 0, 0])
        // At opacity 0.5 each: blue 128 (alpha 128), then red 64 over it keeping 191/255 of it.
        let translucent = try FilterPictureMerge.merged(
            [try Self.picture(4, 4, blue, x: 0, y: 0, opacity: 0.5), try Self.picture(4, 4, red, x: 2, y: 2, opacity: 0.5)], carriesGroups: false)
        try #require(translucent.count == 1 && translucent[0].opacity == 1)
        let half = try pixels(translucent[0])
        #expect(half(0, 0) == [128, 0, 0, 128] && half(5, 5) == [0, 0, 64, 64], "\(half(0, 0)) \(half(5, 5))")
        #expect(half(3, 3) == [96, 0, 64, 160], "\(half(3, 3))")
        let offGrid = try FilterPictureMerge.merged(
            [try Self.picture(2, 2, blue, x: 0, y: 0, opacity: 1), try Self.picture(2, 2, red, x: 0.25, y: 0, opacity: 1)], carriesGroups: false)
        #expect(offGrid.count == 2)
        var elsewhere = try Self.picture(2, 2, red, x: 2, y: 0, opacity: 1)
        elsewhere.position = 3
        #expect(try FilterPictureMerge.merged([try Self.picture(2, 2, blue, x: 0, y: 0, opacity: 1), elsewhere], carriesGroups: false).count == 2)
    }
}
