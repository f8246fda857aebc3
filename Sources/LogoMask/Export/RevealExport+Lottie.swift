import Foundation
import LogoAnimation
import MaskGeometry

extension RevealExport {
    /// The reveal's overlay as a Lottie animation (Bodymovin 5.x JSON): the composition is the
    /// viewport in points at `options.fps`, the layers are what the reveal draws over the app.
    ///
    /// - Throws: ``LogoMaskError`` when the logo's outline cannot be read or the scene cannot be
    ///   expressed.
    public static func lottie(_ scene: RevealScene, options: RevealExportOptions) throws(LogoMaskError) -> RevealExportFile {
        throw LogoMaskError.invalidRequest("Lottie export is not built yet.")
    }
}
