/// A logo's PNG file as ``AssetWriter`` wrote it once, for the other platforms that ship the
/// same logo at the same size (``VectorLogo/launchPNGs``).
struct LaunchPNG: Sendable {
    /// The file's bytes.
    var bytes: [UInt8]
    /// Its size in pixels.
    var width: Int
    var height: Int
}
