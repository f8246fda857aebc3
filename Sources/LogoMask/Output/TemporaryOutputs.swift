import FoundationEssentials
import Glibc
import Synchronization

/// Every temporary output in progress, so that an interrupted process (SIGINT, SIGTERM) can
/// remove them before it exits. The command-line tool calls ``removeAll()`` from its signal handler.
public final class TemporaryOutputs: Sendable {
    /// The process-wide registry.
    public static let shared = TemporaryOutputs()
    /// The registered paths, and the counter that numbers new temporaries.
    private let state = Mutex<(paths: Set<String>, counter: Int)>(([], 0))

    /// Records a temporary path (file or folder) that is not yet committed.
    public func register(_ path: String) {
        state.withLock { _ = $0.paths.insert(path) }
        CrashGuardTemporaries.add(path)  // the crash guard's handler cannot take the lock
    }

    /// Forgets a path that was committed or removed.
    public func unregister(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
        CrashGuardTemporaries.remove(path)
    }

    /// Removes every registered temporary (files and folders) and forgets them.
    public func removeAll() {
        let pending = state.withLock { state -> Set<String> in
            defer { state.paths.removeAll() }
            return state.paths
        }
        CrashGuardTemporaries.clear()
        for path in pending { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Removes a registered temporary (file or folder) and forgets it.
    func discard(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        unregister(path)
    }

    /// Renames the registered temporary `temporary` (a file or a folder) over `target` and forgets
    /// it: the one rename-into-place of every output. rename(2) replaces a file in one step
    /// (readers see the old file or the new one); an existing folder is first renamed aside,
    /// put back if the rename fails, and removed after it succeeds. On failure the temporary is
    /// removed.
    static func moveIntoPlace(_ temporary: String, to target: String) throws(LogoMaskError) {
        defer { shared.unregister(temporary) }
        var isFolder = false
        var old: String?
        if FileManager.default.fileExists(atPath: temporary, isDirectory: &isFolder), isFolder,
           FileManager.default.fileExists(atPath: target) {
            let aside = siblingPath(for: target) + ".old"
            guard rename(target, aside) == 0 else {
                let reason = SystemErrorText.describe(errno: errno)
                try? FileManager.default.removeItem(atPath: temporary)
                throw LogoMaskError.cannotWriteOutput(file: target, reason: reason)
            }
            old = aside
        }
        guard rename(temporary, target) == 0 else {
            let reason = SystemErrorText.describe(errno: errno)
            if let old { _ = rename(old, target) }
            try? FileManager.default.removeItem(atPath: temporary)
            throw LogoMaskError.cannotWriteOutput(file: target, reason: reason)
        }
        if let old { try? FileManager.default.removeItem(atPath: old) }
    }

    /// What an output path is to become, for ``checkTarget(_:as:)``.
    enum TargetKind { case file, folder }

    /// The checks every output makes before it writes aside: the folder that is to hold `path`
    /// exists, and `path` is not already the other kind of thing (a folder where a file goes, a
    /// file where a folder goes). Returns that folder.
    @discardableResult
    static func checkTarget(_ path: String, as kind: TargetKind) throws(LogoMaskError) -> String {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder else {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "the folder \(parent) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            switch kind {
            case .file where isFolder:
                throw LogoMaskError.cannotWriteOutput(file: path, reason: "it is a folder")
            case .folder where !isFolder:
                throw LogoMaskError.cannotWriteOutput(file: path, reason: "it is a file, and this output is a folder")
            default: break
            }
        }
        return parent
    }

    /// A hidden path beside `path` for its temporary: `.NAME.part-PID-N`.
    static func siblingPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let counter = shared.state.withLock { state -> Int in
            state.counter += 1
            return state.counter
        }
        let name = siblingNamePrefix(for: path, process: ProcessInfo.processInfo.processIdentifier) + "\(counter)"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The file name every temporary `process` makes for `path` starts with: `.NAME.part-PID-`
    /// (a batch's supervisor finds what a killed worker left by it).
    static func siblingNamePrefix(for path: String, process: Int32) -> String {
        ".\(URL(fileURLWithPath: path).lastPathComponent).part-\(process)-"
    }
}
