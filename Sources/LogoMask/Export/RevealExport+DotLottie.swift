import FoundationEssentials

extension RevealExport {
    /// The reveal as a dotLottie container (``DotLottieFile``): `scene` as the `light` animation
    /// and, when given, `dark` (the same reveal over the dark background, with the dark logo) as
    /// the `dark` one, each exactly as ``lottie(_:options:)`` makes it.
    ///
    /// - Throws: what ``lottie(_:options:)`` throws for either scene.
    public static func dotLottie(
        _ scene: RevealScene, dark: RevealScene? = nil, options: RevealExportOptions
    ) throws(LogoMaskError) -> DotLottieFile {
        try dotLottie(light: lottie(scene, options: options), dark: dark.map { (scene) throws(LogoMaskError) in try lottie(scene, options: options) })
    }

    /// A dotLottie container of Lottie files exported already: `light` as the `light` animation
    /// and, when given, `dark` as the `dark` one (a caller that wrote the `.json` too exports once).
    public static func dotLottie(light: RevealExportFile, dark: RevealExportFile?) throws(LogoMaskError) -> DotLottieFile {
        var animations = [DotLottieFile.Animation(id: DotLottieFile.lightID, export: light)]
        if let dark { animations.append(DotLottieFile.Animation(id: DotLottieFile.darkID, export: dark)) }
        return try DotLottieFile(animations: animations)
    }

    /// Writes `file`'s bytes to `path` atomically (nothing left behind on failure).
    ///
    /// - Throws: ``LogoMaskError/cannotWriteOutput(file:reason:)`` when the folder is not writable.
    public static func write(_ file: DotLottieFile, to path: String) throws(LogoMaskError) {
        let output = try AtomicFile(path: path)
        try output.write(file.bytes)
        try output.commit()
    }
}
