import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// The logo's own paints in the exports: the outline reads Cairo's opacity masks and gradients
/// back, and the Lottie, the web page's markup and the Android drawable draw them as vectors,
/// compared pixel by pixel with librsvg's drawing of the logo.
@Suite("Logo paints")
struct LogoPaintsTests {
    /// Pixels a document unit in the comparisons (a 64-unit icon becomes 256 px).
    static let scale = 4.0
    /// Painted pixels allowed to differ by more than 24 of 255 in a channel (antialiasing of
    /// two renderers; measured at most 0.3 % on the real-world set).
    static let allowedFraction = 0.01

    static func logo(_ svg: String) throws -> VectorLogo { try VectorLogo(data: Data(svg.utf8)) }

    static func realWorld(_ name: String) -> String { TestPaths.realWorldFolder.appendingPathComponent(name).path }

    @Test("Opacity on an element or on a group of shapes apart becomes each shape's opacity, exactly")
    func opacityIsExact() throws {
        let outline = try Self.logo("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <path opacity="0.5" fill="#ff0000" d="M10 10h30v30h-30z"/>
            <g opacity="0.25"><rect x="50" y="10" width="20" height="20" fill="#0000ff"/><rect x="50" y="50" width="20" height="20" fill="#00ff00"/></g>
            </svg>
            """).outline
        #expect(outline.isExact, "\(outline.inexactReasons)")
        #expect(outline.shapes.count == 3)
        let paints = outline.shapes.map(\.paint)
        // Group and element opacity reach Cairo as doubles (a mask of that alpha): 0.5, 0.25 (±1e-6).
        let wanted: [(color: RGBAColor, opacity: Double)] = [
            (RGBAColor(red: 255, green: 0, blue: 0), 0.5), (RGBAColor(red: 0, green: 0, blue: 255), 0.25), (RGBAColor(red: 0, green: 255, blue: 0), 0.25),
        ]
        for (paint, want) in zip(paints, wanted) {
            guard case let .flat(color, opacity) = paint else { Issue.record("paint \(paint)"); continue }
            #expect(color == want.color && abs(opacity - want.opacity) <= 1e-6, "\(paint)")
        }
        let unclipped = outline.shapes.allSatisfy { $0.clips.isEmpty }
        #expect(unclipped)
    }

    @Test("A translucent group of overlapping shapes is named, and its opacity multiplied into each")
    func overlappingGroupOpacity() throws {
        let outline = try Self.logo("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <g opacity="0.5"><rect x="10" y="10" width="50" height="50"/><rect x="30" y="30" width="50" height="50" fill="#ffffff"/></g>
            </svg>
            """).outline
        #expect(outline.inexactReasons == [.groupOpacity])
        #expect(outline.drawsAsVectors && outline.groupOpacityNote != nil)
        #expect(outline.shapes.count == 2 && outline.shapes.allSatisfy { abs($0.paint.opacity - 0.5) <= 1e-6 })
    }

    @Test("Real icons: WhatsApp's shadow keeps its 20 % black, its ring white; a pattern-free icon draws as vectors")
    func realWorldOpacity() throws {
        let outline = try VectorLogo(contentsOf: Self.realWorld("papirus/com.github.eneshecan.WhatsAppForLinux.svg")).outline
        #expect(outline.isExact, "\(outline.inexactReasons)")
        // Its five paths: shadow, ring, the handset's shadow, the handset, a highlight.
        #expect(outline.shapes.count == 5)
        guard case let .flat(shadow, shadowOpacity) = outline.shapes[0].paint, case let .flat(ring, ringOpacity) = outline.shapes[1].paint else {
            Issue.record("paints \(outline.shapes.map(\.paint))"); return
        }
        #expect(shadow == .black && abs(shadowOpacity - 0.2) <= 1e-6)
        #expect(ring == RGBAColor(red: 0x47, green: 0xAD, blue: 0x5D) && ringOpacity == 1)
    }

    @Test("Rotation, scale, rotation rebuilds a stretched, skewed or mirrored transform (±1e-12)")
    func rotationScaleRotation() {
        for t in [Transform(a: 1.64399, b: 0, c: 0, d: 0.756236, tx: 3, ty: -10), Transform(a: 0.3, b: 1.2, c: -0.7, d: 0.4, tx: 0, ty: 0),
                  Transform(a: -2, b: 0.5, c: 0.25, d: 1, tx: 1, ty: 2)] {
            let (outer, scale, inner) = t.rotationScaleRotation
            let rebuilt = Transform.rotation(radians: inner).concatenating(.scale(x: scale.x, y: scale.y))
                .concatenating(.rotation(radians: outer)).concatenating(.translation(x: t.tx, y: t.ty))
            let error = [rebuilt.a - t.a, rebuilt.b - t.b, rebuilt.c - t.c, rebuilt.d - t.d, rebuilt.tx - t.tx, rebuilt.ty - t.ty].map(abs).max() ?? 1
            #expect(error <= 1e-12, "\(t) -> \(rebuilt)")
        }
    }

    @Test("The Lottie's gradient items carry the outline's stops and geometry")
    func lottieGradientNumbers() throws {
        let outline = try VectorLogo(contentsOf: TestPaths.sample("gradient.svg")).outline
        let items = try LottieShapes.items(of: outline, tint: nil)
        let json = try JSONSerialization.jsonObject(with: Data(LottieJSON.array(items).text.utf8)) as? [[String: Any]] ?? []
        // Lottie lists the top shape first: shape 1 (the tile) is last.
        func fill(_ name: String) -> [String: Any]? {
            let group = json.first { $0["nm"] as? String == name }
            return (group?["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "gf" }
        }
        func constant(_ item: [String: Any]?, _ key: String) -> [Double] {
            ((item?[key] as? [String: Any])?["k"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        }
        let tile = fill("shape 1"), sun = fill("shape 4")
        #expect(tile?["t"] as? Int == 1 && sun?["t"] as? Int == 2)
        #expect(constant(tile, "s") == [6, 6] && constant(tile, "e") == [94, 94])
        #expect(constant(sun, "s") == [63.2, 31.2] && constant(sun, "e") == [80, 31.2])
        for (item, index) in [(tile, 0), (sun, 3)] {
            let gradient = try #require(outline.shapes[index].paint.gradient)
            let g = item?["g"] as? [String: Any]
            #expect(g?["p"] as? Int == gradient.stops.count)
            let values = ((g?["k"] as? [String: Any])?["k"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
            let want = gradient.stops.flatMap { [$0.offset, Double($0.color.red) / 255, Double($0.color.green) / 255, Double($0.color.blue) / 255] }
            #expect(values.count == want.count && zip(values, want).allSatisfy { abs($0 - $1) <= 1e-4 }, "\(values) vs \(want)")
        }
    }

    /// The logo's Lottie shapes alone, played by rlottie, against librsvg's drawing of the logo
    /// (`scale` px a unit, the ink box's whole units): the fraction of painted pixels that differ.
    static func lottieDifference(_ paths: [String], folder: URL) throws -> [Double] {
        var jobs: [RlottiePlayer.Job] = [], references: [RasterImage] = []
        for (index, path) in paths.enumerated() {
            let logo = try VectorLogo(contentsOf: path)
            let outline = try logo.outline
            let box = LottieLogoArt.box(ink: logo.inkBounds, outline: outline)
            let w = Int(Double(box.width) * scale), h = Int(Double(box.height) * scale)
            let shapes = try LottieShapes.items(of: outline, tint: nil)
            let transform: LottieJSON = .object([
                "a": LottieShapes.constant(.numbers([0, 0])), "p": LottieShapes.constant(.numbers([-box.origin.x * scale, -box.origin.y * scale])),
                "s": LottieShapes.constant(.numbers([scale * 100, scale * 100])), "r": LottieShapes.constant(.number(0)),
                "o": LottieShapes.constant(.number(100)),
            ])
            let layer: LottieJSON = .object(["ty": .int(4), "ind": .int(1), "ip": .int(0), "op": .int(1), "st": .int(0), "ks": transform, "shapes": .array(shapes)])
            let animation: LottieJSON = .object(["v": .string("5.7.0"), "fr": .int(30), "ip": .int(0), "op": .int(1), "w": .int(w), "h": .int(h), "layers": .array([layer])])
            let file = folder.appendingPathComponent("art\(index).json")
            try Data(animation.text.utf8).write(to: file)
            jobs.append(RlottiePlayer.Job(file: file.path, width: w, height: h, frames: [0]))
            references.append(try Rasterizer.image(
                of: logo, width: w, height: h, transform: Transform.translation(x: -box.origin.x, y: -box.origin.y).concatenating(.scale(scale))))
        }
        let results = try RlottiePlayer.render(jobs, into: folder)
        return try zip(results, references).map { result, reference in
            let frame = try result.frame(0)
            var painted = 0, differing = 0
            for y in 0..<reference.height {
                for x in 0..<reference.width {
                    let word = frame[y * reference.width + x]
                    let i = y * reference.stride + x * 4
                    let got = [word & 0xFF, (word >> 8) & 0xFF, (word >> 16) & 0xFF, word >> 24].map { Int($0) }
                    let want = (0..<4).map { Int(reference.bytes[i + $0]) }
                    if got[3] == 0 && want[3] == 0 { continue }
                    painted += 1
                    if zip(got, want).contains(where: { abs($0 - $1) > 24 }) { differing += 1 }
                }
            }
            return Double(differing) / Double(max(1, painted))
        }
    }

    @Test("rlottie draws the Lottie shapes as librsvg draws the logo: opacity, linear and stretched radial gradients")
    func lottieMatchesLibrsvg() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = [TestPaths.sample("gradient.svg"), Self.realWorld("papirus/firefox.svg"),
                     Self.realWorld("papirus/com.github.eneshecan.WhatsAppForLinux.svg"), Self.realWorld("breeze/akregator.svg"),
                     Self.realWorld("tango/accessories-text-editor.svg"), Self.realWorld("tango/internet-mail.svg")]
        // The Tango icons hold radial gradients stretched by their transforms (the wrapped groups).
        let tango = try LottieShapes.items(of: try VectorLogo(contentsOf: paths[4]).outline, tint: nil)
        #expect(LottieJSON.array(tango).text.contains("gradient transform"))
        let differences = try Self.lottieDifference(paths, folder: folder)
        for (path, difference) in zip(paths, differences) {
            #expect(difference <= Self.allowedFraction, "\(path): \(difference * 100) % of painted pixels differ")
        }
    }

    @Test("The web page's markup draws the logo's paints as librsvg does, gradients inline")
    func webMarkupMatchesLibrsvg() throws {
        for path in [TestPaths.sample("gradient.svg"), Self.realWorld("tango/accessories-text-editor.svg"), Self.realWorld("papirus/firefox.svg")] {
            let logo = try VectorLogo(contentsOf: path)
            let outline = try logo.outline
            #expect(SVGLogoMarkup.canDraw(outline, tinted: false))
            let markup = SVGLogoMarkup(outline: outline, prefix: "c")
            let size = logo.documentSize
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size.width)\" height=\"\(size.height)\"><defs>"
                + markup.clipDefinitions + "</defs>" + markup.shapes(paint: .own) + "</svg>"
            if path.hasSuffix("gradient.svg") {
                #expect(svg.contains("<linearGradient id=\"cpaint-0\"") && svg.contains("<radialGradient id=\"cpaint-3\""))
            }
            let copy = try VectorLogo(data: Data(svg.utf8))
            let w = Int(size.width * Self.scale), h = Int(size.height * Self.scale)
            let a = try Rasterizer.image(of: logo, width: w, height: h, transform: .scale(Self.scale))
            let b = try Rasterizer.image(of: copy, width: w, height: h, transform: .scale(Self.scale))
            var painted = 0, differing = 0
            for i in stride(from: 0, to: a.bytes.count, by: 4) where a.bytes[i + 3] != 0 || b.bytes[i + 3] != 0 {
                painted += 1
                if (0..<4).contains(where: { abs(Int(a.bytes[i + $0]) - Int(b.bytes[i + $0])) > 24 }) { differing += 1 }
            }
            let fraction = Double(differing) / Double(max(1, painted))
            #expect(fraction <= Self.allowedFraction, "\(path): \(fraction * 100) % of painted pixels differ")
        }
    }

    @Test("The Android drawable's gradients, drawn by rsvg-convert through the converter script, match the logo")
    func androidGradientsMatch() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let side = 1152
        let paths = [TestPaths.sample("gradient.svg"), Self.realWorld("tango/accessories-text-editor.svg"), Self.realWorld("papirus/firefox.svg")]
        var arguments: [String] = [TestPaths.path("Tests/Scripts/vector_drawable_to_svg.py"), "--rsvg", try Tool.path("rsvg-convert"), "--jobs", "2", "\(side)"]
        var cases: [(path: String, png: String, logo: VectorLogo, fit: AndroidIconFit)] = []
        for (index, path) in paths.enumerated() {
            let logo = try VectorLogo(contentsOf: path)
            let fit = try AndroidIconFit(logo: logo, canvas: 288, mode: .circle)
            let drawable = try AndroidVectorDrawable(logo: logo, fit: fit, pixels: nil, pixelsPerDp: 4)
            #expect(!drawable.notes.contains { $0.contains("flattened") }, "\(path): \(drawable.notes)")
            if index == 0 {
                #expect(drawable.text.contains("<aapt:attr name=\"android:fillColor\">") && drawable.text.contains("android:type=\"radial\""))
                #expect(drawable.text.contains("<item android:offset=\"0.5\" android:color=\"#FFF107A3\" />"))
            }
            let xml = folder.appendingPathComponent("d\(index).xml"), svg = folder.appendingPathComponent("d\(index).svg")
            try Data(drawable.text.utf8).write(to: xml)
            arguments += [xml.path, svg.path]
            cases.append((path, folder.appendingPathComponent("d\(index).png").path, logo, fit))
        }
        let converted = try runTool(Tool.path("python3"), arguments)
        #expect(converted.status == 0, "\(converted.stderr)")
        for item in cases {
            let drawn = try RasterImage(contentsOfPNG: item.png)
            let want = try Rasterizer.image(of: item.logo, width: side, height: side, transform: item.fit.transform.concatenating(.scale(4)))
            var painted = 0, differing = 0
            for y in 0..<side {
                for x in 0..<side {
                    let i = y * drawn.stride + x * 4, j = y * want.stride + x * 4
                    if drawn.bytes[i + 3] == 0 && want.bytes[j + 3] == 0 { continue }
                    painted += 1
                    if (0..<4).contains(where: { abs(Int(drawn.bytes[i + $0]) - Int(want.bytes[j + $0])) > 24 }) { differing += 1 }
                }
            }
            let fraction = Double(differing) / Double(max(1, painted))
            // Tango's radial gradients lose their focal points (a vector drawable has none): 3 %.
            #expect(fraction <= 0.03, "\(item.path): \(fraction * 100) % of painted pixels differ")
        }
    }
}
