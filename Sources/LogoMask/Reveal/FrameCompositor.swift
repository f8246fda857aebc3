import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// One frame's pixels: viewport-sized premultiplied ARGB32 (stride = width x 4) with a Cairo
/// context over it, made once per job and reused for every frame it carries.
final class FrameBuffer: @unchecked Sendable {
    let plane: PixelPlane
    let surface: CairoSurface
    let context: CairoContext

    init(width: Int, height: Int) throws(LogoMaskError) {
        plane = PixelPlane(width: width, height: height)
        surface = try plane.makeSurface()
        context = try CairoContext(surface)
    }

    var pixels: UnsafeMutablePointer<UInt32> { plane.pixels }
    var bytes: UnsafeMutablePointer<UInt8> { plane.bytes }
    var width: Int { plane.width }
    var height: Int { plane.height }
}

/// What the compositor did for a frame (for tests and measurements).
struct CompositeStats: Sendable, Equatable {
    /// The hole covered the viewport: the frame is the content, no mask was drawn.
    var covered = false
    /// Pixel rows x columns of the hole's region that went through the mask.
    var maskedPixels = 0
    /// The mask came from the cached outline (``HoleMask``), not from librsvg.
    var maskFromOutline = false
    /// The mask and the drawn logo came from one draw of the logo (``FrameCompositor``'s shared logo).
    var logoDrawnOnce = false
}

/// Draws reveal frames, one per call, from the vector at each frame's transform. One compositor
/// per worker thread: it owns its logo drawing, the 8-bit hole mask and the scratch planes, all
/// made once and reused, so a frame allocates no pixel memory of its own.
///
/// A hole frame is `lerp(background, content, mask)` per pixel, computed in one pass over runs:
/// outside the hole's box and where the mask is 0 the background is copied, where it is 255 the
/// content, and only the antialiased edge is blended. The mask comes row by row from the logo's
/// cached outline (``HoleMask``: Cairo's fill reproduced in Swift, no allocation per frame);
/// a logo whose outline cannot be cached (strokes, clips, gradients, filters...) and the rare
/// frame Cairo would fill another way are drawn through librsvg into a mask plane instead. Shortcuts: a full veil (before the hole
/// opens) never reads the content; once the hole covers the viewport (the computed cover scale
/// at the end rotation) the frame is the content and no mask is drawn.
final class FrameCompositor {
    private let scene: RevealScene
    private let layers: RevealLayers
    private let drawing: LogoDrawing
    private let width: Int
    private let height: Int
    private let paintedRegion: Rect

    private let maskStride: Int
    private let mask: UnsafeMutablePointer<UInt8>
    /// The hole drawn from the cached outline, when the logo has one.
    private let holeMask: HoleMask?
    /// One row of ``holeMask``'s coverage (indexed by x).
    private let maskRow: UnsafeMutablePointer<UInt8>
    private let maskSurface: CairoSurface
    private let maskContext: CairoContext

    /// Where a frame's logo is drawn once, when its hole and its drawn logo share a transform and
    /// the hole comes from librsvg (``drawSharedLogo(transform:box:)``): premultiplied ARGB32 of
    /// the frame's size, made when first needed.
    private var sharedPixels: UnsafeMutablePointer<UInt8>?

    private let contentSurface: CairoSurface
    private let scaledContent: FrameBuffer?
    private let backgroundSurface: CairoSurface?
    private let captionSurface: CairoSurface?
    /// The background with caption and opacity applied, for the values in ``composedKey``.
    private let composedBackground: FrameBuffer?
    private var composedKey: (Double, Double)?

    /// - Parameter outlineHole: false draws every hole through librsvg (tests compare the two).
    init(scene: RevealScene, layers: RevealLayers, outlineHole: Bool = true) throws(LogoMaskError) {
        self.scene = scene
        self.layers = layers
        drawing = try scene.logo.makeDrawing()
        width = layers.width
        height = layers.height
        paintedRegion = scene.logo.paintedRegion
        maskStride = PixelLayout.a8.stride(width: width)
        mask = .allocate(capacity: maskStride * height)
        mask.initialize(repeating: 0, count: maskStride * height)
        maskSurface = try CairoSurface.image(wrapping: mask, layout: .a8, width: width, height: height, stride: maskStride)
        maskContext = try CairoContext(maskSurface)
        let (w, h) = (layers.width, layers.height)
        holeMask = outlineHole ? layers.holeOutline.map { HoleMask(outline: $0, width: w, height: h) } : nil
        maskRow = .allocate(capacity: w)
        maskRow.initialize(repeating: 0, count: w)
        contentSurface = try layers.content.makeSurface()
        scaledContent = scene.timeline.contentScale == nil ? nil : try FrameBuffer(width: width, height: height)
        backgroundSurface = try layers.background?.makeSurface()
        captionSurface = try layers.caption?.plane.makeSurface()
        let needsComposed = layers.caption != nil || scene.timeline.backgroundOpacity != nil
            || (!scene.spec.hole && scene.spec.fadeLogoWithBackground)
        composedBackground = needsComposed ? try FrameBuffer(width: width, height: height) : nil
    }

    deinit {
        sharedPixels?.deallocate()
        mask.deallocate()
        maskRow.deallocate()
    }

    /// Draws the frame for `state` into `frame`.
    @discardableResult
    func render(_ state: FrameState, into frame: FrameBuffer) throws(LogoMaskError) -> CompositeStats {
        var stats = CompositeStats()
        var sharedLogo: (surface: CairoSurface, box: PixelBox)?
        if scene.spec.hole {
            sharedLogo = try renderHole(state, into: frame, stats: &stats)
        } else {
            try renderOverlay(state, into: frame)
        }
        frame.surface.markDirty()
        if let shared = sharedLogo {
            // As a draw at an opacity below 1 paints its group (``LogoDrawing``).
            frame.context.paintImage(
                shared.surface, placement: .translation(x: Double(shared.box.x0), y: Double(shared.box.y0)),
                filter: .nearest, operator: .over, alpha: state.logoOpacity, padEdges: false)
        } else if state.logoOpacity > 0, !(scene.spec.hole == false && scene.spec.fadeLogoWithBackground) {
            try drawLogo(state, on: frame.context, alpha: state.logoOpacity)
        }
        frame.surface.flush()
        if let reason = frame.context.failure { throw LogoMaskError.drawingFailed(file: scene.logo.name, reason: reason) }
        return stats
    }

    // MARK: Hole frames

    /// Composites the hole frame for `state` into `frame`; returns the logo when it was drawn for
    /// the hole's mask at the drawn logo's own transform, for the caller to paint as the drawn logo.
    private func renderHole(
        _ state: FrameState, into frame: FrameBuffer, stats: inout CompositeStats
    ) throws(LogoMaskError) -> (surface: CairoSurface, box: PixelBox)? {
        let full = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        // The drawn logo closes the hole under it: the hole opens as the logo fades (at logo
        // opacity 1 the frame is the launch screen, whatever the hole shows).
        let level = UInt32(((1 - min(max(state.logoOpacity, 0), 1)) * 255).rounded())
        let covered = level == 255 && scene.holeCovers(state)
        let transform = scene.holeTransform(state)
        let box = covered ? full : region(of: transform)
        let veil = VeilMix(color: layers.veilColor, opacity: state.veilOpacity)
        let content = try contentSource(scale: state.contentScale, within: box, veil: veil)
        let background = try backgroundSource(state)
        frame.surface.flush()
        let out = frame.pixels
        if covered {
            stats.covered = true
            for y in 0..<height { content.write(into: out + y * width, row: y, from: 0, to: width, width: width) }
            return nil
        }
        guard let box, level > 0 else {
            for y in 0..<height { background.write(into: out + y * width, row: y, from: 0, to: width, width: width) }
            return nil
        }
        stats.maskedPixels = (box.x1 - box.x0) * (box.y1 - box.y0)
        // The hole's coverage at this frame's transform, inside its box only: row by row from the
        // cached outline, or drawn whole through librsvg into the mask plane.
        let fromOutline = holeMask?.prepare(transform: transform, box: box) ?? false
        stats.maskFromOutline = fromOutline
        let single = fromOutline && level == 255 ? holeMask?.single : nil
        var shared: (surface: CairoSurface, box: PixelBox)?
        if !fromOutline, state.logoOpacity > 0, scene.spec.logoColor == nil, scene.drawnLogoTransform(state) == transform {
            shared = (try drawSharedLogo(transform: transform, box: box), box)
            stats.logoDrawnOnce = true
        } else if !fromOutline {
            maskSurface.flush()
            for y in box.y0..<box.y1 { (mask + y * maskStride + box.x0).update(repeating: 0, count: box.x1 - box.x0) }
            maskSurface.markDirty()
            maskContext.save()
            maskContext.clip(to: Rect(x: Double(box.x0), y: Double(box.y0),
                                                width: Double(box.x1 - box.x0), height: Double(box.y1 - box.y0)))
            try drawing.draw(on: maskContext, transform: transform)
            maskContext.restore()
            maskSurface.flush()
        }

        for y in 0..<height {
            let row = out + y * width
            guard y >= box.y0, y < box.y1 else {
                background.write(into: row, row: y, from: 0, to: width, width: width)
                continue
            }
            if let runs = single {
                // One shape: its runs say where the background, the content and the edge are.
                let count = runs.spanRow(y)
                let xs = runs.spanX, coverages = runs.spanCoverage
                if box.x0 > 0 { background.write(into: row, row: y, from: 0, to: box.x0, width: width) }
                for i in 0..<count {
                    let from = Int(xs[i]), to = i + 1 < count ? Int(xs[i + 1]) : box.x1
                    let value = coverages[i]
                    if value == 0 {
                        background.write(into: row, row: y, from: from, to: to, width: width)
                    } else if value == 255 {
                        content.write(into: row, row: y, from: from, to: to, width: width)
                    } else {
                        for x in from..<to {
                            row[x] = lerpPixel(background.pixel(row: y, x: x, width: width), content.pixel(row: y, x: x, width: width), UInt32(value))
                        }
                    }
                }
                if box.x1 < width { background.write(into: row, row: y, from: box.x1, to: width, width: width) }
                continue
            }
            let coverage: UnsafeMutablePointer<UInt8>
            if fromOutline, let holeMask {
                holeMask.row(y, into: maskRow)
                coverage = maskRow
            } else {
                coverage = mask + y * maskStride
            }
            if box.x0 > 0 { background.write(into: row, row: y, from: 0, to: box.x0, width: width) }
            blendRow(row, y: y, x0: box.x0, x1: box.x1, mask: coverage, level: level, background: background, content: content)
            if box.x1 < width { background.write(into: row, row: y, from: box.x1, to: width, width: width) }
        }
        return shared
    }

    /// Runs of 0 copy the background, runs of 255 the content; the rest is blended. A hole
    /// partly closed (`level` below 255) blends every pixel by its coverage times `level`.
    @inline(__always)
    private func blendRow(
        _ row: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int, mask m: UnsafeMutablePointer<UInt8>,
        level: UInt32, background: PixelSource, content: ContentSource
    ) {
        if level < 255 {
            for x in x0..<x1 {
                let value = (UInt32(m[x]) * level + 127) / 255
                let back = background.pixel(row: y, x: x, width: width)
                row[x] = value == 0 ? back : lerpPixel(back, content.pixel(row: y, x: x, width: width), value)
            }
            return
        }
        let raw = UnsafeRawPointer(m)
        var x = x0
        while x < x1 {
            let value = m[x]
            if value == 0 || value == 255 {
                let word: UInt64 = value == 0 ? 0 : ~0
                var end = x + 1
                while end + 8 <= x1, raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) == word { end += 8 }
                while end < x1, m[end] == value { end += 1 }
                if value == 0 {
                    background.write(into: row, row: y, from: x, to: end, width: width)
                } else {
                    content.write(into: row, row: y, from: x, to: end, width: width)
                }
                x = end
            } else {
                row[x] = lerpPixel(background.pixel(row: y, x: x, width: width), content.pixel(row: y, x: x, width: width), UInt32(value))
                x += 1
            }
        }
    }

    /// The hole's box on the viewport (its ink under `transform`, grown by 2 px for
    /// antialiasing), nil when it is off-screen.
    private func region(of transform: Transform) -> PixelBox? {
        Self.region(of: paintedRegion, under: transform, width: width, height: height)
    }

    /// `ink` under `transform`, grown by 2 px and clipped to a `width` x `height` viewport; nil
    /// when nothing of it is on the viewport.
    static func region(of ink: Rect, under transform: Transform, width: Int, height: Int) -> PixelBox? {
        PixelBox.covering(ink, under: transform, width: width, height: height)
    }

    /// The content as this frame sees it: scaled about the viewport's centre when the timeline
    /// says so (drawn into a scratch plane, only inside `box`), under the veil.
    private func contentSource(scale: Double, within box: PixelBox?, veil: VeilMix) throws(LogoMaskError) -> ContentSource {
        if veil.level == 255 { return ContentSource(base: .solid(layers.veilColor), veil: veil) }
        guard scale != 1, let scratch = scaledContent else {
            return ContentSource(base: .plane(UnsafePointer(layers.content.pixels)), veil: veil)
        }
        if let box {
            let context = scratch.context
            context.save()
            context.clip(to: Rect(x: Double(box.x0), y: Double(box.y0),
                                            width: Double(box.x1 - box.x0), height: Double(box.y1 - box.y0)))
            let cx = Double(width) / 2, cy = Double(height) / 2
            let placement = Transform.scaleRotate(scale: scale, about: Point(x: cx, y: cy))
            // Enlarged, the content covers the viewport and needs no edge padding.
            context.paintImage(contentSurface, placement: placement, filter: .bilinear, operator: .source, padEdges: scale < 1)
            context.restore()
            scratch.surface.flush()
        }
        return ContentSource(base: .plane(UnsafePointer(scratch.pixels)), veil: veil)
    }

    /// The background with the caption and the background opacity applied (redrawn only when
    /// those change).
    private func backgroundSource(_ state: FrameState) throws(LogoMaskError) -> PixelSource {
        let captionOpacity = layers.caption == nil ? 0 : state.captionOpacity
        guard let composed = composedBackground, captionOpacity > 0 || state.backgroundOpacity < 1 else {
            if let plane = layers.background { return .plane(UnsafePointer(plane.pixels)) }
            return .solid(layers.backgroundColor)
        }
        let key = (state.backgroundOpacity, captionOpacity)
        if composedKey.map({ $0 == key }) != true {
            try composeBackground(into: composed, captionOpacity: captionOpacity, opacity: state.backgroundOpacity, logo: nil)
            composedKey = key
        }
        return .plane(UnsafePointer(composed.pixels))
    }

    /// background + caption (+ the drawn logo for a one-layer fade), times `opacity`.
    private func composeBackground(
        into target: FrameBuffer, captionOpacity: Double, opacity: Double, logo state: FrameState?
    ) throws(LogoMaskError) {
        let context = target.context
        context.save()
        if let surface = backgroundSurface {
            context.paintImage(surface, placement: .identity, filter: .nearest, operator: .source)
        } else {
            context.paint(color: Self.color(of: layers.backgroundColor), operator: .source)
        }
        if let caption = layers.caption, let surface = captionSurface, captionOpacity > 0 {
            // Not padded: a caption whose border is not clear would otherwise flood the viewport.
            context.paintImage(surface, placement: .translation(x: caption.origin.x, y: caption.origin.y),
                               filter: .nearest, operator: .over, alpha: captionOpacity, padEdges: false)
        }
        if let state, state.logoOpacity > 0 {
            try drawLogo(state, on: context, alpha: state.logoOpacity)
        }
        if opacity < 1 {
            context.paint(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 255), operator: .destinationIn, alpha: opacity)
        }
        context.restore()
        target.surface.flush()
    }

    /// A premultiplied pixel back to a colour (exact for the opaque colours backgrounds use).
    private static func color(of pixel: UInt32) -> RGBAColor {
        let a = pixel >> 24
        guard a > 0 else { return .clear }
        func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return RGBAColor(red: straight((pixel >> 16) & 0xFF), green: straight((pixel >> 8) & 0xFF),
                         blue: straight(pixel & 0xFF), alpha: UInt8(a))
    }

    /// Draws the logo at `transform` once over `box`, into ``sharedPixels`` (the returned surface
    /// wraps them) and its alpha into the hole's mask there. Two draws of a filtered logo per
    /// fading frame, one for the mask and one for the drawn logo, were half of its frames' time.
    private func drawSharedLogo(transform: Transform, box: PixelBox) throws(LogoMaskError) -> CairoSurface {
        let w = box.x1 - box.x0, h = box.y1 - box.y0
        let stride = PixelLayout.argb32.stride(width: width)
        let pixels: UnsafeMutablePointer<UInt8>
        if let made = sharedPixels {
            pixels = made
            pixels.update(repeating: 0, count: stride * h)
        } else {
            pixels = .allocate(capacity: stride * height)
            pixels.initialize(repeating: 0, count: stride * height)
            sharedPixels = pixels
        }
        let surface = try CairoSurface.image(wrapping: pixels, layout: .argb32, width: w, height: h, stride: stride)
        let context = try CairoContext(surface)
        try drawing.draw(on: context, transform: transform.concatenating(.translation(x: -Double(box.x0), y: -Double(box.y0))))
        surface.flush()
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: scene.logo.name, reason: reason) }
        maskSurface.flush()
        for y in 0..<h {
            // Native-endian ARGB32: alpha in the top byte of the little-endian word.
            let from = pixels + y * stride, to = mask + (box.y0 + y) * maskStride + box.x0
            for x in 0..<w { to[x] = from[4 * x + 3] }
        }
        maskSurface.markDirty()
        return surface
    }

    // MARK: Overlay frames (no hole)

    private func renderOverlay(_ state: FrameState, into frame: FrameBuffer) throws(LogoMaskError) {
        let full = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        let veil = VeilMix(color: layers.veilColor, opacity: state.veilOpacity)
        let content = try contentSource(scale: state.contentScale, within: full, veil: veil)
        frame.surface.flush()
        for y in 0..<height { content.write(into: frame.pixels + y * width, row: y, from: 0, to: width, width: width) }
        frame.surface.markDirty()
        let captionOpacity = layers.caption == nil ? 0 : state.captionOpacity
        let opacity = state.backgroundOpacity
        guard opacity > 0 else { return }
        if scene.spec.fadeLogoWithBackground || captionOpacity > 0, let composed = composedBackground {
            try composeBackground(
                into: composed, captionOpacity: captionOpacity, opacity: 1,
                logo: scene.spec.fadeLogoWithBackground ? state : nil)
            composedKey = nil
            frame.context.paintImage(composed.surface, placement: .identity, filter: .nearest, operator: .over, alpha: opacity)
        } else if let surface = backgroundSurface {
            frame.context.paintImage(surface, placement: .identity, filter: .nearest, operator: .over, alpha: opacity)
        } else {
            frame.context.paint(color: Self.color(of: layers.backgroundColor), operator: .over, alpha: opacity)
        }
    }

    // MARK: The drawn logo

    private func drawLogo(_ state: FrameState, on context: CairoContext, alpha: Double) throws(LogoMaskError) {
        let transform = scene.drawnLogoTransform(state)
        guard let box = region(of: transform) else { return }
        let w = box.x1 - box.x0, h = box.y1 - box.y0
        if state.time == 0, drawing.drawsAsFirstDraw, w * h <= LogoPicture.sharedPixels {
            // Frame 0 of every still of one launch screen draws the same pixels wherever the
            // screen puts them at the same pixel phase (a device's two orientations, the devices
            // of one image scale): drawn once per logo, painted as a group at the frame's alpha.
            // Frame 0 only, whichever worker draws it, so that no other frame's pixels depend on
            // which worker drew which frame first (a group and a direct draw differ by a level
            // where shapes overlap).
            let local = Self.snappingNoise(transform.concatenating(.translation(x: -Double(box.x0), y: -Double(box.y0))))
            let key = LogoBitmapKey(width: w, height: h, transform: ExactNumbers(local), tint: scene.spec.logoColor)
            let plane = try scene.logo.firstDrawBitmaps.value(key) { () throws(LogoMaskError) -> PixelPlane in
                Self.firstDrawLog.record(scene.logo.name) { $0.made += 1 }
                return try drawing.plane(width: w, height: h, transform: local, tint: scene.spec.logoColor)
            }
            drawing.noteDrawn(transform: local)
            Self.firstDrawLog.record(scene.logo.name) { $0.asked += 1 }
            context.paintImage(
                try plane.makeSurface(), placement: .translation(x: Double(box.x0), y: Double(box.y0)),
                filter: .nearest, operator: .over, alpha: alpha, padEdges: false)
            return
        }
        context.save()
        defer { context.restore() }
        context.clip(to: Rect(x: Double(box.x0), y: Double(box.y0), width: Double(w), height: Double(h)))
        try drawing.draw(on: context, transform: transform, alpha: alpha, tint: scene.spec.logoColor)
    }

    /// `transform` with its translation rounded to 1/65536 px (Cairo keeps 1/256): screens that
    /// put the logo at the same pixel phase reach it by different sums (Android's icon offset
    /// scaled to a window's pixels), a few ulps apart, and would miss each other's bitmaps.
    static func snappingNoise(_ transform: Transform) -> Transform {
        var t = transform
        t.tx = (t.tx * 65536).rounded() / 65536
        t.ty = (t.ty * 65536).rounded() / 65536
        return t
    }

    /// Test hook: how many first-draw bitmaps of a watched logo the compositors asked for and
    /// drew (``VectorLogo/firstDrawBitmaps``).
    static let firstDrawLog = WatchedLog(empty: MemoTally())
}

// MARK: Pixel runs

/// Where a run of pixels comes from: one colour or a viewport-sized plane.
enum PixelSource {
    case solid(UInt32)
    case plane(UnsafePointer<UInt32>)

    @inline(__always)
    func pixel(row y: Int, x: Int, width: Int) -> UInt32 {
        switch self {
        case let .solid(value): return value
        case let .plane(pixels): return pixels[y * width + x]
        }
    }

    @inline(__always)
    func write(into row: UnsafeMutablePointer<UInt32>, row y: Int, from x0: Int, to x1: Int, width: Int) {
        guard x1 > x0 else { return }
        switch self {
        case let .solid(value): (row + x0).update(repeating: value, count: x1 - x0)
        case let .plane(pixels): (row + x0).update(from: pixels + y * width + x0, count: x1 - x0)
        }
    }
}

/// The veil's colour and its opacity as an 8-bit level.
struct VeilMix {
    let color: UInt32
    let level: UInt32

    init(color: UInt32, opacity: Double) {
        self.color = color
        level = UInt32((min(max(opacity, 0), 1) * 255).rounded())
    }
}

/// The content under the veil: `lerp(content, veil, level)`.
struct ContentSource {
    let base: PixelSource
    let veil: VeilMix

    @inline(__always)
    func pixel(row y: Int, x: Int, width: Int) -> UInt32 {
        let p = base.pixel(row: y, x: x, width: width)
        return veil.level == 0 ? p : lerpPixel(p, veil.color, veil.level)
    }

    @inline(__always)
    func write(into row: UnsafeMutablePointer<UInt32>, row y: Int, from x0: Int, to x1: Int, width: Int) {
        guard x1 > x0 else { return }
        if veil.level == 0 {
            base.write(into: row, row: y, from: x0, to: x1, width: width)
            return
        }
        switch base {
        case let .solid(value):
            (row + x0).update(repeating: lerpPixel(value, veil.color, veil.level), count: x1 - x0)
        case let .plane(pixels):
            lerpRun(pixels + y * width + x0, into: row + x0, count: x1 - x0, toward: veil.color, level: veil.level)
        }
    }
}

/// ``lerpPixel(_:_:_:)`` of a run of pixels toward one colour: with AVX2 when the CPU has it
/// (``PixelRuns``, sixteen pixels a step), else ``lerpRunSIMD(_:into:count:toward:level:)``.
/// The same bits either way.
@inline(__always)
func lerpRun(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, toward color: UInt32, level: UInt32) {
    if count >= 16, PixelRuns.hasAVX2 {
        PixelRuns.lerpRunAVX2(source, into: out, count: count, toward: color, level: level)
    } else {
        lerpRunSIMD(source, into: out, count: count, toward: color, level: level)
    }
}

/// ``lerpPixel(_:_:_:)`` of a run of pixels toward one colour, eight pixels at a time as
/// 16-bit SIMD lanes (each channel sits alone in its lane, so a 16-bit multiply is the
/// one-pixel arithmetic exactly: the same bits, at a third of the time).
@inline(__always)
func lerpRunSIMD(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, toward color: UInt32, level: UInt32) {
    typealias Lanes = SIMD16<UInt16>
    let low = Lanes(repeating: 0x00FF)
    let inverse = Lanes(repeating: UInt16(truncatingIfNeeded: 255 &- level))
    let m = Lanes(repeating: UInt16(truncatingIfNeeded: level))
    let target = unsafeBitCast(SIMD8<UInt32>(repeating: color), to: Lanes.self)
    let addRB = (target & low) &* m &+ Lanes(repeating: 0x0080)
    let addAG = ((target &>> 8) & low) &* m &+ Lanes(repeating: 0x0080)
    let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(out)
    var i = 0
    while i + 8 <= count {
        let p = from.loadUnaligned(fromByteOffset: i * 4, as: Lanes.self)
        var rb = (p & low) &* inverse &+ addRB
        rb = (rb &+ (rb &>> 8)) &>> 8
        var ag = ((p &>> 8) & low) &* inverse &+ addAG
        ag = (ag &+ (ag &>> 8)) & ~low
        to.storeBytes(of: rb | ag, toByteOffset: i * 4, as: Lanes.self)
        i += 8
    }
    while i < count {
        out[i] = lerpPixel(source[i], color, level)
        i += 1
    }
}

/// `p + (q - p) * m / 255` on each of the four 8-bit channels, rounded; exact at m = 0 and 255.
/// Two channels at a time in 16-bit lanes (no lane can overflow: 255 x 255 + 255 < 65536).
@inline(__always)
func lerpPixel(_ p: UInt32, _ q: UInt32, _ m: UInt32) -> UInt32 {
    let im = 255 &- m
    var rb = (p & 0x00FF_00FF) &* im &+ (q & 0x00FF_00FF) &* m &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* im &+ ((q >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}
