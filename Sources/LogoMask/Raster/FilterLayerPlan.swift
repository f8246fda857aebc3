import FoundationEssentials
import MaskGeometry

/// A filtered SVG cut into layers in paint order, so that each filtered element is drawn alone on
/// a surface no larger than what its filter can paint (``LayeredFilterRender``).
///
/// Why: librsvg 2.54 gives every filtered element about nine intermediate surfaces the size of
/// its whole toplevel viewport (64 MiB each at 4096 px). breeze/kiten has 111 blurred elements,
/// most of them small: one draw is 111 times the target's area, half of its CPU time the kernel
/// faulting those surfaces in, and strips do not help (each strip pays again per element).
/// Drawn from a document holding only that element, cropped to the element's ink grown by its
/// filters' reach (``FilterReach``), the surfaces shrink to the element's own region; kiten's
/// 111 regions together are about 5 targets' area.
///
/// The layers, from the root's children in order:
/// - **plain**: a run of unfiltered elements, drawn straight onto the image (or the open group's
///   surface) from a document holding only them: the same pixels as one draw, since librsvg
///   composites each top-level element onto its target in turn.
/// - **filtered**: one element with a filter in it, drawn alone on its region and composited
///   over the destination: one draw's pixels up to Cairo's rounding of a second composite (+-1).
/// - a `<g>` whose only effects are an `opacity` and a user-space `clip-path` around filtered
///   children is opened instead: librsvg draws its children unclipped onto a surface of their
///   own and paints that through the clip at the opacity; here each child is a layer drawn onto
///   a group surface, and **groupEnd** (a document of the group's clip filled at its opacity)
///   is the alpha it is painted through.
///
/// Nil, the logo keeps the strip cut or the one draw: no filter, the reach unknown
/// (``FilterReach``), a used filter that can paint where its input is transparent (a flood not
/// composited into its source, a lighting: its output is bounded only by the filter region; see
/// ``filtersAreBounded(_:referenced:)``), a `BackgroundImage` input, XML the reader refuses,
/// text (drawn through a picture past FreeType's sizes), an image under ``minimumPixels``, or
/// layers that would not save at least half of librsvg's filter surfaces against one draw
/// (``maximumAreaShare``).
///
/// An element cut out of a layer's document that holds an id something can reference (a `<use>`,
/// a `url(#id)`) is kept in it inside a `<defs>`: not drawn there, still there to be referenced.
/// A filtered element whose crop at an offset would move pixels (``FilterReach/cropSensitive``)
/// gets a region from the image's corner to the far corner of its own: drawn at offset 0, its
/// pixels are one draw's, on a surface that is still smaller than the image, but for a few where
/// that surface's far edge clips a gradient's extents (Cairo pins a gradient's matrix at the
/// centre of its extents as clipped to the surface): rocs' node groups at 1536 px, 3 pixels by
/// 3-4 levels; at 4096 px none.
struct FilterLayerPlan {
    enum Kind: Equatable {
        case plain
        /// Drawn on a surface of these image pixels.
        case filtered(region: PixelBox)
        /// The open group's surface covers these image pixels (its layers' regions together).
        case groupEnd(region: PixelBox)
    }

    struct Layer {
        var kind: Kind
        /// The document to draw: the logo's text with only this layer's elements drawn.
        var document: Data
        /// Drawn onto the open group's surface rather than the image.
        var inGroup: Bool
        /// A plain layer whose `<use>` may draw a filtered element kept in a `<defs>`: librsvg's
        /// surfaces for it are the image's size, so it draws alone.
        var drawsFilters = false
        /// A filtered layer that is one blurred or drop-shadowed element: its filter computed here
        /// (``LayerBlur``).
        var blur: LayerBlur?
    }

    let layers: [Layer]

    /// Layers only for images of at least this many pixels (about 1448 px square): below it the
    /// parse of each layer's document costs more than the smaller surfaces save (breeze/kiten at
    /// 1024 px: 0.46 s in layers against one draw's 0.36; at 2048 px 1.06 s against 2.10).
    static let minimumPixels = 2 << 20
    /// Layers only for images of at most this many pixels (4096 px square): a region may be as
    /// large as the image, with librsvg's surfaces for it, so a layered draw's memory follows the
    /// image (kiten at 4096 px peaks at 433-491 MB, by the 500 MB target). Larger images take the
    /// strip cut, whose surfaces are bounded by the strip.
    static let maximumPixels = 1 << 24

    /// The surfaces librsvg's filters get in the layers (each filter it computes there on its
    /// layer's region) must add up to at most this share of one draw's (each filter on the whole
    /// image). A filter computed here (``LayerBlur``) gets none of librsvg's.
    static let maximumAreaShare = 0.5

    /// Layers only with at least this many filtered elements on the image: with one, the strips
    /// share its filter and the rest across the cores, where the layers draw the plain runs on one
    /// thread (the Tango media logos, one blurred shadow: 0.30 s in layers against 0.21 s in strips).
    static let minimumFilteredLayers = 2

    /// Elements librsvg draws where they stand (the rest are kept in every layer's document).
    static let drawn: Set<String> = [
        "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use", "image", "switch", "a",
    ]

    /// The plan for `logo` drawn at `scale` device pixels per document unit into a `width` x
    /// `height` image, or nil (see the type's notes).
    init?(logo: VectorLogo, scale: Double, width: Int, height: Int) {
        guard logo.format == .svg, logo.options.elementID == nil, logo.usesFilterEffects, width * height >= Self.minimumPixels,
              width * height <= Self.maximumPixels,
              TextZoomLimit.largestFontSize(in: logo.source) == nil,
              let reach = FilterReach(svg: logo.source, documentSize: logo.documentSize, viewBox: logo.viewBox, forLayers: true),
              let referenced = Self.referencedIDs(logo.source),
              Self.filtersAreBounded(logo.source, referenced: referenced),
              let spans = SVGLayerSpans(logo.source)
        else { return nil }
        let bytes = spans.bytes
        // The layers' ids are read from the raw markup: one written with an entity would match
        // no reference, and the element it names be cut out of a layer that needs it.
        guard !Self.ids(in: bytes[...]).contains(where: { $0.contains("&") }) else { return nil }
        var builder = Builder(
            spans: spans, logo: logo, scale: scale, width: width, height: height, referenced: referenced,
            blurFilters: BlurFilters(logo.source, documentSize: logo.documentSize, viewBox: logo.viewBox))
        for (index, child) in spans.children.enumerated() where Self.drawn.contains(child.name) {
            guard Self.mentionsFilter(bytes[child.range]) else {
                builder.addPlain(root: index, child: nil, group: nil, inGroup: false)
                continue
            }
            if let alpha = Self.openableGroup(child, bytes: bytes) {
                let inGroup = alpha < 1
                let tag = inGroup ? Self.tag(of: child, dropping: ["opacity", "clip-path"]) : nil
                builder.beginGroup()
                let rewritten = Builder.Group(root: index, tag: tag, unclipped: Self.tag(of: child, dropping: ["opacity", "clip-path"]))
                for (childIndex, grandchild) in child.children.enumerated() where Self.drawn.contains(grandchild.name) {
                    if Self.mentionsFilter(bytes[grandchild.range]) {
                        guard builder.addFiltered(root: index, child: childIndex, id: grandchild.attributes["id"], group: rewritten, inGroup: inGroup)
                        else { return nil }
                    } else {
                        builder.addPlain(root: index, child: childIndex, group: rewritten, inGroup: inGroup)
                    }
                }
                if inGroup {
                    guard let mask = builder.groupMask(element: child, root: index, alpha: alpha) else { return nil }
                    if let region = builder.groupRegion {
                        builder.finish(Layer(kind: .groupEnd(region: region), document: mask, inGroup: false))
                    }
                }
            } else {
                guard builder.addFiltered(root: index, child: nil, id: child.attributes["id"], group: nil, inGroup: false)
                else { return nil }
            }
        }
        builder.flushPlain()
        let area = Double(width) * Double(height)
        guard builder.filteredCount >= Self.minimumFilteredLayers,
              builder.librsvgFilterArea <= Self.maximumAreaShare * Double(reach.terms.count) * area
        else { return nil }
        layers = builder.layers
    }

    /// True when the element's text sets a filter anywhere (attribute or CSS).
    static func mentionsFilter(_ text: ArraySlice<UInt8>) -> Bool {
        String(decoding: text, as: UTF8.self).contains("filter")
    }

    /// Elements for which SVG defines no `href`: librsvg follows none on them (Inkscape writes
    /// `xlink:href` on an offset path it derives from another, as the Tango media logos do).
    private static let hrefIgnored: Set<String> = [
        "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "svg",
    ]

    /// Every id librsvg can follow from somewhere: named in a `url(#id)` (in any attribute, CSS
    /// included) or in the `href` (`xlink:href`) of an element that has one (`use`, gradients,
    /// patterns, filters, `feImage`, text paths). Another namespace's attributes (`inkscape:href`)
    /// are not read by librsvg, so not counted. Nil when the XML cannot be read.
    static func referencedIDs(_ data: Data) -> Set<String>? {
        var found: Set<String> = []
        var xlinkPrefixes: Set<String> = []
        let read = XMLElementReader.read(data) { event in
            guard case .start(let name, let attributes) = event else { return }
            for (key, value) in attributes where key.hasPrefix("xmlns:") && value == "http://www.w3.org/1999/xlink" {
                xlinkPrefixes.insert(String(key.dropFirst(6)))
            }
            for (key, value) in attributes {
                var rest = Substring(value)
                while let start = rest.firstRange(of: "url(") {
                    let inside = rest[start.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
                    if inside.first == "#" {
                        let id = inside.dropFirst().prefix { !")\"' ;,\t\n\r".contains($0) }
                        if !id.isEmpty { found.insert(String(id)) }
                    }
                    rest = rest[start.upperBound...]
                }
                let parts = key.split(separator: ":", maxSplits: 1)
                let isHref = key == "href" || key == "xlink:href"
                    || (parts.count == 2 && parts[1] == "href" && xlinkPrefixes.contains(String(parts[0])))
                if isHref, !Self.hrefIgnored.contains(name) {
                    let target = value.trimmingWhitespace()
                    // Any other reference (a file, a URL with a fragment) keeps its whole text.
                    found.insert(target.hasPrefix("#") ? String(target.dropFirst()) : String(target))
                }
            }
        }
        return read ? found : nil
    }

    /// Every `id` attribute's value in `text`.
    static func ids(in text: ArraySlice<UInt8>) -> Set<String> {
        var found: Set<String> = []
        let string = String(decoding: text, as: UTF8.self)
        var rest = Substring(string)
        // Every `id` attribute, in document order: `id` after white space, then `=` (spaces
        // allowed around it) and a quoted value.
        while let start = rest.firstRange(of: "id") {
            // From the whole text: `rest` may start right at this match.
            let before = string[..<start.lowerBound].last
            var value = rest[start.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            rest = rest[start.upperBound...]
            guard let b = before, b == " " || b == "\t" || b == "\n" || b == "\r", value.first == "=" else { continue }
            value = value.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
            let name = value.dropFirst().prefix { $0 != quote }
            found.insert(String(name))
            rest = value.dropFirst(name.count + 1)
        }
        return found
    }

    /// A `<g>` whose own effects are at most an opacity and a user-space clip path (its children
    /// become layers), with that opacity; nil for any other element.
    private static func openableGroup(_ element: SVGLayerSpans.Element, bytes: [UInt8]) -> Double? {
        guard element.name == "g", !element.children.isEmpty else { return nil }
        for name in ["filter", "mask", "mix-blend-mode", "isolation", "display", "visibility", "enable-background"]
        where SVGLayerSpans.property(name, of: element) != nil {
            return nil
        }
        if let clip = SVGLayerSpans.property("clip-path", of: element), clip != "none" {
            guard clip.hasPrefix("url(#"),
                  !String(decoding: bytes, as: UTF8.self).contains("objectBoundingBox") else { return nil }
        }
        if let transform = SVGLayerSpans.property("transform", of: element), element.attributes["transform"] != transform {
            return nil  // a CSS transform: not read here
        }
        return opacity(SVGLayerSpans.property("opacity", of: element) ?? "1")
    }

    /// An opacity as written (a number or a percentage), clamped to 0...1.
    static func opacity(_ text: String) -> Double? {
        if text.hasSuffix("%") { return Double(text.dropLast()).map { min(1, max(0, $0 / 100)) } }
        return Double(text).map { min(1, max(0, $0)) }
    }

    /// The element's start tag rebuilt without the attributes and CSS declarations `dropped`.
    static func tag(of element: SVGLayerSpans.Element, dropping dropped: Set<String>) -> [UInt8] {
        var out = "<" + element.name
        for key in element.attributes.keys.sorted() where !dropped.contains(key) {
            var value = element.attributes[key] ?? ""
            if key == "style" {
                value = value.split(separator: ";").filter { declaration in
                    let name = declaration.split(separator: ":", maxSplits: 1).first.map { $0.trimmingWhitespace() } ?? ""
                    return !dropped.contains(name)
                }.joined(separator: ";")
            }
            let quote = value.contains("\"") ? "'" : "\""
            out += " \(key)=\(quote)\(value)\(quote)"
        }
        return Array((out + ">").utf8)
    }
}
