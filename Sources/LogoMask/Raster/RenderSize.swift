import FoundationEssentials
import MaskGeometry

/// How big to draw: one of width, height, scale or DPI, always keeping the aspect ratio.
///
/// The pixel size follows rsvg-convert: one uniform scale, the other side rounded up
/// (`ceil`), so a partly covered last row or column is kept.
public enum RenderSize: Sendable, Hashable {
    /// This many pixels wide.
    case width(Int)
    /// This many pixels high.
    case height(Int)
    /// Pixels per document unit (1 = the document's own size).
    case scale(Double)
    /// Dots per inch (SVG documents are 96 DPI, PDF 72).
    case dpi(Double)

    /// The pixel size and scale for a document of `size` units with `unitsPerInch`.
    public func resolve(documentSize size: Size, unitsPerInch: Double) throws(LogoMaskError) -> RasterSize {
        let scale: Double
        switch self {
        case let .width(w):
            guard w > 0 else { throw LogoMaskError.invalidParameter(.width, "must be a positive number of pixels, not \(w).") }
            scale = Double(w) / size.width
        case let .height(h):
            guard h > 0 else { throw LogoMaskError.invalidParameter(.height, "must be a positive number of pixels, not \(h).") }
            scale = Double(h) / size.height
        case let .scale(s):
            guard s.isFinite, s > 0 else { throw LogoMaskError.invalidParameter(.scale, "must be a positive number, not \(s).") }
            scale = s
        case let .dpi(d):
            guard d.isFinite, d > 0 else { throw LogoMaskError.invalidParameter(.dpi, "must be a positive number, not \(d).") }
            scale = d / unitsPerInch
        }
        func side(_ extent: Double, fixed: Int?) throws(LogoMaskError) -> Int {
            if let fixed { return fixed }
            let value = (extent * scale - 1e-9).rounded(.up)
            guard value.isFinite, value < 1e12 else {
                throw LogoMaskError.invalidRequest("The output would be \(value) pixels a side: ask for a smaller size.")
            }
            return max(1, Int(value))
        }
        var fixedWidth: Int? = nil, fixedHeight: Int? = nil
        if case let .width(w) = self { fixedWidth = w }
        if case let .height(h) = self { fixedHeight = h }
        return RasterSize(
            width: try side(size.width, fixed: fixedWidth),
            height: try side(size.height, fixed: fixedHeight),
            scale: scale)
    }
}

/// A resolved pixel size and the scale from document units to pixels.
public struct RasterSize: Sendable, Hashable, Codable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int
    /// Pixels per document unit.
    public var scale: Double

    /// Creates a raster size.
    public init(width: Int, height: Int, scale: Double) {
        self.width = width; self.height = height; self.scale = scale
    }

    /// Number of pixels (width x height).
    public var pixelCount: Int { width.multipliedReportingOverflow(by: height).overflow ? Int.max : width * height }
}
