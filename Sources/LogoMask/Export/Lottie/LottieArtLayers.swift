import FoundationEssentials
import MaskGeometry

/// The logo's shapes as the layers of Lottie precompositions, in document units: the shape
/// items of ``LottieShapes`` in shape layers, with what a shape layer's items cannot carry
/// around them as layers.
///
/// - A translucent group (``LogoOutline/OpacityGroup``) is a precomposition layer drawn at the
///   group's opacity, its shapes inside painted with their own paints
///   (``LogoOutline/Shape/paintInsideGroups``). Every player composites a precomposition of two
///   or more layers as one picture before applying its opacity (rlottie multiplies a one-layer
///   precomposition's opacity into each shape instead), so a group's shapes are always split
///   over at least two layers.
/// - Clips are the masks of the shape layer holding the clipped shapes (`masksProperties`: the
///   first clip added, `"a"`, each further one intersected, `"i"`). A Lottie mask is one closed
///   path filled by the non-zero rule, so a clip of one subpath by that rule is carried; any
///   other clip is refused (``LottieShapes/Refusal/clip``). A clip that holds a filled shape
///   whole is dropped from it (``LogoOutline/withoutContainingClips()``).
///
/// - A filter result (``LogoOutline/Picture``) is an image layer (`ty: 2`) of its own, its PNG an
///   image asset, in paint order between the shape layers, inside the same groups and clips; or,
///   given its ladder (``PictureRung``: a sharp-edged result at rising scales,
///   ``LottieFilterLadder``), one image layer per run of frames showing each of its pictures.
///
/// Layers list the topmost first, as Lottie draws them.
///
/// A matte (the hole) needs only the coverage, which does not depend on the order shapes are
/// drawn in; there each precomposition draws its groups first, then its translucent shapes, then
/// its opaque ones. ThorVG 1.1 draws a translucent precomposition or a translucent shape inside a
/// matte source *in place of* what lies beneath it (office-calendar's hole showed the screen
/// through a strip of its base, 3.8 % of the screen; utilities-terminal's through its 28 %
/// strokes over opaque fills, 1.5 %), and right when nothing lies beneath it. Two groups of one
/// precomposition whose boxes meet cannot both be first, and are refused
/// (``LottieShapes/Refusal/overlappingGroups``). Such a matte goes in *isolated* instead: its
/// layers in paint order inside one precomposition drawn at ``isolationOpacity``, which ThorVG
/// composites off screen as rlottie and lottie-web do, then draws with nothing beneath it (two
/// overlapping groups at 50 %: 0.75 in rlottie and lottie-web, 0.25 in ThorVG unisolated, 0.74
/// isolated).
struct LottieArtLayers {
    /// The art's precomposition asset, then one asset per translucent group.
    private(set) var assets: [LottieJSON] = []

    private let tint: RGBAColor?
    private let box: (origin: Point, width: Int, height: Int)
    private let endFrame: Int
    private let id: String
    private let name: String
    private let matte: Bool

    /// The opacity of an isolated matte's one precomposition: below 100 %, so that ThorVG draws
    /// it off screen, and 254/255 once rounded to 8 bits (every player within a level).
    static let isolationOpacity = 0.998

    /// One run of the drawing: shape items sharing their clips, or a group's precomposition layer
    /// and the box its shapes cover (document units).
    private enum Node {
        case shapes(items: [LottieJSON], clips: [LogoOutline.Clip])
        case group(LottieJSON, box: Rect)
        case picture(Int, clips: [LogoOutline.Clip])
    }

    /// The outline's pictures; in the runs, picture `i` stands as offset `shapeCount + i`.
    private let pictures: [LogoOutline.Picture]
    private let shapeCount: Int
    /// Each picture's ladder, when it has one (``PictureRung``).
    private let rungs: [[PictureRung]]?

    /// One picture of a filter result's ladder and the frames that show it: the picture as
    /// ``LogoOutline/pictures`` holds it (at its own scale; placement, clips and groups in
    /// document units), its image asset's id, the runs of composition frames.
    struct PictureRung {
        /// The picture.
        var picture: LogoOutline.Picture
        /// Its image asset's id (one per picture and scale, whichever art shows it).
        var imageID: String
        /// The consecutive runs of frames showing it.
        var runs: [Range<Int>]
    }

    /// The layers of `outline` in a precomposition `id` of `box`'s size, each visible until
    /// `endFrame`, painted in the logo's colours or all in `tint`; with `matte`, the groups of
    /// each precomposition first (for a matte's coverage only); with `rungs` (one list per
    /// picture of `outline`), each picture as its ladder; with `isolated`, all of it in paint
    /// order inside one precomposition at ``isolationOpacity`` (a matte whose groups overlap).
    init(outline: LogoOutline, tint: RGBAColor?, id: String, name: String,
         box: (origin: Point, width: Int, height: Int), endFrame: Int, matte: Bool = false,
         rungs: [[PictureRung]]? = nil, isolated: Bool = false) throws(LottieShapes.Refusal) {
        // A clip that holds its shape whole is no mask: players multiply a mask's edge into the
        // shape's where Cairo covers it once (``LogoOutline/withoutContainingClips()``).
        let outline = outline.withoutContainingClips()
        self.matte = matte && !isolated
        self.tint = tint
        self.box = box
        self.endFrame = endFrame
        self.id = id
        self.name = name
        pictures = outline.pictures
        shapeCount = outline.shapes.count
        self.rungs = rungs.flatMap { $0.count == outline.pictures.count ? $0 : nil }
        let runs = try nodes(of: Self.paintOrder(outline)[...], depth: 0)
        guard !runs.isEmpty else { throw .empty }
        var top = try layers(of: runs, name: name)
        if isolated {
            let inner = "\(id) isolated"
            assets.insert(.object(["id": .string(inner), "nm": .string(inner), "layers": .array(top)]), at: 0)
            let transform = LottieLayers.staticTransform(anchor: .zero, position: .zero, scale: 1, opacity: Self.isolationOpacity)
            top = [LottieLayers.layer(
                type: 0, index: 1, name: inner, endFrame: endFrame, transform: transform,
                extra: ["refId": .string(inner), "w": .int(box.width), "h": .int(box.height)])]
        }
        assets.insert(.object(["id": .string(id), "nm": .string(name), "layers": .array(top)]), at: 0)
        for (number, picture) in pictures.enumerated() {
            for rung in self.rungs?[number] ?? [PictureRung(picture: picture, imageID: Self.imageID(number), runs: [])] {
                guard let embedded = LottiePicture(png: rung.picture.png) else { throw .paint }
                assets.append(embedded.asset(id: rung.imageID, name: rung.imageID))
            }
        }
    }

    /// The shapes and, between them, a stand-in for each picture (offset `shapes.count + i`: its
    /// rect in document units, its clips and groups, a pattern paint, which is never opaque).
    private static func paintOrder(_ outline: LogoOutline) -> [(offset: Int, element: LogoOutline.Shape)] {
        var order: [(offset: Int, element: LogoOutline.Shape)] = []
        var next = 0
        for index in 0...outline.shapes.count {
            while next < outline.pictures.count, outline.pictures[next].position <= index {
                let picture = outline.pictures[next]
                let rect = LogoOutline.Picture.pixelRect(width: picture.width, height: picture.height).mapped(by: picture.toDocument)
                order.append((outline.shapes.count + next, LogoOutline.Shape(
                    path: rect, kind: .fill(.nonZero), paint: .pattern, clips: picture.clips, groups: picture.groups)))
                next += 1
            }
            if index < outline.shapes.count { order.append((index, outline.shapes[index])) }
        }
        return order
    }

    /// The runs of `shapes` (all inside the same `depth` groups), in drawing order.
    private mutating func nodes(
        of shapes: ArraySlice<(offset: Int, element: LogoOutline.Shape)>, depth: Int
    ) throws(LottieShapes.Refusal) -> [Node] {
        let shapes = matte ? coverageOrder(shapes, depth: depth) : shapes
        var result: [Node] = []
        var start = shapes.startIndex
        while start < shapes.endIndex {
            let first = shapes[start].element
            var end = start + 1
            if depth < first.groups.count {
                let group = first.groups[depth].id
                while end < shapes.endIndex, shapes[end].element.groups.count > depth,
                      shapes[end].element.groups[depth].id == group { end += 1 }
                if let node = try groupNode(of: shapes[start..<end], depth: depth) { result.append(node) }
            } else if shapes[start].offset >= shapeCount {
                let t = pictures[shapes[start].offset - shapeCount].toDocument
                // Cairo draws filter results unturned; an image layer's scale carries no skew.
                guard t.b == 0, t.c == 0, t.a > 0, t.d > 0 else { throw .paint }
                for clip in first.clips where !Self.carries(clip) { throw .clip }
                result.append(.picture(shapes[start].offset - shapeCount, clips: first.clips))
            } else {
                while end < shapes.endIndex, shapes[end].element.groups.count == depth, shapes[end].offset < shapeCount,
                      shapes[end].element.clips == first.clips { end += 1 }
                for clip in first.clips where !Self.carries(clip) { throw .clip }
                let run = shapes[start..<end].map { (offset: $0.offset, element: Self.insideGroups($0.element)) }
                do {
                    let items = try LottieShapes.items(of: run, tint: tint, clipsCarried: true)
                    result.append(.shapes(items: items, clips: first.clips))
                } catch .empty {
                    // Nothing drawable in this run.
                } catch {
                    throw error
                }
            }
            start = end
        }
        return result
    }

    /// The precomposition layer of the group at `depth` around all of `shapes`; nil when it
    /// draws nothing.
    private mutating func groupNode(
        of shapes: ArraySlice<(offset: Int, element: LogoOutline.Shape)>, depth: Int
    ) throws(LottieShapes.Refusal) -> Node? {
        var opacity = shapes[shapes.startIndex].element.groups[depth].opacity
        var inner = depth + 1
        // A group holding only one group is that group at both opacities.
        while let innerGroup = shapes[shapes.startIndex].element.groups.dropFirst(inner).first,
              shapes.allSatisfy({ $0.element.groups.count > inner && $0.element.groups[inner].id == innerGroup.id }) {
            opacity *= innerGroup.opacity
            inner += 1
        }
        // Clips every member shares that cut the group's picture (``LogoOutline/Clip/cutsGroup``)
        // mask the group's layer once, as Cairo clips the picture once (and the file holds one
        // copy of each: kiten's 54 shades each carried its disc).
        let common = Self.sharedGroupClips(of: shapes)
        var members = shapes
        if !common.isEmpty {
            for index in members.indices { members[index].element.clips.removeFirst(common.count) }
        }
        let runs = try nodes(of: members, depth: inner)
        guard !runs.isEmpty else { return nil }
        let groupID = "\(id) group \(assets.count + 1)"
        let groupName = "\(name) group \(assets.count + 1)"
        assets.append(.object(["id": .string(groupID), "nm": .string(groupName), "layers": .array(try layers(of: runs, name: groupName))]))
        let transform = LottieLayers.staticTransform(anchor: .zero, position: .zero, scale: 1, opacity: opacity)
        var extra: [String: LottieJSON] = ["refId": .string(groupID), "w": .int(box.width), "h": .int(box.height)]
        if !common.isEmpty {
            // The layer's own space is the precomposition's: document units less the box's corner.
            let toLayer = Transform.translation(x: -box.origin.x, y: -box.origin.y)
            extra["hasMask"] = .bool(true)
            extra["masksProperties"] = .array(common.enumerated().map { n, clip in Self.mask(clip.mapped(by: toLayer), number: n) })
        }
        return .group(LottieLayers.layer(type: 0, index: 0, name: groupName, endFrame: endFrame, transform: transform, extra: extra),
                      box: Self.box(of: shapes.map(\.element)))
    }

    /// The longest run of clips, from the outermost, that every one of `shapes` has, each cutting
    /// a group's picture and carried by a layer mask.
    private static func sharedGroupClips(of shapes: ArraySlice<(offset: Int, element: LogoOutline.Shape)>) -> [LogoOutline.Clip] {
        guard let first = shapes.first?.element.clips else { return [] }
        var count = 0
        while count < first.count, first[count].cutsGroup, carries(first[count]),
              shapes.allSatisfy({ $0.element.clips.count > count && $0.element.clips[count] == first[count] }) {
            count += 1
        }
        return Array(first.prefix(count))
    }

    /// The box of what `shapes` paint: their paths' box grown by half the widest pen.
    private static func box(of shapes: [LogoOutline.Shape]) -> Rect {
        var box = Rect.null
        for shape in shapes where !shape.path.isEmpty {
            let pen = shape.stroke?.documentWidth ?? 0
            box = box.union(shape.path.bounds.insetBy(dx: -pen / 2 - 1, dy: -pen / 2 - 1))
        }
        return box
    }

    /// The layers of a precomposition holding `nodes` (drawing order), topmost first: one shape
    /// layer per run of shapes, split in two when it would be the only layer.
    private func layers(of nodes: [Node], name: String) throws(LottieShapes.Refusal) -> [LottieJSON] {
        var nodes = nodes
        if matte {
            // The groups come first (coverageOrder): each must have nothing beneath it.
            let groups = nodes.compactMap { node -> Rect? in if case let .group(_, box) = node { box } else { nil } }
            for (i, a) in groups.enumerated() {
                for b in groups.dropFirst(i + 1) where !a.intersection(b).isEmpty { throw .overlappingGroups }
            }
        }
        // The top shape, then the rest beneath it (rlottie fades a one-layer precomposition
        // shape by shape, so overlapping shapes would show through one another).
        if nodes.count == 1, case let .shapes(items, clips) = nodes[0], items.count > 1 {
            nodes = [.shapes(items: Array(items.dropFirst()), clips: clips), .shapes(items: Array(items.prefix(1)), clips: clips)]
        }
        let transform = LottieLayers.staticTransform(anchor: .zero, position: Point(x: -box.origin.x, y: -box.origin.y), scale: 1)
        var result: [LottieJSON] = []
        for node in nodes.reversed() {
            let index = result.count + 1
            let layerName = nodes.count > 1 ? "\(name) \(index)" : name
            switch node {
            case let .group(layer, _):
                guard case var .object(fields) = layer else {
                    result.append(layer)
                    continue
                }
                fields["ind"] = .int(index)
                result.append(.object(fields))
            case let .shapes(items, clips):
                var extra: [String: LottieJSON] = ["shapes": .array(items)]
                if !clips.isEmpty {
                    extra["hasMask"] = .bool(true)
                    extra["masksProperties"] = .array(clips.enumerated().map { n, clip in Self.mask(clip, number: n) })
                }
                result.append(LottieLayers.layer(type: 4, index: index, name: layerName, endFrame: endFrame, transform: transform, extra: extra))
            case let .picture(number, clips):
                // A ladder's pictures each for their runs of frames; else the one picture throughout.
                let ladder = rungs?[number] ?? [PictureRung(picture: pictures[number], imageID: Self.imageID(number), runs: [0..<endFrame])]
                for rung in ladder {
                    for run in rung.runs {
                        result.append(pictureLayer(rung.picture, imageID: rung.imageID, index: result.count + 1, clips: clips, frames: run))
                    }
                }
            }
        }
        return result
    }

    /// The image asset of picture `number`: one id whichever art (the drawn logo, the hole)
    /// shows it, so the file embeds each picture once.
    static func imageID(_ number: Int) -> String { "filter picture \(number + 1)" }

    /// The image layer showing `picture` (image asset `imageID`) in `frames`: its pixels scaled
    /// to document units and moved into the precomposition, at its opacity inside its groups,
    /// masked by its clips.
    private func pictureLayer(
        _ picture: LogoOutline.Picture, imageID: String, index: Int, clips: [LogoOutline.Clip], frames: Range<Int>
    ) -> LottieJSON {
        let t = picture.toDocument
        let transform = LottieLayers.transform(
            anchor: LottieShapes.constant(.numbers([0, 0])),
            position: LottieShapes.constant(.array([
                .number(t.tx - box.origin.x, decimals: 6), .number(t.ty - box.origin.y, decimals: 6)])),
            scale: LottieShapes.constant(.array([.number(100 * t.a, decimals: 8), .number(100 * t.d, decimals: 8)])),
            rotation: LottieShapes.constant(.int(0)),
            opacity: LottieShapes.constant(.number(100 * picture.opacityInsideGroups)))
        var extra: [String: LottieJSON] = ["refId": .string(imageID), "ip": .int(frames.lowerBound)]
        if !clips.isEmpty {
            // A mask is in the layer's own space: the clips go back through its transform.
            let inverse = Transform(a: t.a, b: 0, c: 0, d: t.d, tx: t.tx, ty: t.ty).inverted ?? .identity
            extra["hasMask"] = .bool(true)
            extra["masksProperties"] = .array(clips.enumerated().map { n, clip in
                Self.mask(LogoOutline.Clip(path: clip.path.mapped(by: inverse), fillRule: clip.fillRule), number: n)
            })
        }
        return LottieLayers.layer(type: 2, index: index, name: imageID, endFrame: frames.upperBound, transform: transform, extra: extra)
    }

    /// `shapes` in the order a matte draws them (see the type's comment): those in groups at
    /// `depth` first (each group's still together), then translucent ones, then opaque ones.
    private func coverageOrder(
        _ shapes: ArraySlice<(offset: Int, element: LogoOutline.Shape)>, depth: Int
    ) -> ArraySlice<(offset: Int, element: LogoOutline.Shape)> {
        let grouped = shapes.filter { $0.element.groups.count > depth }
        let alone = shapes.filter { $0.element.groups.count <= depth }
        return (grouped + alone.filter { !isOpaque($0.element) } + alone.filter { isOpaque($0.element) })[...]
    }

    /// True when the shape covers what it paints fully: one opaque colour, or a gradient whose
    /// stops are all opaque, at full opacity inside its groups (and an opaque tint).
    private func isOpaque(_ shape: LogoOutline.Shape) -> Bool { Self.isOpaque(shape, tint: tint) }

    private static func isOpaque(_ shape: LogoOutline.Shape, tint: RGBAColor?) -> Bool {
        let paint = shape.paintInsideGroups
        guard paint.opacity >= 1, (tint?.alpha ?? 255) == 255 else { return false }
        if let gradient = paint.gradient { return gradient.stops.allSatisfy { $0.opacity >= 1 } }
        return paint.isFlat
    }

    /// True when a matte of `outline` must be drawn in its own coverage order (see the type's
    /// comment): it has translucent groups, or a translucent shape drawn over an opaque one.
    static func matteNeedsCoverageOrder(_ outline: LogoOutline) -> Bool {
        var sawOpaque = false
        for shape in outline.shapes {
            if !shape.groups.isEmpty { return true }
            if isOpaque(shape, tint: .black) { sawOpaque = true } else if sawOpaque { return true }
        }
        return false
    }

    /// True when a layer mask draws `clip` as the clip does: one subpath by the non-zero rule.
    static func carries(_ clip: LogoOutline.Clip) -> Bool {
        clip.fillRule == .nonZero && LottieShapes.subpaths(of: clip.path, closeAll: true).count == 1
    }

    /// The mask for the `number`th clip around a layer's shapes (0 adds, later ones intersect).
    private static func mask(_ clip: LogoOutline.Clip, number: Int) -> LottieJSON {
        let path = LottieShapes.subpaths(of: clip.path, closeAll: true)[0]
        return .object([
            "nm": .string("clip \(number + 1)"), "mode": .string(number == 0 ? "a" : "i"), "inv": .bool(false),
            "pt": .object(["a": .int(0), "k": path]), "o": LottieShapes.constant(.int(100)),
            "x": LottieShapes.constant(.int(0)),
        ])
    }

    /// The shape with its own paint, for drawing inside its groups.
    private static func insideGroups(_ shape: LogoOutline.Shape) -> LogoOutline.Shape {
        var copy = shape
        copy.paint = shape.paintInsideGroups
        return copy
    }
}
