import FoundationEssentials

/// A folder written aside (a hidden sibling) and renamed into place by ``commit()``; dropped
/// without commit, it is removed with everything in it. An existing target is replaced only at
/// commit, so a failed run leaves the previous folder as it was.
final class AtomicFolder {
    /// The folder the caller asked for.
    let targetPath: String
    /// Where files go until commit.
    let temporaryPath: String
    private var committed = false

    init(path: String) throws(LogoMaskError) {
        let parent = try TemporaryOutputs.checkTarget(path, as: .folder)
        targetPath = URL(fileURLWithPath: path).standardizedFileURL.path
        temporaryPath = TemporaryOutputs.siblingPath(for: targetPath)
        do {
            try FileManager.default.createDirectory(atPath: temporaryPath, withIntermediateDirectories: false)
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "cannot create a folder in \(parent)")
        }
        TemporaryOutputs.shared.register(temporaryPath)
    }

    deinit {
        if !committed {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            TemporaryOutputs.shared.unregister(temporaryPath)
        }
    }

    /// The temporary path of `relative` inside the folder, creating its parent folders.
    func path(_ relative: String) throws(LogoMaskError) -> String { try paths.path(relative) }

    /// The folder's paths, for threads writing into it at once (the folder itself, which
    /// commits or removes it, stays with its owner).
    var paths: Paths { Paths(targetPath: targetPath, temporaryPath: temporaryPath) }

    /// Where a folder's files go until commit, and the folder named in errors.
    struct Paths: Sendable {
        /// The folder the caller asked for.
        let targetPath: String
        /// Where files go until commit.
        let temporaryPath: String

        /// The temporary path of `relative` inside the folder, creating its parent folders.
        func path(_ relative: String) throws(LogoMaskError) -> String {
            let url = URL(fileURLWithPath: temporaryPath).appendingPathComponent(relative)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw LogoMaskError.cannotWriteOutput(file: targetPath, reason: "cannot create \(relative)'s folder")
            }
            return url.path
        }
    }

    /// Renames the folder into place, replacing an existing one.
    func commit() throws(LogoMaskError) {
        committed = true
        try TemporaryOutputs.moveIntoPlace(temporaryPath, to: targetPath)
    }
}
