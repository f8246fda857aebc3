import Foundation

/// A file written aside (a hidden temporary beside the target) and renamed over the target
/// only by ``commit()``; dropped without commit, it removes the temporary. A failed or
/// interrupted run therefore never leaves a half-written output.
final class AtomicFile {
    /// The path the caller asked for.
    let targetPath: String
    /// Where the bytes go until commit.
    let temporaryPath: String
    private let handle: FileHandle
    private var committed = false

    init(path: String) throws(LogoMaskError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "the folder \(folder) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "it is a folder")
        }
        self.targetPath = path
        self.temporaryPath = TemporaryOutputs.siblingPath(for: path)
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporaryPath)
        else {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "cannot create a file in \(folder)")
        }
        self.handle = handle
        TemporaryOutputs.shared.register(temporaryPath)
    }

    deinit {
        if !committed {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporaryPath)
            TemporaryOutputs.shared.unregister(temporaryPath)
        }
    }

    /// Appends bytes.
    func write(_ bytes: UnsafeRawBufferPointer) throws(LogoMaskError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        do {
            try handle.write(contentsOf: Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none))
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: targetPath, reason: error.localizedDescription)
        }
    }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws(LogoMaskError) {
        var failure: LogoMaskError?
        bytes.withUnsafeBytes { raw in
            do throws(LogoMaskError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Closes the temporary and renames it over the target.
    func commit() throws(LogoMaskError) {
        do {
            try handle.close()
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: targetPath, reason: error.localizedDescription)
        }
        // rename(2) replaces the target in one step: readers see the old file or the new one.
        guard rename(temporaryPath, targetPath) == 0 else {
            throw LogoMaskError.cannotWriteOutput(file: targetPath, reason: String(cString: strerror(errno)))
        }
        committed = true
        TemporaryOutputs.shared.unregister(temporaryPath)
    }
}

/// Every temporary output in progress, so that an interrupted process (SIGINT, SIGTERM) can
/// remove them before it exits. The command-line tool calls ``removeAll()`` from its signal handler.
public final class TemporaryOutputs: @unchecked Sendable {
    /// The process-wide registry.
    public static let shared = TemporaryOutputs()
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// Records a temporary path (file or folder) that is not yet committed.
    public func register(_ path: String) { lock.withLock { _ = paths.insert(path) } }

    /// Forgets a path that was committed or removed.
    public func unregister(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Removes every registered temporary (files and folders) and forgets them.
    public func removeAll() {
        let pending = lock.withLock { () -> Set<String> in
            defer { paths.removeAll() }
            return paths
        }
        for path in pending { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A hidden path beside `path` for its temporary: `.NAME.part-PID-N`.
    static func siblingPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let counter = shared.lock.withLock { () -> Int in
            shared.counter += 1
            return shared.counter
        }
        let name = ".\(url.lastPathComponent).part-\(ProcessInfo.processInfo.processIdentifier)-\(counter)"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    private var counter = 0
}

extension AtomicFile {
    /// Lets `produce` write a file at a temporary path beside `path` (by any means: Cairo's PDF and
    /// SVG surfaces write files themselves), then renames it into place; on failure removes it.
    static func produce(at path: String, _ produce: (String) throws(LogoMaskError) -> Void) throws(LogoMaskError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "the folder \(folder) does not exist")
        }
        let temporary = TemporaryOutputs.siblingPath(for: path)
        TemporaryOutputs.shared.register(temporary)
        defer { TemporaryOutputs.shared.unregister(temporary) }
        do {
            try produce(temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw LogoMaskError.cannotWriteOutput(file: path, reason: reason)
        }
    }
}
