import FoundationEssentials
import MaskGeometry

/// A filtered logo's filter pictures (``LogoOutline/pictures``) each as a small ladder of PNGs at
/// rising scales, for a Lottie that draws the logo as shapes with its pictures between them when
/// a picture has sharp edges (``FilterPictureGrid/magnifiesWell(_:)``: kteatime's cup and tea,
/// zanshin's), which frame 0's pictures alone would blur as the logo grows.
///
/// The ladder is ``LottiePictureLadder``'s, picture by picture: frame 0's pictures on the launch
/// screen's pixel grid (``FilterPictureGrid``), then pictures halving down from the largest scale
/// the animation shows (capped by the filters' picture scale and the picture budget over the
/// region the pictures cover) while above frame 0's, and halving down from frame 0's while the
/// logo is shown smaller; each frame shows the one nearest above its size
/// (``LottiePictureLadder/choices(transforms:levels:zeroIndex:)``). Only the pictures' regions
/// are drawn as pixels; the shapes stay vectors, sharp at every scale.
struct LottieFilterLadder {
    /// The outline with frame 0's pictures (cut to what they paint, on the screen's pixel grid).
    let outline: LogoOutline
    /// The scales drawn, in pixels a document unit, largest first.
    let levels: [Double]
    /// Frame 0's index in ``levels``.
    let zeroIndex: Int
    /// For each picture of ``outline``, its picture at each of ``levels`` (frame 0's at
    /// ``zeroIndex``).
    let pictures: [[LogoOutline.Picture]]
    /// How the top scale was chosen, for the note.
    let topText: String

    /// The ladders of `outline`'s pictures for arts placed on the launch screen by `screen`
    /// (document units to device pixels) at frame 0, and by `arts[i][f]` at composition frame
    /// `f` (nil where hidden), at most `budget` pixels over the pictures' region at the top
    /// scale; only the levels some art shows are drawn.
    static func make(
        logo: VectorLogo, outline: LogoOutline, screen: Transform, arts: [[Transform?]], budget: Int
    ) throws(LogoMaskError) -> LottieFilterLadder {
        // Frame 0's, as FilterPictureGrid.framePictures draws them, each picture's index kept.
        let drawn = try FilterPictureGrid.drawn(of: logo, outline: outline, on: screen)
        var zero = drawn
        zero.pictures = []
        var kept: [Int] = []
        for (index, picture) in drawn.pictures.enumerated() {
            guard let cut = try FilterPictureCrop.cropped(picture, of: logo) else { continue }
            zero.pictures.append(cut)
            kept.append(index)
        }
        zero = try FilterPictureGrid.aligned(zero, on: screen)

        let s0 = LottiePictureLadder.scale(of: screen)
        let scales = arts.joined().compactMap { $0.map(LottiePictureLadder.scale(of:)) }.filter { $0.isFinite && $0 > 0 }
        var region = Rect.null
        for picture in zero.pictures {
            region = region.union(LogoOutline.Picture.pixelRect(width: picture.width, height: picture.height).mapped(by: picture.toDocument).bounds)
        }
        if region.isEmpty { region = LottiePictureLadder.region(of: logo) }
        let (top, text) = try LottiePictureLadder.topScale(of: logo, over: region, wanted: max(scales.max() ?? s0, s0), budget: budget)
        let (wanted, zeroIndex) = LottiePictureLadder.levels(zero: s0, top: top, smallest: min(scales.min() ?? s0, s0))
        let asked = Self.used(levels: wanted, zeroIndex: zeroIndex, by: arts)

        // Each other level drawn once for every picture; a level the drawing cannot give (its
        // pictures do not correspond, or one paints nothing there) is left out.
        var levels: [Double] = []
        var columns: [[LogoOutline.Picture]] = []
        var zeroAt = 0
        for (index, level) in wanted.enumerated() where asked.contains(index) {
            if index == zeroIndex {
                zeroAt = levels.count
                levels.append(wanted[index])
                columns.append(zero.pictures)
                continue
            }
            guard let raw = try OutlineExtractor.pictures(of: logo, on: .scale(level), like: outline) else { continue }
            var column: [LogoOutline.Picture] = []
            for (number, index) in kept.enumerated() {
                guard var cut = try FilterPictureCrop.cropped(raw[index], of: logo) else { break }
                // The same clips, opacity and place in paint order as frame 0's.
                let frameZero = zero.pictures[number]
                cut.clips = frameZero.clips
                cut.opacity = frameZero.opacity
                column.append(cut)
            }
            // The scale the drawing reached (capped by the outline's picture budget; Cairo writes
            // the picture's matrix to a few decimals: within 0.1 %, the level asked for).
            var reached = column.first.map { 1 / abs($0.toDocument.a) } ?? level
            if abs(reached / level - 1) < 1e-3 { reached = level }
            guard column.count == kept.count, reached.isFinite,
                  levels.last.map({ reached < $0 * (1 - 1e-6) }) ?? true,
                  index > zeroIndex || reached > s0 * (1 + 1e-6) else { continue }
            levels.append(reached)
            columns.append(column)
        }
        // A level left out moves frames to another, which may leave one unshown: only those shown.
        let shown = Self.used(levels: levels, zeroIndex: zeroAt, by: arts)
        let shownLevels = levels.indices.filter { shown.contains($0) }
        let pictures = zero.pictures.indices.map { number in shownLevels.map { columns[$0][number] } }
        return LottieFilterLadder(
            outline: zero, levels: shownLevels.map { levels[$0] }, zeroIndex: shownLevels.firstIndex(of: zeroAt) ?? 0,
            pictures: pictures, topText: text(shownLevels.first.map { levels[$0] } ?? top))
    }

    /// The indices of `levels` some art shows (frame 0's always).
    private static func used(levels: [Double], zeroIndex: Int, by arts: [[Transform?]]) -> Set<Int> {
        var used: Set<Int> = [zeroIndex]
        for art in arts { used.formUnion(LottiePictureLadder.choices(transforms: art, levels: levels, zeroIndex: zeroIndex)) }
        return used
    }

    /// The image asset id of picture `number` at level `level`: frame 0's as a lone picture's
    /// (``LottieArtLayers/imageID(_:)``), others after it.
    func imageID(_ number: Int, level: Int) -> String {
        level == zeroIndex ? LottieArtLayers.imageID(number) : LottieArtLayers.imageID(number) + " at \(formatNumber(levels[level], decimals: 3)) px a unit"
    }

    /// Each picture's rungs for an art placed by `transforms[f]` at composition frame `f` (nil
    /// while hidden): the pictures it shows and their runs of frames.
    func rungs(for transforms: [Transform?]) -> [[LottieArtLayers.PictureRung]] {
        let chosen = LottiePictureLadder.choices(transforms: transforms, levels: levels, zeroIndex: zeroIndex)
        let runs = LottiePictureLadder.runs(of: chosen)
        return pictures.indices.map { number in
            runs.map { LottieArtLayers.PictureRung(picture: pictures[number][$0.level], imageID: imageID(number, level: $0.level), runs: $0.runs) }
        }
    }

    /// The sentence for the notes, after ``LogoOutline/pictureNote(of:)``.
    var note: String {
        let sizes = pictures.map { $0.map { $0.width * $0.height } }
        let zeroPixels = sizes.reduce(0) { $0 + $1[zeroIndex] }
        let topPixels = sizes.reduce(0) { $0 + ($1.first ?? 0) }
        return "Their results have sharp edges, which one picture drawn for frame 0 would blur as the logo grows: each goes in as a ladder of \(levels.count) PNGs "
            + "(frame 0's on the launch screen's pixel grid, \(zeroPixels) pixels in all, up to \(topPixels) pixels at \(topText)); each frame shows the one nearest above its size."
    }
}
