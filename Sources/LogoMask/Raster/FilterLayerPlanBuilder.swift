import FoundationEssentials
import MaskGeometry

extension FilterLayerPlan {
    /// Gathers a ``FilterLayerPlan``'s layers in paint order: runs of plain elements merged into
    /// one document, each filtered element with its region.
    struct Builder {
        /// An opened `<g>`: the root child's index and its start tag as its children's documents
        /// write it (nil: unchanged); `unclipped` without its opacity and clip, for the boxes.
        struct Group {
            var root: Int
            var tag: [UInt8]?
            var unclipped: [UInt8]
        }

        /// A root child, or one child of it (`child`) inside `group`.
        private typealias Item = (root: Int, child: Int?)

        let spans: SVGLayerSpans
        let logo: VectorLogo
        let scale: Double
        let width: Int
        let height: Int
        private(set) var layers: [Layer] = []
        /// Filtered layers; and the image pixels librsvg's filters cover in them, summed: each
        /// layer's region times the filters librsvg computes in it (its own filter not, when it is
        /// computed here).
        private(set) var filteredCount = 0
        private(set) var librsvgFilterArea = 0.0
        private var pending: (items: [Item], group: Group?, inGroup: Bool)?
        /// The image pixels the open group's layers cover, together; `groupIsWhole` when a plain
        /// run in it may paint anywhere.
        private var groupUnion: PixelBox?
        private var groupIsWhole = false

        /// The pixels the group opened last must cover, nil when none of it is on the image.
        var groupRegion: PixelBox? {
            groupIsWhole ? PixelBox(x0: 0, y0: 0, x1: width, y1: height) : groupUnion
        }

        mutating func beginGroup() {
            groupUnion = nil
            groupIsWhole = false
        }

        /// The root's children, and children of them (`root << 32 | child`), that hold an id
        /// something references: kept in a `<defs>` where they are cut out.
        private let keptRoots: Set<Int>
        private let keptChildren: Set<Int>

        /// The document's filters that are one blur (``FilterLayerPlan/LayerBlur``).
        let blurFilters: BlurFilters
        /// Where the root `<defs>`' children stand by id, for the blurred shapes' documents.
        let definitionPlaces: [String: Int]?

        init(
            spans: SVGLayerSpans, logo: VectorLogo, scale: Double, width: Int, height: Int, referenced: Set<String>,
            blurFilters: BlurFilters
        ) {
            self.spans = spans; self.logo = logo; self.scale = scale; self.width = width; self.height = height
            self.blurFilters = blurFilters
            definitionPlaces = blurFilters.filters.isEmpty ? nil : Self.definitionPlaces(in: spans)
            var roots: Set<Int> = [], children: Set<Int> = []
            for (index, element) in spans.children.enumerated() where FilterLayerPlan.drawn.contains(element.name) {
                guard !FilterLayerPlan.ids(in: spans.bytes[element.range]).isDisjoint(with: referenced) else { continue }
                roots.insert(index)
                for (childIndex, child) in element.children.enumerated()
                where !FilterLayerPlan.ids(in: spans.bytes[child.range]).isDisjoint(with: referenced) {
                    children.insert(index << 32 | childIndex)
                }
            }
            keptRoots = roots
            keptChildren = children
        }

        mutating func addPlain(root: Int, child: Int?, group: Group?, inGroup: Bool) {
            if inGroup { groupIsWhole = true }
            if let run = pending, run.group?.root == group?.root, run.inGroup == inGroup {
                pending?.items.append((root, child))
                return
            }
            flushPlain()
            pending = ([(root, child)], group, inGroup)
        }

        /// Adds a filtered element's layer (its region reaching to the image's corner when a
        /// crop would move its pixels); false when its region cannot be known (the reach or the
        /// box unreadable).
        mutating func addFiltered(root: Int, child: Int?, id: String?, group: Group?, inGroup: Bool) -> Bool {
            let document = self.document([(root, child)], group: group)
            guard let reach = FilterReach(
                svg: document, documentSize: logo.documentSize, viewBox: logo.viewBox, forLayers: true)
            else { return false }
            // Only at the root: inside an opened group it would be drawn on the group's surface,
            // whose corner is the group's region's.
            if reach.cropSensitive, inGroup { return false }
            flushPlain()
            // The box without the group's clip and opacity, and without any clip path on the
            // element or in it: the whole source the filter reads. A clip on a filtered element
            // applies after the filter, so the filter paints around the unclipped ink (breeze/
            // zanshin: a blurred path clipped to a band beside it; measured clipped, its region
            // missed the blur's edge, up to 12 levels off).
            let measured = group.map { Group(root: $0.root, tag: $0.unclipped, unclipped: $0.unclipped) }
            // Without an id, the document's own ink: it draws only this element.
            guard let measuring = try? SVGDocument(
                      data: Self.withoutClips(self.document([(root, child)], group: measured)), name: logo.name,
                      baseFile: logo.baseFile, unlimited: logo.options.trustedInput),
                  let ink = try? measuring.geometry(layer: id, viewport: logo.documentBox).ink
            else { return false }
            filteredCount += 1
            // Rounding of the region and antialiasing: 2 pixels more than the reach.
            guard var region = PixelBox.covering(
                ink, under: .scale(scale), margin: reach.devicePixels(scale: scale) + 2, width: width, height: height)
            else { return true }
            if reach.cropSensitive {
                // Drawn from the image's corner, the crop is the whole drawing's transform exactly
                // and only the surface is smaller (see ``FilterReach/cropSensitive``).
                region = PixelBox(x0: 0, y0: 0, x1: region.x1, y1: region.y1)
            }
            if inGroup {
                groupUnion = groupUnion.map {
                    PixelBox(x0: min($0.x0, region.x0), y0: min($0.y0, region.y0), x1: max($0.x1, region.x1), y1: max($0.y1, region.y1))
                } ?? region
            }
            let element = child.map { spans.children[root].children[$0] } ?? spans.children[root]
            let blur = layerBlur(
                element: element, group: child == nil ? nil : spans.children[root], groupTag: group?.tag,
                document: document)
            let librsvgFilters = reach.terms.count - (blur == nil ? 0 : 1)
            librsvgFilterArea += Double(librsvgFilters) * Double(region.x1 - region.x0) * Double(region.y1 - region.y0)
            layers.append(Layer(kind: .filtered(region: region), document: document, inGroup: inGroup, blur: blur))
            return true
        }

        mutating func finish(_ layer: Layer) {
            flushPlain()
            layers.append(layer)
        }

        mutating func flushPlain() {
            guard let run = pending else { return }
            pending = nil
            let document = document(run.items, group: run.group)
            // A `<use>` in a plain run may draw a filtered element kept in its `<defs>`: on the
            // whole image then, so it takes the whole drawing budget (unknown: as if it did).
            let usesFilters = ByteSearch.firstIndex(of: "<use", in: [UInt8](document), from: 0) != nil
                && FilterReach(svg: document, documentSize: logo.documentSize, viewBox: logo.viewBox, forLayers: true)?.terms.isEmpty != true
            layers.append(Layer(kind: .plain, document: document, inGroup: run.inGroup, drawsFilters: usesFilters))
        }

        /// The logo's text with only `items` of its drawn elements (the others cut out), the
        /// opened group's start tag rewritten.
        private func document(_ items: [Item], group: Group?) -> Data {
            let bytes = spans.bytes
            let roots = Set(items.map(\.root))
            let children = Set(items.compactMap(\.child))
            var out = [UInt8]()
            out.reserveCapacity(bytes.count)
            var cursor = 0
            for (index, element) in spans.children.enumerated() where FilterLayerPlan.drawn.contains(element.name) {
                guard roots.contains(index) else {
                    cut(element.range, kept: keptRoots.contains(index), from: &cursor, into: &out)
                    continue
                }
                guard let group, group.root == index else { continue }
                if let tag = group.tag {
                    out += bytes[cursor..<element.tag.lowerBound]
                    out += tag
                    cursor = element.tag.upperBound
                }
                for (childIndex, child) in element.children.enumerated()
                where FilterLayerPlan.drawn.contains(child.name) && !children.contains(childIndex) {
                    cut(child.range, kept: keptChildren.contains(index << 32 | childIndex), from: &cursor, into: &out)
                }
            }
            out += bytes[cursor...]
            return Data(out)
        }

        /// Copies the text from `cursor` up to `range` into `out`, then leaves the element at
        /// `range` out, or with `kept` puts it inside a `<defs>` (not drawn, still referenced).
        private func cut(_ range: Range<Int>, kept: Bool, from cursor: inout Int, into out: inout [UInt8]) {
            let bytes = spans.bytes
            out += bytes[cursor..<range.lowerBound]
            if kept {
                out += Array("<defs>".utf8)
                out += bytes[range]
                out += Array("</defs>".utf8)
            }
            cursor = range.upperBound
        }

        /// The document that paints an opened group's alpha: the group without its opacity and
        /// drawn children, holding one rectangle over the whole document filled at `alpha`, so
        /// that its pixels are the group's clip at its opacity. Nil when the group's transform
        /// cannot be read.
        func groupMask(element: SVGLayerSpans.Element, root: Int, alpha: Double) -> Data? {
            // The root's user space: the viewBox (or the document in px), grown so that any
            // letterboxing of the viewBox is covered too.
            let space = logo.viewBox ?? logo.documentBox
            let grow = max(space.width, space.height)
            let covered = space.insetBy(dx: -grow, dy: -grow)
            guard let transform = Self.transform(element.attributes["transform"] ?? ""), let inverse = transform.inverted
            else { return nil }
            let rect = inverse.apply(to: covered)
            let bytes = spans.bytes
            var out = [UInt8]()
            var cursor = 0
            // Every other drawn element of the root cut out, up to the group.
            for (index, other) in spans.children.enumerated() where other.range.upperBound <= element.range.lowerBound
            && FilterLayerPlan.drawn.contains(other.name) {
                cut(other.range, kept: keptRoots.contains(index), from: &cursor, into: &out)
            }
            out += bytes[cursor..<element.tag.lowerBound]
            out += FilterLayerPlan.tag(of: element, dropping: ["opacity"])
            let fill = "<rect x=\"\(rect.x)\" y=\"\(rect.y)\" width=\"\(rect.width)\" height=\"\(rect.height)\" "
                + "style=\"fill:#000000;fill-opacity:\(alpha);stroke:none;opacity:1;filter:none;mask:none;clip-path:none\"/>"
            out += Array(fill.utf8)
            // The group's drawn children cut out (its defs and the like kept).
            cursor = element.tag.upperBound
            for (childIndex, child) in element.children.enumerated() where FilterLayerPlan.drawn.contains(child.name) {
                cut(child.range, kept: keptChildren.contains(root << 32 | childIndex), from: &cursor, into: &out)
            }
            // And the drawn elements after it.
            for (index, other) in spans.children.enumerated() where other.range.lowerBound >= element.range.upperBound
            && FilterLayerPlan.drawn.contains(other.name) {
                cut(other.range, kept: keptRoots.contains(index), from: &cursor, into: &out)
            }
            out += bytes[cursor...]
            return Data(out)
        }

        /// `svg` with every `clip-path` and `mask` property (attribute or declaration) renamed to
        /// one librsvg does not know, so that nothing in it is clipped or masked: its ink can only
        /// grow. (A mask, like a clip, applies after the filter: measured masked, the region would
        /// miss the blur beside the mask's ink.)
        static func withoutClips(_ svg: Data) -> Data {
            var bytes = [UInt8](svg)
            // Renamed in place, same lengths: "clip-skip", "xask".
            for (name, at, replacement) in [(Array("clip-path".utf8), 5, Array("skip".utf8)), (Array("mask".utf8), 0, Array("x".utf8))] {
                var i = 1
                while i + name.count < bytes.count {
                    guard bytes[i] == name[0], bytes[i..<(i + name.count)].elementsEqual(name) else { i += 1; continue }
                    let before = bytes[i - 1]
                    var j = i + name.count
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                    let isName = [0x20, 0x09, 0x0A, 0x0D, 0x3B, 0x22, 0x27, 0x7B].contains(before)
                    if isName, j < bytes.count, bytes[j] == UInt8(ascii: "=") || bytes[j] == UInt8(ascii: ":") {
                        bytes.replaceSubrange((i + at)..<(i + at + replacement.count), with: replacement)
                    }
                    i = j
                }
            }
            return Data(bytes)
        }

        /// An SVG transform list as one transform (functions applied right to left, as SVG does);
        /// nil for a function not read here.
        static func transform(_ list: String) -> Transform? {
            var total = Transform.identity
            for (name, n) in TextSizeScan.transformFunctions(list) {
                let step: Transform
                switch name {
                case "matrix" where n.count == 6: step = Transform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
                case "translate" where n.count == 1 || n.count == 2: step = .translation(x: n[0], y: n.count > 1 ? n[1] : 0)
                case "scale" where n.count == 1 || n.count == 2: step = .scale(x: n[0], y: n.count > 1 ? n[1] : n[0])
                default: return nil
                }
                total = step.concatenating(total)
            }
            return total
        }
    }
}
