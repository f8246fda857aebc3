import FoundationEssentials
import LogoMask
import Synchronization

/// What the server shows: the last snapshot that could be made, the error that stops the files
/// from being previewed now, and the pages listening for changes. Reloads when a watched file
/// changes (polled every 200 ms).
final class PreviewSession: Sendable {
    /// The configuration file, or nil when the server previews a bare logo.
    let configurationPath: String?
    /// The logo of a bare-logo preview.
    let logoPath: String?
    /// The project folder: the configuration's (or the logo's) folder, the only one `/files/` serves.
    let root: String

    private struct State {
        var snapshot: PreviewSnapshot?
        var version = 0
        var revision = 0
        var error: String?
        var watched: [String] = []
        var fingerprints = FileFingerprints(paths: [])
        var listeners: [Int: AsyncStream<Int>.Continuation] = [:]
        /// The reveal pages made for this version, by screen.
        var pages: [Int: String] = [:]
        var nextListener = 0
    }

    private let state = Mutex(State())
    /// The launch pictures of earlier snapshots.
    private let pictures = PreviewPictureCache()

    init(configurationPath: String?, logoPath: String?) {
        self.configurationPath = configurationPath
        self.logoPath = logoPath
        let file = configurationPath ?? logoPath ?? "."
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        root = folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
    }

    /// The configuration as the files say now.
    private func configuration() throws(LogoMaskError) -> SplashConfiguration {
        if let configurationPath { return try SplashConfiguration.load(path: configurationPath) }
        var configuration = SplashConfiguration(logo: URL(fileURLWithPath: logoPath ?? "").lastPathComponent)
        configuration.baseFolder = root
        return configuration
    }

    /// Reads the files and makes a snapshot; on failure keeps the last one and records the error.
    /// Returns the error's text, nil when the preview is up to date.
    @discardableResult
    func reload() -> String? {
        let before = state.withLock { $0.watched }
        var watched = before
        var made: PreviewSnapshot?
        var failure: String?
        do throws(LogoMaskError) {
            let configuration = try configuration()
            watched = [configurationPath].compactMap { $0 } + configuration.inputFiles
            made = try PreviewSnapshot.make(configuration, cache: pictures)
        } catch {
            failure = error.description
            if watched.isEmpty { watched = [configurationPath ?? logoPath].compactMap { $0 } }
        }
        let fingerprints = FileFingerprints(paths: watched)
        let (revision, listeners) = state.withLock { state -> (Int, [AsyncStream<Int>.Continuation]) in
            state.revision += 1
            state.watched = watched
            state.fingerprints = fingerprints
            state.error = failure
            if let made {
                state.snapshot = made
                state.version += 1
                state.pages = [:]
            }
            return (state.revision, Array(state.listeners.values))
        }
        for listener in listeners { listener.yield(revision) }
        return failure
    }

    /// The watched files that changed since the last reload (empty when none).
    func changedFiles() -> [String] {
        let (paths, fingerprints) = state.withLock { ($0.watched, $0.fingerprints) }
        return fingerprints.changes(to: FileFingerprints(paths: paths))
    }

    /// `/state.json`.
    func stateJSON() -> [UInt8] {
        state.withLock { state in
            guard let snapshot = state.snapshot else {
                return PreviewSnapshot.empty.stateJSON(version: 0, revision: state.revision, error: state.error)
            }
            return snapshot.stateJSON(version: state.version, revision: state.revision, error: state.error)
        }
    }

    /// The reveal page of screen `index` in the current snapshot, made on the first request and
    /// kept until the next snapshot; the notes of the page join the screen's.
    func revealPage(_ index: Int) throws(LogoMaskError) -> String? {
        let (snapshot, version, made) = state.withLock { ($0.snapshot, $0.version, $0.pages[index]) }
        if let made { return made }
        guard let snapshot, let page = try snapshot.revealPage(index) else { return nil }
        state.withLock { state in
            guard state.version == version else { return }
            state.pages[index] = page.text
            for note in page.notes + page.approximations where !state.snapshot!.screens[index].notes.contains(note) {
                state.snapshot!.screens[index].notes.append(note)
            }
        }
        return page.text
    }

    /// A stream of revisions, one per reload, until the page goes away.
    func listen() -> AsyncStream<Int> {
        AsyncStream { continuation in
            let id = state.withLock { state in
                state.nextListener += 1
                state.listeners[state.nextListener] = continuation
                return state.nextListener
            }
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
            }
        }
    }
}
