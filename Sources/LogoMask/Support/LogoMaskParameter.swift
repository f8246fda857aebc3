/// A parameter of the library's API that a request can get wrong, named as the API names it.
///
/// Errors about one parameter (``LogoMaskError/invalidParameter(_:_:)``) and the hints in other
/// errors ("raise maxPixels") refer to parameters through this type, so a front end can show
/// its own names for them: ``LogoMaskError/message(naming:)`` takes the mapping (the command-line
/// tool maps ``maxPixels`` to `--max-pixels`); ``LogoMaskError/description`` uses ``description``.
public enum LogoMaskParameter: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``RenderSize/width(_:)``: an output width in pixels.
    case width
    /// ``RenderSize/height(_:)``: an output height in pixels.
    case height
    /// A scale: ``RenderSize/scale(_:)`` or `Placement.scale`.
    case scale
    /// ``RenderSize/dpi(_:)``: dots per inch.
    case dpi
    /// `Placement.logoWidth` (and ``AssetOptions/logoWidth``): the document box's width in points.
    case logoWidth
    /// `Placement.center`: where the document box's centre sits, in points.
    case center
    /// `Placement.anchor` or an ``Anchor``: the centre of scaling and rotation.
    case anchor
    /// `Placement.rotation`: the rotation about the anchor.
    case rotation
    /// The relative tolerance of ``CoverScale/compute(logo:placement:anchor:tolerance:deadline:)``.
    case tolerance
    /// ``LoadOptions/page``: the PDF page, counted from 1.
    case page
    /// ``LoadOptions/trustedInput``: lifts librsvg's XML safety limits.
    case trustedInput
    /// A pixel budget (``PixelBudget``, `maxPixels:` arguments).
    case maxPixels
    /// A ``Deadline``: the time the work may take.
    case deadline
    /// Frames per second of a frame sequence.
    case fps
    /// ``RevealSettings/duration``: the whole animation's length in seconds.
    case duration
    /// ``RevealSettings/margin``: the final scale is the cover scale times this.
    case margin
    /// ``RevealSettings/finalScale``: a final scale instead of the computed one.
    case finalScale
    /// ``RevealSettings/target``: the move preset's target rect.
    case target
    /// The still (frame 0 alone) output of ``RevealRenderer``.
    case still
    /// A ``HoleBackground``: the colour behind a hole.
    case background
    /// ``HoleBackground/image(path:)``: a PNG behind a hole.
    case backgroundImage
    /// ``ProjectInstaller``'s `force`: overwriting project files logo-mask did not write.
    case force

    /// The parameter's name in the library's API (its raw value).
    public var description: String { rawValue }
}
