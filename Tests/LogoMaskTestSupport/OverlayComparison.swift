import Foundation

/// An overlay (a player's frame, premultiplied ARGB32 with transparency) composited over the
/// app content, compared with the frame logo-mask draws at the same time, pixel by pixel.
public struct OverlayComparison: Sendable, CustomStringConvertible {
    /// Pixels where some channel differs by more than the tolerance.
    public let differingPixels: Int
    /// All pixels.
    public let pixelCount: Int
    /// The largest difference of one channel anywhere (0...255).
    public let largestDifference: Int

    /// `overlay` over `content` (both premultiplied ARGB32 words, the content opaque) against
    /// `expected`; a pixel differs when a colour channel differs by more than `tolerance`. Given
    /// `alternatives` (other readings of the frame, as many pixels each), a pixel differs only
    /// when it differs from all of them, and its difference is the nearest one's.
    public init(overlay: [UInt32], content: [UInt32], expected: [UInt32], alternatives: [[UInt32]] = [], tolerance: Int) {
        let count = min(overlay.count, content.count, expected.count, alternatives.map(\.count).min() ?? Int.max)
        var differing = 0, largest = 0
        for i in 0..<count {
            let o = overlay[i], c = content[i]
            let inverse = 255 - Int(o >> 24)
            func difference(_ e: UInt32) -> Int {
                var worst = 0
                for shift in [0, 8, 16] as [UInt32] {
                    let composite = Int((o >> shift) & 0xFF) + (Int((c >> shift) & 0xFF) * inverse + 127) / 255
                    worst = max(worst, abs(min(255, composite) - Int((e >> shift) & 0xFF)))
                }
                return worst
            }
            var worst = difference(expected[i])
            for alternative in alternatives where worst > tolerance { worst = min(worst, difference(alternative[i])) }
            largest = max(largest, worst)
            if worst > tolerance { differing += 1 }
        }
        differingPixels = differing + abs(overlay.count - expected.count)
        pixelCount = max(overlay.count, expected.count)
        largestDifference = largest
    }

    /// The share of differing pixels, 0...1.
    public var differingFraction: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }

    /// "0.123 % differ, largest 40".
    public var description: String {
        String(format: "%.3f %% of pixels differ, largest difference %d", differingFraction * 100, largestDifference)
    }
}
