import FoundationEssentials

/// A screen (or any target area) in points, with a density in pixels per point.
///
/// The pixel grid is `pixelWidth` x `pixelHeight`: the point size times the density, rounded
/// up, so a partly covered last column or row (412 pt at 2.625 is 1081.5 px) counts as a pixel.
public struct Viewport: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Width and height in points.
    public var size: Size
    /// Pixels per point (iOS @2x is 2, Android xxhdpi is 3).
    public var density: Double

    /// The default density when a viewport is written without `@D`: 3 pixels per point.
    public static let defaultDensity = 3.0

    /// Creates a viewport of `width` x `height` points at `density` pixels per point.
    public init(width: Double, height: Double, density: Double = Viewport.defaultDensity) {
        self.size = Size(width: width, height: height)
        self.density = density
    }

    /// Parses `WxH` or `WxH@D` (points; D in pixels per point, default 3), e.g. `375x667@2`.
    /// Returns nil for anything else, or for sizes or densities that are not positive and finite.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace().lowercased()
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let sides = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let w = Double(sides[0]), let h = Double(sides[1]) else { return nil }
        var d = Viewport.defaultDensity
        if parts.count == 2 {
            guard let parsed = Double(parts[1]) else { return nil }
            d = parsed
        }
        guard w.isFinite, h.isFinite, d.isFinite, w > 0, h > 0, d > 0, w * d < 1e6, h * d < 1e6 else { return nil }
        self.init(width: w, height: h, density: d)
    }

    /// Width of the pixel grid (points times density, rounded up).
    public var pixelWidth: Int { Self.pixels(size.width * density) }
    /// Height of the pixel grid (points times density, rounded up).
    public var pixelHeight: Int { Self.pixels(size.height * density) }

    /// The viewport in points, `(0, 0, width, height)`.
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// The viewport in device pixels, `(0, 0, width × density, height × density)`, not rounded.
    public var pixelBounds: Rect { Rect(x: 0, y: 0, width: size.width * density, height: size.height * density) }

    /// The same viewport turned a quarter (width and height swapped).
    public var swapped: Viewport { Viewport(width: size.height, height: size.width, density: density) }

    /// True when it is wider than high.
    public var isLandscape: Bool { size.width > size.height }

    /// `WxH@D`.
    public var description: String { "\(size)@\(formatNumber(density))" }

    private static func pixels(_ value: Double) -> Int {
        max(1, Int((value - 1e-9).rounded(.up)))
    }
}
