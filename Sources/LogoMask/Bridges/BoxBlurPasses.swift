internal import CBoxBlur

/// The passes of ``GaussianBoxBlur`` written in C (`CBoxBlur`) so that the compiler vectorises
/// the column sums and the roundings; in place on rows of premultiplied ARGB32 pixels `stride`
/// bytes apart. The C functions see only plain pointers and sizes.
enum BoxBlurPasses {
    /// One axis's box blurs, in order: each `size` wide, starting `target` pixels before the output.
    typealias Boxes = [(size: Int, target: Int)]

    /// `boxes` along each of `rows` rows of `count` pixels from `corner`.
    static func alongRows(_ corner: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, count: Int, boxes: Boxes) {
        guard !boxes.isEmpty else { return }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: count * 8)
        defer { scratch.deallocate() }
        lm_box_blur_rows(corner, stride, rows, count, passes(boxes), scratch)
    }

    /// `boxes` down every column of `rows` rows of `count` pixels from `corner`, all at once.
    static func downColumns(_ corner: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, count: Int, boxes: Boxes) {
        guard !boxes.isEmpty else { return }
        let width = count * 4
        // The rows a box still reads after overwriting them: its target and the row itself.
        let ringRows = boxes.map { $0.target + 1 }.max() ?? 1
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: width * ringRows)
        defer {
            sums.deallocate()
            ring.deallocate()
        }
        lm_box_blur_columns(corner, stride, width, rows, passes(boxes), sums, ring)
    }

    /// Each of `count` pixels' colours through `table` (`alpha << 8 | colour`); alpha 0 cleared.
    static func mapColours(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, table: [UInt8]) {
        table.withUnsafeBufferPointer { lm_map_colours(pixels, count, $0.baseAddress) }
    }

    /// Each byte of a `width` x `rows` image times its pixel's byte in the A8 `mask`, rounded as
    /// pixman rounds a composite through a mask.
    static func multiply(
        _ pixels: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, rows: Int,
        byMask mask: UnsafePointer<UInt8>, maskStride: Int
    ) {
        lm_multiply_by_mask(pixels, stride, width, rows, mask, maskStride)
    }

    /// `boxes` as the C struct (at most three).
    private static func passes(_ boxes: Boxes) -> lm_boxes {
        var passes = lm_boxes()
        passes.count = min(3, boxes.count)
        withUnsafeMutableBytes(of: &passes.size) { sizes in
            withUnsafeMutableBytes(of: &passes.target) { targets in
                for (index, box) in boxes.prefix(3).enumerated() {
                    sizes.storeBytes(of: box.size, toByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
                    targets.storeBytes(of: box.target, toByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
                }
            }
        }
        return passes
    }
}
