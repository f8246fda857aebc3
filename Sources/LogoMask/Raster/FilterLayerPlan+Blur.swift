import FoundationEssentials
import MaskGeometry

extension FilterLayerPlan {
    /// A filtered layer that is one element blurred by one `feGaussianBlur` of its source graphic
    /// (Breeze's shadows and glows), or by Inkscape's drop shadow (``LayerShadow``: rocs), drawn
    /// as librsvg draws it but for the filter, which ``GaussianBoxBlur`` and Cairo compute
    /// (``LayeredFilterRender``):
    /// - `source`, the layer's document with the element's filter and opacity dropped: its
    ///   pixels are the filter's source graphic (librsvg draws the element the same way onto a
    ///   fresh surface before filtering it);
    ///   A shadow's source may hold filters of its own (librsvg computes them there).
    /// - `region`, the same element unpainted, its filter a flood of the same filter region: the
    ///   opaque pixels librsvg paints are the blur's bounds exactly (its effects region, rounded
    ///   out and clipped as librsvg does), with nothing to compute from the box;
    /// - the blurred pixels painted at the element's `opacity`, as librsvg paints a filter's output;
    ///   for a clipped element, multiplied by `clip`'s alpha: the same flood painted through the
    ///   clip path at the opacity.
    struct LayerBlur: Equatable {
        var source: Data
        var region: Data
        /// For a clipped element, the same flood with its clip path and opacity kept: its alpha is
        /// what librsvg paints the blur through (nil: the blur is painted at `opacity`).
        var clip: Data?
        /// The blur's deviations in device pixels, each at least ``GaussianBoxBlur/smallestDeviation``.
        var deviationX: Double
        var deviationY: Double
        /// False for `color-interpolation-filters` `sRGB` or `auto`.
        var linearRGB: Bool
        var opacity: Double
        /// For Inkscape's drop shadow (``BlurFilters/Shadow``), its colour and offset in device
        /// pixels: the blur is of the source's alpha in that colour, offset, under the source.
        var shadow: LayerShadow?
    }

    /// A drop shadow's paint as a layer draws it: the flood's colour (its alpha the flood's
    /// opacity, rounded to 8 bits as librsvg rounds it) and the offset in device pixels.
    struct LayerShadow: Equatable {
        var colour: RGBAColor
        var dx: Double
        var dy: Double
    }

    /// A document's filters that are one Gaussian blur of the source graphic and nothing else,
    /// by id, and what the blur's layers need of the root.
    struct BlurFilters {
        struct Filter {
            /// The `<filter>` element's attributes (decoded).
            var attributes: [String: String]
            /// `stdDeviation` in the filtered element's user space.
            var deviationX: Double
            var deviationY: Double
            var linearRGB: Bool
            /// Set when the filter is Inkscape's drop shadow rather than a plain blur.
            var shadow: Shadow?
        }

        var filters: [String: Filter] = [:]
        /// The root's scale from its viewBox to the document's units (x, y), nil when not read.
        var rootScale: (x: Double, y: Double)?

        /// Attributes a filter or its primitive may have (and any other namespace's, but an `href`).
        private static let filterAttributes: Set<String> = ["id", "x", "y", "width", "height", "filterUnits", "primitiveUnits", "style", "color-interpolation-filters"]
        private static let blurAttributes: Set<String> = ["id", "stdDeviation", "in", "result", "style", "color-interpolation-filters"]
        static let colourSpace = "color-interpolation-filters"

        /// Reads `data`; empty when a `color-interpolation-filters` is set outside a filter
        /// (inherited, it would have to be followed) or the document is not read.
        init(_ data: Data, documentSize: Size, viewBox: Rect?) {
            var depth = 0
            var current: (id: String, attributes: [String: String], primitives: [(String, [String: String])], depth: Int)?
            var found: [String: Filter] = [:]
            var colourSpaceElsewhere = false
            var rootAttributes: [String: String]?
            let read = XMLElementReader.read(data) { event in
                switch event {
                case .start(let name, let attributes):
                    if rootAttributes == nil { rootAttributes = attributes }
                    if name == "filter", let id = attributes["id"] {
                        current = (id, attributes, [], depth)
                    } else if var filter = current {
                        // Only the filter's children are primitives; anything deeper spoils it.
                        filter.primitives.append((depth == filter.depth + 1 ? name : "", attributes))
                        current = filter
                    } else if attributes[Self.colourSpace] != nil || attributes["style"]?.contains(Self.colourSpace) == true {
                        colourSpaceElsewhere = true
                    }
                    depth += 1
                case .end:
                    depth -= 1
                    if let filter = current, depth == filter.depth {
                        if let blur = Self.blur(filter.attributes, filter.primitives) ?? Self.dropShadow(filter.attributes, filter.primitives) {
                            found[filter.id] = blur
                        }
                        current = nil
                    }
                }
            }
            guard read, !colourSpaceElsewhere, let rootAttributes else { return }
            filters = found
            rootScale = Self.rootScale(rootAttributes, documentSize: documentSize, viewBox: viewBox)
        }

        /// The filter as a blur, or nil when it is anything more.
        private static func blur(_ attributes: [String: String], _ primitives: [(String, [String: String])]) -> Filter? {
            guard primitives.count == 1, primitives[0].0 == "feGaussianBlur",
                  isRead(attributes), allowed(primitives[0].1, Self.blurAttributes)
            else { return nil }
            let blur = primitives[0].1
            if let input = blur["in"], input.trimmingWhitespace() != "SourceGraphic" { return nil }
            guard let deviation = deviations(blur), deviation.x > 0, deviation.y > 0 else { return nil }
            let space = space(of: blur, in: attributes)
            guard ["linearRGB", "sRGB", "auto"].contains(space) else { return nil }
            return Filter(attributes: attributes, deviationX: deviation.x, deviationY: deviation.y, linearRGB: space == "linearRGB")
        }

        /// True when the filter sets nothing but its region (in user space or the element's box)
        /// and a colour space, its primitives' lengths in user space.
        static func isRead(_ attributes: [String: String]) -> Bool {
            allowed(attributes, filterAttributes)
                && (attributes["primitiveUnits"] ?? "userSpaceOnUse") == "userSpaceOnUse"
                && ["objectBoundingBox", "userSpaceOnUse"].contains(attributes["filterUnits"] ?? "objectBoundingBox")
        }

        /// A blur primitive's `stdDeviation` (one number for both axes, or two), each finite and
        /// not negative; nil otherwise.
        static func deviations(_ primitive: [String: String]) -> (x: Double, y: Double)? {
            let numbers = (primitive["stdDeviation"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
            guard numbers.count == 1 || numbers.count == 2, let x = numbers[0], let y = numbers.last ?? nil,
                  x >= 0, y >= 0, x.isFinite, y.isFinite else { return nil }
            return (x, y)
        }

        /// A primitive's colour space: its own `color-interpolation-filters`, else the filter's,
        /// else the initial linearRGB.
        static func space(of primitive: [String: String], in filter: [String: String]) -> String {
            (SVGPresentationProperty.value(colourSpace, in: primitive)
                ?? SVGPresentationProperty.value(colourSpace, in: filter) ?? "linearRGB").trimmingWhitespace()
        }

        /// True when every attribute is in `names` or another namespace's (not an `href`), and a
        /// `style` sets nothing but the colour space.
        static func allowed(_ attributes: [String: String], _ names: Set<String>) -> Bool {
            for key in attributes.keys where !names.contains(key) {
                guard key.contains(":"), !key.hasSuffix(":href") else { return false }
            }
            for declaration in (attributes["style"] ?? "").split(separator: ";") {
                let name = declaration.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingWhitespace() } ?? ""
                if !name.isEmpty, name != colourSpace { return false }
            }
            return true
        }

        /// The root's viewBox-to-document scale as librsvg fits it (`preserveAspectRatio`).
        private static func rootScale(_ root: [String: String], documentSize: Size, viewBox: Rect?) -> (x: Double, y: Double)? {
            guard let viewBox else { return (1, 1) }
            guard viewBox.width > 0, viewBox.height > 0 else { return nil }
            let sx = documentSize.width / viewBox.width, sy = documentSize.height / viewBox.height
            let words = (root["preserveAspectRatio"] ?? "").split(separator: " ").map(String.init)
            if words.first == "none" { return (sx, sy) }
            let uniform = words.last == "slice" ? max(sx, sy) : min(sx, sy)
            return (uniform, uniform)
        }
    }
}

extension FilterLayerPlan.Builder {
    /// The definitions `text` names (`url(#id)`, `href`), and those they name in turn, each inside
    /// a copy of the root `<defs>` it stands in, in document order; nil when one is not a child of
    /// a root `<defs>` (or an id is written twice there, or the text is not read).
    private func definitions(namedBy text: [UInt8]) -> [UInt8]? {
        guard let places = definitionPlaces, var pending = FilterLayerPlan.referencedIDs(Data(text)).map(Array.init)
        else { return nil }
        // Each kept definition as its `<defs>`'s index << 32 | its own, as ``keptChildren``.
        var kept: Set<Int> = []
        while let id = pending.popLast() {
            guard let place = places[id] else { return nil }
            guard kept.insert(place).inserted else { continue }
            let child = spans.children[place >> 32].children[place & 0xFFFF_FFFF]
            guard let named = FilterLayerPlan.referencedIDs(Data(spans.bytes[child.range])) else { return nil }
            pending += named
        }
        var out: [UInt8] = []
        for place in kept.sorted() {
            let defs = spans.children[place >> 32]
            out += spans.bytes[defs.tag]
            out += spans.bytes[defs.children[place & 0xFFFF_FFFF].range]
            out += Array("</defs>".utf8)
        }
        return out
    }

    /// Where each child of a root `<defs>` that has an id stands (its `<defs>`'s index << 32 | its
    /// own), read once a plan; nil when an id is written twice there.
    static func definitionPlaces(in spans: SVGLayerSpans) -> [String: Int]? {
        var places: [String: Int] = [:]
        for (index, defs) in spans.children.enumerated() where defs.name == "defs" {
            for (childIndex, child) in defs.children.enumerated() {
                guard let id = child.attributes["id"] else { continue }
                guard places.updateValue(index << 32 | childIndex, forKey: id) == nil else { return nil }
            }
        }
        return places
    }

    /// The longest shadow offset computed here, in device pixels (librsvg draws a longer one).
    static let largestShadowOffset = 1_000_000.0
    /// An id no logo uses, for the region's flood.
    private static let regionFilterID = "logo-mask-blur-region"
    /// Elements whose unpainted geometry needs nothing else from the document.
    private static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// The blur of a filtered layer whose `document` draws only `element`, with the filter in it
    /// (see ``FilterLayerPlan/LayerBlur``); nil when the layer is anything else: the element
    /// masked or blended, a second filter in it, its filter more than one blur of the
    /// source graphic, a transform not read, a deviation below 2 device pixels, or a group around
    /// it that clips it.
    func layerBlur(element: SVGLayerSpans.Element, group: SVGLayerSpans.Element?, groupTag: [UInt8]?, document: Data) -> FilterLayerPlan.LayerBlur? {
        let groupTagKept = groupTag == nil
        guard let rootScale = blurFilters.rootScale,
              let reference = SVGLayerSpans.property("filter", of: element),
              reference.hasPrefix("url(#"), reference.hasSuffix(")"),
              let filter = blurFilters.filters[String(reference.dropFirst(5).dropLast())]
        else { return nil }
        if (SVGLayerSpans.property("mask", of: element) ?? "none") != "none" { return nil }
        let clipped = (SVGLayerSpans.property("clip-path", of: element) ?? "none") != "none"
        if (SVGLayerSpans.property("mix-blend-mode", of: element) ?? "normal") != "normal" { return nil }
        // A CSS transform is not read; one filter only (the element's own).
        if element.attributes["style"]?.contains("transform") == true { return nil }
        // A shadow's source may hold filters of its own: librsvg draws them into it, on the
        // layer's region as in one draw.
        let inside = spans.bytes[element.tag.upperBound..<element.range.upperBound]
        if filter.shadow == nil, FilterLayerPlan.mentionsFilter(inside) { return nil }
        guard let own = Self.transform(element.attributes["transform"] ?? "") else { return nil }
        var total = own
        if let group {
            // A group kept as written still clips (its opacity is 1, or it would be rewritten).
            if groupTagKept, (SVGLayerSpans.property("clip-path", of: group) ?? "none") != "none" { return nil }
            guard let placed = Self.transform(group.attributes["transform"] ?? "") else { return nil }
            total = total.concatenating(placed)
        }
        total = total.concatenating(.scale(x: rootScale.x * scale, y: rootScale.y * scale))
        // librsvg maps the (x, y) deviations through the transform as one distance.
        var deviationX = abs(total.a * filter.deviationX + total.c * filter.deviationY)
        var deviationY = abs(total.b * filter.deviationX + total.d * filter.deviationY)
        var shadow: FilterLayerPlan.LayerShadow?
        if let paint = filter.shadow {
            // A shadow under a rotation by 45 degrees is blurred along one device axis only; the
            // other deviation is 0, or a rounding's remainder whose Gaussian kernel librsvg
            // computes as the identity (its side weights underflow to 0 below 0.1).
            if deviationX < GaussianBoxBlur.negligibleDeviation { deviationX = 0 }
            if deviationY < GaussianBoxBlur.negligibleDeviation { deviationY = 0 }
            let dx = total.a * paint.dx + total.c * paint.dy, dy = total.b * paint.dx + total.d * paint.dy
            // An offset beyond any image moves the shadow off it (and its whole pixels must fit an Int).
            guard deviationX + deviationY > 0, abs(dx) < Self.largestShadowOffset, abs(dy) < Self.largestShadowOffset
            else { return nil }
            shadow = FilterLayerPlan.LayerShadow(colour: paint.colour, dx: dx, dy: dy)
        }
        for deviation in [deviationX, deviationY] where !(shadow != nil && deviation == 0) {
            guard deviation >= GaussianBoxBlur.smallestDeviation, !GaussianBoxBlur.isAmbiguous(deviation) else { return nil }
        }
        guard let opacity = FilterLayerPlan.opacity(SVGLayerSpans.property("opacity", of: element) ?? "1") else { return nil }
        // The documents: the element's start tag replaced (it must occur once), and for the region
        // a flood filter of the same region before the root's end tag.
        let text = [UInt8](document)
        let tag = Array(spans.bytes[element.tag])
        // The root's end tag: the last `</` (comments after it hold none in any logo read so far;
        // one that did would fail the check).
        var end = text.count - 2
        while end >= 0, !(text[end] == UInt8(ascii: "<") && text[end + 1] == UInt8(ascii: "/")) { end -= 1 }
        guard let at = ByteSearch.firstIndex(of: tag, in: text[...], from: 0),
              ByteSearch.firstIndex(of: tag, in: text[...], from: at + 1) == nil,
              end > at, ByteSearch.matches("</svg", in: text, at: end) || ByteSearch.matches("</svg:svg", in: text, at: end),
              ByteSearch.firstIndex(of: Array(Self.regionFilterID.utf8), in: text[...], from: 0) == nil
        else { return nil }
        let closes = tag.suffix(2) == Array("/>".utf8)
        func rebuilt(dropping: Set<String>, adding: String) -> [UInt8] {
            var bytes = FilterLayerPlan.tag(of: element, dropping: dropping)
            bytes.removeLast()
            return bytes + Array((adding + (closes ? "/>" : ">")).utf8)
        }
        let sourceTag = rebuilt(dropping: ["filter", "opacity", "clip-path"], adding: "")
        let unpainted = " fill=\"none\" stroke=\"none\" filter=\"url(#\(Self.regionFilterID))\""
        let regionTag = rebuilt(dropping: ["filter", "opacity", "clip-path", "fill", "stroke"], adding: unpainted)
        // Clipped: the flood painted through the clip at the opacity, as librsvg paints the blur.
        let clipTag = clipped ? rebuilt(dropping: ["filter", "fill", "stroke"], adding: unpainted) : nil
        var flood = "<filter id=\"\(Self.regionFilterID)\""
        for key in filter.attributes.keys.sorted() where ["x", "y", "width", "height", "filterUnits"].contains(key) {
            // Lengths and a keyword: nothing to escape in any real one.
            let value = filter.attributes[key] ?? ""
            guard !value.contains(where: { "&<\"".contains($0) }) else { return nil }
            flood += " \(key)=\"\(value)\""
        }
        flood += "><feFlood flood-color=\"#000\" flood-opacity=\"1\"/></filter>"
        let floodBytes = Array(flood.utf8)
        /// The layer's document with the element's start tag replaced, the flood (if any) before
        /// the root's end tag.
        /// `unfiltered`: the filters inside the element set to none (for the region's flood: the
        /// flood ignores what they draw, and librsvg would compute each on the layer's surface).
        func replaced(_ replacement: [UInt8], flood: [UInt8] = [], unfiltered: Bool = false) -> [UInt8] {
            var out = [UInt8]()
            out.reserveCapacity(text.count + replacement.count + flood.count)
            out += text[..<at]
            // Nothing painted either: only the geometry counts for the filter region.
            if unfiltered { out += Array("<style type=\"text/css\">*{fill:none!important;stroke:none!important;opacity:1!important}</style>".utf8) }
            out += replacement
            let contentEnd = at + (element.range.upperBound - element.tag.lowerBound)
            if unfiltered, contentEnd <= end {
                out += FilterLayerPlan.withoutFilters(text[(at + tag.count)..<contentEnd])
                out += text[contentEnd..<end]
            } else {
                out += text[(at + tag.count)..<end]
            }
            out += flood
            out += text[end...]
            return out
        }
        let content = spans.bytes[element.tag.upperBound..<element.range.upperBound]
        /// A shape needs nothing from the rest of the document but the paint servers it names: its
        /// documents are the root, those definitions, the group around it and the shape (and the
        /// flood): kiten's are 1-3 kB where its layers' are 60, each parsed once a layer. Nil when
        /// a definition it names is not a root `<defs>`'s child (the layer's document then).
        let root = Self.shapes.contains(element.name) ? CroppedSVGSource.rootStartTag(in: spans.bytes) : nil
        func alone(_ shape: [UInt8], flood: [UInt8] = []) -> [UInt8]? {
            guard let root, let definitions = definitions(namedBy: shape + content) else { return nil }
            var out = Array(spans.bytes[..<root.tag.end]) + definitions
            if let group { out += groupTag ?? Array(spans.bytes[group.tag]) }
            out += shape
            out += content
            if let group { out += Array("</\(group.name)>".utf8) }
            out += flood
            return out + Array("</".utf8) + spans.bytes[(root.start + 1)..<root.tag.nameEnd] + [UInt8(ascii: ">")]
        }
        let source = alone(sourceTag) ?? replaced(sourceTag)
        let region = alone(regionTag, flood: floodBytes) ?? replaced(regionTag, flood: floodBytes, unfiltered: filter.shadow != nil)
        let clip = clipTag.map { alone($0, flood: floodBytes) ?? replaced($0, flood: floodBytes) }
        return FilterLayerPlan.LayerBlur(
            source: Data(source), region: Data(region), clip: clip.map { Data($0) },
            deviationX: deviationX, deviationY: deviationY, linearRGB: filter.linearRGB, opacity: opacity, shadow: shadow)
    }
}

extension FilterLayerPlan {
    /// `text` with every `filter` property in it (attribute or declaration) set to `none`.
    static func withoutFilters(_ text: ArraySlice<UInt8>) -> [UInt8] {
        let bytes = Array(text)
        let name = Array("filter".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard i > 0, bytes[i] == name[0], i + name.count < bytes.count, bytes[i..<(i + name.count)].elementsEqual(name),
                  [0x20, 0x09, 0x0A, 0x0D, 0x3B, 0x22, 0x27, 0x7B].contains(bytes[i - 1])
            else {
                out.append(bytes[i]); i += 1; continue
            }
            var j = i + name.count
            while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") || bytes[j] == UInt8(ascii: ":") else {
                out += bytes[i..<j]; i = j; continue
            }
            let isAttribute = bytes[j] == UInt8(ascii: "=")
            j += 1
            while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
            // The value: a quoted attribute's text, or a declaration's up to `;` or the quote.
            var valueStart = j, valueEnd = j
            if isAttribute {
                guard j < bytes.count, bytes[j] == 0x22 || bytes[j] == 0x27 else { out += bytes[i..<j]; i = j; continue }
                let quote = bytes[j]
                valueStart = j + 1
                valueEnd = valueStart
                while valueEnd < bytes.count, bytes[valueEnd] != quote { valueEnd += 1 }
            } else {
                while valueEnd < bytes.count, ![0x3B, 0x22, 0x27, 0x7D].contains(bytes[valueEnd]) { valueEnd += 1 }
            }
            out += bytes[i..<valueStart]
            out += Array("none".utf8)
            i = valueEnd
        }
        return out
    }
}
