import FoundationEssentials

/// What a batch does to each logo: the same render or mask, with the same options, for every
/// logo, each written to its own PNG.
public enum BatchOperation: Sendable, Hashable {
    /// ``Rasterizer/writePNG(of:size:background:to:compression:maxPixels:deadline:progress:)``:
    /// the logo at `size`, over `background` (transparent when nil).
    case render(size: RenderSize, background: RGBAColor?, compression: PNGCompression)
    /// ``LogoMasks/writeMaskPNG(of:size:pixels:invert:to:compression:maxPixels:deadline:progress:)``:
    /// the logo's coverage at `size`, inverted with `invert`.
    case mask(size: RenderSize, pixels: MaskPixels, invert: Bool, compression: PNGCompression)

    /// Draws `logo` into `path` on the calling thread alone and returns the pixel size.
    func write(
        _ logo: VectorLogo, to path: String, maxPixels: Int, deadline: Deadline
    ) throws(LogoMaskError) -> RasterSize {
        switch self {
        case let .render(size, background, compression):
            try Rasterizer.writePNG(
                of: logo, size: size, background: background, to: path, compression: compression,
                maxPixels: maxPixels, deadline: deadline, progress: nil, workers: 1)
        case let .mask(size, pixels, invert, compression):
            try LogoMasks.writeMaskPNG(
                of: logo, size: size, pixels: pixels, invert: invert, to: path, compression: compression,
                maxPixels: maxPixels, deadline: deadline, progress: nil, workers: 1)
        }
    }
}

/// Everything a batch applies to every logo besides the operation: how logos are loaded, the
/// pixel budget and the time limit of one logo.
public struct BatchSettings: Sendable, Hashable {
    /// How each logo is loaded (page, element, references, safety limits).
    public var load: LoadOptions
    /// Each output's pixel budget (``Rasterizer/defaultMaxPixels`` by default).
    public var maxPixels: Int
    /// Seconds one logo may take, loading included; 0: no limit. In-process, checked between
    /// strips (a 512-pixel logo is one strip, so it bounds little); in isolated workers, a hard
    /// limit: the worker is killed and the logo fails with ``LogoMaskError/deadlineExceeded(file:seconds:)``'s status.
    public var timeout: Double

    /// Creates settings; the defaults are those of one render.
    public init(load: LoadOptions = LoadOptions(), maxPixels: Int = Rasterizer.defaultMaxPixels, timeout: Double = 60) {
        self.load = load
        self.maxPixels = maxPixels
        self.timeout = timeout
    }
}
