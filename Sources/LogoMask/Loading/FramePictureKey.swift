/// What ``FilterPictureGrid/framePictures(of:outline:on:bias:soft:outlineClips:)`` makes its
/// pictures from, as the key of ``VectorLogo/framePictures``: the screen and bias, the two
/// choices, and the pictures it starts from (compared whole: the Lottie passes the outline's,
/// the web page its outline without containing clips).
struct FramePictureKey: Hashable, Sendable {
    /// The screen's transform and the bias (``ExactNumbers``).
    var screen: ExactNumbers
    /// The `soft` asked for: the value is then nil when a picture is sharp.
    var soft: Bool
    /// The pictures keep the clips the outline read.
    var outlineClips: Bool
    /// The outline's pictures as passed.
    var pictures: [LogoOutline.Picture]
}
