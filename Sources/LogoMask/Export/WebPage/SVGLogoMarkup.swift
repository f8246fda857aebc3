import FoundationEssentials
import MaskGeometry

/// The logo's ``LogoOutline`` as inline SVG elements in document units: each shape a `<path>`
/// filled with its fill rule or stroked with its pen (in the pen's own user space, so widths
/// and dashes scale and skew as the logo's do), inside the clips of its groups and inside a
/// `<g opacity>` for each translucent group (``LogoOutline/OpacityGroup``), which SVG composites
/// as one picture as librsvg does, the shapes painted with their own paints inside it.
///
/// The same shapes serve twice: painted (in their own colours and gradients, or one tint) for
/// the drawn logo, and in black with their opacities for the hole's luminance mask, where black
/// lets the content through. A gradient is written just before the path it paints (SVG allows a
/// paint server anywhere), in document units with its own transform, so the markup stays one
/// string per shape; under a tint or in black it keeps its stops' opacities (the coverage).
struct SVGLogoMarkup {
    /// How the shapes are painted.
    enum Paint {
        /// Each shape's own colour or gradient (a pattern falls back to black).
        case own
        /// Every shape in this colour, keeping the shapes' opacities.
        case tint(RGBAColor)
        /// Every shape black (the hole in a luminance mask), keeping the shapes' opacities.
        case black
    }

    /// Decimals of document units written (1e-5 of a unit is far below a pixel at any scale
    /// a logo reaches on a screen before it covers it).
    static let decimals = 5

    private let outline: LogoOutline
    private let prefix: String
    /// Every distinct clip, in order of first use, and its index.
    private let clips: [LogoOutline.Clip]
    private let clipIndex: [LogoOutline.Clip: Int]

    /// Each picture of the outline once per set, the set's class on its `<image>` (for CSS to
    /// show the one of the window's pixel ratio); empty: the outline's own pictures, once.
    private let pictureSets: [(className: String, pictures: [LogoOutline.Picture])]

    /// The markup of `outline`; clip ids start with `prefix`. With `pictureSets` (each as many
    /// pictures as the outline, in the same places, groups and clips), every picture is written
    /// once per set instead of the outline's own.
    init(outline: LogoOutline, prefix: String, pictureSets: [(className: String, pictures: [LogoOutline.Picture])] = []) {
        self.outline = outline
        self.prefix = prefix
        self.pictureSets = pictureSets
        var clips: [LogoOutline.Clip] = []
        var index: [LogoOutline.Clip: Int] = [:]
        for clip in (outline.shapes.flatMap(\.clips) + outline.pictures.flatMap(\.clips)).map(\.written) where index[clip] == nil {
            index[clip] = clips.count
            clips.append(clip)
        }
        self.clips = clips
        clipIndex = index
    }

    /// True when the SVG paths paint the logo as librsvg does: the outline draws as vectors
    /// (``LogoOutline/drawsAsVectors``: colours and gradients; translucent groups composited, or
    /// approximated where the outline does not carry them) or a tint replaces the paints of an
    /// exact one.
    static func canDraw(_ outline: LogoOutline, tinted: Bool) -> Bool {
        outline.drawsAsVectors || (tinted && outline.isExactWithGroups)
    }

    /// The `<clipPath>` elements the shapes refer to (for `<defs>`).
    var clipDefinitions: String {
        var text = ""
        for (i, clip) in clips.enumerated() {
            text += "<clipPath id=\"\(prefix)\(i)\" clipPathUnits=\"userSpaceOnUse\"><path d=\""
            text += clip.path.svgPathData(decimals: Self.decimals)
            text += "\" clip-rule=\"\(Self.rule(clip.fillRule))\"/></clipPath>\n"
        }
        return text
    }

    /// The shapes as SVG elements, one a line, painted as `paint` says, and the outline's
    /// ``LogoOutline/pictures`` (filter results) as `<image>` elements in paint order between
    /// them, in their own colours whatever `paint` says; each translucent group opens on the line
    /// of its first element and closes on its last's.
    func shapes(paint: Paint) -> String {
        var text = ""
        var open: [LogoOutline.OpacityGroup] = []
        func place(_ element: String, groups: [LogoOutline.OpacityGroup], clips: [LogoOutline.Clip]) {
            var shared = 0
            while shared < open.count, shared < groups.count, open[shared].id == groups[shared].id { shared += 1 }
            if open.count > shared {
                text.removeLast()  // the newline: the closing tags end the last group's line
                text += String(repeating: "</g>", count: open.count - shared) + "\n"
            }
            for group in groups.dropFirst(shared) {
                text += "<g opacity=\"\(formatNumber(group.opacity, decimals: 6))\">"
            }
            open = groups
            var element = element
            for clip in clips.reversed() {
                guard let i = clipIndex[clip.written] else { continue }
                element = "<g clip-path=\"url(#\(prefix)\(i))\">" + element + "</g>"
            }
            text += element + "\n"
        }
        var nextPicture = 0
        for index in 0...outline.shapes.count {
            while nextPicture < outline.pictures.count, outline.pictures[nextPicture].position <= index {
                let picture = outline.pictures[nextPicture]
                let images = pictureSets.isEmpty
                    ? Self.imageElement(picture)
                    : pictureSets.map { Self.imageElement($0.pictures[nextPicture], className: $0.className) }.joined()
                place(images, groups: picture.groups, clips: picture.clips)
                nextPicture += 1
            }
            guard index < outline.shapes.count else { break }
            let shape = outline.shapes[index]
            var inside = shape
            inside.paint = shape.paintInsideGroups
            place(element(for: inside, index: index, paint: paint), groups: shape.groups, clips: shape.clips)
        }
        if !open.isEmpty {
            text.removeLast()
            text += String(repeating: "</g>", count: open.count) + "\n"
        }
        return text
    }

    /// A picture as an `<image>` of its pixel size placed by its transform, its PNG embedded,
    /// of class `className` when given.
    static func imageElement(_ picture: LogoOutline.Picture, className: String? = nil) -> String {
        var text = "<image" + (className.map { " class=\"\($0)\"" } ?? "")
        text += " width=\"\(picture.width)\" height=\"\(picture.height)\" transform=\"\(matrix(picture.toDocument))\""
        let opacity = picture.opacityInsideGroups
        if opacity < 1 { text += " opacity=\"\(formatNumber(opacity, decimals: 4))\"" }
        return text + " preserveAspectRatio=\"none\" href=\"data:image/png;base64,\(Data(picture.png).base64EncodedString())\"/>"
    }

    private func element(for shape: LogoOutline.Shape, index: Int, paint: Paint) -> String {
        var color: String
        var single: RGBAColor?
        switch paint {
        case .black: color = "#000000"; single = .black
        case let .tint(tint): color = Self.opaqueHex(tint); single = tint
        case .own:
            if case let .flat(flat, _) = shape.paint { color = Self.opaqueHex(flat) } else { color = "#000000" }
        }
        var opacity = shape.paint.opacity
        if case let .tint(tint) = paint { opacity *= tint.alphaFraction }
        // A gradient, in the user space of the element that uses it (a stroke's pen space).
        var definition = ""
        if var gradient = shape.paint.gradient, single == nil || gradient.stops.contains(where: { $0.opacity < 1 }) {
            if let single { gradient.stops = gradient.stops.map { .init(offset: $0.offset, color: single, opacity: $0.opacity) } }
            if case let .stroke(pen) = shape.kind, let inverse = pen.transform.inverted {
                gradient.transform = gradient.transform.concatenating(inverse)
            }
            let id = "\(prefix)paint-\(index)"
            definition = Self.gradientElement(gradient, id: id)
            color = "url(#\(id))"
        }
        switch shape.kind {
        case let .fill(rule):
            var text = definition + "<path d=\"\(shape.path.svgPathData(decimals: Self.decimals))\" fill=\"\(color)\""
            if opacity < 1 { text += " fill-opacity=\"\(formatNumber(opacity, decimals: 4))\"" }
            if rule == .evenOdd { text += " fill-rule=\"evenodd\"" }
            return text + "/>"
        case let .stroke(pen):
            // The path goes back into the pen's user space, and the pen's transform maps both
            // to document units: the width, dashes and joins then follow a skewed logo exactly.
            let inverse = pen.transform.inverted ?? .identity
            let mapped = pen.transform.inverted == nil ? shape.path : shape.path.mapped(by: inverse)
            let t = pen.transform.inverted == nil ? Transform.identity : pen.transform
            var text = definition + "<path"
            if t != .identity { text += " transform=\"\(Self.matrix(t))\"" }
            text += " d=\"\(mapped.svgPathData(decimals: Self.decimals))\" fill=\"none\" stroke=\"\(color)\""
            text += " stroke-width=\"\(formatNumber(pen.width))\""
            if pen.cap != .butt { text += " stroke-linecap=\"\(pen.cap.rawValue)\"" }
            if pen.join != .miter { text += " stroke-linejoin=\"\(pen.join.rawValue)\"" }
            if pen.miterLimit != 4 { text += " stroke-miterlimit=\"\(formatNumber(pen.miterLimit))\"" }
            if !pen.dashes.isEmpty {
                text += " stroke-dasharray=\"\(pen.dashes.map { formatNumber($0) }.joined(separator: " "))\""
                if pen.dashOffset != 0 { text += " stroke-dashoffset=\"\(formatNumber(pen.dashOffset))\"" }
            }
            if opacity < 1 { text += " stroke-opacity=\"\(formatNumber(opacity, decimals: 4))\"" }
            return text + "/>"
        }
    }

    /// A `<linearGradient>` or `<radialGradient>` element in user-space units.
    static func gradientElement(_ gradient: LogoOutline.Gradient, id: String) -> String {
        func n(_ value: Double) -> String { formatNumber(value, decimals: decimals) }
        var text: String
        switch gradient.kind {
        case let .linear(start, end):
            text = "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(start.x))\" y1=\"\(n(start.y))\""
                + " x2=\"\(n(end.x))\" y2=\"\(n(end.y))\""
        case let .radial(center, radius, focal):
            text = "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(center.x))\" cy=\"\(n(center.y))\""
                + " r=\"\(n(radius))\" fx=\"\(n(focal.x))\" fy=\"\(n(focal.y))\""
        }
        if gradient.transform != .identity { text += " gradientTransform=\"\(matrix(gradient.transform))\"" }
        if gradient.spread != .pad { text += " spreadMethod=\"\(gradient.spread.rawValue)\"" }
        text += ">"
        for stop in gradient.stops {
            text += "<stop offset=\"\(formatNumber(stop.offset, decimals: 6))\" stop-color=\"\(opaqueHex(stop.color))\""
            if stop.opacity < 1 { text += " stop-opacity=\"\(formatNumber(stop.opacity, decimals: 4))\"" }
            text += "/>"
        }
        return text + (gradient.isLinear ? "</linearGradient>" : "</radialGradient>")
    }

    /// `matrix(a b c d tx ty)`.
    static func matrix(_ t: Transform) -> String {
        "matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map { formatNumber($0, decimals: 8) }.joined(separator: " ") + ")"
    }

    /// `#RRGGBB` of a colour, its alpha dropped (opacities are written apart).
    static func opaqueHex(_ color: RGBAColor) -> String {
        RGBAColor(red: color.red, green: color.green, blue: color.blue).hexString
    }

    private static func rule(_ rule: LogoOutline.FillRule) -> String {
        rule == .evenOdd ? "evenodd" : "nonzero"
    }
}
