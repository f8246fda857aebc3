import FoundationEssentials

/// How the article's blur (FXBlurView's `blurredImage(withRadius:iterations:tintColor:)`, vImage
/// box convolutions with edges extended) maps onto one Gaussian.
///
/// FXBlurView turns the radius into a box `boxSize = radius * image.scale` pixels wide, made odd
/// (`if boxSize % 2 == 0 { boxSize += 1 }`), and convolves `iterations` times. One box of width
/// `w = 2r + 1` has variance `(w^2 - 1) / 12`; variances add under convolution, and by the central
/// limit theorem `n` passes approach a Gaussian of `sigma = sqrt(n * ((2r + 1)^2 - 1) / 12)`.
/// For the article's radius 10 and 20 iterations: 1x box 11, sigma 14.14 px; 2x box 21, sigma
/// 27.08 px; 3x box 31, sigma 40 px (13.3 pt).
public struct BoxBlurEquivalence: Hashable, Sendable, Codable {
    /// The `radius` argument, points.
    public var radius: Double
    /// The number of box passes.
    public var iterations: Int
    /// Pixels per point of the image blurred (`UIImage.scale`).
    public var pixelScale: Double

    /// The mapping for one radius, pass count and image scale.
    public init(radius: Double, iterations: Int, pixelScale: Double) {
        self.radius = radius
        self.iterations = iterations
        self.pixelScale = pixelScale
    }

    /// The box width in pixels, odd, as FXBlurView computes it (at least 1).
    public var boxSize: Int {
        let product = radius * pixelScale
        var size = product.isFinite && product > 0 ? Int(min(product, 1_000_000).rounded(.towardZero)) : 0
        if size % 2 == 0 { size += 1 }
        return size
    }

    /// The half-width `r` of the box (`boxSize = 2r + 1`).
    public var boxRadius: Int { (boxSize - 1) / 2 }

    /// The standard deviation in pixels of the Gaussian the passes converge to.
    public var sigmaPixels: Double {
        let w = Double(boxSize)
        return (Double(max(0, iterations)) * (w * w - 1) / 12).squareRoot()
    }

    /// The same standard deviation in points.
    public var sigmaPoints: Double { pixelScale > 0 ? sigmaPixels / pixelScale : 0 }

    private enum CodingKeys: String, CodingKey {
        case radius, iterations, pixelScale, boxSize, sigmaPixels, sigmaPoints
    }

    /// Reads the three inputs (the derived keys, if present, are ignored).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            radius: try c.decode(Double.self, forKey: .radius), iterations: try c.decode(Int.self, forKey: .iterations),
            pixelScale: try c.decode(Double.self, forKey: .pixelScale))
    }

    /// Writes the inputs and, for people reading the JSON, the box size and both sigmas.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(radius, forKey: .radius)
        try c.encode(iterations, forKey: .iterations)
        try c.encode(pixelScale, forKey: .pixelScale)
        try c.encode(boxSize, forKey: .boxSize)
        try c.encode(sigmaPixels, forKey: .sigmaPixels)
        try c.encode(sigmaPoints, forKey: .sigmaPoints)
    }
}
