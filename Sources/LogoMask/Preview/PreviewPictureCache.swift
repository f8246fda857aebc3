import FoundationEssentials
import Synchronization

/// The launch pictures a preview server has drawn, by launch screen and logo bytes: a change of
/// the anchor, the duration or the spec leaves every launch screen as it was, and the server
/// shows the new state without drawing and encoding them again (in a debug build the PNG
/// encoding is most of a snapshot's time).
public final class PreviewPictureCache: Sendable {
    private struct Key: Hashable {
        var launch: LaunchScene
        var logo: Data
    }

    private let pictures = Mutex<[Key: String]>([:])

    /// An empty cache.
    public init() {}

    /// The picture of `launch` with `logo`, drawn by `draw` the first time.
    func picture(launch: LaunchScene, logo: VectorLogo, draw: () throws(LogoMaskError) -> String) throws(LogoMaskError) -> String {
        let key = Key(launch: launch, logo: logo.source)
        if let known = pictures.withLock({ $0[key] }) { return known }
        let drawn = try draw()
        pictures.withLock { pictures in
            // Only the pictures of the current files matter: keep the cache small.
            if pictures.count > 64 { pictures.removeAll() }
            pictures[key] = drawn
        }
        return drawn
    }
}
