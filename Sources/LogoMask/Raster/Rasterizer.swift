import Foundation
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
        let raster = try size.resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
        try checkBudget(raster, maxPixels: maxPixels, file: path)
        let transform = Transform.scale(raster.scale)
        try StripPNGEncoder.write(
            path: path, width: raster.width, height: raster.height, layout: .argb32, channels: .rgba,
            compression: compression, stripBytes: StripPNGEncoder.stripBytes(forSourceBytes: logo.source.count),
            deadline: deadline, progress: progress
        ) { () throws(LogoMaskError) in
            let drawing = try logo.makeDrawing()
            return { (context: CairoContext) throws(LogoMaskError) in
                if let background { context.fillAll(background) }
                try drawing.draw(on: context, transform: transform)
            }
        }
        return raster
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
        let drawing = try logo.makeDrawing()
        let layout: PixelLayout = coverageOnly ? .a8 : .argb32
        let stride = layout.stride(width: width)
        // Drawn straight into the returned bytes: no second copy of a possibly 1 GiB image.
        var bytes = [UInt8](repeating: 0, count: stride * height)
        try bytes.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<UInt8>) throws(LogoMaskError) in
            guard let base = buffer.baseAddress else { return }
            try StripCanvas.draw(into: base, layout: layout, width: width, stride: stride, y0: 0, rows: height) {
                (context: CairoContext) throws(LogoMaskError) in
                if let background { context.fillAll(background) }
                try drawing.draw(on: context, transform: transform)
            }
        }
        return RasterImage(
            width: width, height: height, format: coverageOnly ? .coverage : .premultipliedARGB,
            stride: stride, bytes: bytes)
    }

    static func checkBudget(_ raster: RasterSize, maxPixels: Int, file: String) throws(LogoMaskError) {
        if raster.pixelCount > maxPixels {
            throw LogoMaskError.pixelBudgetExceeded(file: file, width: raster.width, height: raster.height, budget: maxPixels)
        }
    }
}
