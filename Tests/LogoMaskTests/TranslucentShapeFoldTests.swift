import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// ``TranslucentShapeFold``: a translucent shape with one paint drawn with its opacity in that
/// paint, so librsvg needs no surface of the image's size for it; what it refuses; and `render`'s
/// pixels against rsvg-convert.
@Suite("Translucent shapes folded")
struct TranslucentShapeFoldTests {
    private func fold(_ body: String, defs: String = "", inherited: Bool = false, root: String = "") -> String? {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"\#(root)>"# + defs + body + "</svg>"
        return TranslucentShapeFold.folded(Data(svg.utf8), followingInheritance: inherited).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Fill only, stroke only, percentages, attributes and style: the opacity goes into the painted one's opacity, the rest byte for byte")
    func folds() throws {
        let folded = try #require(fold(
            #"<path d="M0 0h9v9z" style="opacity:0.5;fill:#fff;fill-opacity:0.8;stroke:none"/>"#
                + #"<rect opacity="50%" fill="none" stroke="red" stroke-opacity="1" width="4" height="4"/>"#
                + #"<circle r="3" style="opacity:1;fill:red;fill-opacity:1;stroke:none"/>"#))
        #expect(folded.contains(#"<path d="M0 0h9v9z" style="fill:#fff;stroke:none;fill-opacity:0.4"/>"#))
        #expect(folded.contains(#"<rect fill="none" stroke="red" width="4" height="4" style="stroke-opacity:0.5"/>"#))
        #expect(folded.contains(#"<circle r="3" style="opacity:1;fill:red;fill-opacity:1;stroke:none"/>"#))
    }

    @Test("Left as they are: both paints, a paint or its opacity inherited, a filter, mask, clip or blend mode, a group; no fold at all with CSS or markers")
    func refusals() {
        let translucent = "opacity:0.5;fill-opacity:1;stroke-opacity:1"
        #expect(fold(#"<path d="M0 0h9v9z" style="\#(translucent);fill:red;stroke:blue"/>"#) == nil)
        #expect(fold(#"<path d="M0 0h9v9z" style="opacity:0.5;fill:red;stroke:none"/>"#) == nil)
        #expect(fold(#"<g fill="red"><path d="M0 0h9v9z" style="\#(translucent);stroke:none"/></g>"#) == nil)
        for effect in ["filter:url(#f)", "mask:url(#m)", "clip-path:url(#c)", "mix-blend-mode:multiply"] {
            #expect(fold(#"<path d="M0 0h9v9z" style="\#(translucent);fill:red;stroke:none;\#(effect)"/>"#) == nil)
        }
        #expect(fold(#"<g style="\#(translucent);fill:red;stroke:none"><rect width="4" height="4"/></g>"#) == nil)
        let shape = #"<path d="M0 0h9v9z" style="\#(translucent);fill:red;stroke:none"/>"#
        #expect(fold(shape) != nil)
        #expect(fold(shape, defs: "<style>path { opacity: 1 }</style>") == nil)
        #expect(fold(shape, defs: #"<marker id="m"><rect width="1" height="1"/></marker>"#) == nil)
        // CSS beside the document, or under a namespace prefix (review).
        let stylesheet = #"<?xml-stylesheet href="x.css"?>"# + #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">"# + shape + "</svg>"
        #expect(TranslucentShapeFold.folded(Data(stylesheet.utf8)) == nil)
        #expect(fold(shape, defs: #"<svg:style xmlns:svg="http://www.w3.org/2000/svg">path { opacity: 1 }</svg:style>"#) == nil)
        // What CSS does not read as a number is not folded (librsvg draws `0.` as opaque).
        for opacity in ["0.", "0x1p-1", ".", "1e", "inf"] {
            #expect(fold(#"<path d="M0 0h9v9z" style="opacity:\#(opacity);fill-opacity:1;fill:red;stroke:none"/>"#) == nil)
        }
        #expect(TranslucentShapeFold.isCSSNumber("-.5e+2") && TranslucentShapeFold.isCSSNumber("50") && TranslucentShapeFold.isCSSNumber("1.25E-3"))
    }

    @Test("A group of one shape hands it its opacity: the group loses it, the shape folds it; not with two children, an effect on the group, or a shape with two paints. A path without geometry loses its opacity and its group's, whatever its paints")
    func groupsOfOneShape() throws {
        let shape = #"<path d="M0 0h9v9z" fill="red" stroke="none" fill-opacity="0.5"/>"#
        let folded = try #require(fold(#"<g id="a" opacity="0.5">\#n  <!-- one -->\#(shape)\#n</g>"#))
        #expect(folded.contains(#"<g id="a">"#))
        #expect(folded.contains(#"<path d="M0 0h9v9z" fill="red" stroke="none" style="fill-opacity:0.25"/>"#))
        // The shape's own opacity multiplies the group's; a shape with an end tag folds too.
        let own = try #require(fold(#"<g style="opacity:.5;fill:blue"><rect width="4" height="4" fill="red" stroke="none" fill-opacity="1" opacity=".5"></rect></g>"#))
        #expect(own.contains(#"<g style="fill:blue">"#) && own.contains(#"style="fill-opacity:0.25"></rect>"#))
        #expect(fold(#"<g opacity="0.5">\#(shape)\#(shape)</g>"#) == nil)
        #expect(fold(#"<g opacity="0.5" filter="url(#f)">\#(shape)</g>"#) == nil)
        #expect(fold(#"<g opacity="0.5"><g>\#(shape)</g></g>"#) == nil)
        #expect(fold(#"<g opacity="0.5">text\#(shape)</g>"#) == nil)
        #expect(fold(#"<g opacity="0.5"><path d="M0 0h9v9z" fill="red" stroke="blue" fill-opacity="1" stroke-opacity="1"/></g>"#) == nil)
        #expect(fold(#"<g opacity="0.5"><path d="M0 0h9v9z" fill="red" stroke="none" fill-opacity="1"><title>t</title></path></g>"#) == nil)
        // A path without geometry draws nothing: its opacity and its group's go, whatever its
        // paints (Tango's, without following inheritance: render's fold).
        let empty = try #require(fold(#"<g style="opacity:0.75;color:#000"><path id="p" d=" "/></g>"#))
        #expect(empty.contains(#"<g style="color:#000">"#) && empty.contains(#"<path id="p" d=" "/>"#))
        let bare = try #require(fold(#"<path opacity=".5" fill="url(#r)" stroke="red"/>"#))
        #expect(bare.contains(#"<path fill="url(#r)" stroke="red"/>"#))
        #expect(fold(#"<path d="" opacity=".5" filter="url(#f)"/>"#) == nil)
    }

    @Test("Following inheritance: paints from the ancestors or their initial values (Papirus' black shadows, Tango's empty paths), `inherit`; what a <use> draws inherits nothing")
    func inheritedPaints() throws {
        // Papirus: no fill, no fill-opacity: black at 1.
        let shadow = #"<circle style="opacity:0.2" cx="32" cy="33" r="28"/>"#
        #expect(fold(shadow) == nil)
        #expect(try #require(fold(shadow, inherited: true)).contains(#"<circle style="fill-opacity:0.2" cx="32" cy="33" r="28"/>"#))
        // From a group, the root, and through `inherit`.
        let grouped = try #require(fold(#"<g fill="red" fill-opacity=".5"><path d="M0 0h9v9z" opacity=".5" fill-opacity="inherit"/></g>"#, inherited: true))
        #expect(grouped.contains(#"<path d="M0 0h9v9z" fill="red"#) == false && grouped.contains(#"<path d="M0 0h9v9z" style="fill-opacity:0.25"/>"#))
        let stroked = try #require(fold(#"<path d="M0 0h9v9z" opacity=".5"/>"#, inherited: true, root: #" fill="none" stroke="red""#))
        #expect(stroked.contains(#"style="stroke-opacity:0.5""#))
        // Tango's `<g style="opacity:0.75"><path d=""/></g>`, the fill from the group above.
        let tango = try #require(fold(#"<g style="fill:url(#r)"><g style="opacity:0.75;color:#000" id="g"><path d="" id="p"/></g></g>"#, inherited: true))
        #expect(tango.contains(#"<g style="color:#000" id="g">"#) && tango.contains(#"<path d="" id="p"/>"#))
        // After a sibling's end tag, the parent's paints are back in force.
        let after = try #require(fold(#"<g fill="none" stroke="red"><g fill="blue"></g><path d="M0 0h9v9z" opacity=".5"/></g>"#, inherited: true))
        #expect(after.contains(#"<path d="M0 0h9v9z" style="stroke-opacity:0.5"/>"#))
        // Both paints (the fill black by default, the stroke inherited), or a `<use>` anywhere.
        #expect(fold(#"<g stroke="red"><path d="M0 0h9v9z" opacity=".5"/></g>"#, inherited: true) == nil)
        // What an `href` points to inherits from the `<use>`: only its own values count there,
        // and those of its ancestors within it.
        #expect(fold(#"<g fill="red"><path id="x" d="M0 0h9v9z" opacity=".5"/></g>"# + ##"<use href="#x"/>"##, inherited: true) == nil)
        let used = try #require(fold(
            #"<g fill="red" id="x" stroke="none" fill-opacity="1"><g fill="blue"><path d="M0 0h9v9z" opacity=".5"/></g></g>"#
                + #"<g id="y" fill="red"><path d="M1 0h9v9z" opacity=".5"/></g>"# + shadow + ##"<use xlink:href = '#x'/><use href="#y"/>"##,
            inherited: true))
        #expect(used.contains(#"<path d="M0 0h9v9z" style="fill-opacity:0.5"/>"#) && used.contains(#"<path d="M1 0h9v9z" opacity=".5"/>"#))
        #expect(used.contains(#"<circle style="fill-opacity:0.2""#))
        #expect(fold(shadow + ##"<use href="&x;"/>"##, inherited: true) == nil)
        // A value the reader cannot read (an entity) on an ancestor blocks the fold beneath it.
        #expect(fold(#"<g fill="&red;">\#(shadow)</g>"#, inherited: true) == nil)
    }

    @Test("Pixel drawings follow inheritance, render does not: papirus/gimp's drawing needs no surface (no crop), render's fold leaves it unfolded; the still within 3 levels of rsvg-convert")
    func drawingsFollowInheritance() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("papirus/gimp.svg").path
        let logo = try VectorLogo(contentsOf: path)
        #expect(try logo.makeDrawing().cropsItsText == false)
        #expect(try logo.makeDrawing(folding: .ownPaints).cropsItsText == true)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("reference.png").path
        let result = try runTool("rsvg-convert", ["-w", "512", path, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let plane = try logo.makeDrawing().plane(width: 512, height: 512, transform: .scale(512 / logo.documentSize.width), tint: nil)
        let ours = RasterImage(
            width: 512, height: 512, format: .premultipliedARGB, stride: plane.stride,
            bytes: Array(UnsafeBufferPointer(start: plane.bytes, count: plane.stride * 512)))
        let difference = maxPremultipliedDifference(ours, try RasterImage(contentsOfPNG: reference))
        #expect(difference.map { $0 <= 3 } == true, "differs from rsvg-convert by \(difference.map(String.init) ?? "a size")")
    }

    @Test("The Tango media logos at 1024 px: their 25 translucent shapes folded, within 2 levels of rsvg-convert")
    func tangoMediaAgainstRsvg() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("tango/gnome-dev-media-ms.svg").path
        let source = try Data(contentsOf: URL(fileURLWithPath: path))
        let folded = try #require(TranslucentShapeFold.folded(source))
        let text = String(decoding: folded, as: UTF8.self)
        #expect(text.components(separatedBy: "opacity:0.44943824;").count - 1 == 0)
        // 23 filled, one stroked at the same opacity, one stroked with a gradient at 0.18.
        #expect(text.components(separatedBy: "fill-opacity:0.44943824").count - 1 == 23)
        #expect(text.components(separatedBy: "stroke-opacity:0.44943824").count - 1 == 1)
        #expect(text.components(separatedBy: "stroke-opacity:0.17977528").count - 1 == 1)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        try Rasterizer.writePNG(of: try VectorLogo(contentsOf: path), size: .width(1024), to: ours)
        let result = try runTool("rsvg-convert", ["-w", "1024", path, "-o", reference])
        #expect(result.status == 0, "rsvg-convert failed (run `make test`, which installs librsvg2-bin): \(result.stderr)")
        let difference = maxPremultipliedDifference(try RasterImage(contentsOfPNG: ours), try RasterImage(contentsOfPNG: reference))
        #expect(difference.map { $0 <= 2 } == true, "differs from rsvg-convert by \(difference.map(String.init) ?? "a size")")
    }

    @Test("Every pixel drawing folds: accessories-text-editor's 12 translucent shapes need no surface, so no crop, and its cover scale is unchanged")
    func drawingsFold() throws {
        let path = TestPaths.realWorldFolder.appendingPathComponent("tango/accessories-text-editor.svg").path
        let logo = try VectorLogo(contentsOf: path)
        #expect(try logo.makeDrawing().cropsItsText == false)
        #expect(try LogoDrawing(logo: logo, folding: .none).cropsItsText == true)
        // The scale the unfolded drawing's search found (ba52276 and before), to 1e-9.
        let cover = try CoverScale.compute(logo: logo, placement: Placement(
            documentSize: logo.documentSize, viewport: try #require(Device.named("iPhone 15")).viewport(landscape: false),
            logoWidth: 100, center: nil))
        #expect(abs(cover.scale - 10.272992429299338) < 1e-9, "\(cover.scale)")
    }
}
