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

    /// The logo as shape items (see ``LottieShapes``).
    init(id: String, name: String, shapes: [LottieJSON], box: (origin: Point, width: Int, height: Int), endFrame: Int) {
        self.id = id
        origin = box.origin
        width = box.width
        height = box.height
        pictureSize = nil
        let layer = LottieLayers.layer(
            type: 4, index: 1, name: name, endFrame: endFrame,
            transform: LottieLayers.staticTransform(anchor: .zero, position: Point(x: -origin.x, y: -origin.y), scale: 1),
            extra: ["shapes": .array(shapes)])
        assets = [.object(["id": .string(id), "nm": .string(name), "layers": .array([layer])])]
    }

    /// The logo as an embedded picture of its ink box drawn at `pixelsPerUnit`.
    init(id: String, name: String, picture: LottiePicture, inkOrigin: Point, pixelsPerUnit: Double,
         box: (origin: Point, width: Int, height: Int), endFrame: Int) {
        self.id = id
        origin = box.origin
        width = box.width
        height = box.height
        pictureSize = (picture.width, picture.height)
        let imageID = id + " picture"
        let layer = LottieLayers.layer(
            type: 2, index: 1, name: name + " picture", endFrame: endFrame,
            transform: LottieLayers.staticTransform(
                anchor: .zero, position: Point(x: inkOrigin.x - origin.x, y: inkOrigin.y - origin.y),
                scale: 1 / pixelsPerUnit),
            extra: ["refId": .string(imageID)])
        assets = [
            .object(["id": .string(id), "nm": .string(name), "layers": .array([layer])]),
            picture.asset(id: imageID, name: name + " picture"),
        ]
    }
}
