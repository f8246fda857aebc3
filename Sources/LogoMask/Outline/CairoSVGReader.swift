import FoundationEssentials
import MaskGeometry

/// Reads the SVG that Cairo's SVG surface writes (``CairoSVGStream``): paths with `d`, `style`
/// and `matrix` transforms, clip paths on groups, gradients in defs. Path data goes through the
/// one parser, ``SVGPathData``. Everything the outline cannot carry is named in ``reasons``.
///
/// Opacity: Cairo writes an element's or a group's opacity as a group in `<defs>`
/// (`<g id="surfaceN">`) drawn by `<use xlink:href="#surfaceN" mask="url(#maskM)">`, the mask
/// one page-sized rect of constant `fill-opacity` seen through the `alpha` filter. Such a use
/// becomes the group's shapes with their opacity multiplied by the mask's: exact for one shape
/// or shapes that do not overlap; otherwise ``LogoOutline/InexactReason/groupOpacity`` is named
/// (multiplying each shape's opacity is then the close approximation flat readers draw) and the
/// shapes gain the group (``LogoOutline/OpacityGroup``), which readers that nest composite.
final class CairoSVGReader {
    /// One painted shape as Cairo wrote it: `path` in the coordinates `transform` maps to the page.
    struct Shape {
        var path: LogoOutline.Path
        var transform: Transform
        /// The kind (a stroke's own transform is set later, from ``transform``).
        var kind: LogoOutline.Shape.Kind
        /// The paint, a gradient's geometry in the same coordinates as `path`.
        var paint: LogoOutline.Paint
        /// Clips in page coordinates.
        var clips: [LogoOutline.Clip]
        /// The translucent groups around it, outermost first.
        var groups: [LogoOutline.OpacityGroup] = []
        /// For a picture: its PNG and size (`path` is then its pixel rect, `paint` black at the
        /// opacity it is drawn at).
        var picture: Image? = nil
    }

    /// An `<image>` Cairo wrote in defs (a filter result, or a raster the logo draws).
    struct Image {
        var png: [UInt8]
        var width: Int
        var height: Int
    }

    private(set) var shapes: [Shape] = []
    private(set) var reasons: [LogoOutline.InexactReason] = []
    /// True when a translucent group was met that the shapes' ``Shape/groups`` do not name.
    private(set) var uncarriedGroupOpacity = false
    /// How many pictures the shapes hold (``Shape/picture``), surfaces drawn twice counted twice.
    private(set) var pictureCount = 0
    /// The images in defs, by id.
    private var images: [String: Image] = [:]
    private var groupCount = 0
    private var clipDefinitions: [String: [LogoOutline.Clip]] = [:]
    var paintServers: [String: LogoOutline.Paint] = [:]
    private var currentClipID: String? = nil
    private var groups: [[LogoOutline.Clip]] = [[]]
    /// For each open `<g>`: the id of the surface (a group in defs) it records, if it does.
    private var groupSurfaces: [String?] = []
    /// The shapes of each surface group in defs, by id.
    private var surfaces: [String: [Shape]] = [:]
    /// The constant opacity of each mask that is one page-sized rect; nil for another mask.
    private var maskOpacities: [String: Double?] = [:]
    /// The mask being read: its id, its constant opacity once its rect is read, and whether
    /// anything else in it spoils it.
    private var openMask: (id: String, opacity: Double?, spoiled: Bool)?
    private var maskDepth = 0
    /// Depth inside Cairo's own `alpha` filter (the one its opacity masks use).
    private var alphaFilterDepth = 0
    private var defsDepth = 0
    var gradientDepth = 0
    /// The gradient being read (its stops arrive as children).
    var openGradient: (id: String, gradient: LogoOutline.Gradient?)?
    /// The page size Cairo wrote (`width`, `height` of the root).
    private var page = Size(width: 0, height: 0)

    /// Reads `data`; unreadable XML becomes a reason.
    static func read(_ data: Data) -> CairoSVGReader {
        let reader = CairoSVGReader()
        let readable = XMLElementReader.read(data) { event in
            switch event {
            case .start(let name, let attributes): reader.start(name, attributes)
            case .end(let name): reader.end(name)
            }
        }
        if !readable { reader.reasons.append(.other("unreadable SVG from Cairo")) }
        return reader
    }

    private init() {}

    func style(_ attributes: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for item in (attributes["style"] ?? "").split(separator: ";") {
            let pair = item.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            result[pair[0].trimmingWhitespace()] = pair[1].trimmingWhitespace()
        }
        // Presentation attributes (Cairo writes some of them outside `style`).
        for key in ["fill", "fill-rule", "fill-opacity", "stroke", "stroke-width", "clip-rule", "opacity",
                    "stop-color", "stop-opacity"] where result[key] == nil {
            if let value = attributes[key] { result[key] = value }
        }
        return result
    }

    private func rectPath(_ a: [String: String]) -> LogoOutline.Path? {
        guard let x = Double(a["x"] ?? "0"), let y = Double(a["y"] ?? "0"),
              let w = Double(a["width"] ?? ""), let h = Double(a["height"] ?? "") else { return nil }
        return LogoOutline.Path([.move(to: Point(x: x, y: y)), .line(to: Point(x: x + w, y: y)),
                                 .line(to: Point(x: x + w, y: y + h)), .line(to: Point(x: x, y: y + h)), .close])
    }

    /// A paint from a `fill` or `stroke` value and its opacity.
    private func paint(_ value: String, opacity: String?) -> LogoOutline.Paint {
        let factor = opacity.flatMap(Double.init) ?? 1
        if let id = Self.urlID(value) { return (paintServers[id] ?? .pattern).multiplyingOpacity(by: factor) }
        let color = Self.color(value) ?? .black
        return .flat(color: color, opacity: factor)
    }

    /// Adds a shape to the surface being recorded, or to the drawing.
    private func emit(_ shape: Shape) {
        if let id = groupSurfaces.last(where: { $0 != nil }) ?? nil {
            surfaces[id, default: []].append(shape)
        } else if defsDepth == 0 {
            shapes.append(shape)
            if shape.picture != nil { pictureCount += 1 }
        }
    }

    /// The PNG of an `<image>` with a `data:image/png;base64,` reference and a whole-pixel size.
    static func image(_ attributes: [String: String]) -> Image? {
        let prefix = "data:image/png;base64,"
        guard let reference = attributes["xlink:href"] ?? attributes["href"], reference.hasPrefix(prefix),
              attributes["x"].map({ leadingNumber($0) == 0 }) ?? true, attributes["y"].map({ leadingNumber($0) == 0 }) ?? true,
              let width = Int(attributes["width"] ?? ""), let height = Int(attributes["height"] ?? ""), width > 0, height > 0,
              let data = Data(base64Encoded: String(reference.dropFirst(prefix.count)))
        else { return nil }
        return Image(png: Array(data), width: width, height: height)
    }

    private func start(_ name: String, _ attributes: [String: String]) {
        if maskDepth > 0 {
            maskDepth += 1
            readMaskContent(name, attributes)
            return
        }
        if alphaFilterDepth > 0 {
            alphaFilterDepth += 1
            if name != "feColorMatrix" { reasons.append(.filter) }
            return
        }
        switch name {
        case "svg":
            page = Size(width: Self.leadingNumber(attributes["width"]), height: Self.leadingNumber(attributes["height"]))
        case "stop":
            readStop(attributes)
        case "defs":
            defsDepth += 1
        case "linearGradient", "radialGradient":
            gradientDepth += 1
            openGradient = attributes["id"].map { ($0, Self.gradient(name, attributes)) }
        case "filter":
            // Cairo's own filter for opacity masks; any other filter is drawn as an image.
            if attributes["id"] == "alpha" { alphaFilterDepth = 1 } else { reasons.append(.filter) }
        case "mask":
            maskDepth = 1
            openMask = (attributes["id"] ?? "", nil, false)
        case "clipPath":
            currentClipID = attributes["id"]
            if let id = currentClipID { clipDefinitions[id] = [] }
        case "g":
            var clips = groups.last ?? []
            if let reference = attributes["clip-path"], let id = Self.urlID(reference) {
                clips += clipDefinitions[id] ?? []
                if clipDefinitions[id] == nil { reasons.append(.other("a clip path defined after its use")) }
            }
            let s = style(attributes)
            if let opacity = s["opacity"].flatMap(Double.init), opacity < 1 {
                reasons.append(.groupOpacity)
                uncarriedGroupOpacity = true
            }
            if attributes["mask"] != nil || s["mask"] != nil { reasons.append(.mask) }
            if attributes["filter"] != nil || s["filter"] != nil { reasons.append(.filter) }
            groups.append(clips)
            groupSurfaces.append(defsDepth > 0 ? attributes["id"] : nil)
        case "path", "rect":
            readShape(name, attributes)
        case "symbol":
            reasons.append(.text)  // Cairo writes font glyphs as symbols
        case "image" where defsDepth > 0 && attributes["id"] != nil && gradientDepth == 0:
            // Cairo writes raster surfaces (and filter results) as images in defs, drawn by
            // `<use>`: kept as pictures (readUse), or named there if it cannot be read.
            if let id = attributes["id"], let image = Self.image(attributes) { images[id] = image }
        case "image", "pattern":
            reasons.append(.image)
        case "use":
            readUse(attributes)
        default:
            if defsDepth > 0 && ["title", "desc", "metadata"].contains(name) { break }
            reasons.append(.other("<\(name)>"))
        }
    }

    private func readShape(_ name: String, _ attributes: [String: String]) {
        guard gradientDepth == 0 else { return }
        let path: LogoOutline.Path?
        if name == "path" {
            let parsed = SVGPathData.parse(attributes["d"] ?? "")
            path = parsed.complete ? parsed.path : nil
        } else {
            path = rectPath(attributes)
        }
        guard let path else {
            reasons.append(.other("a \(name) that could not be read"))
            return
        }
        var transform = Transform.identity
        if let text = attributes["transform"] {
            guard let m = Self.matrix(text) else {
                reasons.append(.other("a transform \(text)"))
                return
            }
            transform = m
        }
        let s = style(attributes)
        if let id = currentClipID {
            let rule: LogoOutline.FillRule = s["clip-rule"] == "evenodd" ? .evenOdd : .nonZero
            clipDefinitions[id, default: []].append(LogoOutline.Clip(path: path.mapped(by: transform), fillRule: rule))
            return
        }
        if defsDepth > 0, groupSurfaces.allSatisfy({ $0 == nil }) { return }
        let elementOpacity = s["opacity"].flatMap(Double.init) ?? 1
        let fillAndStroke = s["fill"] != "none" && s["stroke"].map { $0 != "none" } == true
        // A fill and a stroke at an opacity are composited as one group: they overlap.
        var outerGroups: [LogoOutline.OpacityGroup] = []
        if elementOpacity < 1, fillAndStroke {
            reasons.append(.groupOpacity)
            outerGroups = [newGroup(opacity: elementOpacity)]
        }
        let clips = groups.last ?? []
        let fill = s["fill"] ?? "black"
        if fill != "none" {
            let rule: LogoOutline.FillRule = s["fill-rule"] == "evenodd" ? .evenOdd : .nonZero
            emit(Shape(path: path, transform: transform, kind: .fill(rule),
                       paint: paint(fill, opacity: s["fill-opacity"]).multiplyingOpacity(by: elementOpacity), clips: clips,
                       groups: outerGroups))
        }
        if let stroke = s["stroke"], stroke != "none" {
            var pen = LogoOutline.Stroke()
            pen.width = s["stroke-width"].flatMap(Double.init) ?? 1
            pen.cap = s["stroke-linecap"].flatMap(LogoOutline.Stroke.Cap.init(rawValue:)) ?? .butt
            pen.join = s["stroke-linejoin"].flatMap(LogoOutline.Stroke.Join.init(rawValue:)) ?? .miter
            pen.miterLimit = s["stroke-miterlimit"].flatMap(Double.init) ?? 4
            if let dashes = s["stroke-dasharray"], dashes != "none" {
                pen.dashes = dashes.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
            }
            pen.dashOffset = s["stroke-dashoffset"].flatMap(Double.init) ?? 0
            emit(Shape(path: path, transform: transform, kind: .stroke(pen),
                       paint: paint(stroke, opacity: s["stroke-opacity"]).multiplyingOpacity(by: elementOpacity), clips: clips,
                       groups: outerGroups))
        }
    }

    /// `<use>`: a surface group drawn through a constant-opacity mask becomes its shapes with
    /// that opacity; glyphs, images and other masks are named.
    private func readUse(_ attributes: [String: String]) {
        let target = attributes["xlink:href"] ?? attributes["href"] ?? ""
        let id = String(target.dropFirst())
        var recorded = surfaces[id]
        if recorded == nil, target.hasPrefix("#"), let image = images[id] {
            // A picture: its pixel rect, black at full opacity until the mask's is multiplied in.
            let rect = LogoOutline.Picture.pixelRect(width: image.width, height: image.height)
            recorded = [Shape(path: rect, transform: .identity, kind: .fill(.nonZero), paint: .flat(color: .black, opacity: 1),
                              clips: [], picture: image)]
        }
        guard target.hasPrefix("#"), let recorded else {
            reasons.append(target.hasPrefix("#glyph") ? .text : target.hasPrefix("#image") ? .image : .other("<use>"))
            return
        }
        var opacity = 1.0
        if let reference = attributes["mask"] {
            if let maskID = Self.urlID(reference), let constant = maskOpacities[maskID] ?? nil {
                opacity = constant
            } else {
                reasons.append(.mask)
            }
        }
        var move = Transform.identity
        if let text = attributes["transform"] {
            guard let m = Self.matrix(text) else { reasons.append(.other("a transform \(text)")); return }
            move = m
        }
        // The clips around a surface cut its picture, not its shapes' drawing (``LogoOutline/Clip/cutsGroup``).
        let outer = (groups.last ?? []).map { clip in
            var copy = clip
            copy.cutsGroup = copy.cutsGroup || surfaces[id] != nil
            return copy
        }
        var placed: [Shape] = []
        for var shape in recorded {
            shape.transform = shape.transform.concatenating(move)
            // The surface's own page-sized clip cuts nothing the page shows: dropped.
            let clips = shape.clips.map { $0.mapped(by: move) }
            shape.clips = outer + clips.filter { !coversPage($0) }
            shape.paint = shape.paint.multiplyingOpacity(by: opacity)
            placed.append(shape)
        }
        // Groups recorded inside the surface get ids of their own for this placement.
        var renumbered: [Int: LogoOutline.OpacityGroup] = [:]
        for index in placed.indices {
            placed[index].groups = placed[index].groups.map { inner in
                if let known = renumbered[inner.id] { return known }
                let fresh = newGroup(opacity: inner.opacity)
                renumbered[inner.id] = fresh
                return fresh
            }
        }
        if opacity < 1, Self.overlap(placed) {
            reasons.append(.groupOpacity)
            let group = newGroup(opacity: opacity)
            for index in placed.indices { placed[index].groups.insert(group, at: 0) }
        }
        placed.forEach(emit)
    }

    /// A translucent group with a new id.
    private func newGroup(opacity: Double) -> LogoOutline.OpacityGroup {
        groupCount += 1
        return LogoOutline.OpacityGroup(id: groupCount, opacity: opacity)
    }

    /// True when a clip is a rectangle holding the whole page.
    private func coversPage(_ clip: LogoOutline.Clip) -> Bool {
        let path = clip.path
        guard page.width > 0, page.height > 0, path.verbs.count <= 6,
              path.verbs.allSatisfy({ $0 != .cubic }), path.points.count >= 4 else { return false }
        let xs = Set(path.points.map(\.x)), ys = Set(path.points.map(\.y))
        guard xs.count == 2, ys.count == 2, let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return false }
        return x0 <= 0 && y0 <= 0 && x1 >= page.width && y1 >= page.height
    }

    /// True when two of the shapes may overlap (their boxes, grown by half a pen, meet).
    static func overlap(_ shapes: [Shape]) -> Bool {
        guard shapes.count > 1 else { return false }
        guard shapes.count <= 256 else { return true }
        let boxes = shapes.map { shape -> Rect in
            let box = shape.path.mapped(by: shape.transform).bounds
            guard case let .stroke(pen) = shape.kind else { return box }
            let t = shape.transform
            let grow = pen.width * max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
            return box.insetBy(dx: -grow, dy: -grow)
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let a = boxes[i], b = boxes[j]
                if a.minX < b.maxX, b.minX < a.maxX, a.minY < b.maxY, b.minY < a.maxY { return true }
            }
        }
        return false
    }

    /// Inside `<mask>`: a constant mask is Cairo's `alpha`-filtered group holding one rect
    /// over the page with a flat fill.
    private func readMaskContent(_ name: String, _ attributes: [String: String]) {
        guard var mask = openMask else { return }
        switch name {
        case "g" where attributes["filter"] == "url(#alpha)" && maskDepth == 2:
            return
        case "rect" where mask.opacity == nil && maskDepth == 3:
            let s = style(attributes)
            let x = Double(attributes["x"] ?? "0") ?? 1, y = Double(attributes["y"] ?? "0") ?? 1
            let w = Double(attributes["width"] ?? "") ?? 0, h = Double(attributes["height"] ?? "") ?? 0
            guard x <= 0, y <= 0, x + w >= page.width, y + h >= page.height, s["fill"]?.hasPrefix("url") == false,
                  let opacity = Double(s["fill-opacity"] ?? "1") else { break }
            mask.opacity = opacity
            openMask = mask
            return
        default:
            break
        }
        // Anything else makes the mask one the outline cannot carry.
        mask.spoiled = true
        openMask = mask
    }

    private func end(_ name: String) {
        if maskDepth > 0 {
            maskDepth -= 1
            if maskDepth == 0, let mask = openMask {
                let constant = mask.spoiled ? nil : mask.opacity
                maskOpacities[mask.id] = .some(constant)
                if constant == nil { reasons.append(.mask) }
                openMask = nil
            }
            return
        }
        if alphaFilterDepth > 0 { alphaFilterDepth -= 1; return }
        switch name {
        case "defs": defsDepth -= 1
        case "linearGradient", "radialGradient": endGradient()
        case "clipPath": currentClipID = nil
        case "g":
            if groups.count > 1 { groups.removeLast() }
            if !groupSurfaces.isEmpty { groupSurfaces.removeLast() }
        default: break
        }
    }

    /// The number at the start of `text` (`"64pt"` is 64); 0 when there is none.
    static func leadingNumber(_ text: String?) -> Double {
        Double((text ?? "").prefix { $0.isNumber || $0 == "." || $0 == "-" }) ?? 0
    }

    /// The id in `url(#id)`.
    static func urlID(_ reference: String) -> String? {
        guard reference.hasPrefix("url(#"), reference.hasSuffix(")") else { return nil }
        return String(reference.dropFirst(5).dropLast())
    }

    /// Parses `matrix(a,b,c,d,e,f)` (Cairo's only form); nil for anything else.
    static func matrix(_ text: String) -> Transform? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasPrefix("matrix("), trimmed.hasSuffix(")") else { return nil }
        let inner = trimmed.dropFirst(7).dropLast()
        let values = inner.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        return Transform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    /// Parses Cairo's `rgb(R%,G%,B%)` (or `#rrggbb`) to 8-bit channels, opaque.
    static func color(_ text: String) -> RGBAColor? {
        RGBAColor(svg: text).map { RGBAColor(red: $0.red, green: $0.green, blue: $0.blue) }
    }
}
