import FoundationEssentials
import MaskGeometry

/// The logo as a picture for the generated code, where its outline cannot carry it (filters,
/// images, masks, text…): the PNG the Lottie embeds for the same reveal (``LottieArtChoice``:
/// its ink box drawn by the library's raster path at the largest scale the reveal shows it,
/// capped by ``RevealExportOptions/maxEmbeddedPixels``), cut to the document box as the launch
/// image is, and where it sits among the shapes.
///
/// The whole logo is the picture, not only the elements that need it: the outline does not
/// say which elements a filter or mask covers, so vectors beside the picture could not keep the
/// paint order.
struct CodePicture {
    /// The PNG file's bytes (the same for the same logo and reveal).
    var png: [UInt8]
    /// The picture's size in pixels.
    var pixelWidth: Int
    var pixelHeight: Int
    /// The picture's rect in points about the anchor (the shapes' space, launch scale).
    var rect: Rect
    /// How its scale was chosen and why it is there, for the notes.
    var scaleText: String
    var reasons: [LogoOutline.InexactReason]
    /// True for the dark logo's picture (dark mode, night mode).
    var dark: Bool

    /// The image set's name in the app's asset catalog (`UIImage(named:)`).
    static let iosName = "LogoReveal"
    /// The drawable's resource name (`res/drawable-nodpi/logo_reveal.png`).
    static let androidName = "logo_reveal"
    /// The dark logo's image set and drawable.
    static let darkIOSName = "LogoRevealDark"
    static let darkAndroidName = "logo_reveal_dark"

    /// This picture's image set name.
    var iosName: String { dark ? Self.darkIOSName : Self.iosName }
    /// This picture's drawable name.
    var androidName: String { dark ? Self.darkAndroidName : Self.androidName }

    /// The picture of `scene`'s logo, placed by `toPoints` (document units to points about the
    /// anchor); `dark`: the scene's logo is the dark logo.
    init(scene: RevealScene, toPoints: Transform, reasons: [LogoOutline.InexactReason], dark: Bool = false) throws(LogoMaskError) {
        // Cut to the document box: the launch image (and so frame 0) shows nothing outside it.
        let box = Rect(x: 0, y: 0, width: scene.logo.documentSize.width, height: scene.logo.documentSize.height)
        let picture = try LottieArtChoice.picture(scene: scene, options: RevealExportOptions(), within: box)
        png = try picture.image.pngData()
        pixelWidth = picture.image.width
        pixelHeight = picture.image.height
        let ink = Rect(
            x: picture.inkOrigin.x, y: picture.inkOrigin.y,
            width: Double(pixelWidth) / picture.pixelsPerUnit, height: Double(pixelHeight) / picture.pixelsPerUnit)
        rect = toPoints.apply(to: ink)
        scaleText = picture.scaleText
        self.reasons = reasons
        self.dark = dark
    }

    /// The dark logo's picture where its outline cannot carry it, nil where it can: `darkLogo`
    /// drawn by `reveal`'s spec and settings (its final scale), placed by
    /// `toPoints` (the dark logo's document units to points about the reveal's anchor).
    static func dark(_ darkLogo: VectorLogo, reveal: RevealScene, toPoints: Transform) throws(LogoMaskError) -> CodePicture? {
        let outline = try darkLogo.outline
        guard !outline.drawsAsVectors else { return nil }
        return try CodePicture(scene: try darkScene(darkLogo, reveal: reveal), toPoints: toPoints, reasons: outline.inexactReasons, dark: true)
    }

    /// `darkLogo` in `reveal`'s spec and settings (its final scale), for the scale of the dark
    /// logo's pictures (this whole one, or its filter pictures: ``CodeFilterPicture/dark(_:reveal:toPoints:platform:)``).
    static func darkScene(_ darkLogo: VectorLogo, reveal: RevealScene) throws(LogoMaskError) -> RevealScene {
        var settings = reveal.settings
        settings.finalScale = reveal.finalScale
        // A given anchor: the picture's scale needs the hole's scale, not a cover search.
        settings.anchor = .point(Point(x: darkLogo.documentSize.width / 2, y: darkLogo.documentSize.height / 2))
        return try RevealScene(logo: darkLogo, spec: reveal.spec, settings: settings)
    }

    /// The sentence for the notes: what is drawn from the picture, where its file goes.
    var note: String {
        (dark ? "Dark mode: the dark logo is drawn from a " : "The logo is drawn from a ") + "\(pixelWidth)x\(pixelHeight) PNG of its ink box (\(scaleText)) written beside the code, "
            + "because its outline is not exact (\(reasons.map(\.description).joined(separator: ", "))): the whole logo is the "
            + "picture (the outline does not tell which elements need it), and the hole is the picture's alpha."
    }

    /// The generated file's header paragraphs on `light` and `dark` (the logo's and the dark
    /// logo's pictures, where there are any), saying where `platform`'s app takes them.
    static func header(light: CodePicture?, dark: CodePicture?, platform: RevealCodePlatform) -> String {
        func copy(_ picture: CodePicture) -> String {
            switch platform {
            case .ios: "drag the folder \(picture.iosName).imageset written beside this file into the\n// app's Assets.xcassets"
            case .android: "copy res/drawable-nodpi/\(picture.androidName).png written beside this file into the\n// app module's res/drawable-nodpi/"
            }
        }
        let scaling = platform == .ios ? "single scale" : "never scaled by density"
        var text = ""
        if let light {
            text += """

                //
                // This logo's outline is not exact (\(light.reasons.map(\.description).joined(separator: ", "))), so the logo is
                // drawn from a picture: \(copy(light)) (one \(light.pixelWidth)x\(light.pixelHeight) PNG, \(scaling), sized
                // for the largest the reveal shows it). Its alpha is also the hole. Without it the shapes are drawn.
                """
        }
        if let dark {
            text += """

                //
                // The dark logo's outline is not exact (\(dark.reasons.map(\.description).joined(separator: ", "))), so dark mode
                // draws it from a picture: \(copy(dark)) too (one \(dark.pixelWidth)x\(dark.pixelHeight) PNG). Without it the dark
                // logo's shapes are drawn.
                """
        }
        return text
    }

    /// The files to add to the app: iOS an image set to drop into the asset catalog, Android a
    /// drawable that is never scaled by density.
    func resources(for platform: RevealCodePlatform) throws(LogoMaskError) -> [RevealCodeResource] {
        try Self.resources(
            png: png, iosName: iosName, androidName: androidName, platform: platform,
            what: dark ? "The dark logo's picture the reveal code draws in dark mode (its outline is not exact)"
                : "The logo's picture the reveal code draws (its outline is not exact)")
    }

    /// A PNG as the app takes it: iOS a single-scale image set `iosName.imageset` (drag it into
    /// Assets.xcassets), Android `res/drawable-nodpi/androidName.png`; `what` starts the purpose.
    static func resources(
        png: [UInt8], iosName: String, androidName: String, platform: RevealCodePlatform, what: String
    ) throws(LogoMaskError) -> [RevealCodeResource] {
        switch platform {
        case .ios:
            let contents = try AssetCatalog.encode(AssetCatalog.imageSet([AssetCatalog.Image(filename: "\(iosName).png")]))
            let purpose = "\(what): drag the folder \(iosName).imageset into the app's Assets.xcassets."
            return [
                RevealCodeResource(path: "\(iosName).imageset/Contents.json", bytes: Array(contents), purpose: purpose),
                RevealCodeResource(path: "\(iosName).imageset/\(iosName).png", bytes: png, purpose: purpose),
            ]
        case .android:
            let path = "res/drawable-nodpi/\(androidName).png"
            return [RevealCodeResource(path: path, bytes: png, purpose: "\(what): copy it into the app module's \(path).")]
        }
    }

    /// The background picture's image set name and drawable name.
    static let backgroundIOSName = "LogoRevealBackground"
    static let backgroundAndroidName = "logo_reveal_background"

    /// A spec's background picture (read as the frames read it) as a PNG, with its pixel size.
    static func backgroundPicture(_ scene: RevealScene, path: String) throws(LogoMaskError) -> (png: [UInt8], width: Int, height: Int) {
        let image = try RasterImage(contentsOfPicture: RevealLayers.backgroundPicturePath(scene, path: path))
        return (try image.pngData(), image.width, image.height)
    }
}
