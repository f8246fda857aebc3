#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// librsvg 2.54's `feGaussianBlur` of deviations of 2 device pixels and more, computed here on
/// the same 8-bit premultiplied pixels with the same arithmetic, so that the pixels are librsvg's.
///
/// Why: librsvg spends most of a blurred logo's draw in this blur (breeze/kiten at 4096 px: 71 %
/// of the samples in librsvg, about 7 of its 8.5 s in the filters). It makes a new surface for
/// each of its eight passes, walks every column with a bounds-checked read per pixel, and spawns a
/// task per row or column. Here the passes run in place on the layer's surface, in C
/// (``BoxBlurPasses``), the vertical ones a row at a time (every column's sum at once,
/// vectorised), each rounding a float multiply that gives librsvg's f64 rounding exactly (checked
/// for every sum of every box size up to 1001).
///
/// What librsvg does (`filters/gaussian_blur.rs`, `surface_utils`), and so this:
/// - within `bounds` (the filter's effects region, rounded out to whole pixels) only: the input
///   outside it counts as transparent and the output there is transparent;
/// - in linearRGB (the default `color-interpolation-filters`): each pixel with alpha unpremultiplied
///   (`c / (a / 255)`, rounded), mapped through a 256-entry table of the sRGB curve, premultiplied
///   again (`f * (a / 255)`, rounded); back to sRGB the same way after the blur;
/// - per axis, for a deviation `s` of at least 2: `d = floor(s * 3 * sqrt(2 pi) / 4 + 0.5)`; an odd
///   `d` gives three box blurs of `d` centred, an even one two of `d` (centred half a pixel to
///   either side) and one of `d + 1`; each output is `sum / size` rounded, the window clipped to
///   the bounds. Rows first, then columns.
/// A deviation below 2 (librsvg convolves a true Gaussian kernel) is not done here.
enum GaussianBoxBlur {
    /// The deviation from which librsvg blurs with box blurs: the smallest this type computes.
    static let smallestDeviation = 2.0
    /// Deviations below this blur nothing in librsvg: its Gaussian kernel's side weights,
    /// `exp(-1 / (2 s^2))`, are under 1e-21, so every pixel keeps its value. Such a deviation is
    /// passed here as 0 (no pass on that axis, as librsvg does for 0 itself).
    static let negligibleDeviation = 0.1
    /// librsvg's largest box (and kernel) size.
    static let maximumBoxSize = 500

    /// librsvg's box size for a deviation of `deviation` device pixels.
    static func boxSize(deviation: Double) -> Int {
        Int(min(unroundedBoxSize(deviation).rounded(.down), Double(maximumBoxSize)))
    }

    /// True when `deviation` lies so near a threshold of librsvg's (2, or a step of the box
    /// size) that the last bits of how its transform was multiplied could tip it.
    static func isAmbiguous(_ deviation: Double) -> Bool {
        let d = unroundedBoxSize(deviation)
        return abs(deviation - smallestDeviation) < 1e-9 || abs(d - d.rounded()) < 1e-9
    }

    /// `s * 3 * sqrt(2 pi) / 4 + 0.5`, which librsvg floors to the box size.
    private static func unroundedBoxSize(_ deviation: Double) -> Double {
        deviation * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5
    }

    /// The three box blurs of one axis for `deviation`: (size, target) each, `target` the
    /// window's offset before the output pixel. Empty for a box size of 0.
    static func boxes(deviation: Double) -> [(size: Int, target: Int)] {
        let d = boxSize(deviation: deviation)
        guard d > 0 else { return [] }
        if d % 2 == 1 { return Array(repeating: (d, d / 2), count: 3) }
        return [(d, d / 2), (d, d / 2 - 1), (d + 1, (d + 1) / 2)]
    }

    /// Blurs `pixels` (premultiplied ARGB32, `width` x `height`, `stride` bytes a row) in place:
    /// within `bounds` as librsvg does (see the type), transparent outside it. `deviation` in
    /// device pixels, each at least ``smallestDeviation`` or 0 (that axis left as it is); `linearRGB` for the default colour
    /// space, false for `color-interpolation-filters: sRGB`.
    static func blur(
        _ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, bounds: PixelBox,
        deviation: (x: Double, y: Double), linearRGB: Bool
    ) {
        let box = PixelBox(
            x0: max(0, bounds.x0), y0: max(0, bounds.y0), x1: min(width, bounds.x1), y1: min(height, bounds.y1))
        // Outside the bounds: transparent (librsvg's output surface is new there).
        for row in 0..<height {
            let line = pixels + row * stride
            guard row >= box.y0, row < box.y1, box.x1 > box.x0 else {
                line.update(repeating: 0, count: width * 4)
                continue
            }
            line.update(repeating: 0, count: box.x0 * 4)
            (line + box.x1 * 4).update(repeating: 0, count: (width - box.x1) * 4)
        }
        guard box.x1 > box.x0, box.y1 > box.y0 else { return }
        let columns = box.x1 - box.x0, rows = box.y1 - box.y0
        let corner = pixels + box.y0 * stride + box.x0 * 4
        let tables = ColourTables.shared
        if linearRGB {
            for row in 0..<rows { BoxBlurPasses.mapColours(corner + row * stride, count: columns, table: tables.linearize) }
        }
        BoxBlurPasses.alongRows(corner, stride: stride, rows: rows, count: columns, boxes: boxes(deviation: deviation.x))
        BoxBlurPasses.downColumns(corner, stride: stride, rows: rows, count: columns, boxes: boxes(deviation: deviation.y))
        if linearRGB {
            for row in 0..<rows { BoxBlurPasses.mapColours(corner + row * stride, count: columns, table: tables.unlinearize) }
        }
    }

    /// The colour conversions of librsvg's filters, indexed `alpha << 8 | colour` (premultiplied
    /// in, premultiplied out).
    final class ColourTables: Sendable {
        static let shared = ColourTables()
        /// sRGB to linearRGB.
        let linearize: [UInt8]
        /// linearRGB to sRGB.
        let unlinearize: [UInt8]

        private init() {
            // librsvg's 256-entry curves: `(f(i / 255) * 255).round()`.
            func curve(_ f: (Double) -> Double) -> [UInt8] {
                (0...255).map { UInt8((f(Double($0) / 255) * 255).rounded()) }
            }
            let toLinear = curve { c in c <= 12.92 * 0.0031308 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            let toSRGB = curve { c in c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }
            linearize = Self.premultiplied(toLinear)
            unlinearize = Self.premultiplied(toSRGB)
        }

        /// `curve` applied to unpremultiplied colours, as librsvg's `map_unpremultiplied_components`:
        /// `c / (a / 255)` rounded (at most 255), mapped, times `a / 255` rounded.
        private static func premultiplied(_ curve: [UInt8]) -> [UInt8] {
            var table = [UInt8](repeating: 0, count: 256 * 256)
            for alpha in 1...255 {
                let a = Double(alpha) / 255
                for colour in 0...255 {
                    let straight = min(255, Double(colour) / a + 0.5)
                    let mapped = Double(curve[Int(straight)]) * a + 0.5
                    table[alpha << 8 | colour] = UInt8(min(255, mapped))
                }
            }
            return table
        }
    }
}
