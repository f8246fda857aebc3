import Foundation

/// How a picture differs from its reference: decoded pixels compared channel by channel, and on a
/// difference a diff picture showing where.
public struct PictureComparison: Sendable {
    /// Pixels with some channel off by more than the tolerance.
    public let differingPixels: Int
    /// The largest channel difference (straight RGBA), 0 when identical.
    public let largestDifference: Int
    /// The sizes, when they differ.
    public let sizes: (expected: PNGSize, actual: PNGSize)?

    /// True when the sizes agree and no channel is off by more than the tolerance.
    public var matches: Bool { sizes == nil && differingPixels == 0 }

    /// Compares `actual` with `expected`, allowing each channel `tolerance` levels.
    public init(expected: PNGPicture, actual: PNGPicture, tolerance: Int = 0) {
        if expected.width != actual.width || expected.height != actual.height {
            sizes = (PNGSize(expected.width, expected.height), PNGSize(actual.width, actual.height))
            differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            largestDifference = 255
            return
        }
        sizes = nil
        var differing = 0, largest = 0
        expected.rgba.withUnsafeBufferPointer { e in
            actual.rgba.withUnsafeBufferPointer { a in
                var q = 0
                while q < e.count {
                    var worst = 0
                    for c in 0..<4 { worst = max(worst, abs(Int(e[q + c]) - Int(a[q + c]))) }
                    if worst > tolerance { differing += 1 }
                    largest = max(largest, worst)
                    q += 4
                }
            }
        }
        differingPixels = differing
        largestDifference = largest
    }

    /// A picture as large as both: pixels off by more than `tolerance` in opaque red, the others
    /// as the expected picture's grey level, faded, so the shape shows around the differences.
    /// Pixels outside one of the two pictures are red too.
    public static func diffPicture(expected: PNGPicture, actual: PNGPicture, tolerance: Int = 0) -> PNGPicture {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var diff = PNGPicture(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                guard x < expected.width, y < expected.height, x < actual.width, y < actual.height else {
                    diff.setPixel(x: x, y: y, [255, 0, 0, 255])
                    continue
                }
                let e = expected.pixel(x: x, y: y), a = actual.pixel(x: x, y: y)
                if zip(e, a).contains(where: { abs(Int($0) - Int($1)) > tolerance }) {
                    diff.setPixel(x: x, y: y, [255, 0, 0, 255])
                } else {
                    // Premultiplied luminance, faded towards white.
                    let grey = (Int(e[0]) * 3 + Int(e[1]) * 6 + Int(e[2])) / 10 * Int(e[3]) / 255
                    let faded = UInt8(255 - (255 - grey) / 4)
                    diff.setPixel(x: x, y: y, [faded, faded, faded, 255])
                }
            }
        }
        return diff
    }

    /// One line for a failure message.
    public var summary: String {
        if let sizes { return "sizes differ: expected \(sizes.expected), got \(sizes.actual)" }
        return "\(differingPixels) pixels differ, by up to \(largestDifference) levels"
    }
}
