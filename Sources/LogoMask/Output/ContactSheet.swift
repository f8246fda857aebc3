import FoundationEssentials
import MaskGeometry

/// One picture of sampled frames in a grid on a dark sheet, each labelled (with its time, its
/// scroll offset, ...) under its thumbnail. The reveal's and the profile header's sheets differ
/// only in their ``Style`` and labels.
final class ContactSheet {
    /// How a sheet's cells look.
    struct Style: Sendable {
        /// Thumbnail width in pixels (at most the frame's width).
        var thumbnailWidth: Int
        /// Columns of the grid (fewer when there are fewer frames).
        var columns: Int
        /// Pixels under each thumbnail for its label.
        var labelHeight: Int
        /// The label's baseline, pixels below the thumbnail.
        var labelBaseline: Int
        /// The label's font size, pixels.
        var fontSize: Double
        /// True: the thumbnail replaces the cell's pixels, its edges extended (a transparent
        /// frame stays transparent). False: it is composited over the sheet with its own edges.
        var replacesCell: Bool
        /// True: the PNG is cut into the strips a per-core writer uses
        /// (``PNGWriter/rowsPerStrip(height:stride:stripBytes:workers:)``); false: 4 MiB strips.
        /// Only the file's bytes depend on it, never its pixels.
        var stripsPerCore: Bool

        /// The reveal's sheet: thumbnails up to 216 px wide, 3 columns for landscape frames, 6
        /// for portrait ones.
        static func reveal(frameWidth: Int, frameHeight: Int) -> Style {
            Style(
                thumbnailWidth: min(frameWidth, 216), columns: frameWidth > frameHeight ? 3 : 6, labelHeight: 28,
                labelBaseline: 20, fontSize: 14, replacesCell: true, stripsPerCore: false)
        }

        /// The profile header's sheet: thumbnails at 1 pixel a point, 6 columns.
        static func header(frameWidth: Int, pixelScale: Double) -> Style {
            Style(
                thumbnailWidth: max(1, min(frameWidth, Int((Double(frameWidth) / max(1, pixelScale)).rounded()))),
                columns: 6, labelHeight: 26, labelBaseline: 18, fontSize: 13, replacesCell: false, stripsPerCore: true)
        }
    }

    /// The frame indices shown, ascending.
    let indices: [Int]
    private let style: Style
    private let label: (Int) -> String
    private let plane: PixelPlane
    private let surface: CairoSurface
    private let context: CairoContext
    private let thumbWidth: Int
    private let thumbHeight: Int
    private let columns: Int
    private static let margin = 16
    private static let background = RGBAColor(red: 0x20, green: 0x22, blue: 0x26)

    /// A sheet showing frames `indices` of `frameWidth` x `frameHeight` pixels; `label` gives
    /// the text under frame `index`.
    init(
        indices: [Int], frameWidth: Int, frameHeight: Int, style: Style, label: @escaping (Int) -> String
    ) throws(LogoMaskError) {
        self.indices = indices
        self.style = style
        self.label = label
        thumbWidth = max(1, min(frameWidth, style.thumbnailWidth))
        thumbHeight = max(1, Int((Double(frameHeight) * Double(thumbWidth) / Double(frameWidth)).rounded()))
        columns = max(1, min(indices.count, style.columns))
        let rows = (indices.count + columns - 1) / columns
        let m = Self.margin
        plane = PixelPlane(
            width: m + columns * (thumbWidth + m),
            height: m + rows * (thumbHeight + style.labelHeight + m))
        surface = try plane.makeSurface()
        context = try CairoContext(surface)
        context.paint(color: Self.background, operator: .source)
    }

    /// All of `count` frames when there are at most `maxFrames`, else `maxFrames` evenly spaced
    /// ones with the first and the last.
    static func evenlySpaced(count: Int, maxFrames: Int = 12) -> [Int] {
        if count <= maxFrames { return Array(0..<count) }
        var picked: [Int] = []
        for k in 0..<maxFrames {
            let index = Int((Double(k) * Double(count - 1) / Double(maxFrames - 1)).rounded())
            if picked.last != index { picked.append(index) }
        }
        return picked
    }

    /// All of `count` frames when there are at most `maxFrames`, else the first, the last and
    /// `preferred` (in order, while there is room), then evenly spaced ones on ever finer grids
    /// until there are `maxFrames`; ascending.
    static func including(_ preferred: [Int], count: Int, maxFrames: Int = 12) -> [Int] {
        if count <= maxFrames { return Array(0..<count) }
        var picked = Set([0, count - 1])
        for index in preferred where picked.count < maxFrames { picked.insert(index) }
        var spans = maxFrames - 1
        while picked.count < maxFrames {
            for j in 0...spans where picked.count < maxFrames {
                picked.insert(Int((Double(j) * Double(count - 1) / Double(spans)).rounded()))
            }
            spans *= 2
        }
        return picked.sorted()
    }

    /// Draws frame `index` into its cell, if it is one of ``indices``.
    func add(_ frame: FrameBuffer, index: Int) throws(LogoMaskError) {
        guard let slot = indices.firstIndex(of: index) else { return }
        let m = Self.margin
        let x = Double(m + (slot % columns) * (thumbWidth + m))
        let y = Double(m + (slot / columns) * (thumbHeight + style.labelHeight + m))
        context.save()
        context.clip(to: Rect(x: x, y: y, width: Double(thumbWidth), height: Double(thumbHeight)))
        if style.replacesCell {
            let s = Double(thumbWidth) / Double(frame.width)
            context.paintImage(
                frame.surface, placement: Transform.scale(s).concatenating(.translation(x: x, y: y)),
                filter: .good, operator: .source)
        } else {
            let scale = Transform.scale(
                x: Double(thumbWidth) / Double(frame.width), y: Double(thumbHeight) / Double(frame.height))
            context.paintImage(
                frame.surface, placement: scale.concatenating(.translation(x: x, y: y)),
                filter: .good, operator: .over, padEdges: false)
        }
        context.restore()
        context.showText(
            label(index), at: Point(x: x, y: y + Double(thumbHeight + style.labelBaseline)), size: style.fontSize,
            color: .white)
        if let reason = context.failure { throw .drawingFailed(file: "contact sheet", reason: reason) }
    }

    /// Writes the sheet as a PNG, atomically.
    func write(to path: String) throws(LogoMaskError) {
        surface.flush()
        let rowsPerStrip = style.stripsPerCore
            ? PNGWriter.rowsPerStrip(
                height: plane.height, stride: plane.stride, stripBytes: PNGWriter.defaultStripBytes,
                workers: ProcessInfo.processInfo.activeProcessorCount)
            : nil
        let writer = try PNGWriter(width: plane.width, height: plane.height, rowsPerStrip: rowsPerStrip)
        try writer.write(rows: plane.bytes, stride: plane.stride, to: path)
    }
}
