import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MaskGeometry

/// One step of a path: absolute coordinates.
enum PathStep: Equatable {
    case move(Point)
    case line(Point)
    case curve(Point, Point, Point)
    case close
}

/// How a shape paints: filled (non-zero or even-odd) or stroked.
enum OutlinePaint: Equatable {
    case fill(evenOdd: Bool)
    case stroke(StrokeStyle)
}

/// A stroke's geometry (its colour does not matter for a hole).
struct StrokeStyle: Equatable {
    var width = 1.0
    var cap = "butt"
    var join = "miter"
    var miterLimit = 4.0
    var dashes: [Double] = []
    var dashOffset = 0.0
}

/// One painted shape of the logo in page coordinates (`transform` maps its path there).
struct OutlineShape: Equatable {
    var path: [PathStep]
    var transform: Transform
    var paint: OutlinePaint
    /// The paint's opacity (fill-opacity or stroke-opacity; gradients count as opaque).
    var opacity: Double
}

/// A clip applied to a group: its path mapped to page coordinates.
struct OutlineClip: Equatable {
    var path: [PathStep]
    var evenOdd: Bool
}

/// The logo as shapes, in drawing order, each with the clips of the groups around it.
struct VectorOutline {
    var shapes: [(shape: OutlineShape, clips: [OutlineClip])]
    /// Something could not be kept as vector shapes (an image, a pattern, a mask, a filter
    /// result): the hole must be drawn by Cairo, which rasterizes what it cannot express.
    var unsupported: [String]
    /// Some paint was a gradient or pattern: its shape is cut out fully opaque.
    var approximatedPaint: Bool

    /// Draws the logo with `transform` (document units to page points) onto Cairo's SVG surface of
    /// `pageSize` points and reads back the shapes Cairo wrote. The logo is drawn through librsvg
    /// or poppler directly (not replayed from the recording) so Cairo writes plain paths.
    static func extract(logo: VectorLogo, transform: Transform, pageSize: Size, maxZoom: Double = 64) throws(LogoMaskError) -> VectorOutline {
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("logo-mask-outline-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        // Cairo keeps device coordinates in 24.8 fixed point, so its SVG surface writes paths to
        // 1/256 of a unit. Drawing `zoom` times larger and dividing back keeps them to 1/16384
        // of a point, while leaving the farthest coordinate within the fixed-point range.
        let extent = Transform.identity.apply(to: Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height))
            .union(transform.apply(to: logo.inkBounds.isEmpty ? logo.documentBox : logo.inkBounds))
        let farthest = max(1, abs(extent.minX), abs(extent.maxX), abs(extent.minY), abs(extent.maxY))
        let zoom = min(maxZoom, max(1, (2_097_152 / farthest).rounded(.down)))
        do {
            let surface = try CairoSurface.svg(path: temporary, size: Size(width: pageSize.width * zoom, height: pageSize.height * zoom))
            let context = try CairoContext(surface)
            context.setTransform(transform.concatenating(.scale(zoom)))
            switch logo.format {
            case .svg:
                let document = try SVGDocument(
                    data: logo.source, name: logo.name, baseFile: logo.baseFile, unlimited: logo.options.trustedInput)
                try document.render(on: context, element: logo.options.elementID, viewport: logo.documentBox)
            case .pdf:
                let document = try PDFDocument(data: logo.source, name: logo.name)
                try document.render(page: logo.options.page - 1, on: context)
            }
            if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
            try surface.finish(what: temporary)
        }
        guard let data = FileManager.default.contents(atPath: temporary) else {
            throw LogoMaskError.drawingFailed(file: logo.name, reason: "Cairo wrote no SVG outline")
        }
        var outline = parse(cairoSVG: data)
        let back = Transform.scale(1 / zoom)
        outline.shapes = outline.shapes.map { item in
            var shape = item.shape
            shape.transform = shape.transform.concatenating(back)
            return (shape, item.clips.map { OutlineClip(path: $0.path.map { $0.mapped(by: back) }, evenOdd: $0.evenOdd) })
        }
        return outline
    }

    /// Reads the SVG that Cairo's SVG surface writes (paths with `d`, `style` and `matrix`
    /// transforms, clip paths on groups, gradients in defs).
    static func parse(cairoSVG data: Data) -> VectorOutline {
        let reader = CairoSVGReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        if !parser.parse() { reader.unsupported.append("unreadable SVG from Cairo") }
        return reader.finish()
    }
}

/// Parses a path's `d` (absolute M, L, C, Z as Cairo writes them; relative forms and H/V also read).
func parsePathData(_ d: String) -> [PathStep]? {
    var steps: [PathStep] = []
    var numbers: [Double] = []
    var command: Character? = nil
    var current = Point.zero, start = Point.zero
    func flush() -> Bool {
        guard let command else { return numbers.isEmpty }
        let relative = command.isLowercase
        func pt(_ i: Int) -> Point {
            relative ? Point(x: current.x + numbers[i], y: current.y + numbers[i + 1]) : Point(x: numbers[i], y: numbers[i + 1])
        }
        switch command.uppercased() {
        case "M", "L":
            guard numbers.count % 2 == 0, !numbers.isEmpty else { return false }
            var i = 0
            while i < numbers.count {
                let p = pt(i)
                if command.uppercased() == "M" && i == 0 { steps.append(.move(p)); start = p } else { steps.append(.line(p)) }
                current = p
                i += 2
            }
        case "C":
            guard numbers.count % 6 == 0, !numbers.isEmpty else { return false }
            var i = 0
            while i < numbers.count {
                let c1 = pt(i), c2 = pt(i + 2), p = pt(i + 4)
                steps.append(.curve(c1, c2, p))
                current = p
                i += 6
            }
        case "H", "V":
            guard !numbers.isEmpty else { return false }
            for n in numbers {
                let horizontal = command.uppercased() == "H"
                let p = horizontal ? Point(x: relative ? current.x + n : n, y: current.y)
                    : Point(x: current.x, y: relative ? current.y + n : n)
                steps.append(.line(p))
                current = p
            }
        case "Z":
            steps.append(.close)
            current = start
        default:
            return false
        }
        numbers.removeAll(keepingCapacity: true)
        return true
    }
    var token = ""
    func endNumber() -> Bool {
        guard !token.isEmpty else { return true }
        guard let value = Double(token), value.isFinite else { return false }
        numbers.append(value)
        token = ""
        return true
    }
    for ch in d {
        if ch.isLetter && ch != "e" && ch != "E" {
            guard endNumber(), flush() else { return nil }
            command = ch
            if ch == "Z" || ch == "z" { guard flush() else { return nil }; command = nil }
        } else if ch == " " || ch == "," || ch == "\n" || ch == "\t" || ch == "\r" {
            guard endNumber() else { return nil }
        } else if ch == "-", !token.isEmpty, !(token.last == "e" || token.last == "E") {
            guard endNumber() else { return nil }
            token = "-"
        } else {
            token.append(ch)
        }
    }
    guard endNumber(), flush() else { return nil }
    return steps
}

/// Parses `matrix(a,b,c,d,e,f)` (Cairo's only form); nil for anything else.
func parseMatrix(_ text: String) -> Transform? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("matrix("), trimmed.hasSuffix(")") else { return nil }
    let inner = trimmed.dropFirst(7).dropLast()
    let values = inner.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
    guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
    return Transform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
}

private final class CairoSVGReader: NSObject, XMLParserDelegate {
    struct Group {
        var clips: [OutlineClip]
    }
    var shapes: [(shape: OutlineShape, clips: [OutlineClip])] = []
    var unsupported: [String] = []
    var approximatedPaint = false
    private var clipDefinitions: [String: [OutlineClip]] = [:]
    private var currentClipID: String? = nil
    private var groups: [Group] = [Group(clips: [])]
    private var defsDepth = 0
    private var gradientDepth = 0

    func finish() -> VectorOutline {
        VectorOutline(shapes: shapes, unsupported: unsupported, approximatedPaint: approximatedPaint)
    }

    private func style(_ attributes: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for item in (attributes["style"] ?? "").split(separator: ";") {
            let pair = item.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            result[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        // Presentation attributes (Cairo writes some of them outside `style`).
        for key in ["fill", "fill-rule", "fill-opacity", "stroke", "stroke-width", "clip-rule", "opacity"] where result[key] == nil {
            if let value = attributes[key] { result[key] = value }
        }
        return result
    }

    private func rectPath(_ a: [String: String]) -> [PathStep]? {
        guard let x = Double(a["x"] ?? "0"), let y = Double(a["y"] ?? "0"),
              let w = Double(a["width"] ?? ""), let h = Double(a["height"] ?? "") else { return nil }
        return [.move(Point(x: x, y: y)), .line(Point(x: x + w, y: y)), .line(Point(x: x + w, y: y + h)),
                .line(Point(x: x, y: y + h)), .close]
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "svg":
            break
        case "defs":
            defsDepth += 1
        case "linearGradient", "radialGradient":
            gradientDepth += 1
        case "stop":
            break
        case "clipPath":
            currentClipID = attributes["id"]
            if let id = currentClipID { clipDefinitions[id] = [] }
        case "g":
            var clips = groups.last?.clips ?? []
            if let reference = attributes["clip-path"], let id = Self.urlID(reference) {
                clips += clipDefinitions[id] ?? []
                if clipDefinitions[id] == nil { unsupported.append("a clip path defined after its use") }
            }
            let s = style(attributes)
            if let opacity = s["opacity"].flatMap(Double.init), opacity < 1 { unsupported.append("group opacity") }
            if attributes["mask"] != nil || s["mask"] != nil { unsupported.append("a mask") }
            if attributes["filter"] != nil || s["filter"] != nil { unsupported.append("a filter") }
            groups.append(Group(clips: clips))
        case "path", "rect":
            guard gradientDepth == 0 else { return }
            let path: [PathStep]? = name == "path" ? parsePathData(attributes["d"] ?? "") : rectPath(attributes)
            guard let path else {
                unsupported.append("a \(name) that could not be read")
                return
            }
            var transform = Transform.identity
            if let text = attributes["transform"] {
                guard let m = parseMatrix(text) else {
                    unsupported.append("a transform \(text)")
                    return
                }
                transform = m
            }
            let s = style(attributes)
            if let id = currentClipID {
                let mapped = path.map { $0.mapped(by: transform) }
                clipDefinitions[id, default: []].append(OutlineClip(path: mapped, evenOdd: s["clip-rule"] == "evenodd"))
                return
            }
            if defsDepth > 0 { return }
            if let opacity = s["opacity"].flatMap(Double.init), opacity < 1 { unsupported.append("element opacity") }
            let fill = s["fill"] ?? "black"
            if fill != "none" {
                if fill.hasPrefix("url(") { approximatedPaint = true }
                let opacity = fill.hasPrefix("url(") ? 1 : (s["fill-opacity"].flatMap(Double.init) ?? 1)
                shapes.append((OutlineShape(path: path, transform: transform, paint: .fill(evenOdd: s["fill-rule"] == "evenodd"),
                                            opacity: opacity), groups.last?.clips ?? []))
            }
            if let stroke = s["stroke"], stroke != "none" {
                if stroke.hasPrefix("url(") { approximatedPaint = true }
                var st = StrokeStyle()
                st.width = s["stroke-width"].flatMap(Double.init) ?? 1
                st.cap = s["stroke-linecap"] ?? "butt"
                st.join = s["stroke-linejoin"] ?? "miter"
                st.miterLimit = s["stroke-miterlimit"].flatMap(Double.init) ?? 4
                if let dashes = s["stroke-dasharray"], dashes != "none" {
                    st.dashes = dashes.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
                }
                st.dashOffset = s["stroke-dashoffset"].flatMap(Double.init) ?? 0
                let opacity = stroke.hasPrefix("url(") ? 1 : (s["stroke-opacity"].flatMap(Double.init) ?? 1)
                shapes.append((OutlineShape(path: path, transform: transform, paint: .stroke(st), opacity: opacity),
                               groups.last?.clips ?? []))
            }
        default:
            if defsDepth == 0 || !["title", "desc", "metadata"].contains(name) { unsupported.append("<\(name)>") }
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "defs": defsDepth -= 1
        case "linearGradient", "radialGradient": gradientDepth -= 1
        case "clipPath": currentClipID = nil
        case "g": if groups.count > 1 { groups.removeLast() }
        default: break
        }
    }

    static func urlID(_ reference: String) -> String? {
        guard reference.hasPrefix("url(#"), reference.hasSuffix(")") else { return nil }
        return String(reference.dropFirst(5).dropLast())
    }
}

extension PathStep {
    /// The step with its points mapped (exact for affine maps: Béziers map to Béziers).
    func mapped(by t: Transform) -> PathStep {
        switch self {
        case let .move(p): .move(t.apply(to: p))
        case let .line(p): .line(t.apply(to: p))
        case let .curve(a, b, c): .curve(t.apply(to: a), t.apply(to: b), t.apply(to: c))
        case .close: .close
        }
    }
}
