import CPixelRuns

/// Pixel-run kernels written in C for instruction sets Swift's baseline x86-64 code cannot
/// use (AVX2), chosen once at run time; callers fall back to their Swift SIMD loop when
/// ``hasAVX2`` is false. The C functions see only plain pointers to 32-bit pixels.
enum PixelRuns {
    /// The CPU runs AVX2 (checked once).
    static let hasAVX2 = lm_pixel_runs_avx2() != 0

    /// `lerpPixel(source[i], color, level)` into `out[i]` for `count` pixels, with AVX2: the
    /// same bits as the Swift loop. Only when ``hasAVX2``.
    @inline(__always)
    static func lerpRunAVX2(
        _ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, toward color: UInt32, level: UInt32
    ) {
        lm_lerp_run_avx2(source, out, count, color, level)
    }
}
