import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// One filter effect's result (a blur, a drop shadow: ``LogoOutline/Picture``) as the generated
/// code draws it: a PNG file of its own, placed in the shapes' space (points about the anchor at
/// launch scale) and drawn in paint order among the logo's vector shapes. Only what vectors
/// cannot carry is a picture; the rest of a filtered logo stays shapes in their paints.
///
/// Each picture is drawn again by the library (``OutlineExtractor/pictures(of:on:like:)``) as
/// sharp as the launch logo on a 3x screen (iOS) or at xxxhdpi (Android, 4 px a dp) needs at the
/// largest scale the reveal draws the logo, at most ``maxPagePixels`` for the document's longer
/// side; pictures drawn one right after the other (in the same groups and clips) are joined
/// (``FilterPictureMerge``), then each is cut to its painted pixels (``FilterPictureCrop``).
struct CodeFilterPicture {
    /// 1, 2, … in paint order: the file names' number.
    var number: Int
    /// How many of the model's shapes are drawn before it.
    var position: Int
    /// The PNG file's bytes.
    var png: [UInt8]
    var pixelWidth: Int
    var pixelHeight: Int
    /// Its rect in points about the anchor (the shapes' space, launch scale).
    var rect: Rect
    /// Its opacity: inside its groups when the code composites them, else all of it.
    var opacity: Double
    /// The clips of the groups around it, in points about the anchor, outermost first.
    var clips: [RevealCodeModel.Clip]
    /// The translucent groups around it the code composites (empty when the outline does not carry them).
    var groups: [LogoOutline.OpacityGroup]
    /// True for the dark logo's (dark mode's) pictures: files of their own.
    var dark = false

    /// The longest side, in pixels, a filter picture's page (the logo's document box) is drawn
    /// at: 2048 px, a 96-unit icon at 21 px a unit. Blurs and shadows are soft; past the launch
    /// logo's largest size they magnify smoothly.
    static let maxPagePixels = 2048.0

    /// The image set's name in the app's asset catalog.
    var iosName: String { "LogoReveal\(dark ? "Dark" : "")Filter\(number)" }
    /// The drawable's resource name (`res/drawable-nodpi/NAME.png`).
    var androidName: String { "logo_reveal_\(dark ? "dark_" : "")filter_\(number)" }

    /// The pixels a point the pictures are drawn at for `platform`'s densest launch logo: iOS
    /// 3x, Android xxxhdpi (4 px a dp).
    static func density(for platform: RevealCodePlatform) -> Double { platform == .ios ? 3 : 4 }

    /// `scene`'s filter pictures for `platform`, placed by `toPoints` (document units to points
    /// about the anchor, `k` points a unit); nil when the shapes and pictures cannot draw the logo
    /// (``LogoOutline/drawsWithPictures``), for a logo tinted one colour (the pictures keep their
    /// own colours), or when a picture is turned or skewed (the code draws axis-aligned
    /// rects): the whole logo is then one picture (``CodePicture``).
    static func pictures(
        scene: RevealScene, outline: LogoOutline, toPoints: Transform, pointsPerUnit k: Double, platform: RevealCodePlatform
    ) throws(LogoMaskError) -> [CodeFilterPicture]? {
        guard outline.drawsWithPictures, scene.spec.logoColor == nil else { return nil }
        let page = scene.logo.documentSize
        let wanted = density(for: platform) * largestPointsPerUnit(scene)
        let zoom = min(wanted, maxPagePixels / max(page.width, page.height, 1e-9))
        guard zoom.isFinite, zoom > 0,
              let drawn = try OutlineExtractor.pictures(of: scene.logo, on: .scale(zoom), like: outline)
        else { return nil }
        var withPictures = outline
        // The clips as the outline read them, as the shapes' are (the drawing at `zoom` reads them finer).
        withPictures.pictures = zip(drawn, outline.pictures).map { picture, read in
            var copy = picture
            copy.clips = read.clips
            return copy
        }
        // Those drawn one right after the other joined (page-sized, as drawn: each decoded once),
        // then cut to what they paint.
        withPictures.pictures = try FilterPictureMerge.merged(withPictures.pictures, carriesGroups: outline.carriesGroupOpacity)
        let cut = try FilterPictureCrop.cropped(withPictures, of: scene.logo).pictures
        var result: [CodeFilterPicture] = []
        for picture in cut {
            let t = picture.toDocument
            guard t.b == 0, t.c == 0, t.a > 0, t.d > 0 else { return nil }
            // The model leaves out shapes whose path is empty: count only those it keeps.
            let position = outline.shapes[0..<min(picture.position, outline.shapes.count)]
                .count { !$0.path.mapped(by: toPoints).isEmpty }
            let pixels = Rect(x: 0, y: 0, width: Double(picture.width), height: Double(picture.height))
            let grouped = outline.carriesGroupOpacity && !picture.groups.isEmpty
            result.append(CodeFilterPicture(
                number: result.count + 1, position: position, png: picture.png, pixelWidth: picture.width, pixelHeight: picture.height,
                rect: toPoints.apply(to: t.apply(to: pixels)), opacity: grouped ? picture.opacityInsideGroups : picture.opacity,
                clips: picture.clips.map {
                    RevealCodeModel.Clip(
                        pathData: $0.path.mapped(by: toPoints).svgPathData(decimals: RevealCodeModel.pathDecimals),
                        evenOdd: $0.fillRule == .evenOdd)
                },
                groups: grouped ? picture.groups : []))
        }
        return result.isEmpty ? nil : result
    }

    /// The dark logo's filter pictures for dark mode (its own files), drawn for `reveal` as the
    /// light logo's are and placed by `toPoints` (the dark logo's document units to points about
    /// the reveal's anchor); nil where its shapes and pictures do not draw it (``pictures(scene:outline:toPoints:pointsPerUnit:platform:)``).
    static func dark(
        _ darkLogo: VectorLogo, reveal: RevealScene, toPoints: Transform, platform: RevealCodePlatform
    ) throws(LogoMaskError) -> [CodeFilterPicture]? {
        let outline = try darkLogo.outline
        guard outline.drawsWithPictures, reveal.spec.logoColor == nil else { return nil }
        let scene = try CodePicture.darkScene(darkLogo, reveal: reveal)
        let k = (toPoints.a * toPoints.a + toPoints.b * toPoints.b).squareRoot()
        return try pictures(scene: scene, outline: outline, toPoints: toPoints, pointsPerUnit: k, platform: platform)?.map {
            var picture = $0
            picture.dark = true
            return picture
        }
    }

    /// The most points a document unit the reveal draws the logo at: the drawn logo's scale
    /// over its frames at 60 fps while it shows, else (a reveal that never draws it) the launch's.
    static func largestPointsPerUnit(_ scene: RevealScene) -> Double {
        var largest = 0.0
        for time in scene.frameTimes(fps: 60) {
            let state = scene.state(at: time)
            guard state.logoOpacity > 0 else { continue }
            let t = scene.drawnLogoTransformInPoints(state)
            largest = max(largest, (t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
        }
        return largest > 0 && largest.isFinite ? largest : scene.placement.pointsPerUnit
    }

    /// The sentence for the notes: which parts are pictures (the filtered elements of `logo`), their files, their scale.
    static func note(_ pictures: [CodeFilterPicture], of logo: VectorLogo, platform: RevealCodePlatform) -> String {
        let files = pictures.map { platform == .ios ? "\($0.iosName).imageset" : "res/drawable-nodpi/\($0.androidName).png" }
        let what = (pictures.first?.dark == true ? "Dark mode: " : "") + FilteredElements.sentence(of: logo, pictures: pictures.count)
        let density = platform == .ios ? "a 3x screen" : "xxxhdpi"
        return "\(what), drawn in paint order between its vector shapes (\(files.joined(separator: ", "))), as sharp as the "
            + "launch logo on \(density) needs at the largest scale the reveal draws it (the document's longer side at most "
            + "\(Int(maxPagePixels)) px); the rest of the logo is vectors, and the pictures' alpha is part of the hole."
    }

    /// The generated file's header paragraph on `pictures`, the light or the dark logo's (empty when
    /// there are none).
    static func header(_ pictures: [CodeFilterPicture], platform: RevealCodePlatform) -> String {
        guard let first = pictures.first, let last = pictures.last else { return "" }
        let range = pictures.count == 1 ? "" : " … "
        let copy = switch platform {
        case .ios: "drag the folders \(first.iosName)\(range)\(pictures.count == 1 ? "" : last.iosName).imageset written beside\n// this file into the app's Assets.xcassets"
        case .android: "copy res/drawable-nodpi/\(first.androidName)\(range)\(pictures.count == 1 ? "" : last.androidName).png written beside\n// this file into the app module's res/drawable-nodpi/"
        }
        let whose = first.dark ? "In dark mode the dark logo's" : "The logo's"
        return """

            //
            // \(whose) filter effects (blurs, shadows) are pictures drawn between its shapes: \(copy)
            // (\(pictures.count) PNG\(pictures.count == 1 ? "" : "s")).\(first.dark ? "" : " Their alpha is part of the hole.") Without them the shapes alone are drawn.
            """
    }

    /// The picture's file for `platform`, as ``CodePicture/resources(png:iosName:androidName:platform:what:)`` writes one.
    func resources(for platform: RevealCodePlatform) throws(LogoMaskError) -> [RevealCodeResource] {
        try CodePicture.resources(
            png: png, iosName: iosName, androidName: androidName, platform: platform,
            what: "Filter picture \(number) of the logo (a blur or shadow), which the reveal code draws between its shapes")
    }
}
