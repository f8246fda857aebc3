import FoundationEssentials
import MaskGeometry

/// How a mask stores its coverage.
public enum MaskPixels: Sendable, Hashable {
    /// RGBA: white, with the coverage as alpha (a white logo on transparent).
    case whiteOnTransparent
    /// 8-bit grey: the coverage as the grey level (white logo on black).
    case gray
}

/// The background of an inverted hole.
public enum HoleBackground: Sendable, Hashable {
    /// A flat colour.
    case color(RGBAColor)
    /// A PNG image scaled to fill the viewport (aspect kept, centred, cropped: "aspect fill").
    case image(path: String)
    /// A linear gradient across the viewport, of two colours (a hole throws
    /// ``LogoMaskError/invalidParameter(_:_:)`` for another count).
    case linearGradient(LinearGradient)

    /// The gradient's two colours and its line on a box of `size`; nil when the background is
    /// not a gradient. Throws when the gradient does not have exactly two colours.
    func twoColorGradient(size: Size) throws(LogoMaskError) -> (from: RGBAColor, to: RGBAColor, start: Point, end: Point)? {
        guard case let .linearGradient(gradient) = self else { return nil }
        guard gradient.colors.count == 2 else {
            throw LogoMaskError.invalidParameter(.background, "of a hole takes a gradient of two colours, not \(gradient.colors.count).")
        }
        let line = gradient.line(in: size)
        return (gradient.colors[0], gradient.colors[1], line.start, line.end)
    }
}

/// Masks of a logo: its coverage, and the inverted hole (a background with a logo-shaped
/// transparent hole), streamed to PNG at any size; see ``VectorHole`` for PDF and SVG.
public enum LogoMasks {
    /// Writes the logo's coverage at `size` as a PNG: white on transparent or grey, inverted (the
    /// hole: 255 minus the coverage) with `invert`. Drawn in strips from the vectors.
    @discardableResult
    public static func writeMaskPNG(
        of logo: VectorLogo, size: RenderSize, pixels: MaskPixels = .whiteOnTransparent, invert: Bool = false,
        to path: String, compression: PNGCompression = .fast, maxPixels: Int = Rasterizer.defaultMaxPixels,
        deadline: Deadline = .none, progress: ProgressHandler? = nil
    ) throws(LogoMaskError) -> RasterSize {
        try writeMaskPNG(
            of: logo, size: size, pixels: pixels, invert: invert, to: path, compression: compression, maxPixels: maxPixels,
            deadline: deadline, progress: progress, workers: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The same on `workers` threads (a batch draws each logo on one thread, many logos at once).
    static func writeMaskPNG(
        of logo: VectorLogo, size: RenderSize, pixels: MaskPixels, invert: Bool, to path: String,
        compression: PNGCompression, maxPixels: Int, deadline: Deadline, progress: ProgressHandler?, workers: Int
    ) throws(LogoMaskError) -> RasterSize {
        let raster = try size.resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
        if raster.pixelCount > maxPixels {
            throw LogoMaskError.pixelBudgetExceeded(file: path, width: raster.width, height: raster.height, budget: maxPixels)
        }
        let transform = Transform.scale(raster.scale)
        try PNGWriter.write(
            drawing: logo, path: path, width: raster.width, height: raster.height, layout: .a8,
            channels: pixels == .gray ? .gray : .rgba, compression: compression, deadline: deadline, progress: progress,
            workers: workers
        ) { () throws(LogoMaskError) in
            let drawing = try logo.makeDrawing()
            return { (context: CairoContext) throws(LogoMaskError) in
                try paintCoverage(drawing, on: context, transform: transform, invert: invert)
            }
        }
        return raster
    }

    /// The logo's coverage (or its inverse) under `transform` in memory, 1 byte a pixel.
    public static func maskImage(
        of logo: VectorLogo, width: Int, height: Int, transform: Transform, invert: Bool = false
    ) throws(LogoMaskError) -> RasterImage {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= Rasterizer.maxInMemoryPixels else {
            throw LogoMaskError.invalidRequest("\(logo.name): a mask must be 1...\(Rasterizer.maxInMemoryPixels) pixels, not \(width)x\(height).")
        }
        let drawing = try logo.makeDrawing()
        let canvas = StripCanvas(layout: .a8, width: width, maxRows: height)
        try canvas.draw(y0: 0, rows: height) { (context: CairoContext) throws(LogoMaskError) in
            try paintCoverage(drawing, on: context, transform: transform, invert: invert)
        }
        return RasterImage(
            width: width, height: height, format: .coverage, stride: canvas.stride,
            bytes: Array(UnsafeBufferPointer(start: canvas.buffer, count: canvas.stride * height)))
    }

    /// Writes the inverted hole of `placement` as a PNG of the viewport's pixels (RGBA): the
    /// background with the logo cut out (alpha = 1 - coverage) at the placement's scale, rotation
    /// and anchor.
    ///
    /// Drawn by librsvg/poppler through Cairo, not from ``VectorLogo/outline`` by the reveal's scan
    /// converter: that one matches Cairo bit for bit only for an exact outline of opaque flat
    /// fills holding librsvg's own points and not all edges axis-aligned; every other logo (PDF,
    /// strokes, clips, gradients, translucent paints, filters) would still need this path, so it
    /// stays the one way to draw a raster hole.
    public static func writeHolePNG(
        of logo: VectorLogo, placement: Placement, background: HoleBackground, to path: String,
        compression: PNGCompression = .fast, maxPixels: Int = Rasterizer.defaultMaxPixels,
        deadline: Deadline = .none, progress: ProgressHandler? = nil
    ) throws(LogoMaskError) {
        try CoverScale.validate(placement, logo: logo)
        let width = placement.viewport.pixelWidth, height = placement.viewport.pixelHeight
        if width.multipliedReportingOverflow(by: height).partialValue > maxPixels {
            throw LogoMaskError.pixelBudgetExceeded(file: path, width: width, height: height, budget: maxPixels)
        }
        guard placement.scale.isFinite, placement.scale > 0 else {
            throw LogoMaskError.invalidParameter(.scale, "must be a positive number, not \(placement.scale).")
        }
        if case let .image(imagePath) = background { _ = try CairoSurface.picture(path: imagePath) }  // fail before writing
        let gradient = try background.twoColorGradient(size: Size(width: Double(width), height: Double(height)))
        let transform = placement.pixelTransform
        let viewportRect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        try PNGWriter.write(
            drawing: logo, path: path, width: width, height: height, layout: .argb32, channels: .rgba,
            compression: compression, deadline: deadline, progress: progress
        ) { () throws(LogoMaskError) in
            let drawing = try logo.makeDrawing()
            var image: CairoSurface? = nil
            if case let .image(imagePath) = background { image = try CairoSurface.picture(path: imagePath) }
            return { (context: CairoContext) throws(LogoMaskError) in
                switch background {
                case let .color(color): context.paint(color: color, operator: .source)
                case .image:
                    if let image { context.paintImage(image, into: aspectFill(image: image, in: viewportRect)) }
                case .linearGradient:
                    if let gradient {
                        context.paintLinearGradient(from: gradient.start, to: gradient.end, colors: [gradient.from, gradient.to])
                    }
                }
                context.pushGroup()
                try drawing.draw(on: context, transform: transform)
                context.popGroupAndPaint(operator: .destinationOut)
                if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
            }
        }
    }

    /// The inverted hole of `placement` in memory (premultiplied ARGB, the viewport's pixels):
    /// the same pixels ``writeHolePNG(of:placement:background:to:compression:maxPixels:deadline:progress:)`` writes.
    public static func holeImage(of logo: VectorLogo, placement: Placement, background: RGBAColor) throws(LogoMaskError) -> RasterImage {
        try CoverScale.validate(placement, logo: logo)
        let width = placement.viewport.pixelWidth, height = placement.viewport.pixelHeight
        guard width.multipliedReportingOverflow(by: height).partialValue <= Rasterizer.maxInMemoryPixels else {
            throw LogoMaskError.pixelBudgetExceeded(file: logo.name, width: width, height: height, budget: Rasterizer.maxInMemoryPixels)
        }
        let drawing = try logo.makeDrawing()
        let canvas = StripCanvas(layout: .argb32, width: width, maxRows: height)
        let transform = placement.pixelTransform
        try canvas.draw(y0: 0, rows: height) { (context: CairoContext) throws(LogoMaskError) in
            context.paint(color: background, operator: .source)
            context.pushGroup()
            try drawing.draw(on: context, transform: transform)
            context.popGroupAndPaint(operator: .destinationOut)
        }
        return RasterImage(
            width: width, height: height, format: .premultipliedARGB, stride: canvas.stride,
            bytes: Array(UnsafeBufferPointer(start: canvas.buffer, count: canvas.stride * height)))
    }

    /// The coverage, or 255 minus it, drawn into an A8 context.
    static func paintCoverage(_ drawing: LogoDrawing, on context: CairoContext, transform: Transform, invert: Bool) throws(LogoMaskError) {
        if invert {
            context.paint(color: .white, operator: .source)
            context.pushGroup()
            try drawing.draw(on: context, transform: transform)
            context.popGroupAndPaint(operator: .destinationOut)
        } else {
            try drawing.draw(on: context, transform: transform)
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: drawing.name, reason: reason) }
    }

    /// The rectangle an image fills when scaled to cover `rect` (aspect kept, centred).
    static func aspectFill(image: CairoSurface, in rect: Rect) -> Rect {
        let w = Double(max(1, image.imageWidth)), h = Double(max(1, image.imageHeight))
        let scale = max(rect.width / w, rect.height / h)
        let fw = w * scale, fh = h * scale
        return Rect(x: rect.center.x - fw / 2, y: rect.center.y - fh / 2, width: fw, height: fh)
    }
}
