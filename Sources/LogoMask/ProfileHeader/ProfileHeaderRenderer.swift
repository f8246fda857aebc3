import Dispatch
import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// The avatar of a profile-header preview.
public enum ProfileAvatar: Sendable {
    /// A picture (premultiplied ARGB), stretched to the layout's avatar frame.
    case image(RasterImage)
    /// A vector logo, drawn from its vectors at every frame's scale, fitted into the avatar frame.
    case vector(VectorLogo)
}

/// The name shown under the avatar (black) and in the stuck header (white).
public enum ProfileNameLabel: Sendable {
    /// One line of text (Cairo's toy font API, sans-serif bold).
    case text(String)
    /// A picture: drawn as it is under the avatar, and as a white silhouette (its alpha) in the header.
    case image(RasterImage)
}

/// Renders the article-003 profile header at any scroll offset.
///
/// Made once per job: the header picture fitted (aspect fill) to the header at the pixel scale,
/// and its blur (``GaussianBlur`` with the sigma of the article's 10 x 20 box blur at that scale,
/// `BoxBlurEquivalence`). Each frame is then composited with Cairo from those two (cross-faded
/// by the blur alpha), the white label, the scroll content (black name, placeholder rows) and the
/// avatar, in the z-order of the offset. Frames are opaque (white screen), `pixelScale` pixels a point.
public final class ProfileHeaderRenderer: Sendable {
    /// The layout.
    public let layout: ProfileHeaderLayout
    /// Pixels per point.
    public let pixelScale: Double
    /// The header picture fitted to the header, `headerHeight * pixelScale` pixels high.
    public let fittedHeader: RasterImage
    /// The fitted header blurred once: the asset the article cross-fades in.
    public let blurredHeader: RasterImage
    /// The blur's mapping at this pixel scale.
    public let blur: BoxBlurEquivalence
    /// Seconds the blur took (wall clock).
    public let blurSeconds: Double
    /// Width of every frame, pixels.
    public let frameWidth: Int
    /// Height of every frame, pixels.
    public let frameHeight: Int

    private let avatar: ProfileAvatar
    private let nameLabel: ProfileNameLabel
    private let headerPixels: HeaderPixels
    private let blurredPixels: HeaderPixels
    private let avatarPixels: HeaderPixels?
    private let labelPixels: HeaderPixels?

    /// The largest frame side accepted, pixels.
    public static let maximumSide = 16_384

    /// Prepares the header, its blur and the avatar for a layout (validated here) at a pixel scale.
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for a bad layout or scale, or a Cairo failure.
    public init(
        layout: ProfileHeaderLayout, header: RasterImage, avatar: ProfileAvatar, nameLabel: ProfileNameLabel,
        pixelScale: Double = 2
    ) throws(LogoMaskError) {
        do { try layout.validate() } catch { throw .invalidRequest(error.description) }
        guard pixelScale.isFinite, pixelScale > 0 else {
            throw .invalidRequest("The pixel scale must be a positive number; \(pixelScale) is not.")
        }
        let sides = [layout.screenWidth, layout.viewportHeight, layout.headerHeight].map { ($0 * pixelScale).rounded(.up) }
        guard sides.allSatisfy({ $0 >= 1 && $0 <= Double(Self.maximumSide) }) else {
            throw .invalidRequest(
                "A \(formatNumber(sides[0]))x\(formatNumber(sides[1])) px frame (header \(formatNumber(sides[2])) px high) is outside 1...\(Self.maximumSide) px a side; change the scale or the layout's sizes.")
        }
        let width = Int(sides[0]), height = Int(sides[1]), headerHeightPixels = Int(sides[2])
        guard header.format == .premultipliedARGB, header.width > 0, header.height > 0 else {
            throw .invalidRequest("The header picture must be a colour image with pixels.")
        }
        self.layout = layout
        self.pixelScale = pixelScale
        self.avatar = avatar
        self.nameLabel = nameLabel
        frameWidth = width
        frameHeight = height

        // The header, aspect fill (UIImageView's scaleAspectFill), centred.
        let fitted = HeaderPixels(width: width, height: headerHeightPixels)
        let source = try HeaderPixels(image: header)
        try fitted.draw { (context: CairoContext) throws(LogoMaskError) in
            let imageSize = Size(width: Double(header.width), height: Double(header.height))
            let fill = max(Double(width) / imageSize.width, Double(headerHeightPixels) / imageSize.height)
            let drawn = Size(width: imageSize.width * fill, height: imageSize.height * fill)
            let rect = Rect(
                x: (Double(width) - drawn.width) / 2, y: (Double(headerHeightPixels) - drawn.height) / 2,
                width: drawn.width, height: drawn.height)
            context.fillImage(try source.surface(), imageSize: imageSize, into: rect, transform: .identity, padEdges: true)
        }
        headerPixels = fitted
        fittedHeader = fitted.image()

        blur = layout.blur(pixelScale: pixelScale)
        let started = DispatchTime.now().uptimeNanoseconds
        blurredHeader = try GaussianBlur.blur(fittedHeader, sigma: blur.sigmaPixels)
        blurSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        blurredPixels = try HeaderPixels(image: blurredHeader)

        if case let .image(picture) = avatar { avatarPixels = try HeaderPixels(image: picture) } else { avatarPixels = nil }
        if case let .image(picture) = nameLabel { labelPixels = try HeaderPixels(image: picture) } else { labelPixels = nil }
    }

    /// The state the article's formulas give at an offset.
    public func state(at offset: Double) -> HeaderState { layout.state(at: offset) }

    /// Renders one frame at a scroll offset (points).
    public func render(offset: Double) throws(LogoMaskError) -> RasterImage {
        var worker = try makeWorker()
        let frame = try FrameBuffer(width: frameWidth, height: frameHeight)
        try render(offset: offset, into: frame, worker: &worker)
        return frame.plane.image()
    }

    /// Renders frames at `offsets` on every core and hands them to `consume` in order, at most a
    /// few frames in memory at a time; `progress` gets the fraction done after each frame.
    public func renderFrames(
        offsets: [Double], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (Double) -> Void = { _ in },
        consume: (Int, RasterImage) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        do {
            try OrderedParallelRunner.run(
                count: offsets.count, workers: workers,
                makeState: { () throws -> HeaderWorker in try self.makeWorker() },
                work: { (worker: inout HeaderWorker, index: Int) throws -> RasterImage in
                    let frame = try FrameBuffer(width: self.frameWidth, height: self.frameHeight)
                    try self.render(offset: offsets[index], into: frame, worker: &worker)
                    return frame.plane.image()
                },
                consume: { (index: Int, frame: RasterImage) throws in
                    try consume(index, frame)
                    progress(Double(index + 1) / Double(max(1, offsets.count)))
                })
        } catch let error as LogoMaskError {
            throw error
        } catch {
            throw .drawingFailed(file: "profile header", reason: String(describing: error))
        }
    }

    /// What one thread needs of its own: the SVG avatar's parsed document.
    struct HeaderWorker {
        var logo: LogoDrawing?
    }

    func makeWorker() throws(LogoMaskError) -> HeaderWorker {
        if case let .vector(logo) = avatar { return HeaderWorker(logo: try LogoDrawing(logo: logo)) }
        return HeaderWorker(logo: nil)
    }

    /// The colours of the scene.
    private static let screenColor = RGBAColor.white
    private static let rowColor = RGBAColor(red: 0xE1, green: 0xE8, blue: 0xED)
    private static let handleColor = RGBAColor(red: 0x65, green: 0x77, blue: 0x86)
    private static let nameColor = RGBAColor(red: 0x14, green: 0x17, blue: 0x1A)

    /// Draws the frame at `offset` over the whole of `frame` (the reveal's reusable frame buffer,
    /// `frameWidth` x `frameHeight`); the buffer's context is left as it was found.
    func render(offset: Double, into frame: FrameBuffer, worker: inout HeaderWorker) throws(LogoMaskError) {
        guard offset.isFinite else { throw .invalidRequest("A scroll offset must be a finite number; \(offset) is not.") }
        guard frame.width == frameWidth, frame.height == frameHeight else {
            throw .invalidRequest("A \(frame.width)x\(frame.height) frame buffer cannot hold a \(frameWidth)x\(frameHeight) frame.")
        }
        let state = layout.state(at: offset)
        let points = Transform.scale(pixelScale)
        let context = frame.context
        context.save()
        context.setTransform(.identity)
        context.paint(color: Self.screenColor, operator: .source)
        if state.headerInFront {
            try drawContent(context, state: state, points: points, worker: &worker)
            try drawHeader(context, state: state, points: points)
        } else {
            try drawHeader(context, state: state, points: points)
            try drawContent(context, state: state, points: points, worker: &worker)
        }
        context.restore()
        frame.surface.flush()
        if let reason = context.failure { throw .drawingFailed(file: "profile header", reason: reason) }
    }

    /// The header: picture, blurred picture at the blur alpha, white label; clipped to its bounds.
    private func drawHeader(_ context: CairoContext, state: HeaderState, points: Transform) throws(LogoMaskError) {
        let toDevice = state.headerTransform.concatenating(points)
        context.save()
        defer { context.restore() }
        context.clip(to: layout.headerRect, transform: toDevice)
        // The fitted pictures are in pixels of the header at rest: 1/pixelScale point each.
        let placement = Transform.scale(1 / pixelScale).concatenating(toDevice)
        context.paintImage(try headerPixels.surface(), placement: placement, filter: .bilinear)
        context.paintImage(try blurredPixels.surface(), placement: placement, filter: .bilinear, alpha: state.blurAlpha)
        // The white label starts with its top on the header's bottom edge, centred, and moves by
        // the article's translation; the header's clip hides it until it rises.
        let top = layout.headerHeight + state.whiteLabelTranslationY
        try drawLabel(context, top: top, centerX: layout.screenWidth / 2, transform: toDevice,
                      size: layout.whiteLabelFontSize, color: .white, silhouette: true)
    }

    /// The scroll content: black name and handle, placeholder rows, the avatar with a white border.
    private func drawContent(
        _ context: CairoContext, state: HeaderState, points: Transform, worker: inout HeaderWorker
    ) throws(LogoMaskError) {
        let content = Transform.translation(x: 0, y: state.contentTranslationY).concatenating(points)
        let left = layout.avatarFrame.x
        let nameBottom = try drawLabel(
            context, top: layout.nameLabelTop, left: left, transform: content,
            size: layout.nameFontSize, color: Self.nameColor, silhouette: false)
        var y = nameBottom + 10
        let rowHeight = 12.0
        let visibleEnd = layout.viewportHeight + max(0, state.offset)
        var row = 0
        while y < visibleEnd, row < 200 {
            let width = (layout.screenWidth - 2 * left) * (row % 3 == 2 ? 0.55 : 1)
            context.fill(
                Rect(x: left, y: y, width: width, height: rowHeight), transform: content,
                color: row == 0 ? Self.handleColor : Self.rowColor, cornerRadius: rowHeight / 2)
            y += rowHeight + (row % 3 == 2 ? 22 : 10)
            row += 1
        }

        // The avatar: a white frame 3 pt wide, then the picture clipped to a rounded square.
        let toDevice = state.avatarTransform.concatenating(points)
        let local = Rect(x: 0, y: 0, width: layout.avatarFrame.width, height: layout.avatarFrame.height)
        let corner = layout.avatarFrame.width * 0.12
        context.fill(local.insetBy(dx: -3, dy: -3), transform: toDevice, color: .white, cornerRadius: corner + 3)
        context.save()
        defer { context.restore() }
        context.clip(to: local, transform: toDevice, cornerRadius: corner)
        switch avatar {
        case .image(let picture):
            guard let avatarPixels else { return }
            let size = Size(width: Double(picture.width), height: Double(picture.height))
            context.paintImage(
                try avatarPixels.surface(),
                placement: Transform.scale(x: local.width / size.width, y: local.height / size.height).concatenating(toDevice),
                filter: .bilinear)
        case .vector(let logo):
            guard let drawing = worker.logo else { return }
            let box = logo.documentBox
            let fit = min(local.width / box.width, local.height / box.height)
            let placed = Transform.translation(x: -box.x, y: -box.y)
                .concatenating(.scale(fit))
                .concatenating(.translation(
                    x: (local.width - box.width * fit) / 2, y: (local.height - box.height * fit) / 2))
            context.setTransform(.identity)
            try drawing.draw(on: context, transform: placed.concatenating(toDevice))
        }
        if let reason = context.failure { throw .drawingFailed(file: "profile header", reason: reason) }
    }

    /// Draws the name (text or picture) with its top at `top`, either centred on `centerX` or
    /// starting at `left`; returns the bottom (user units).
    @discardableResult
    private func drawLabel(
        _ context: CairoContext, top: Double, left: Double? = nil, centerX: Double? = nil, transform: Transform,
        size: Double, color: RGBAColor, silhouette: Bool
    ) throws(LogoMaskError) -> Double {
        switch nameLabel {
        case .text(let text):
            let metrics = context.textMetrics(text, size: size, bold: true)
            let x = left ?? ((centerX ?? 0) - metrics.width / 2)
            context.showText(
                text, at: Point(x: x, y: top + metrics.ascent), transform: transform, size: size, bold: true, color: color)
            return top + metrics.height
        case .image(let picture):
            guard let labelPixels else { return top }
            // The picture is as tall as a line of text at `size`, its aspect kept.
            let height = size * 1.2
            let width = height * Double(picture.width) / Double(picture.height)
            let x = left ?? ((centerX ?? 0) - width / 2)
            let rect = Rect(x: x, y: top, width: width, height: height)
            let imageSize = Size(width: Double(picture.width), height: Double(picture.height))
            if silhouette {
                context.paint(color: color, maskedBy: try labelPixels.surface(), imageSize: imageSize, into: rect, transform: transform)
            } else {
                context.fillImage(try labelPixels.surface(), imageSize: imageSize, into: rect, transform: transform, padEdges: false)
            }
            return top + height
        }
    }
}

/// One premultiplied ARGB picture in memory of its own (stride `width * 4`), read by Cairo
/// through surfaces made per use, so that threads never share a Cairo object.
final class HeaderPixels: @unchecked Sendable {
    let width: Int
    let height: Int
    private let bytes: UnsafeMutablePointer<UInt8>

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = .allocate(capacity: max(1, width * height * 4))
        bytes.initialize(repeating: 0, count: max(1, width * height * 4))
    }

    /// A copy of an image (any stride) in memory of its own.
    convenience init(image: RasterImage) throws(LogoMaskError) {
        guard image.format == .premultipliedARGB, image.width > 0, image.height > 0,
              image.stride >= image.width * 4, image.bytes.count >= image.stride * image.height
        else { throw .invalidRequest("A picture of the header scene has no colour pixels.") }
        self.init(width: image.width, height: image.height)
        image.bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for y in 0..<image.height {
                (bytes + y * width * 4).update(from: base + y * image.stride, count: width * 4)
            }
        }
    }

    deinit { bytes.deallocate() }

    /// A Cairo surface over the memory (make one per thread and use).
    func surface() throws(LogoMaskError) -> CairoSurface {
        try CairoSurface.image(wrapping: bytes, layout: .argb32, width: width, height: height, stride: width * 4)
    }

    /// Draws into the memory with Cairo.
    func draw(_ body: (CairoContext) throws(LogoMaskError) -> Void) throws(LogoMaskError) {
        let surface = try surface()
        let context = try CairoContext(surface)
        try body(context)
        surface.flush()
        if let reason = context.failure { throw .drawingFailed(file: "profile header", reason: reason) }
    }

    /// The pixels as an image (a copy).
    func image() -> RasterImage {
        RasterImage(
            width: width, height: height, format: .premultipliedARGB, stride: width * 4,
            bytes: Array(UnsafeBufferPointer(start: bytes, count: width * height * 4)))
    }
}
