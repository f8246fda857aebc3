import FoundationEssentials
import MaskGeometry

/// The parts of the generated Swift and Kotlin that draw a filtered logo's filter pictures
/// (``CodeFilterPicture``) between its shapes. Each is empty for a logo without them, so every
/// other logo's code stays as it was.
enum CodeFilterPictureWriter {
    private static func d(_ value: Double) -> String { CodeText.double(value) }

    /// A picture's numbers after its name: position, rect in points, pixel size, opacity.
    private static func numbers(_ p: CodeFilterPicture) -> [String] {
        ["\(p.position)", d(p.rect.x), d(p.rect.y), d(p.rect.width), d(p.rect.height), "\(p.pixelWidth)", "\(p.pixelHeight)", d(p.opacity)]
    }

    // MARK: - Swift

    /// RevealGeometry.swift's FilterPicture type and list, after the Picture typealias.
    static func swiftDeclarations(_ model: RevealCodeModel) -> String {
        guard model.hasFilterPictures else { return "" }
        let groups = model.hasGroups
        func list(_ pictures: [CodeFilterPicture]) -> String { pictures.map { p in
            let n = numbers(p)
            let clips = p.clips.isEmpty ? "" : ", clips: [" + p.clips.map {
                "Clip(pathData: \(CodeText.quoted($0.pathData)), evenOdd: \($0.evenOdd))"
            }.joined(separator: ", ") + "]"
            let groupList = p.groups.isEmpty ? "" : ", groups: [" + p.groups.map { "Group(id: \($0.id), opacity: \(d($0.opacity)))" }.joined(separator: ", ") + "]"
            return "        FilterPicture(name: \(CodeText.quoted(p.iosName)), position: \(n[0]), x: \(n[1]), y: \(n[2]), width: \(n[3]), height: \(n[4]), "
                + "pixelWidth: \(n[5]), pixelHeight: \(n[6]), opacity: \(n[7])\(clips)\(groupList)),\n"
        }.joined() }
        return """


                /// A filter effect's result (a blur, a shadow) as a picture, drawn in paint order among the
                /// shapes, after `shapes[0..<position]`: its image set's name (written beside this file), its
                /// rect in points about the anchor, its size in pixels, its opacity and its groups' clips.
                public struct FilterPicture: Sendable {
                    /// The image set's name in the app's asset catalog.
                    public let name: String
                    /// How many of `shapes` are drawn before it.
                    public let position: Int
                    /// Its rect in points about the anchor.
                    public let x: Double, y: Double, width: Double, height: Double
                    /// Its size in pixels.
                    public let pixelWidth: Int, pixelHeight: Int
                    /// The opacity it is drawn at (inside its groups), 0...1.
                    public let opacity: Double
                    /// The clips of the groups around it, outermost first; empty: none.
                    public var clips: [Clip] = []\(groups ? "\n        /// The translucent groups around it, outermost first (as a shape's).\n        public var groups: [Group] = []" : "")
                    /// Its clips\(groups ? " and groups" : "") on a shape without a path, for the functions that place a shape's layer.
                    public var asShape: Shape {
                        Shape(pathData: "", evenOdd: false, strokeWidth: 0, opacity: opacity, paint: .color([0, 0, 0]), clips: clips\(groups ? ", groups: groups" : ""))
                    }
                }

                /// The logo's filter pictures in paint order: the shapes draw the rest of the logo.
                public static let filterPictures: [FilterPicture] = [
            \(list(model.filterPictures))    ]

                /// The dark logo's filter pictures in paint order among darkShapes (dark mode).
                public static let darkFilterPictures: [FilterPicture] = [
            \(list(model.darkFilterPictures))    ]
            """
    }

    /// SplashReveal.swift's lines adding the filter pictures' alpha to the hole's mask.
    static let swiftMask = """

                        // The filter pictures' alpha (at their opacities) is the hole too.
                        for picture in RevealGeometry.filterPictures { if let layer = filterPictureLayer(picture) { mask.addSublayer(layer) } }
        """

    /// paintedLayers' parameter for the pictures.
    static let swiftParameter = ", pictures: [RevealGeometry.FilterPicture] = []"

    /// logoLayers' call of paintedLayers: each logo's pictures with its shapes.
    static let swiftLogoCall =
        "paintedLayers(darkShapes ?? RevealGeometry.shapes, pictures: darkShapes == nil ? RevealGeometry.filterPictures : RevealGeometry.darkFilterPictures)"

    /// paintedLayers' line before each shape and after the last: the pictures drawn there.
    static func swiftPlace(groups: Bool, after: Bool) -> String {
        let at = after ? "shapes.count" : "index"
        let call = groups ? "place(pictures, at: \(at), open: &open)" : "place(pictures, at: \(at), in: group)"
        return after ? "\n        \(call)" : "\n            \(call)"
    }

    /// The functions that draw the pictures.
    static func swiftFunctions(groups: Bool) -> String {
        let place = groups ? """
                /// Adds the pictures drawn after `shapes[0..<position]`, each in its innermost group's container.
                private static func place(_ pictures: [RevealGeometry.FilterPicture], at position: Int, open: inout [(id: Int, layer: CALayer)]) {
                    for picture in pictures where picture.position == position {
                        if let layer = filterPictureLayer(picture) { groupLayer(for: picture.asShape, open: &open).addSublayer(layer) }
                    }
                }
            """ : """
                /// Adds the pictures drawn after `shapes[0..<position]` to `group`, in order.
                private static func place(_ pictures: [RevealGeometry.FilterPicture], at position: Int, in group: CALayer) {
                    for picture in pictures where picture.position == position {
                        if let layer = filterPictureLayer(picture) { group.addSublayer(layer) }
                    }
                }
            """
        return """


            \(place)

                /// A filter picture at its rect about the anchor, at its opacity, inside its clips; nil when
                /// the app's asset catalog lacks its image set.
                private static func filterPictureLayer(_ picture: RevealGeometry.FilterPicture) -> CALayer? {
                    guard let image = UIImage(named: picture.name)?.cgImage else { return nil }
                    let layer = CALayer()
                    layer.contents = image
                    layer.contentsGravity = .resize
                    layer.frame = CGRect(x: picture.x, y: picture.y, width: picture.width, height: picture.height)
                    layer.opacity = Float(picture.opacity)
                    return clipped(layer, picture.asShape)
                }
            """
    }

    // MARK: - Kotlin

    /// RevealGeometry.kt's FilterPicture class and list, after darkPicture.
    static func kotlinDeclarations(_ model: RevealCodeModel, groups: Bool) -> String {
        guard model.hasFilterPictures else { return "" }
        func list(_ pictures: [CodeFilterPicture]) -> String { pictures.map { p in
            let clips = "listOf(" + p.clips.map { "Clip(\(CodeText.quoted($0.pathData)), \($0.evenOdd))" }.joined(separator: ", ") + ")"
            let groupList = groups ? ", listOf(" + p.groups.map { "Group(\($0.id), \(d($0.opacity)))" }.joined(separator: ", ") + ")" : ""
            return "        FilterPicture(\(CodeText.quoted(p.androidName)), \(numbers(p).joined(separator: ", ")), \(clips)\(groupList))"
        }.joined(separator: ",\n") + (pictures.isEmpty ? "" : "\n") }
        return """


                /**
                 * A filter effect's result (a blur, a shadow) as a picture, drawn in paint order among the
                 * shapes, after shapes[0 until position]: its drawable's name (res/drawable-nodpi, written
                 * beside this file), its rect in points about the anchor, its size in pixels, its opacity
                 * (inside its groups) and its groups' clips.
                 */
                class FilterPicture(
                    val name: String, val position: Int, val x: Double, val y: Double, val width: Double, val height: Double,
                    val pixelWidth: Int, val pixelHeight: Int, val opacity: Double, val clips: List<Clip> = emptyList()\(groups ? ",\n        val groups: List<Group> = emptyList()" : "")
                )

                /** The logo's filter pictures in paint order: the shapes draw the rest of the logo. */
                val filterPictures: List<FilterPicture> = listOf(
            \(list(model.filterPictures))    )

                /** The dark logo's filter pictures in paint order among darkShapes (night mode). */
                val darkFilterPictures: List<FilterPicture> = listOf(
            \(list(model.darkFilterPictures))    )
            """
    }

    /// RevealOverlay's fields for the pictures.
    static let kotlinFields = """

            // The light logo's filter pictures (RevealGeometry.filterPictures), drawn between its shapes; their alpha is the hole's too.
            private val filterBitmaps: List<Bitmap?> = RevealGeometry.filterPictures.map { loadBitmap(context, it.name) }
            private val filterRects: List<RectF> = RevealGeometry.filterPictures.map {
                RectF(it.x.toFloat(), it.y.toFloat(), (it.x + it.width).toFloat(), (it.y + it.height).toFloat())
            }
            private val filterClips: List<List<Path>> = RevealGeometry.filterPictures.map { filterClipPaths(it) }
            // The drawn logo's: the light logo's, or night mode's dark logo's (RevealGeometry.darkFilterPictures).
            private val logoFilterPictures = if (logoShapes === RevealGeometry.shapes) RevealGeometry.filterPictures else RevealGeometry.darkFilterPictures
            private val logoFilterBitmaps: List<Bitmap?> =
                if (logoShapes === RevealGeometry.shapes) filterBitmaps else logoFilterPictures.map { loadBitmap(context, it.name) }
            private val logoFilterRects: List<RectF> = if (logoShapes === RevealGeometry.shapes) filterRects else logoFilterPictures.map {
                RectF(it.x.toFloat(), it.y.toFloat(), (it.x + it.width).toFloat(), (it.y + it.height).toFloat())
            }
            private val logoFilterClips: List<List<Path>> =
                if (logoShapes === RevealGeometry.shapes) filterClips else logoFilterPictures.map { filterClipPaths(it) }
        """

    /// drawSilhouette's lines after the shapes: the pictures' alpha.
    static let kotlinSilhouette = """

                for ((index, picture) in RevealGeometry.filterPictures.withIndex()) {
                    drawFilterPicture(canvas, picture, filterBitmaps[index], filterRects[index], filterClips[index], 1.0, if (cut) null else paint.color, cut)
                }
        """

    /// drawLogo's line before each shape and after the last: the drawn logo's pictures there.
    static func kotlinPlace(after: Bool) -> String {
        after ? "\n        drawFilterPictures(canvas, logoPaths.size, shapeOpacity)" : "\n            drawFilterPictures(canvas, index, shapeOpacity)"
    }

    /// The functions that draw the pictures.
    static func kotlinFunctions(groups: Bool) -> String {
        """


            /** The drawn logo's filter pictures drawn after its shapes[0 until position], at [opacity] times their own. */
            private fun drawFilterPictures(canvas: Canvas, position: Int, opacity: Double) {
                for ((index, picture) in logoFilterPictures.withIndex()) {
                    if (picture.position != position) continue\(groups ? "\n            enterGroups(canvas, picture.groups)" : "")
                    drawFilterPicture(canvas, picture, logoFilterBitmaps[index], logoFilterRects[index], logoFilterClips[index], opacity, null)
                }
            }

            /**
             * A filter picture ([bitmap] over [rect]) at [opacity] times its own, inside its [clips]: in its
             * own colours, or (the hole) its alpha cut out when [cut], or filled with [tint].
             */
            private fun drawFilterPicture(
                canvas: Canvas, picture: RevealGeometry.FilterPicture, bitmap: Bitmap?, rect: RectF, clips: List<Path>, opacity: Double,
                tint: Int?, cut: Boolean = false
            ) {
                if (bitmap == null) return
                val drawPaint = if (cut) pictureCut else picturePaint
                drawPaint.alpha = channel(picture.opacity * opacity)
                picturePaint.colorFilter = tint?.let { PorterDuffColorFilter(it, PorterDuff.Mode.SRC_IN) }
                canvas.save()
                for (clip in clips) canvas.clipPath(clip)
                canvas.drawBitmap(bitmap, null, rect, drawPaint)
                canvas.restore()
                picturePaint.colorFilter = null
            }

            /** A filter picture's clips as paths. */
            private fun filterClipPaths(picture: RevealGeometry.FilterPicture): List<Path> = picture.clips.map { clip ->
                PathParser.createPathFromPathData(clip.pathData).also { if (clip.evenOdd) it.fillType = Path.FillType.EVEN_ODD }
            }
        """
    }
}
