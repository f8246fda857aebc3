import FoundationEssentials
import MaskGeometry

/// Filter pictures (``LogoOutline/pictures``) put on a screen's pixel grid as the launch screen
/// shows them, for a Lottie's frame 0.
///
/// librsvg computes a filter result on a grid of its own and Cairo composites it onto the
/// screen bilinearly. Where the logo sits at a fraction of a pixel (kteatime on the Galaxy S24:
/// 0.373, 0.669 px), the launch screen holds that resampled result, while a player drew the
/// unresampled picture at the fraction its own way (rlottie truncating the position, ThorVG
/// rounding it): kteatime's sharp-edged cup and tea pictures differed on 0.71 % of the logo box
/// in rlottie. Resampled here as Cairo composites them, each picture lands on whole pixels,
/// where every player copies it (0.03 % left).
///
/// Frame 0's pictures serve the whole reveal only when they magnify well (``magnifiesWell(_:)``);
/// a Lottie gives sharp ones a ladder each (``LottieFilterLadder``).
enum FilterPictureGrid {
    /// The largest step of a picture's alpha between neighbouring pixels (of 255) that still
    /// magnifies well: a blur or a shadow. A filter result that carries its source's sharp edge
    /// (glow.svg merges the star into its glow; kteatime's cup and tea, kiten's shadows) blurs
    /// as the players magnify frame 0's picture with the logo (glow: 2.2-3.1 % of the frames
    /// differ at frames 18 and 27 of the twitter reveal).
    static let softStep = 128

    /// True when every picture of `outline` is soft (``softStep``), so that frame 0's pictures
    /// serve the whole reveal.
    static func magnifiesWell(_ outline: LogoOutline) throws(LogoMaskError) -> Bool {
        for picture in outline.pictures where try largestStep(picture) > softStep { return false }
        return true
    }

    /// The largest alpha step between neighbouring pixels of a picture, across or down.
    private static func largestStep(_ picture: LogoOutline.Picture) throws(LogoMaskError) -> Int {
        let image = try RasterImage(pngBytes: picture.png, name: "a filter picture")
        guard image.format == .premultipliedARGB else { return 255 }
        var largest = 0
        image.bytes.withUnsafeBufferPointer { bytes in
            // Cairo's ARGB32 words in the machine's (little-endian) order: alpha is byte 3.
            for y in 0..<image.height {
                let row = y * image.stride + 3
                for x in 0..<image.width {
                    let a = Int(bytes[row + 4 * x])
                    if x > 0 { largest = max(largest, abs(a - Int(bytes[row + 4 * x - 4]))) }
                    if y > 0 { largest = max(largest, abs(a - Int(bytes[row + 4 * x - image.stride]))) }
                }
            }
        }
        return largest
    }

    /// `outline` with its filter pictures as a screen placing the document by `screen` (document
    /// units to screen pixels) shows them: drawn again at its scale
    /// (``OutlineExtractor/pictures(of:on:like:)``), cut to what they paint (``FilterPictureCrop``)
    /// and put on its pixel grid (``aligned(_:on:bias:)``), with `outlineClips` inside the clips as
    /// the outline read them (the drawing at the screen's scale reads them finer: sets drawn at two
    /// scales would differ, as the shapes' clips would from the pictures'); with `soft`, nil when one of them is
    /// sharp, so that they would not serve a larger scale (``magnifiesWell(_:)``). The one
    /// preparation of the pictures an export shows between its shapes from frame 0 on (the
    /// Lottie, the page, the web launch screen, the overlay).
    static func framePictures(
        of logo: VectorLogo, outline: LogoOutline, on screen: Transform, bias: Double = LottiePictureLadder.gridBias,
        soft: Bool = true, outlineClips: Bool = false
    ) throws(LogoMaskError) -> LogoOutline? {
        // Made once per screen and pictures for every export asking (``VectorLogo/framePictures``).
        let key = FramePictureKey(screen: ExactNumbers(screen, bias), soft: soft, outlineClips: outlineClips, pictures: outline.pictures)
        frameLog.record(logo.name) { $0.asked += 1 }
        let made = try logo.framePictures.value(key) { () throws(LogoMaskError) -> [LogoOutline.Picture]? in
            frameLog.record(logo.name) { $0.made += 1 }
            let atScreen = try aligned(try FilterPictureCrop.cropped(try drawn(of: logo, outline: outline, on: screen, outlineClips: outlineClips), of: logo), on: screen, bias: bias)
            if soft, try !magnifiesWell(atScreen) { return nil }
            return atScreen.pictures
        }
        guard let made else { return nil }
        // Cropping and aligning change only the pictures.
        var atScreen = outline
        atScreen.pictures = made
        return atScreen
    }

    /// `outline` with its filter pictures drawn again at `screen`'s scale
    /// (``OutlineExtractor/pictures(of:on:like:)``), uncut and off the grid, one for each of
    /// `outline`'s (its own where that drawing's do not correspond); with `outlineClips`, inside
    /// the clips as the outline read them.
    static func drawn(
        of logo: VectorLogo, outline: LogoOutline, on screen: Transform, outlineClips: Bool = false
    ) throws(LogoMaskError) -> LogoOutline {
        var atScreen = outline
        if let pictures = try OutlineExtractor.pictures(of: logo, on: screen, like: outline) {
            atScreen.pictures = !outlineClips ? pictures : zip(pictures, outline.pictures).map { picture, read in
                var copy = picture
                copy.clips = read.clips
                return copy
            }
        }
        return atScreen
    }

    /// Test hook: how many times a watched logo's frame pictures were asked for and made.
    static let frameLog = WatchedLog(empty: MemoTally())

    /// `outline` with each picture that `screen` (document units to screen pixels) shows
    /// unscaled and unturned resampled onto the screen's pixel grid, `bias` pixels right and down
    /// of it; others as they are.
    static func aligned(
        _ outline: LogoOutline, on screen: Transform, bias: Double = LottiePictureLadder.gridBias
    ) throws(LogoMaskError) -> LogoOutline {
        guard !outline.pictures.isEmpty, let back = screen.inverted else { return outline }
        var copy = outline
        for index in copy.pictures.indices {
            copy.pictures[index] = try aligned(copy.pictures[index], on: screen, back: back, bias: bias)
        }
        return copy
    }

    /// One picture on the grid (see ``aligned(_:on:bias:)``).
    private static func aligned(
        _ picture: LogoOutline.Picture, on screen: Transform, back: Transform, bias: Double
    ) throws(LogoMaskError) -> LogoOutline.Picture {
        let place = picture.toDocument.concatenating(screen)
        // Only a picture drawn for this screen (its pixels the screen's size, upright).
        guard place.b == 0, place.c == 0, abs(place.a - 1) < 1e-6, abs(place.d - 1) < 1e-6 else { return picture }
        var fx = place.tx - place.tx.rounded(.down), fy = place.ty - place.ty.rounded(.down)
        var x0 = place.tx.rounded(.down), y0 = place.ty.rounded(.down)
        // Within a thousandth of a pixel of the grid, it is on it.
        if fx > 0.999 { fx = 0; x0 += 1 } else if fx < 0.001 { fx = 0 }
        if fy > 0.999 { fy = 0; y0 += 1 } else if fy < 0.001 { fy = 0 }
        var result = picture
        if fx > 0 || fy > 0 {
            let width = picture.width + (fx > 0 ? 1 : 0), height = picture.height + (fy > 0 ? 1 : 0)
            let source = try CairoSurface.png(bytes: picture.png, name: "a filter picture")
            let target = try CairoSurface.image(layout: .argb32, width: width, height: height)
            let context = try CairoContext(target)
            // As Cairo composites librsvg's result onto the launch screen (the default filter).
            context.paintImage(source, placement: .translation(x: fx, y: fy), filter: .good, padEdges: false)
            target.flush()
            if let reason = context.failure { throw .drawingFailed(file: "a filter picture", reason: reason) }
            guard let data = target.imageData else { throw .drawingFailed(file: "a filter picture", reason: "no pixels") }
            let stride = target.imageStride
            let image = RasterImage(
                width: width, height: height, format: .premultipliedARGB, stride: stride,
                bytes: Array(UnsafeBufferPointer(start: data, count: stride * height)))
            result.png = try image.pngData()
            result.width = width
            result.height = height
        }
        // For a Lottie a hair right and down of the grid (``LottiePictureLadder/gridBias``): rlottie
        // truncates a picture's position, ThorVG rounds it. A browser draws it on the grid.
        result.toDocument = Transform.translation(x: x0 + bias, y: y0 + bias)
            .concatenating(back)
        return result
    }
}
