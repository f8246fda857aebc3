import FoundationEssentials
import MaskGeometry

extension RevealCodeModel {
    /// Adds what the launch screen draws and dark mode needs: the iOS image set's pixel sizes
    /// (from ``LaunchScene/imagePixels(logo:logoWidth:scale:)``, so the code places the logo
    /// where the launch screen does), the dark background, and the dark logo's shapes and paints
    /// in the light logo's document box (as wide, centred on it: where its image set draws it).
    mutating func addLaunch(
        scene: RevealScene, darkBackground: RGBAColor?, darkLogo: VectorLogo?, approximations: Set<String>, platform: RevealCodePlatform
    ) throws(LogoMaskError) {
        var approximations = approximations
        let logo = scene.logo
        let width = logoSize.width
        launchImagePixels = try [1, 2, 3].map { (scale: Int) throws(LogoMaskError) in
            try LaunchScene.imagePixels(logo: logo, logoWidth: width, scale: scale)
        }
        self.darkBackground = darkBackground
        if let darkLogo {
            let light = logo.documentSize, dark = darkLogo.documentSize
            guard dark.isUsable else { throw LogoMaskError.noVisibleInk(file: darkLogo.name) }
            let s = light.width / dark.width
            let anchor = scene.placement.resolvedAnchor
            let k = scene.placement.pointsPerUnit
            let toPoints = Transform.translation(x: -dark.width / 2, y: -dark.height / 2)
                .concatenating(.scale(s))
                .concatenating(.translation(x: light.width / 2 - anchor.x, y: light.height / 2 - anchor.y))
                .concatenating(.scale(k))
            let darkOutline = try darkLogo.outline
            // A filtered dark logo: its shapes with its filter pictures between them, as the light one's.
            if let pictures = try CodeFilterPicture.dark(darkLogo, reveal: scene, toPoints: toPoints, platform: platform) {
                darkFilterPictures = pictures
                notes.append(CodeFilterPicture.note(pictures, of: darkLogo, platform: platform))
            } else {
                darkPicture = try CodePicture.dark(darkLogo, reveal: scene, toPoints: toPoints)
            }
            if let darkPicture { notes.append(darkPicture.note) }
            let painted = Self.paintedShapes(
                darkOutline, toPoints: toPoints, pointsPerUnit: k * s, tint: scene.spec.logoColor, approximations: &approximations)
            darkShapes = painted.shapes
            darkPaints = painted.paints
            darkAspect = dark.height / dark.width
            darkLaunchImagePixels = try [1, 2, 3].map { (scale: Int) throws(LogoMaskError) in
                try LaunchScene.imagePixels(logo: darkLogo, logoWidth: width, scale: scale)
            }
            if hole {
                notes.append("Dark mode: the hole keeps the light logo's shape (its cover scale is measured on it); the logo drawn over it is the dark logo.")
            }
        }
        notes += approximations.sorted()
    }

    /// The files the code reads beside it: the logo's picture, the background picture (not on
    /// Android with a launch screen, whose background is its colour).
    func resources(for platform: RevealCodePlatform, launch: Bool = false) throws(LogoMaskError) -> [RevealCodeResource] {
        var result = try picture?.resources(for: platform) ?? []
        result += try darkPicture?.resources(for: platform) ?? []
        for filter in filterPictures + darkFilterPictures { result += try filter.resources(for: platform) }
        if let backgroundPicture, !launch {
            result += try CodePicture.resources(
                png: backgroundPicture.png, iosName: CodePicture.backgroundIOSName, androidName: CodePicture.backgroundAndroidName,
                platform: platform, what: "The background picture the reveal code draws behind the logo, filling the window")
        }
        return result
    }
}
