import FoundationEssentials
import LogoAnimation
import MaskGeometry

extension RevealExport {
    /// The reveal's overlay as a Lottie animation (Bodymovin 5.x JSON): the composition is the
    /// viewport in points at `options.fps`, the layers are what the reveal draws over the app.
    ///
    /// From the top: the logo drawn in colour (when the reveal draws it), the logo-shaped hole
    /// as an inverted alpha track matte (`td`/`tt`), the launch screen (background, caption)
    /// that the matte cuts, and the veil, seen only through the hole. Every property follows
    /// the scene's ``RevealScene/exportedTimeline``: the timing curves become the keyframes'
    /// easing handles, the final hole scale is the computed cover scale, and a jump is a hold
    /// keyframe. A marker names the moment the app removes the overlay; frame 0 is the launch
    /// screen. The app's content is not in the file (the overlay plays above the app); what the
    /// app does itself is ``RevealExportFile/handOff``.
    ///
    /// The logo is made of vector shapes from its ``LogoOutline`` when the outline is exact and
    /// the drawn logo's paints are flat; otherwise it goes in as embedded PNGs (frame 0's on the
    /// launch screen's pixel grid, then a ladder up to the largest scale the animation reaches,
    /// capped by ``RevealExportOptions/maxEmbeddedPixels``) and
    /// ``RevealExportFile/notes`` says so. The text is compact JSON with sorted keys: the
    /// same scene gives the same bytes.
    ///
    /// - Throws: ``LogoMaskError/invalidParameter(_:_:)`` for a frame rate outside 0...240 or an
    ///   empty picture budget, ``LogoMaskError/unreadableInput(file:reason:)`` for a background
    ///   picture that is not a readable PNG, and the outline's or the rasterizer's errors.
    public static func lottie(_ scene: RevealScene, options: RevealExportOptions) throws(LogoMaskError) -> RevealExportFile {
        let builder = try LottieRevealBuilder(scene: scene, options: options)
        let built = try builder.build()
        return RevealExportFile(
            format: .lottie, text: built.json.text, notes: built.notes,
            approximations: builder.timeline.approximations, embeddedPicture: built.picture,
            handOff: RevealAppHandOff(scene: scene))
    }
}
