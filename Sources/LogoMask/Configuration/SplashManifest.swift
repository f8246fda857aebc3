import FoundationEssentials

/// `manifest.json` of a ``SplashGenerator`` folder: every file with its purpose, size and
/// SHA-256, and each platform's launch-file manifest (bounds, anchor, icon fit, cover scales).
public struct SplashManifest: Codable, Sendable, Equatable {
    /// The logo's file name.
    public var logo: String
    /// The reveal played: the preset's name or the spec's.
    public var reveal: String
    /// The devices of the stills and previews, the first being the Lottie's and web page's.
    public var devices: [String]
    /// Every file of the folder but this manifest, sorted by path.
    public var files: [AssetManifest.File]
    /// The launch files' manifest of each platform written (its paths are relative to the folder).
    public var launch: [String: AssetManifest]
    /// What was decided for the user, one sentence each.
    public var notes: [String]
}
