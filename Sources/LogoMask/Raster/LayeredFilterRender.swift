import FoundationEssentials
import MaskGeometry

/// Draws a filtered SVG layer by layer (``FilterLayerPlan``) into one image: each filtered
/// element on a surface of its own region, drawn by the workers ahead, the plain runs straight
/// onto the image, all composited in paint order on the caller's thread.
///
/// The pixels are one draw's, but for Cairo's rounding of the extra composite of a filtered
/// layer or an opened group (+-1 level, within 2 of rsvg-convert on the real-world set).
enum LayeredFilterRender {
    /// Test hook: per watched logo, the largest surface a filtered layer was drawn on (pixels),
    /// how many filtered layers were drawn, and how many of them were blurred here
    /// (``FilterLayerPlan/LayerBlur``).
    static let surfaceLog = WatchedLog<(largest: Int, layers: Int, blurred: Int)>(empty: (0, 0, 0))

    /// The premultiplied ARGB32 bytes (rows of `PixelLayout.argb32.stride(width:)`) of `plan`
    /// drawn for `logo` at `scale` over `background`, if any.
    static func image(
        _ plan: FilterLayerPlan, of logo: VectorLogo, scale: Double, background: RGBAColor?, width: Int, height: Int,
        workers: Int, deadline: Deadline
    ) throws(LogoMaskError) -> [UInt8] {
        let stride = PixelLayout.argb32.stride(width: width)
        var bytes = [UInt8](repeating: 0, count: stride * height)
        try bytes.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<UInt8>) throws(LogoMaskError) in
            guard let base = buffer.baseAddress else { return }
            try draw(
                plan, of: logo, scale: scale, background: background, into: base, width: width, height: height,
                stride: stride, workers: workers, deadline: deadline)
        }
        return bytes
    }

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
        var group: (surface: CairoSurface, context: CairoContext, region: PixelBox)?
        let layers = plan.layers
        // Each grouped layer's group region: its group end's, the next one after it.
        var groupRegions: [PixelBox?] = Array(repeating: nil, count: layers.count)
        var next: PixelBox?
        for index in layers.indices.reversed() {
            if case .groupEnd(let region) = layers[index].kind { next = region }
            if layers[index].inGroup { groupRegions[index] = next }
        }
        let budget = AreaBudget(pixels: Int(concurrentShare * Double(width * height)))
        // The plan's parses (a document per filtered element, to measure its ink) leave freed
        // heap behind: given back before the layers' surfaces come.
        PixelMemory.releaseFreedHeapMemory()
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
                        if let blur = layer.blur, let blurred = try drawBlurred(blur, of: logo, scale: scale, region: region) {
                            return LayerPixels(blurred.surface, x: blurred.x, y: blurred.y)
                        }
                        return LayerPixels(try draw(layer.document, of: logo, scale: scale, region: region, layout: .argb32))
                    case .groupEnd(let region):
                        // Only its alpha is read.
                        return LayerPixels(try draw(layer.document, of: logo, scale: scale, region: region, layout: .a8))
                    }
                },
                consume: { (index: Int, drawn: LayerPixels?) throws in
                    try deadline.check(logo.name)
                    let layer = layers[index]
                    if layer.inGroup, group == nil, let region = groupRegions[index] {
                        let surface = try CairoSurface.image(
                            layout: .argb32, width: region.x1 - region.x0, height: region.y1 - region.y0)
                        group = (surface, try CairoContext(surface), region)
                    }
                    let open = layer.inGroup ? group : nil
                    let target = open?.context ?? canvas
                    // The image's pixels on the target: the group's surface starts at its region's corner.
                    let (dx, dy) = open.map { (Double($0.region.x0), Double($0.region.y0)) } ?? (0, 0)
                    switch layer.kind {
                    case .plain:
                        // A filter drawn on the whole image: alone, as the memory target asks.
                        if layer.drawsFilters { budget.take(width * height) }
                        defer {
                            if layer.drawsFilters {
                                budget.give(width * height)
                                PixelMemory.releaseFreedHeapMemory()
                            }
                        }
                        let document = try SVGDocument(
                            data: layer.document, name: logo.name, baseFile: logo.baseFile,
                            unlimited: logo.options.trustedInput)
                        try withLibraryCall(.cairo, .drawing, file: logo.name) { () throws(LogoMaskError) in
                            target.save()
                            defer { target.restore() }
                            target.setTransform(toImage.concatenating(.translation(x: -dx, y: -dy)))
                            try document.render(on: target, element: nil, viewport: logo.documentBox)
                        }
                    case .filtered(let region):
                        guard let drawn else { return }
                        try withLibraryCall(.cairo, .drawing, file: logo.name) { () throws(LogoMaskError) in
                            target.paintImage(
                                drawn.surface,
                                placement: .translation(x: Double(region.x0 + drawn.x) - dx, y: Double(region.y0 + drawn.y) - dy),
                                filter: .nearest, padEdges: false)
                        }
                    case .groupEnd(let region):
                        guard let drawn, let open = group else { return }
                        open.surface.flush()
                        try withLibraryCall(.cairo, .drawing, file: logo.name) { () throws(LogoMaskError) in
                            canvas.paintImage(open.surface, maskedBy: drawn.surface, x: region.x0, y: region.y0)
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
    static func draw(
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

    /// A blurred layer (``FilterLayerPlan/LayerBlur``) on a surface covering `region` (a shadow's:
    /// covering its filter's bounds, `x` and `y` pixels from the region's corner): its source
    /// drawn by librsvg, blurred within the bounds librsvg's flood of the same filter region
    /// paints, at the element's opacity (clipped: times the alpha of that flood painted through
    /// the clip at the opacity). Nil when that flood is not one opaque rectangle, or paints
    /// nothing (the caller then lets librsvg draw the layer).
    static func drawBlurred(
        _ blur: FilterLayerPlan.LayerBlur, of logo: VectorLogo, scale: Double, region: PixelBox
    ) throws(LogoMaskError) -> (surface: CairoSurface, x: Int, y: Int)? {
        let flood = try draw(blur.region, of: logo, scale: scale, region: region, layout: .a8)
        guard let bounds = opaqueBox(of: flood) else { return nil }
        let drawn = try draw(blur.source, of: logo, scale: scale, region: region, layout: .argb32)
        let deviation = (blur.deviationX, blur.deviationY)
        let surface = try blur.shadow.map { (shadow) throws(LogoMaskError) in
            try shadowed(drawn, shadow, deviation: deviation, bounds: bounds, name: logo.name)
        } ?? drawn
        let corner = blur.shadow == nil ? (x: 0, y: 0) : (x: bounds.x0, y: bounds.y0)
        guard let pixels = surface.imageData else { return nil }
        if blur.shadow == nil {
            GaussianBoxBlur.blur(
                pixels, width: surface.imageWidth, height: surface.imageHeight, stride: surface.imageStride,
                bounds: bounds, deviation: deviation, linearRGB: blur.linearRGB)
        }
        surfaceLog.record(logo.name) { $0.blurred += 1 }
        if let clip = blur.clip {
            let mask = try draw(clip, of: logo, scale: scale, region: region, layout: .a8)
            guard let alpha = mask.imageData else { return nil }
            BoxBlurPasses.multiply(
                pixels, stride: surface.imageStride, width: surface.imageWidth, rows: surface.imageHeight,
                byMask: alpha + corner.y * mask.imageStride + corner.x, maskStride: mask.imageStride)
            surface.markDirty()
            return (surface, corner.x, corner.y)
        }
        surface.markDirty()
        guard blur.opacity < 1 else { return (surface, corner.x, corner.y) }
        // As librsvg paints a filter's output: the surface at the element's opacity.
        let faded = try CairoSurface.image(layout: .argb32, width: surface.imageWidth, height: surface.imageHeight)
        let context = try CairoContext(faded)
        context.paintImage(surface, placement: .identity, filter: .nearest, alpha: blur.opacity, padEdges: false)
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: logo.name, reason: reason) }
        faded.flush()
        return (faded, corner.x, corner.y)
    }

    /// Inkscape's drop shadow of `source` (the filter's source graphic on a layer's surface),
    /// within `bounds` (the filter's region on that surface) and on a surface of that size, step
    /// by step as librsvg 2.54 computes it, its blur here (``GaussianBoxBlur``, in sRGB) and the
    /// rest through Cairo as librsvg calls it:
    /// - the source within the bounds, the flood's colour painted on it with `IN`;
    /// - that blurred;
    /// - painted onto a new surface at the offset (Cairo's default filter: bilinear for a
    ///   fractional one), clipped to the bounds moved by the offset's whole pixels (truncated, as
    ///   librsvg's `offset` does);
    /// - the source painted `OVER` it.
    private static func shadowed(
        _ source: CairoSurface, _ shadow: FilterLayerPlan.LayerShadow, deviation: (x: Double, y: Double), bounds: PixelBox,
        name: String
    ) throws(LogoMaskError) -> CairoSurface {
        let width = bounds.x1 - bounds.x0, height = bounds.y1 - bounds.y0
        let fromSource = Transform.translation(x: -Double(bounds.x0), y: -Double(bounds.y0))
        let shade = try CairoSurface.image(layout: .argb32, width: width, height: height)
        let shading = try CairoContext(shade)
        shading.paintImage(source, placement: fromSource, filter: .nearest, operator: .source, padEdges: false)
        shading.paint(color: shadow.colour, operator: .in)
        if let reason = shading.failure { throw LogoMaskError.drawingFailed(file: name, reason: reason) }
        shade.flush()
        guard let pixels = shade.imageData else { throw LogoMaskError.drawingFailed(file: name, reason: "a shadow's surface has no pixels") }
        GaussianBoxBlur.blur(
            pixels, width: width, height: height, stride: shade.imageStride, bounds: PixelBox(x0: 0, y0: 0, x1: width, y1: height),
            deviation: deviation, linearRGB: false)
        shade.markDirty()
        let result = try CairoSurface.image(layout: .argb32, width: width, height: height)
        let context = try CairoContext(result)
        context.save()
        context.clip(to: Rect(x: Double(Int(shadow.dx)), y: Double(Int(shadow.dy)), width: Double(width), height: Double(height)))
        context.paintImage(shade, placement: .translation(x: shadow.dx, y: shadow.dy), filter: .good, padEdges: false)
        context.restore()
        context.paintImage(source, placement: fromSource, filter: .nearest, padEdges: false)
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: name, reason: reason) }
        result.flush()
        return result
    }

    /// The box of an A8 surface's painted pixels when they are one opaque rectangle; nil otherwise.
    private static func opaqueBox(of surface: CairoSurface) -> PixelBox? {
        guard let data = surface.imageData else { return nil }
        let width = surface.imageWidth, height = surface.imageHeight, stride = surface.imageStride
        var box: PixelBox?
        for y in 0..<height {
            let row = data + y * stride
            guard let first = (0..<width).first(where: { row[$0] != 0 }) else { continue }
            var last = width - 1
            while row[last] == 0 { last -= 1 }
            if let known = box {
                guard known.x0 == first, known.x1 == last + 1, known.y1 == y else { return nil }
                box?.y1 = y + 1
            } else {
                box = PixelBox(x0: first, y0: y, x1: last + 1, y1: y + 1)
            }
            for x in first...last where row[x] != 255 { return nil }
        }
        return box
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
        /// Where the surface's corner lies from its region's (a shadow's surface covers only the
        /// filter's bounds).
        let x: Int
        let y: Int
        init(_ surface: CairoSurface, x: Int = 0, y: Int = 0) {
            self.surface = surface
            self.x = x
            self.y = y
        }
    }
}
