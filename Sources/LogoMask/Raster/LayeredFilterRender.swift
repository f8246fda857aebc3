import FoundationEssentials
import MaskGeometry

/// Draws a filtered SVG layer by layer (``FilterLayerPlan``) into one image: each filtered
/// element on a surface of its own region, drawn by the workers ahead, the plain runs straight
/// onto the image, all composited in paint order on the caller's thread.
///
/// The pixels are one draw's, but for Cairo's rounding of the extra composite of a filtered
/// layer or an opened group (+-1 level, within 2 of rsvg-convert on the real-world set).
enum LayeredFilterRender {
    /// Test hook: per watched logo, the largest surface a filtered layer was drawn on, as
    /// (pixels, the image's pixels), and how many filtered layers were drawn.
    static let surfaceLog = WatchedLog<(largest: Int, image: Int, layers: Int)>(empty: (0, 0, 0))

    /// Draws `plan` for `logo` at `scale` device pixels per document unit into `pixels`, a
    /// `width` x `height` premultiplied ARGB32 image of `stride` bytes a row, cleared by the
    /// caller, over `background` if any.
    static func draw(
        _ plan: FilterLayerPlan, of logo: VectorLogo, scale: Double, background: RGBAColor?,
        into pixels: UnsafeMutablePointer<UInt8>,
        width: Int, height: Int, stride: Int, workers: Int, deadline: Deadline
    ) throws(LogoMaskError) {
        let image = try CairoSurface.image(wrapping: pixels, layout: .argb32, width: width, height: height, stride: stride)
        let canvas = try CairoContext(image)
        if let background { canvas.paint(color: background, operator: .source) }
        let toImage = Transform.scale(scale)
        var group: (surface: CairoSurface, context: CairoContext)?
        let layers = plan.layers
        let budget = AreaBudget(pixels: Int(concurrentShare * Double(width * height)))
        do {
            try OrderedParallelRunner.run(
                count: layers.count, workers: workers, maxAhead: workers,
                makeState: { () in () },
                work: { (_: inout Void, index: Int) throws -> LayerPixels? in
                    let layer = layers[index]
                    switch layer.kind {
                    case .plain: return nil
                    case .filtered(let region):
                        let area = (region.x1 - region.x0) * (region.y1 - region.y0)
                        budget.take(area)
                        defer {
                            budget.give(area)
                            if area >= trimmedArea { PixelMemory.releaseFreedHeapMemory() }
                        }
                        return LayerPixels(try draw(layer.document, of: logo, scale: scale, region: region, layout: .argb32))
                    case .groupEnd:
                        // Only its alpha is read.
                        let whole = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
                        return LayerPixels(try draw(layer.document, of: logo, scale: scale, region: whole, layout: .a8))
                    }
                },
                consume: { (index: Int, drawn: LayerPixels?) throws in
                    try deadline.check(logo.name)
                    let layer = layers[index]
                    if layer.inGroup, group == nil {
                        let surface = try CairoSurface.image(layout: .argb32, width: width, height: height)
                        group = (surface, try CairoContext(surface))
                    }
                    let target = layer.inGroup ? group?.context ?? canvas : canvas
                    switch layer.kind {
                    case .plain:
                        let document = try SVGDocument(
                            data: layer.document, name: logo.name, baseFile: logo.baseFile,
                            unlimited: logo.options.trustedInput)
                        try withLibraryCall(.cairo, .drawing, file: logo.name) { () throws(LogoMaskError) in
                            target.save()
                            defer { target.restore() }
                            target.setTransform(toImage)
                            try document.render(on: target, element: nil, viewport: logo.documentBox)
                        }
                    case .filtered(let region):
                        guard let drawn else { return }
                        try withLibraryCall(.cairo, .drawing, file: logo.name) { () throws(LogoMaskError) in
                            target.paintImage(
                                drawn.surface, placement: .translation(x: Double(region.x0), y: Double(region.y0)),
                                filter: .nearest, padEdges: false)
                        }
                    case .groupEnd:
                        guard let drawn, let open = group else { return }
                        open.surface.flush()
                        try withLibraryCall(.cairo, .drawing, file: logo.name) { () throws(LogoMaskError) in
                            canvas.paintImage(open.surface, maskedBy: drawn.surface)
                        }
                        group = nil
                    }
                    if let reason = target.failure ?? canvas.failure {
                        throw LogoMaskError.drawingFailed(file: logo.name, reason: reason)
                    }
                })
        } catch let error as LogoMaskError {
            throw error
        } catch {
            throw LogoMaskError.drawingFailed(file: logo.name, reason: "\(error)")
        }
        image.flush()
    }

    /// A layer's document drawn on a surface covering `region` of the image: the document
    /// cropped to it (``CroppedSVGSource``), so librsvg's surfaces are the region's size.
    private static func draw(
        _ document: Data, of logo: VectorLogo, scale: Double, region: PixelBox, layout: PixelLayout
    ) throws(LogoMaskError) -> CairoSurface {
        let width = region.x1 - region.x0, height = region.y1 - region.y0
        if layout == .argb32 {
            surfaceLog.record(logo.name) { entry in
                entry.largest = max(entry.largest, width * height)
                entry.layers += 1
            }
        }
        // Whole device pixels from the document's corner, as the whole document's (``DrawingCrop``).
        let crop = Rect(
            x: Double(region.x0) / scale, y: Double(region.y0) / scale,
            width: Double(width) / scale, height: Double(height) / scale)
        guard let source = CroppedSVGSource(document) else {
            throw LogoMaskError.drawingFailed(file: logo.name, reason: "a layer's document could not be cropped")
        }
        let cropped = try SVGDocument(
            data: source.document(crop: crop, documentSize: logo.documentSize), name: logo.name,
            baseFile: logo.baseFile, unlimited: logo.options.trustedInput)
        let surface = try CairoSurface.image(layout: layout, width: width, height: height)
        let context = try CairoContext(surface)
        context.setTransform(Transform.scale(scale).concatenating(.translation(x: -Double(region.x0), y: -Double(region.y0))))
        try withLibraryCall(.cairo, .drawing, file: logo.name) { () throws(LogoMaskError) in
            try cropped.render(on: context, element: nil, viewport: crop)
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
        surface.flush()
        return surface
    }

    /// The share of the image's pixels the filtered layers drawn at once may cover together (one
    /// layer is always drawn, whatever its size): librsvg holds several surfaces of a layer's
    /// size while it filters it, so two large layers at once would pass the memory target
    /// (breeze/kiten: 725 MB unbounded at 4096 px).
    static let concurrentShare = 0.5
    /// Layers from this many pixels up give the heap's freed memory back once drawn (librsvg's
    /// surfaces for them are 8 MiB and more; see ``PixelMemory/releaseFreedHeapMemory()``).
    static let trimmedArea = 2 << 20

    /// The pixels of the layers being drawn, bounded: a worker waits until its layer fits.
    private final class AreaBudget: @unchecked Sendable {
        private let condition = ConditionLock()
        private let limit: Int
        private var used = 0
        private var drawing = 0

        init(pixels: Int) { limit = pixels }

        func take(_ area: Int) {
            condition.withLock {
                while drawing > 0, used + area > limit { condition.wait() }
                used += area
                drawing += 1
            }
        }

        func give(_ area: Int) {
            condition.withLock {
                used -= area
                drawing -= 1
                condition.broadcast()
            }
        }
    }

    /// A layer's pixels handed from the worker that drew them to the compositing thread (which
    /// alone touches them after).
    private struct LayerPixels: @unchecked Sendable {
        let surface: CairoSurface
        init(_ surface: CairoSurface) { self.surface = surface }
    }
}
