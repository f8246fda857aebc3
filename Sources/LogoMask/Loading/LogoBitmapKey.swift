import MaskGeometry

/// A drawing of a whole logo into a bitmap (``LogoPicture``), as the key of
/// ``VectorLogo/pictureBitmaps``: its size, the transform from document units to its pixels and
/// the tint it is painted in.
struct LogoBitmapKey: Hashable, Sendable {
    /// Pixels across and down.
    var width: Int
    var height: Int
    /// Document units to the bitmap's pixels (``ExactNumbers``).
    var transform: ExactNumbers
    /// The colour the logo is painted in, nil for its own.
    var tint: RGBAColor?
}
