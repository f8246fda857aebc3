import FoundationEssentials
import MaskGeometry

/// The inverted hole as a vector document: the viewport (in points) filled with the background,
/// with the logo's shapes cut out as a soft mask (PDF) or `<mask>` (SVG) of paths, crisp at any
/// zoom, with no raster inside for a vector logo.
///
/// Cairo's PDF backend cannot express "cut out" (DEST_OUT) and would rasterize it, so the
/// document is written here: a luminosity mask whose content is a white page with the logo's
/// paths in black (a shape at opacity a darkens the mask to 1 - a, exactly the hole's alpha).
/// The paths are the logo's ``VectorLogo/outline`` under the placement. Gradient paints are cut
/// out as opaque shapes. A logo whose outline is not exact (an image, a filter result, a mask…)
/// cannot be paths: then the hole is drawn by Cairo, which rasterizes those parts, and
/// ``Result/rasterFallback`` says so.
public enum VectorHole {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// PDF 1.4 with a luminosity soft mask.
        case pdf
        /// SVG 1.1 with a `<mask>`.
        case svg
    }

    /// What was written.
    public struct Result: Sendable, Hashable {
        /// Number of logo shapes cut out.
        public var shapeCount: Int
        /// True when part of the logo could not be kept as paths and Cairo rasterized it.
        public var rasterFallback: Bool
        /// Why the fallback was needed (empty when it was not).
        public var fallbackReasons: [String]
        /// True when gradient or pattern paints were cut out as opaque shapes.
        public var approximatedPaint: Bool
    }

    /// Writes the hole of `placement` (at its scale, rotation and anchor) to `path` as PDF or SVG;
    /// the page is the viewport in points. Deterministic bytes, written atomically.
    @discardableResult
    public static func write(
        of logo: VectorLogo, placement: Placement, background: HoleBackground, format: Format, to path: String
    ) throws(LogoMaskError) -> Result {
        try CoverScale.validate(placement, logo: logo)
        guard placement.scale.isFinite, placement.scale > 0 else {
            throw LogoMaskError.invalidParameter(.scale, "must be a positive number, not \(placement.scale).")
        }
        let page = placement.viewport.size
        let outline = try logo.outline.mapped(by: placement.transform)
        var imageData: Data? = nil
        if case let .image(imagePath) = background {
            guard format == .svg else {
                throw LogoMaskError.invalidParameter(.backgroundImage, "works with PNG and SVG holes; for PDF use `background` COLOR.")
            }
            guard let data = FileManager.default.contents(atPath: imagePath), data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
                throw LogoMaskError.unreadableInput(file: imagePath, reason: "not a readable PNG")
            }
            _ = try CairoSurface.png(path: imagePath)
            imageData = data
        }
        var color = RGBAColor.white
        let gradient = try background.twoColorGradient(size: page)
        if case let .color(c) = background { color = c }
        if !outline.isExact {
            let reasons = outline.inexactReasons.map(\.description)
            try writeThroughCairo(logo: logo, placement: placement, color: color, gradient: gradient, format: format, to: path)
            return Result(shapeCount: 0, rasterFallback: true, fallbackReasons: reasons, approximatedPaint: false)
        }
        let bytes: [UInt8]
        switch format {
        case .pdf: bytes = pdf(outline: outline, page: page, color: color, gradient: gradient)
        case .svg: bytes = Array(svg(outline: outline, page: page, color: color, gradient: gradient, image: imageData).utf8)
        }
        let file = try AtomicFile(path: path)
        try file.write(bytes)
        try file.commit()
        return Result(shapeCount: outline.shapes.count, rasterFallback: false, fallbackReasons: [],
                      approximatedPaint: outline.shapes.contains { !$0.paint.isFlat })
    }

    // MARK: - PDF

    static func pdf(
        outline: LogoOutline, page: Size, color: RGBAColor,
        gradient: (from: RGBAColor, to: RGBAColor, start: Point, end: Point)? = nil
    ) -> [UInt8] {
        var opacities: [Double] = []
        var mask = "1 0 0 -1 0 \(n(page.height)) cm\n1 g 0 0 \(n(page.width)) \(n(page.height)) re f\n0 g 0 G\n"
        for shape in outline.shapes {
            let opacity = shape.paint.opacity
            mask += "q\n"
            for clip in shape.clips {
                mask += pathOperators(clip.path) + (clip.fillRule == .evenOdd ? "W* n\n" : "W n\n")
            }
            if opacity < 1 {
                let index = opacities.firstIndex(of: opacity) ?? { opacities.append(opacity); return opacities.count - 1 }()
                mask += "/a\(index) gs\n"
            }
            switch shape.kind {
            case let .fill(rule):
                mask += pathOperators(shape.path) + (rule == .evenOdd ? "f*\n" : "f\n")
            case let .stroke(style):
                guard let userPath = userSpacePath(shape.path, style) else { break }
                let t = style.transform
                mask += "\(n(t.a)) \(n(t.b)) \(n(t.c)) \(n(t.d)) \(n(t.tx)) \(n(t.ty)) cm\n"
                mask += "\(n(style.width)) w \(capCode(style.cap)) J \(joinCode(style.join)) j \(n(style.miterLimit)) M\n"
                if !style.dashes.isEmpty {
                    mask += "[" + style.dashes.map { n($0) }.joined(separator: " ") + "] \(n(style.dashOffset)) d\n"
                }
                mask += pathOperators(userPath) + "S\n"
            }
            mask += "Q\n"
        }
        var content = "q /Hole gs \(n(color.redFraction)) \(n(color.greenFraction)) \(n(color.blueFraction)) rg 0 0 \(n(page.width)) \(n(page.height)) re f Q\n"
        var pageResources = "/ExtGState << /Hole 5 0 R >>"
        var shading = ""
        if let gradient {
            // An axial shading in PDF's y-up space; colour stops' alpha is carried by /ca as their mean.
            let h = page.height
            content = "q /Hole gs 0 0 \(n(page.width)) \(n(page.height)) re W n /Background sh Q\n"
            pageResources += " /Shading << /Background \(7 + opacityCount(outline)) 0 R >>"
            shading = "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [\(n(gradient.start.x)) \(n(h - gradient.start.y)) \(n(gradient.end.x)) \(n(h - gradient.end.y))] "
                + "/Function << /FunctionType 2 /Domain [0 1] /C0 [\(n(gradient.from.redFraction)) \(n(gradient.from.greenFraction)) \(n(gradient.from.blueFraction))] "
                + "/C1 [\(n(gradient.to.redFraction)) \(n(gradient.to.greenFraction)) \(n(gradient.to.blueFraction))] /N 1 >> /Extend [true true] >>"
        }
        let backgroundAlpha = gradient.map { ($0.from.alphaFraction + $0.to.alphaFraction) / 2 } ?? color.alphaFraction
        let box = "[0 0 \(n(page.width)) \(n(page.height))]"
        var gsResources = ""
        var objects: [String] = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox \(box) /Resources << \(pageResources) >> /Contents 4 0 R >>",
            stream(content),
            "<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G 6 0 R >> /ca \(n(backgroundAlpha)) >>",
        ]
        for (i, _) in opacities.enumerated() { gsResources += "/a\(i) \(7 + i) 0 R " }
        objects.append(stream(mask, dictionary: "/Type /XObject /Subtype /Form /BBox \(box) /Group << /Type /Group /S /Transparency /CS /DeviceGray >> /Resources << /ExtGState << \(gsResources)>> >>"))
        for opacity in opacities { objects.append("<< /Type /ExtGState /ca \(n(opacity)) /CA \(n(opacity)) >>") }
        if !shading.isEmpty { objects.append(shading) }
        var bytes = Array("%PDF-1.4\n".utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(i + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let xref = bytes.count
        var out = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        bytes += Array(out.utf8)
        return bytes
    }

    /// The number of distinct shape opacities below 1 (each gets an ExtGState object).
    private static func opacityCount(_ outline: LogoOutline) -> Int {
        var seen: [Double] = []
        for shape in outline.shapes where shape.paint.opacity < 1 && !seen.contains(shape.paint.opacity) {
            seen.append(shape.paint.opacity)
        }
        return seen.count
    }

    /// A stroke's path in its own user space (where its width and dashes are measured), nil when
    /// that space is degenerate (such a stroke draws nothing).
    private static func userSpacePath(_ path: LogoOutline.Path, _ stroke: LogoOutline.Stroke) -> LogoOutline.Path? {
        stroke.transform.inverted.map { path.mapped(by: $0) }
    }

    private static func stream(_ text: String, dictionary: String = "") -> String {
        "<< \(dictionary)\(dictionary.isEmpty ? "" : " ")/Length \(text.utf8.count) >>\nstream\n\(text)endstream"
    }

    private static func pathOperators(_ path: LogoOutline.Path) -> String {
        var s = ""
        for segment in path.segments {
            switch segment {
            case let .move(p): s += "\(n(p.x)) \(n(p.y)) m\n"
            case let .line(p): s += "\(n(p.x)) \(n(p.y)) l\n"
            case let .cubic(a, b, c): s += "\(n(a.x)) \(n(a.y)) \(n(b.x)) \(n(b.y)) \(n(c.x)) \(n(c.y)) c\n"
            case .close: s += "h\n"
            }
        }
        return s
    }

    private static func capCode(_ cap: LogoOutline.Stroke.Cap) -> Int { cap == .round ? 1 : cap == .square ? 2 : 0 }
    private static func joinCode(_ join: LogoOutline.Stroke.Join) -> Int { join == .round ? 1 : join == .bevel ? 2 : 0 }

    /// A number for PDF/SVG: at most 6 decimals, no exponent.
    private static func n(_ value: Double) -> String {
        let text = formatNumber(value, decimals: 6)
        if text.contains("e") { return formatFixed(value, decimals: 6) }
        return text
    }

    // MARK: - SVG

    static func svg(
        outline: LogoOutline, page: Size, color: RGBAColor,
        gradient: (from: RGBAColor, to: RGBAColor, start: Point, end: Point)? = nil, image: Data?
    ) -> String {
        let w = n(page.width), h = n(page.height)
        var defs = ""
        var body = ""
        var clipIDs: [LogoOutline.Clip: String] = [:]
        for shape in outline.shapes {
            let clips = shape.clips
            let opacity = shape.paint.opacity
            var element = ""
            switch shape.kind {
            case let .fill(rule):
                element = "<path d=\"\(shape.path.svgPathData(decimals: 6))\" fill=\"#000\"\(rule == .evenOdd ? " fill-rule=\"evenodd\"" : "")"
                    + (opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : "") + "/>"
            case let .stroke(style):
                // Strokes keep their user space (the width is measured there).
                guard let userPath = userSpacePath(shape.path, style) else { continue }
                let t = style.transform
                let transform = t == .identity ? "" : " transform=\"matrix(\(n(t.a)),\(n(t.b)),\(n(t.c)),\(n(t.d)),\(n(t.tx)),\(n(t.ty)))\""
                element = "<path d=\"\(userPath.svgPathData(decimals: 6))\"\(transform) fill=\"none\" stroke=\"#000\" stroke-width=\"\(n(style.width))\""
                    + " stroke-linecap=\"\(style.cap.rawValue)\" stroke-linejoin=\"\(style.join.rawValue)\" stroke-miterlimit=\"\(n(style.miterLimit))\""
                    + (style.dashes.isEmpty ? "" : " stroke-dasharray=\"\(style.dashes.map { n($0) }.joined(separator: " "))\" stroke-dashoffset=\"\(n(style.dashOffset))\"")
                    + (opacity < 1 ? " stroke-opacity=\"\(n(opacity))\"" : "") + "/>"
            }
            if clips.isEmpty {
                body += element + "\n"
            } else {
                // Nested clips: one group per clip, innermost last.
                var opened = ""
                var closed = ""
                for clip in clips.map(\.written) {
                    let id = clipIDs[clip] ?? {
                        let id = "clip\(clipIDs.count)"
                        clipIDs[clip] = id
                        defs += "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\"><path d=\"\(clip.path.svgPathData(decimals: 6))\""
                            + (clip.fillRule == .evenOdd ? " clip-rule=\"evenodd\"" : "") + "/></clipPath>\n"
                        return id
                    }()
                    opened += "<g clip-path=\"url(#\(id))\">"
                    closed += "</g>"
                }
                body += opened + element + closed + "\n"
            }
        }
        let fill: String
        if let image {
            fill = "<image width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"xMidYMid slice\" mask=\"url(#hole)\" "
                + "xlink:href=\"data:image/png;base64,\(image.base64EncodedString())\"/>"
        } else if let gradient {
            func stop(_ offset: Int, _ c: RGBAColor) -> String {
                "<stop offset=\"\(offset)\" stop-color=\"#\(hex(c.red))\(hex(c.green))\(hex(c.blue))\""
                    + (c.alpha < 255 ? " stop-opacity=\"\(n(c.alphaFraction))\"" : "") + "/>"
            }
            defs += "<linearGradient id=\"background\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(gradient.start.x))\" y1=\"\(n(gradient.start.y))\" "
                + "x2=\"\(n(gradient.end.x))\" y2=\"\(n(gradient.end.y))\">\(stop(0, gradient.from))\(stop(1, gradient.to))</linearGradient>\n"
            fill = "<rect width=\"\(w)\" height=\"\(h)\" fill=\"url(#background)\" mask=\"url(#hole)\"/>"
        } else {
            fill = "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#\(hex(color.red))\(hex(color.green))\(hex(color.blue))\""
                + (color.alpha < 255 ? " fill-opacity=\"\(n(color.alphaFraction))\"" : "") + " mask=\"url(#hole)\"/>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" version="1.1">
            <defs>
            \(defs)<mask id="hole" maskUnits="userSpaceOnUse" x="0" y="0" width="\(w)" height="\(h)">
            <rect width="\(w)" height="\(h)" fill="#fff"/>
            \(body)</mask>
            </defs>
            \(fill)
            </svg>

            """
    }

    private static func hex(_ v: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
    }

    // MARK: - Fallback

    /// Background, then the logo cut out with DEST_OUT, through Cairo's own PDF or SVG surface
    /// (which rasterizes what it cannot express). Written aside and renamed.
    private static func writeThroughCairo(
        logo: VectorLogo, placement: Placement, color: RGBAColor,
        gradient: (from: RGBAColor, to: RGBAColor, start: Point, end: Point)?, format: Format, to path: String
    ) throws(LogoMaskError) {
        let holder = try AtomicFile(path: path)
        let temporary = holder.temporaryPath
        do {
            let surface = format == .pdf
                ? try CairoSurface.pdf(path: temporary, size: placement.viewport.size)
                : try CairoSurface.svg(path: temporary, size: placement.viewport.size)
            let context = try CairoContext(surface)
            if let gradient {
                context.paintLinearGradient(from: gradient.start, to: gradient.end, colors: [gradient.from, gradient.to])
            } else {
                context.paint(color: color, operator: .source)
            }
            context.pushGroup()
            let drawing = try logo.makeDrawing()
            try drawing.draw(on: context, transform: placement.transform)
            context.popGroupAndPaint(operator: .destinationOut)
            if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
            try surface.finish(what: path)
        }
        try holder.commit()
    }
}
