import Foundation
import LogoAnimation
import MaskGeometry

extension RevealExport {
    /// The reveal as one self-contained HTML page: the overlay in inline SVG over the app content
    /// (the scene's content picture, else the placeholder screen), animated from the timeline.
    ///
    /// - Throws: ``LogoMaskError`` when the logo's outline cannot be read or the scene cannot be
    ///   expressed.
    public static func webPage(_ scene: RevealScene, options: RevealExportOptions) throws(LogoMaskError) -> RevealExportFile {
        throw LogoMaskError.invalidRequest("web page export is not built yet.")
    }
}
