import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// A Gaussian blur of premultiplied ARGB images: a separable kernel of our own, in `Float`,
/// edges extended (vImage's `kvImageEdgeExtend`, which the article's FXBlurView uses).
///
/// The article blurs the header once with FXBlurView's radius 10 and 20 box passes; those passes
/// converge to a Gaussian whose sigma `BoxBlurEquivalence` gives (40 px for a 3x image), and
/// this blur draws that Gaussian directly. The kernel is sampled at whole pixels,
/// `exp(-x^2 / (2 sigma^2))`, cut at `ceil(3 sigma)` and normalised to sum 1 (the cut drops 0.27 %
/// of the weight, spread back over the rest). Each pass writes its output transposed, so both
/// passes read memory in order; rows are shared between the cores. Blurring premultiplied
/// colour is what makes transparent pixels not bleed black into their neighbours.
public enum GaussianBlur {
    /// The one-sided reach of the kernel for a sigma, pixels.
    public static func kernelRadius(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int(min(3 * sigma, 1_000_000).rounded(.up))
    }

    /// The normalised kernel, `2 * kernelRadius + 1` weights (one weight 1 for sigma 0).
    public static func kernel(sigma: Double) -> [Float] {
        let radius = kernelRadius(sigma: sigma)
        guard radius > 0 else { return [1] }
        var weights = (-radius...radius).map { x in exp(-Double(x * x) / (2 * sigma * sigma)) }
        let sum = weights.reduce(0, +)
        for i in weights.indices { weights[i] /= sum }
        return weights.map { Float($0) }
    }

    /// Blurs a premultiplied ARGB image with a Gaussian of `sigma` pixels; returns a new image
    /// of the same size (stride `width * 4`).
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for a coverage image, a sigma that is
    ///   negative or not finite, or a kernel wider than 4096 pixels.
    public static func blur(
        _ image: RasterImage, sigma: Double,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(LogoMaskError) -> RasterImage {
        guard image.format == .premultipliedARGB else {
            throw .invalidRequest("The Gaussian blur works on colour (premultiplied ARGB) images, not coverage.")
        }
        guard sigma.isFinite, sigma >= 0, kernelRadius(sigma: sigma) <= 2048 else {
            throw .invalidRequest("The blur's sigma must be a number in 0...682 pixels; \(sigma) is not.")
        }
        let width = image.width, height = image.height
        guard width > 0, height > 0, image.stride >= width * 4, image.bytes.count >= image.stride * height else {
            throw .invalidRequest("The image to blur has no pixels or too few bytes for \(width)x\(height).")
        }
        let weights = kernel(sigma: sigma)
        let count = width * height
        let source = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
        let transposed = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
        defer { source.deallocate(); transposed.deallocate() }
        image.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * image.stride + 4 * x
                    source[y * width + x] = SIMD4(Float(bytes[i]), Float(bytes[i + 1]), Float(bytes[i + 2]), Float(bytes[i + 3]))
                }
            }
        }
        let shared = BlurBuffers(source: source, transposed: transposed)
        // Rows of the image into columns of `transposed`, then rows of `transposed` back.
        convolveRows(shared.source, into: shared.transposed, length: width, lines: height, weights: weights, workers: workers)
        convolveRows(shared.transposed, into: shared.source, length: height, lines: width, weights: weights, workers: workers)

        var out = [UInt8](repeating: 0, count: count * 4)
        out.withUnsafeMutableBufferPointer { bytes in
            for i in 0..<count {
                let p = source[i]
                let a = min(255, max(0, p.w.rounded()))
                func channel(_ v: Float) -> UInt8 { UInt8(min(a, max(0, v.rounded()))) }
                bytes[4 * i] = channel(p.x)
                bytes[4 * i + 1] = channel(p.y)
                bytes[4 * i + 2] = channel(p.z)
                bytes[4 * i + 3] = UInt8(a)
            }
        }
        return RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: out)
    }

    /// Convolves each of `lines` lines of `length` pixels with `weights` (edges extended) and
    /// writes line `l`, pixel `i` to `output[i * lines + l]`: the transpose.
    private static func convolveRows(
        _ input: UnsafeMutablePointer<SIMD4<Float>>, into output: UnsafeMutablePointer<SIMD4<Float>>,
        length: Int, lines: Int, weights: [Float], workers: Int
    ) {
        let radius = weights.count / 2
        let chunks = max(1, min(workers, lines))
        let pointers = BlurBuffers(source: input, transposed: output)
        weights.withUnsafeBufferPointer { kernel in
            let k = UnsafeBufferPointerBox(kernel)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let first = lines * chunk / chunks, last = lines * (chunk + 1) / chunks
                let padded = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: length + 2 * radius)
                defer { padded.deallocate() }
                for line in first..<last {
                    let row = pointers.source + line * length
                    let left = row[0], right = row[length - 1]
                    for i in 0..<radius { padded[i] = left; padded[radius + length + i] = right }
                    (padded + radius).update(from: row, count: length)
                    for i in 0..<length {
                        var sum = SIMD4<Float>(repeating: 0)
                        let window = padded + i
                        for j in 0..<k.buffer.count { sum += window[j] * k.buffer[j] }
                        pointers.transposed[i * lines + line] = sum
                    }
                }
            }
        }
    }
}

/// The blur's two working buffers, handed to the worker threads (each writes its own lines).
private struct BlurBuffers: @unchecked Sendable {
    let source: UnsafeMutablePointer<SIMD4<Float>>
    let transposed: UnsafeMutablePointer<SIMD4<Float>>
}

/// The kernel's weights, read-only on every thread.
private struct UnsafeBufferPointerBox: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Float>
    init(_ buffer: UnsafeBufferPointer<Float>) { self.buffer = buffer }
}
