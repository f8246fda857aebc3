import FoundationEssentials
import MaskGeometry

/// The logo as a Lottie precomposition in *document units*: the outline's shapes, or an
/// embedded picture where the shapes cannot carry it. Layers that show the logo (the hole's
/// matte, the drawn logo) refer to it and place it with their own transform.
///
/// The precomposition's box (which players clip to) holds the logo's ink and paths with a
/// margin; its origin sits at ``origin`` in document units, so a document point `d` is at
/// `d - origin` inside it.
struct LottieLogoArt {
    /// The precomposition asset's id.
    let id: String
    /// Where the precomposition's (0, 0) lies, in document units.
    let origin: Point
    /// The precomposition's size in document units (whole numbers: Lottie's `w` and `h`).
    let width: Int
    /// The precomposition's height.
    let height: Int
    /// The precomposition asset and, for a picture, its image asset.
    let assets: [LottieJSON]
    /// The embedded picture's size in pixels, nil for shapes.
    let pictureSize: (width: Int, height: Int)?

    /// The box every art of `logo` uses: ink and path bounds grown by the widest stroke and
    /// one unit, rounded out to whole units.
    static func box(ink: Rect, outline: LogoOutline) -> (origin: Point, width: Int, height: Int) {
        var box = ink.isEmpty ? outline.bounds : ink
        let paths = outline.bounds
        if !paths.isEmpty, paths.minX.isFinite { box = box.union(paths) }
        let pen = outline.shapes.compactMap { $0.stroke?.documentWidth }.max() ?? 0
        let margin = pen / 2 + 1
        let x0 = (box.minX - margin).rounded(.down), y0 = (box.minY - margin).rounded(.down)
        let x1 = (box.maxX + margin).rounded(.up), y1 = (box.maxY + margin).rounded(.up)
        return (Point(x: x0, y: y0), Int(max(1, x1 - x0)), Int(max(1, y1 - y0)))
    }

    /// The logo as shapes (see ``LottieArtLayers``: its assets, the art's own first).
    init(layers: LottieArtLayers, id: String, box: (origin: Point, width: Int, height: Int)) {
        self.id = id
        origin = box.origin
        width = box.width
        height = box.height
        pictureSize = nil
        assets = layers.assets
    }

    /// The logo as a ladder of embedded pictures (``LottiePictureLadder``): one image layer per
    /// run of frames that shows a picture, its in and out points those frames.
    init(id: String, name: String, ladder: LottiePictureLadder, box: (origin: Point, width: Int, height: Int)) {
        self.id = id
        origin = box.origin
        width = box.width
        height = box.height
        let largest = ladder.rungs.max { $0.picture.width * $0.picture.height < $1.picture.width * $1.picture.height }
        pictureSize = largest.map { ($0.picture.width, $0.picture.height) }
        var layers: [LottieJSON] = []
        var images: [LottieJSON] = []
        for (number, rung) in ladder.rungs.enumerated() {
            let imageID = number == 0 ? id + " picture" : id + " picture \(number + 1)"
            images.append(rung.picture.asset(id: imageID, name: imageID))
            // Picture pixels back to the precomposition: undo the scale, then the translation.
            let t = rung.toPicture
            let position = Point(x: -t.tx / t.a - origin.x, y: -t.ty / t.d - origin.y)
            for run in rung.runs {
                let transform = LottieLayers.transform(
                    anchor: LottieShapes.constant(.numbers([0, 0])),
                    position: LottieShapes.constant(.array([.number(position.x, decimals: 6), .number(position.y, decimals: 6)])),
                    scale: LottieShapes.constant(.array([.number(100 / t.a, decimals: 8), .number(100 / t.d, decimals: 8)])),
                    rotation: LottieShapes.constant(.int(0)), opacity: LottieShapes.constant(.int(100)))
                layers.append(LottieLayers.layer(
                    type: 2, index: layers.count + 1, name: imageID, endFrame: run.upperBound, transform: transform,
                    extra: ["refId": .string(imageID), "ip": .int(run.lowerBound)]))
            }
        }
        assets = [.object(["id": .string(id), "nm": .string(name), "layers": .array(layers)])] + images
    }
}
