import FoundationEssentials
import MaskGeometry

/// Draws a ``VectorLogo`` into pixels: streamed into a PNG file of any size, or into an
/// in-memory ``RasterImage``. Always from the vectors, at the final scale.
public enum Rasterizer {
    /// The default pixel budget for files: 40 gigapixels (200,000 x 200,000), streamed.
    public static let defaultMaxPixels = 40_000_000_000
    /// The budget for in-memory images: 1 gigapixel (4 GiB of ARGB32).
    public static let maxInMemoryPixels = 1 << 30

    /// Renders `logo` at `size` into a PNG file (RGBA, straight alpha) and returns the pixel size.
    ///
    /// The image is drawn in horizontal strips on every core and streamed into the encoder, so a
    /// 100,000-pixel-wide render needs a few MiB a worker, not the 40 GB the image holds. The
    /// file appears only when complete.
    @discardableResult
    public static func writePNG(
        of logo: VectorLogo, size: RenderSize, background: RGBAColor? = nil, to path: String,
        compression: PNGCompression = .fast, maxPixels: Int = defaultMaxPixels,
        deadline: Deadline = .none, progress: ProgressHandler? = nil
    ) throws(LogoMaskError) -> RasterSize {
        try writePNG(
            of: logo, size: size, background: background, to: path, compression: compression, maxPixels: maxPixels,
            deadline: deadline, progress: progress, workers: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The same on `workers` threads (a batch draws each logo on one thread, many logos at once).
    static func writePNG(
        of logo: VectorLogo, size: RenderSize, background: RGBAColor?, to path: String,
        compression: PNGCompression, maxPixels: Int, deadline: Deadline, progress: ProgressHandler?, workers: Int
    ) throws(LogoMaskError) -> RasterSize {
        let raster = try size.resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
        try checkBudget(raster, maxPixels: maxPixels, file: path)
        let transform = Transform.scale(raster.scale)
        if logo.usesFilterEffects, let plan = FilterLayerPlan(
            logo: logo, scale: raster.scale, width: raster.width, height: raster.height) {
            try writeLayeredPNG(
                plan, of: logo, raster: raster, background: background, to: path, compression: compression,
                deadline: deadline, progress: progress, workers: workers)
            return raster
        }
        // Translucent one-paint shapes drawn without a surface of the image's size each. Not in
        // layers: there the filters' cost dominates (no gain measured on kteatime or zanshin), and
        // on zanshin the fold's rounding stacked to 3 levels on 4 pixels.
        let logo = logo.translucentFolded
        if logo.usesFilterEffects, let cut = FilteredStripCut(
            logo: logo, width: raster.width, height: raster.height, scale: raster.scale, clipped: background == nil) {
            try PNGWriter.write(
                path: path, width: raster.width, height: raster.height, layout: .argb32, channels: .rgba,
                compression: compression, rowsPerStrip: cut.rowsPerStrip, paintedBox: cut.paintedBox,
                deadline: deadline, progress: progress, workers: workers
            ) { () throws(LogoMaskError) in
                let drawing = try logo.makeDrawing(folding: .ownPaints)
                drawing.filterMargin = cut.margin
                return { (context: CairoContext) throws(LogoMaskError) in
                    if let background { context.paint(color: background, operator: .source) }
                    try drawing.draw(on: context, transform: transform)
                }
            }
            return raster
        }
        // Without a background, nothing is painted outside the logo's ink (``InkProbe``).
        let painted = background == nil
            ? InkProbe.paintedArea(of: logo, width: raster.width, height: raster.height, transform: transform) : nil
        try PNGWriter.write(
            drawing: logo, path: path, width: raster.width, height: raster.height, layout: .argb32, channels: .rgba,
            compression: compression, paintedArea: painted, deadline: deadline, progress: progress, workers: workers
        ) { () throws(LogoMaskError) in
            let drawing = try logo.makeDrawing(folding: .ownPaints)
            return { (context: CairoContext) throws(LogoMaskError) in
                if let background { context.paint(color: background, operator: .source) }
                try drawing.draw(on: context, transform: transform)
            }
        }
        return raster
    }

    /// A filtered logo drawn layer by layer into one image in memory (``LayeredFilterRender``),
    /// then encoded in strips on every core.
    private static func writeLayeredPNG(
        _ plan: FilterLayerPlan, of logo: VectorLogo, raster: RasterSize, background: RGBAColor?, to path: String,
        compression: PNGCompression, deadline: Deadline, progress: ProgressHandler?, workers: Int
    ) throws(LogoMaskError) {
        let width = raster.width, height = raster.height
        let stride = PixelLayout.argb32.stride(width: width)
        let pixels = try LayeredFilterRender.image(
            plan, of: logo, scale: raster.scale, background: background, width: width, height: height,
            workers: workers, deadline: deadline)
        try PNGWriter.write(
            path: path, width: width, height: height, layout: .argb32, channels: .rgba, compression: compression,
            deadline: deadline, progress: progress, workers: workers
        ) { () throws(LogoMaskError) in
            return { (canvas: StripCanvas, y0: Int, rows: Int) throws(LogoMaskError) in
                pixels.withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress else { return }
                    for row in 0..<rows {
                        (canvas.buffer + row * canvas.stride).update(from: from + (y0 + row) * stride, count: min(stride, canvas.stride))
                    }
                }
            }
        }
    }

    /// Renders `logo` at `size` into memory (premultiplied ARGB32).
    public static func image(
        of logo: VectorLogo, size: RenderSize, background: RGBAColor? = nil
    ) throws(LogoMaskError) -> RasterImage {
        let raster = try size.resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
        return try image(of: logo, width: raster.width, height: raster.height,
                         transform: .scale(raster.scale), background: background)
    }

    /// Renders `logo` with an explicit `transform` (document units to pixels) into a
    /// `width` x `height` image (premultiplied ARGB32, or coverage only with `coverageOnly`).
    public static func image(
        of logo: VectorLogo, width: Int, height: Int, transform: Transform,
        background: RGBAColor? = nil, coverageOnly: Bool = false
    ) throws(LogoMaskError) -> RasterImage {
        let raster = RasterSize(width: width, height: height, scale: 1)
        guard width > 0, height > 0 else {
            throw LogoMaskError.invalidRequest("\(logo.name): an image must be at least 1x1 pixel, not \(width)x\(height).")
        }
        try checkBudget(raster, maxPixels: maxInMemoryPixels, file: logo.name)
        let layout: PixelLayout = coverageOnly ? .a8 : .argb32
        let stride = layout.stride(width: width)
        if !coverageOnly, logo.usesFilterEffects, transform.b == 0, transform.c == 0, transform.a == transform.d,
           transform.tx == 0, transform.ty == 0, let plan = FilterLayerPlan(
               logo: logo, scale: transform.a, width: width, height: height) {
            let bytes = try LayeredFilterRender.image(
                plan, of: logo, scale: transform.a, background: background, width: width, height: height,
                workers: ProcessInfo.processInfo.activeProcessorCount, deadline: .none)
            return RasterImage(width: width, height: height, format: .premultipliedARGB, stride: stride, bytes: bytes)
        }
        let paint: @Sendable (LogoDrawing, CairoContext) throws(LogoMaskError) -> Void = { drawing, context throws(LogoMaskError) in
            if let background { context.paint(color: background, operator: .source) }
            try drawing.draw(on: context, transform: transform)
        }
        let byteCount = stride * height
        let bands = byteCount < parallelBytes ? 1 : ProcessInfo.processInfo.activeProcessorCount
        let bandRows = PNGWriter.rowsPerStrip(
            height: height, stride: stride,
            stripBytes: PNGWriter.stripBytes(forSourceBytes: logo.source.count), workers: bands)
        let bandCount = (height + bandRows - 1) / bandRows
        // Drawn straight into the returned bytes: no second copy of a possibly 1 GiB image.
        if bandCount == 1 {
            let drawing = try logo.makeDrawing(folding: .ownPaints)
            var bytes = [UInt8](repeating: 0, count: byteCount)
            try bytes.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<UInt8>) throws(LogoMaskError) in
                guard let base = buffer.baseAddress else { return }
                try StripCanvas.draw(into: base, layout: layout, width: width, stride: stride, y0: 0, rows: height) {
                    (context: CairoContext) throws(LogoMaskError) in try paint(drawing, context)
                }
            }
            return RasterImage(
                width: width, height: height, format: coverageOnly ? .coverage : .premultipliedARGB,
                stride: stride, bytes: bytes)
        }
        // A large image: bands of rows on every core, each worker with its own parsed logo. Each
        // band clears its own rows, so faulting in the fresh pages (most of the time at 16384 px)
        // is shared by the cores too.
        let bytes = try [UInt8](unsafeUninitializedCapacity: byteCount) {
            (buffer: inout UnsafeMutableBufferPointer<UInt8>, initialized: inout Int) throws(LogoMaskError) in
            guard let base = buffer.baseAddress else { return }
            let pixels = BandPixels(base: base)
            do {
                try OrderedParallelRunner.run(
                    count: bandCount, workers: bands,
                    makeState: { () throws -> LogoDrawing in try logo.makeDrawing(folding: .ownPaints) },
                    work: { (drawing: inout LogoDrawing, index: Int) throws in
                        let y0 = index * bandRows
                        let rows = min(bandRows, height - y0)
                        let band = pixels.base + y0 * stride
                        band.initialize(repeating: 0, count: rows * stride)
                        let current = drawing
                        try StripCanvas.draw(into: band, layout: layout, width: width, stride: stride, y0: y0, rows: rows) {
                            (context: CairoContext) throws(LogoMaskError) in try paint(current, context)
                        }
                    },
                    consume: { (_: Int, _: Void) in })
            } catch let error as LogoMaskError {
                throw error
            } catch {
                throw LogoMaskError.drawingFailed(file: logo.name, reason: "\(error)")
            }
            initialized = byteCount
        }
        return RasterImage(
            width: width, height: height, format: coverageOnly ? .coverage : .premultipliedARGB,
            stride: stride, bytes: bytes)
    }

    /// In-memory images from this size up are drawn in bands on every core (64 MiB: 4096 x 4096
    /// ARGB). Below it a second parse of the logo per core costs more than it saves.
    static let parallelBytes = 64 << 20

    /// The returned image's memory, handed to the band workers (each writes only its own rows).
    private struct BandPixels: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
    }

    static func checkBudget(_ raster: RasterSize, maxPixels: Int, file: String) throws(LogoMaskError) {
        if raster.pixelCount > maxPixels {
            throw LogoMaskError.pixelBudgetExceeded(file: file, width: raster.width, height: raster.height, budget: maxPixels)
        }
    }
}
