import FoundationEssentials
import MaskGeometry

/// Makes a logo's ``LogoOutline``: draws it through librsvg or poppler onto Cairo's SVG surface in
/// memory (``CairoSVGStream``), reads back the plain paths Cairo writes (``CairoSVGReader``), and,
/// for an SVG made only of paths in user space, replaces the read-back points by librsvg's own
/// doubles (``SVGPathData``) where they agree.
enum OutlineExtractor {
    /// The largest zoom the outline is read back at. Cairo keeps device coordinates in 24.8 fixed
    /// point, so its SVG surface writes paths to 1/256 of a unit: drawing `zoom` times larger and
    /// dividing back keeps them to 1/(256 x zoom) of a document unit.
    static let maxZoom = 65536.0
    /// The long side, in pixels, of the page a logo whose drawing fails at ``maxZoom`` (a mask's
    /// page-sized surface) is read back on instead.
    static let maskPageSide = 4096.0

    /// The zoom for a logo: as large as ``maxZoom`` while the farthest coordinate stays within
    /// Cairo's fixed-point range (2^21 leaves room for curves and strokes beyond the ink).
    static func zoom(for logo: VectorLogo, maxZoom: Double = OutlineExtractor.maxZoom) -> Double {
        let extent = logo.documentBox.union(logo.inkBounds.isEmpty ? logo.documentBox : logo.inkBounds)
        let farthest = max(1, abs(extent.minX), abs(extent.maxX), abs(extent.minY), abs(extent.maxY))
        // Text past FreeType's glyph size fails the whole drawing (``TextZoomLimit``).
        let fontSize = logo.format == .svg ? TextZoomLimit.largestFontSize(in: logo.source) : nil
        let textZoom = fontSize.map { TextZoomLimit.maximumScale(fontSize: $0).rounded(.down) } ?? .infinity
        return min(maxZoom, max(1, min(textZoom, (2_097_152 / farthest).rounded(.down))))
    }

    /// The outline of `logo` in document units.
    static func outline(of logo: VectorLogo) throws(LogoMaskError) -> LogoOutline {
        // librsvg draws filter results as images at the resolution it draws at: look at such a
        // logo at 1x first (cheap), and only zoom in if it turns out to be paths (the word
        // "filter" may appear in the text without any filter being drawn).
        var read: (reader: CairoSVGReader, zoom: Double, offset: Point)
        let firstZoom = zoom(for: logo, maxZoom: logo.usesFilterEffects ? 1 : maxZoom)
        do {
            read = try readBack(logo, zoom: firstZoom)
        } catch .drawingFailed where !logo.usesFilterEffects {
            // librsvg draws a mask as pixels the size of the page: at a zoom of thousands, too
            // large for Cairo (a disc through a gradient mask failed every Lottie and `code`).
            // The mask makes the outline inexact anyway: read it where the page is at most
            // ``maskPageSide`` pixels on its long side.
            let side = max(logo.documentSize.width, logo.documentSize.height, 1)
            read = try readBack(logo, zoom: min(firstZoom, max(1, (maskPageSide / side).rounded(.down))))
        }
        if logo.usesFilterEffects, read.reader.reasons.isEmpty, read.reader.pictureCount == 0 {
            read = try readBack(logo, zoom: zoom(for: logo))
        }
        // Filter results arrive as pictures (or, where Cairo wrote them otherwise, as images):
        // name the filter, and an image only if the logo draws one.
        let mentionsImage = logo.source.firstRange(of: "<image".utf8) != nil
        let filtered = logo.usesFilterEffects && (!read.reader.reasons.isEmpty || read.reader.pictureCount > 0)
        // The pictures are the filters' results only when the logo draws no image of its own
        // and nothing else made the read-back name a filter or an image.
        // They are kept as read (1 px a unit): an export draws them again at its own scale
        // (``pictures(of:on:like:)``), so a logo's outline costs no more than before.
        let keepPictures = filtered && !mentionsImage && read.reader.pictureCount > 0
            && !read.reader.reasons.contains(.filter) && !read.reader.reasons.contains(.image)
        var reasons = read.reader.reasons
        // Pictures not kept are images the outline cannot carry, as before there were pictures.
        if !keepPictures, read.reader.pictureCount > 0 { reasons.append(.image) }
        if filtered { reasons = reasons.filter { $0 != .image || mentionsImage } + [.filter] }
        let (shapes, pictures) = assemble(read, keepPictures: keepPictures)
        var outline = LogoOutline(
            shapes: shapes, documentSize: logo.documentSize, inexactReasons: reasons,
            carriesGroupOpacity: reasons.contains(.groupOpacity) && !read.reader.uncarriedGroupOpacity, pictures: pictures)
        if logo.format == .svg, logo.options.elementID == nil, outline.isExact {
            useSourcePoints(of: logo, in: &outline, tolerance: 2 / (256 * read.zoom))
        }
        return outline
    }

    /// The read-back shapes and (when `keepPictures`) pictures in document units.
    private static func assemble(
        _ read: (reader: CairoSVGReader, zoom: Double, offset: Point), keepPictures: Bool
    ) -> (shapes: [LogoOutline.Shape], pictures: [LogoOutline.Picture]) {
        let back = read.offset == .zero
            ? Transform.scale(1 / read.zoom)
            : Transform.translation(x: -read.offset.x, y: -read.offset.y).concatenating(.scale(1 / read.zoom))
        var shapes: [LogoOutline.Shape] = []
        var pictures: [LogoOutline.Picture] = []
        for shape in read.reader.shapes {
            // The same arithmetic as mapping each point by the read-back transform, then by `back`.
            let transform = shape.transform.concatenating(back)
            let clips = shape.clips.map { $0.mapped(by: back) }
            if let image = shape.picture {
                guard keepPictures else { continue }
                pictures.append(LogoOutline.Picture(
                    position: shapes.count, png: image.png, width: image.width, height: image.height, toDocument: transform,
                    opacity: shape.paint.opacity, clips: clips, groups: shape.groups))
                continue
            }
            var kind = shape.kind
            if case var .stroke(pen) = kind {
                pen.transform = transform
                kind = .stroke(pen)
            }
            shapes.append(LogoOutline.Shape(
                path: shape.path.mapped(by: transform), kind: kind, paint: shape.paint.mapped(by: transform), clips: clips,
                groups: shape.groups))
        }
        return (shapes, pictures)
    }

    /// `outline`'s filter pictures drawn again for a screen that places the document by `screen`
    /// (an export's own scale and pixel grid, e.g. the launch screen's, where players sample a
    /// picture without filtering): at its scale, each picture's pixels on the screen's when it
    /// does not turn the document (at a smaller scale, off the grid, where they would pass
    /// ``pictureBudget``). In the same order and places; nil when that drawing's pictures do
    /// not correspond to them.
    static func pictures(of logo: VectorLogo, on screen: Transform, like outline: LogoOutline) throws(LogoMaskError) -> [LogoOutline.Picture]? {
        let wanted = min(max(abs(screen.a), abs(screen.d)), Self.zoom(for: logo))
        guard !outline.pictures.isEmpty, wanted.isFinite, wanted > 0 else { return nil }
        // Cairo keeps every page-sized picture until it finishes: no more than the budget.
        let page = logo.documentSize
        let zoom = min(wanted, (pictureBudget / (Double(outline.pictures.count) * max(1, page.width * page.height))).squareRoot())
        let aligned = zoom == wanted && screen.b == 0 && screen.c == 0 && abs(screen.a - screen.d) <= 1e-9 * zoom && screen.a > 0
        let offset = aligned
            ? Point(x: screen.tx - screen.tx.rounded(.down), y: screen.ty - screen.ty.rounded(.down)) : .zero
        // Drawn once per screen for every export asking (``VectorLogo/screenPictures``).
        let drawnZoom = aligned ? screen.a : zoom
        pictureLog.record(logo.name) { $0.asked += 1 }
        let pictures = try logo.screenPictures.value(ExactNumbers([drawnZoom, offset.x, offset.y])) { () throws(LogoMaskError) in
            pictureLog.record(logo.name) { $0.made += 1 }
            return assemble(try readBack(logo, zoom: drawnZoom, offset: offset), keepPictures: true).pictures
        }
        guard pictures.count == outline.pictures.count,
              zip(pictures, outline.pictures).allSatisfy({ $0.position == $1.position && $0.groups == $1.groups })
        else { return nil }
        return pictures
    }

    /// Test hook: how many times a watched logo's filter pictures were asked for and drawn for a
    /// screen (the exports asking for one already drawn share it: ``VectorLogo/screenPictures``).
    static let pictureLog = WatchedLog(empty: MemoTally())

    /// The pixels all of a logo's filter pictures may hold together (Cairo's SVG surface keeps
    /// each page-sized filter result until it finishes): 16 M, 64 MiB.
    static let pictureBudget = 16_777_216.0

    /// Draws `logo` at `zoom` onto an SVG surface in memory and reads back what Cairo wrote.
    /// With `offset` (pixels, each in 0..<1), the drawing is moved by it: a picture's pixel grid
    /// then falls on that of a screen placing the document's origin at that fraction of a pixel.
    private static func readBack(
        _ logo: VectorLogo, zoom: Double, offset: Point = .zero
    ) throws(LogoMaskError) -> (reader: CairoSVGReader, zoom: Double, offset: Point) {
        (CairoSVGReader.read(try cairoSVG(of: logo, zoom: zoom, offset: offset)), zoom, offset)
    }

    /// The SVG document Cairo's SVG surface writes for `logo` drawn at `zoom`.
    static func cairoSVG(of logo: VectorLogo, zoom: Double, offset: Point = .zero) throws(LogoMaskError) -> Data {
        let page = logo.documentSize
        let grow = offset == .zero ? 0.0 : 1.0
        let stream = try CairoSVGStream(size: Size(width: page.width * zoom + grow, height: page.height * zoom + grow))
        let context = try CairoContext(stream.surface)
        context.setTransform(Transform.scale(zoom).concatenating(.translation(x: offset.x, y: offset.y)))
        switch logo.format {
        case .svg:
            // A drop shadow's filter picture is read back apart from the shapes under it.
            let source = try logo.outlineSource.value { ShadowSplit.source(for: logo) } ?? logo.source
            let document = try SVGDocument(
                data: source, name: logo.name, baseFile: logo.baseFile, unlimited: logo.options.trustedInput)
            try document.render(on: context, element: logo.options.elementID, viewport: logo.documentBox)
        case .pdf:
            let document = try PDFDocument(data: logo.source, name: logo.name)
            try document.render(page: logo.options.page - 1, on: context)
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
        return try stream.finish()
    }

    /// Replaces the read-back paths by librsvg's own doubles when the SVG is plain paths and every
    /// shape's read-back agrees with its `d` to the read-back's precision: then edges drawn from
    /// the outline round to 1/256 px exactly as librsvg's do.
    private static func useSourcePoints(of logo: VectorLogo, in outline: inout LogoOutline, tolerance: Double) {
        guard let sources = PlainSVGPaths.paths(ofSVG: logo.source, documentSize: logo.documentSize),
              sources.count == outline.shapes.count, !sources.isEmpty else { return }
        var shapes = outline.shapes
        for index in shapes.indices {
            let parsed = SVGPathData.parse(sources[index]).path
            guard aligns(parsed, with: shapes[index].path, tolerance: tolerance) else { return }
            shapes[index].path = parsed
        }
        outline.shapes = shapes
        outline.hasSourcePoints = true
    }

    /// True when the parsed commands are the read-back path, allowing for what Cairo's path
    /// builder drops (repeated moves, degenerate and collinear lines, a line closing the subpath)
    /// and adds (a move after a close).
    static func aligns(_ parsed: LogoOutline.Path, with readBack: LogoOutline.Path, tolerance: Double) -> Bool {
        func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }
        let verbs = parsed.verbs, points = parsed.points
        var i = 0, ip = 0
        var subpathStart = Point.zero
        var previous: LogoOutline.Path.Verb?
        var q = 0
        for verb in readBack.verbs {
            defer { previous = verb }
            switch verb {
            case .move:
                let target = readBack.points[q]
                q += 1
                // Cairo's implicit move after a close (the data goes on without one): the subpath
                // starts where the last one did.
                if previous == .close, i == verbs.count || verbs[i] != .move {
                    guard near(target, subpathStart) else { return false }
                    continue
                }
                var matched = false
                while i < verbs.count, verbs[i] == .move || verbs[i] == .line {
                    let p = points[ip]
                    let isMove = verbs[i] == .move
                    i += 1
                    ip += 1
                    if isMove && near(p, target) && !(i < verbs.count && verbs[i] == .move) {
                        matched = true
                        break
                    }
                }
                if !matched { return false }
                subpathStart = target
            case .line:
                let target = readBack.points[q]
                q += 1
                var matched = false
                while i < verbs.count, verbs[i] == .line {
                    let p = points[ip]
                    i += 1
                    ip += 1
                    if near(p, target) { matched = true; break }
                }
                if !matched { return false }
            case .cubic:
                while i < verbs.count, verbs[i] == .line { i += 1; ip += 1 }
                guard i < verbs.count, verbs[i] == .cubic,
                      near(points[ip], readBack.points[q]), near(points[ip + 1], readBack.points[q + 1]),
                      near(points[ip + 2], readBack.points[q + 2])
                else { return false }
                i += 1
                ip += 3
                q += 3
            case .close:
                while i < verbs.count, verbs[i] == .line { i += 1; ip += 1 }
                guard i < verbs.count, verbs[i] == .close else { return false }
                i += 1
            }
        }
        // Whatever is left must draw nothing Cairo kept: moves, and lines it dropped.
        while i < verbs.count {
            guard verbs[i] == .move || verbs[i] == .line else { return false }
            i += 1
        }
        return true
    }
}
