import FoundationEssentials
import MaskGeometry

/// Reads the SVG that Cairo's SVG surface writes (``CairoSVGStream``): paths with `d`, `style`
/// and `matrix` transforms, clip paths on groups, gradients in defs. Path data goes through the
/// one parser, ``SVGPathData``. Everything the outline cannot carry is named in ``reasons``.
final class CairoSVGReader {
    /// One painted shape as Cairo wrote it: `path` in the coordinates `transform` maps to the page.
    struct Shape {
        var path: LogoOutline.Path
        var transform: Transform
        /// The kind (a stroke's own transform is set later, from ``transform``).
        var kind: LogoOutline.Shape.Kind
        var paint: LogoOutline.Paint
        /// Clips in page coordinates.
        var clips: [LogoOutline.Clip]
    }

    private(set) var shapes: [Shape] = []
    private(set) var reasons: [LogoOutline.InexactReason] = []
    private var clipDefinitions: [String: [LogoOutline.Clip]] = [:]
    private var paintServers: [String: LogoOutline.Paint] = [:]
    private var currentClipID: String? = nil
    private var groups: [[LogoOutline.Clip]] = [[]]
    private var defsDepth = 0
    private var gradientDepth = 0

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

    private func style(_ attributes: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for item in (attributes["style"] ?? "").split(separator: ";") {
            let pair = item.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            result[pair[0].trimmingWhitespace()] = pair[1].trimmingWhitespace()
        }
        // Presentation attributes (Cairo writes some of them outside `style`).
        for key in ["fill", "fill-rule", "fill-opacity", "stroke", "stroke-width", "clip-rule", "opacity"] where result[key] == nil {
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
        if let id = Self.urlID(value) { return paintServers[id] ?? .pattern }
        let color = Self.color(value) ?? .black
        return .flat(color: color, opacity: opacity.flatMap(Double.init) ?? 1)
    }

    private func start(_ name: String, _ attributes: [String: String]) {
        switch name {
        case "svg", "stop":
            break
        case "defs":
            defsDepth += 1
        case "linearGradient", "radialGradient":
            gradientDepth += 1
            if let id = attributes["id"] { paintServers[id] = name == "linearGradient" ? .linearGradient : .radialGradient }
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
            if let opacity = s["opacity"].flatMap(Double.init), opacity < 1 { reasons.append(.groupOpacity) }
            if attributes["mask"] != nil || s["mask"] != nil { reasons.append(.mask) }
            if attributes["filter"] != nil || s["filter"] != nil { reasons.append(.filter) }
            groups.append(clips)
        case "path", "rect":
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
            if defsDepth > 0 { return }
            if let opacity = s["opacity"].flatMap(Double.init), opacity < 1 { reasons.append(.groupOpacity) }
            let clips = groups.last ?? []
            let fill = s["fill"] ?? "black"
            if fill != "none" {
                let rule: LogoOutline.FillRule = s["fill-rule"] == "evenodd" ? .evenOdd : .nonZero
                shapes.append(Shape(path: path, transform: transform, kind: .fill(rule),
                                    paint: paint(fill, opacity: s["fill-opacity"]), clips: clips))
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
                shapes.append(Shape(path: path, transform: transform, kind: .stroke(pen),
                                    paint: paint(stroke, opacity: s["stroke-opacity"]), clips: clips))
            }
        case "symbol":
            reasons.append(.text)  // Cairo writes font glyphs as symbols
        case "image", "pattern":
            reasons.append(.image)  // Cairo writes raster surfaces (and filter results) as images
        case "use":
            let target = attributes["xlink:href"] ?? attributes["href"] ?? ""
            reasons.append(target.hasPrefix("#glyph") ? .text : target.hasPrefix("#image") ? .image : .other("<use>"))
        case "mask":
            reasons.append(.mask)
        default:
            if defsDepth > 0 && ["title", "desc", "metadata"].contains(name) { break }
            reasons.append(.other("<\(name)>"))
        }
    }

    private func end(_ name: String) {
        switch name {
        case "defs": defsDepth -= 1
        case "linearGradient", "radialGradient": gradientDepth -= 1
        case "clipPath": currentClipID = nil
        case "g": if groups.count > 1 { groups.removeLast() }
        default: break
        }
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

    /// Parses Cairo's `rgb(R%,G%,B%)` (or `#rrggbb`) to 8-bit channels.
    static func color(_ text: String) -> RGBAColor? {
        if text.hasPrefix("rgb("), text.hasSuffix(")") {
            let parts = text.dropFirst(4).dropLast().split(separator: ",")
            let values = parts.compactMap { part -> UInt8? in
                let trimmed = part.trimmingWhitespace()
                let percent = trimmed.hasSuffix("%")
                guard let value = Double(percent ? String(trimmed.dropLast()) : String(trimmed)), value.isFinite else { return nil }
                let scaled = percent ? value / 100 * 255 : value
                return UInt8(max(0, min(255, scaled.rounded())))
            }
            guard values.count == 3 else { return nil }
            return RGBAColor(red: values[0], green: values[1], blue: values[2])
        }
        return RGBAColor(parsing: text).map { RGBAColor(red: $0.red, green: $0.green, blue: $0.blue) }
    }
}
