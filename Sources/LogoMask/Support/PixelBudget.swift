/// The cap on the pixels of one output, checked before anything is allocated or drawn, so a
/// hostile size (a 10^6-unit document at scale 1, a viewport of 10^9 pixels) fails fast with a
/// message instead of exhausting memory.
public struct PixelBudget: Sendable, Hashable {
    /// The largest number of pixels allowed.
    public var maxPixels: Int

    /// A budget of `maxPixels` (default ``Rasterizer/defaultMaxPixels``).
    public init(maxPixels: Int = Rasterizer.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    /// Throws ``LogoMaskError/pixelBudgetExceeded(file:width:height:budget:)`` naming `file`
    /// (the output, or the logo for an image held in memory) when `width` x `height` pixels
    /// would pass the budget (or overflow `Int`).
    public func check(width: Int, height: Int, file: String) throws(LogoMaskError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw LogoMaskError.pixelBudgetExceeded(file: file, width: width, height: height, budget: maxPixels)
        }
    }
}
