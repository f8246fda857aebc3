import FoundationEssentials

/// A dotLottie 2.0 container (`.lottie`): a ZIP holding `manifest.json` and the animations under
/// `a/`, as lottie-ios, lottie-android and the dotLottie players (dotlottie-web, dotlottie-rs)
/// open it.
///
/// The manifest follows the dotLottie 2.0 schema (dotlottie-js's `ManifestSchema`: `version` a
/// string, `generator`, `initial.animation`, `animations` with their ids):
///
/// ```json
/// {"animations":[{"id":"light"},{"id":"dark"}],"generator":"logo-mask","initial":{"animation":"light"},"version":"2"}
/// ```
///
/// The reveal's light animation is `a/light.json` and, when there is a dark appearance, its dark
/// one `a/dark.json`: two whole animations rather than a theme, since a dark reveal may draw
/// another logo as well as other colours (a 2.0 theme only recolours slots). The manifest
/// is the first entry and names `light` first and as the initial animation; in the ZIP the
/// initial animation is the *last* entry, because lottie-android's ZIP reader ignores the
/// manifest and keeps the last `.json` it reads. Each animation's bytes are exactly the `.json`
/// export's.
public struct DotLottieFile: Sendable, Hashable {
    /// One animation in the container.
    public struct Animation: Sendable, Hashable {
        /// Its id in the manifest (its file is `a/<id>.json`).
        public var id: String
        /// The exported reveal.
        public var export: RevealExportFile

        /// The animation `export` under `id`.
        public init(id: String, export: RevealExportFile) {
            self.id = id
            self.export = export
        }
    }

    /// The dotLottie version this container declares (a string, as 2.0 requires).
    public static let version = "2"
    /// The light animation's id (the initial one).
    public static let lightID = "light"
    /// The dark animation's id.
    public static let darkID = "dark"

    /// The animations, the initial one first.
    public let animations: [Animation]
    /// The text of `manifest.json`.
    public let manifest: String
    /// The container's bytes.
    public let bytes: [UInt8]

    /// A container of `animations` (the first is the initial one).
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for no animation or an id given twice.
    public init(animations: [Animation]) throws(LogoMaskError) {
        guard let first = animations.first else {
            throw LogoMaskError.invalidRequest("A .lottie container needs at least one animation.")
        }
        let manifestJSON = LottieJSON.object([
            "version": .string(Self.version),
            "generator": .string("logo-mask"),
            "initial": .object(["animation": .string(first.id)]),
            "animations": .array(animations.map { .object(["id": .string($0.id)]) }),
        ])
        var archive = ZIPArchive()
        try archive.add("manifest.json", bytes: Array(manifestJSON.text.utf8))
        // The initial animation last: lottie-android plays the last .json of the archive.
        for animation in animations.dropFirst() + [first] {
            try archive.add("a/\(animation.id).json", bytes: Array(animation.export.text.utf8))
        }
        self.animations = animations
        self.manifest = manifestJSON.text
        self.bytes = archive.bytes
    }
}
