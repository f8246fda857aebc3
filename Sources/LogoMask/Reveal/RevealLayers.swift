import FoundationEssentials
import MaskGeometry

/// Premultiplied native-endian ARGB32 of a colour (Cairo's layout), rounded.
@inline(__always)
func premultipliedPixel(_ color: RGBAColor) -> UInt32 {
    let a = UInt32(color.alpha)
    func channel(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
    return a << 24 | channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
}

/// One viewport-sized ARGB32 picture owned by the job (stride = width x 4).
final class PixelPlane: @unchecked Sendable {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
    }

    deinit { pixels.deallocate() }

    var bytes: UnsafeMutablePointer<UInt8> { UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self) }
    var stride: Int { width * 4 }

    /// A Cairo surface over the plane's memory (one per thread: surfaces are not shared).
    func makeSurface() throws(LogoMaskError) -> CairoSurface {
        try CairoSurface.image(wrapping: bytes, layout: .argb32, width: width, height: height, stride: stride)
    }

    /// Draws into the plane with Cairo.
    func draw(_ body: (CairoContext) throws(LogoMaskError) -> Void) throws(LogoMaskError) {
        let surface = try makeSurface()
        let context = try CairoContext(surface)
        try body(context)
        surface.flush()
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: "reveal layer", reason: reason) }
    }

    /// The plane as an image (a copy).
    func image() -> RasterImage {
        RasterImage(
            width: width, height: height, format: .premultipliedARGB, stride: stride,
            bytes: Array(UnsafeBufferPointer(start: bytes, count: stride * height)))
    }
}

/// The reveal's pictures that do not change from frame to frame, prepared once per job and
/// read by every worker: the app content fitted to the viewport, the background, the caption.
final class RevealLayers: @unchecked Sendable {
    let width: Int
    let height: Int
    /// The content, opaque, viewport-sized.
    let content: PixelPlane
    /// The background picture; nil when it is one colour (``backgroundColor``).
    let background: PixelPlane?
    /// The background colour, premultiplied, when it is one colour.
    let backgroundColor: UInt32
    /// The caption's pixels and where they go (device pixels), if any.
    let caption: (plane: PixelPlane, origin: Point)?
    /// The veil colour, premultiplied.
    let veilColor: UInt32
    /// The logo's filled outline for drawing the hole without librsvg (nil: no hole, or a logo
    /// whose hole librsvg must draw; see ``HoleOutline``). Read once per job, shared by workers.
    let holeOutline: HoleOutline?

    init(scene: RevealScene) throws(LogoMaskError) {
        let viewport = scene.placement.viewport
        let width = viewport.pixelWidth, height = viewport.pixelHeight
        self.width = width
        self.height = height
        content = try Self.contentPlane(scene)

        let spec = scene.spec
        let background = scene.settings.background.map(RevealBackground.color) ?? spec.background
        switch background {
        case let .color(color):
            self.background = nil
            backgroundColor = premultipliedPixel(color)
        case let .gradient(gradient):
            let plane = PixelPlane(width: width, height: height)
            let line = gradient.line(in: Size(width: Double(width), height: Double(height)))
            try plane.draw { (context: CairoContext) throws(LogoMaskError) in
                context.paintLinearGradient(from: line.start, to: line.end, colors: gradient.colors)
            }
            self.background = plane
            backgroundColor = 0
        case let .image(path):
            self.background = try Self.backgroundPicturePlane(scene, path: path)
            backgroundColor = 0
        }

        caption = try Self.captionPlacement(scene)
        veilColor = premultipliedPixel(spec.veilColor)
        holeOutline = spec.hole ? HoleOutline.load(scene.logo) : nil
    }

    /// The app content at the viewport's pixels: the scene's picture scaled to fill it over white,
    /// or the generated placeholder screen.
    static func contentPlane(_ scene: RevealScene) throws(LogoMaskError) -> PixelPlane {
        let viewport = scene.placement.viewport
        let width = viewport.pixelWidth, height = viewport.pixelHeight
        let content = PixelPlane(width: width, height: height)
        if let image = scene.settings.content {
            let source = try plane(of: image)
            try content.draw { (context: CairoContext) throws(LogoMaskError) in
                context.paint(color: .white, operator: .source)
                context.paintImage(try source.makeSurface(), placement: fill(source.width, source.height, into: width, height),
                                   filter: .good)
            }
        } else {
            try content.draw { (context: CairoContext) throws(LogoMaskError) in
                PlaceholderScreen.draw(on: context, width: Double(width), height: Double(height), density: viewport.density)
            }
        }
        return content
    }

    /// A background picture (the spec's `image`, read relative to the spec's folder) scaled to
    /// fill the viewport's pixels.
    static func backgroundPicturePlane(_ scene: RevealScene, path: String) throws(LogoMaskError) -> PixelPlane {
        let viewport = scene.placement.viewport
        let width = viewport.pixelWidth, height = viewport.pixelHeight
        let source = try plane(of: try RasterImage(contentsOfPicture: backgroundPicturePath(scene, path: path)))
        let result = PixelPlane(width: width, height: height)
        try result.draw { (context: CairoContext) throws(LogoMaskError) in
            context.paintImage(try source.makeSurface(), placement: fill(source.width, source.height, into: width, height),
                               filter: .good, operator: .source)
        }
        return result
    }

    /// The background picture's file: `path` as given when absolute or without a spec folder,
    /// else relative to the spec's folder.
    static func backgroundPicturePath(_ scene: RevealScene, path: String) -> String {
        path.hasPrefix("/") || scene.settings.specFolder == nil
            ? path : URL(fileURLWithPath: scene.settings.specFolder ?? ".").appendingPathComponent(path).path
    }

    /// The caption and its top-left corner in device pixels: centred, 24 pt below the logo's
    /// launch rect, on whole pixels; nil without a caption.
    static func captionPlacement(_ scene: RevealScene) throws(LogoMaskError) -> (plane: PixelPlane, origin: Point)? {
        guard let image = scene.settings.caption else { return nil }
        let viewport = scene.placement.viewport
        let caption = try plane(of: image)
        let x = (Double(viewport.pixelWidth) - Double(caption.width)) / 2
        let y = (scene.launchFrame.maxY + 24) * viewport.density
        return (caption, Point(x: x.rounded(.down), y: y.rounded(.down)))
    }

    /// Copies an image's pixels into a plane of its own size.
    static func plane(of image: RasterImage) throws(LogoMaskError) -> PixelPlane {
        guard image.format == .premultipliedARGB, image.width > 0, image.height > 0,
              image.bytes.count >= image.stride * image.height, image.stride >= image.width * 4
        else { throw LogoMaskError.invalidRequest("a reveal picture must be a colour image with pixels") }
        let plane = PixelPlane(width: image.width, height: image.height)
        image.bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for y in 0..<image.height {
                (plane.bytes + y * plane.stride).update(
                    from: base.advanced(by: y * image.stride).assumingMemoryBound(to: UInt8.self), count: plane.stride)
            }
        }
        return plane
    }

    /// Image pixels to device pixels: scale to fill `width` x `height` (aspect kept), centred.
    static func fill(_ w: Int, _ h: Int, into width: Int, _ height: Int) -> Transform {
        let s = max(Double(width) / Double(w), Double(height) / Double(h))
        return Transform.scale(s).concatenating(
            .translation(x: (Double(width) - Double(w) * s) / 2, y: (Double(height) - Double(h) * s) / 2))
    }
}

/// A generated stand-in for the app's first screen: a navigation bar, a row of stories and
/// cards of grey text lines, so the hole visibly shows "an app". Deterministic.
enum PlaceholderScreen {
    static func draw(on context: CairoContext, width: Double, height: Double, density: Double) {
        let d = density
        let page = RGBAColor(red: 0xF2, green: 0xF3, blue: 0xF5)
        let card = RGBAColor.white
        let line = RGBAColor(red: 0xD5, green: 0xD8, blue: 0xDE)
        let accent = RGBAColor(red: 0x3B, green: 0x82, blue: 0xF6)
        let soft = RGBAColor(red: 0xC7, green: 0xDB, blue: 0xFD)
        context.paint(color: page, operator: .source)
        // Status and navigation bar.
        context.fill(Rect(x: 0, y: 0, width: width, height: 96 * d), color: card)
        context.fill(Rect(x: 16 * d, y: 58 * d, width: 120 * d, height: 18 * d), color: accent, cornerRadius: 4 * d)
        context.fill(Rect(x: width - 44 * d, y: 54 * d, width: 28 * d, height: 28 * d), color: soft, cornerRadius: 14 * d)
        // Stories.
        var x = 16 * d
        while x + 56 * d < width {
            context.fill(Rect(x: x, y: 108 * d, width: 56 * d, height: 56 * d), color: soft, cornerRadius: 28 * d)
            x += 68 * d
        }
        // Cards.
        var y = 180 * d
        var index = 0
        while y < height {
            let cardHeight = (index % 2 == 0 ? 150 : 110) * d
            let rect = Rect(x: 12 * d, y: y, width: width - 24 * d, height: cardHeight)
            context.fill(rect, color: card, cornerRadius: 12 * d)
            context.fill(Rect(x: rect.x + 14 * d, y: y + 14 * d, width: 36 * d, height: 36 * d),
                         color: index % 3 == 0 ? accent : soft, cornerRadius: 18 * d)
            context.fill(Rect(x: rect.x + 60 * d, y: y + 18 * d, width: min(160 * d, rect.width * 0.5), height: 10 * d),
                         color: line, cornerRadius: 5 * d)
            var lineY = y + 62 * d
            var lineIndex = 0
            while lineY + 10 * d < y + cardHeight - 10 * d {
                let fraction = [0.92, 0.85, 0.6][lineIndex % 3]
                context.fill(Rect(x: rect.x + 14 * d, y: lineY, width: (rect.width - 28 * d) * fraction, height: 9 * d),
                             color: line, cornerRadius: 4.5 * d)
                lineY += 20 * d
                lineIndex += 1
            }
            y += cardHeight + 12 * d
            index += 1
        }
    }
}
