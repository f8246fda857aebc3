import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A file written aside (a hidden temporary beside the target) and renamed over the target
/// only by ``commit()``; dropped without commit, it removes the temporary. A failed or
/// interrupted run therefore never leaves a half-written output.
final class AtomicFile {
    /// The path the caller asked for.
    let targetPath: String
    /// Where the bytes go until commit.
    let temporaryPath: String
    /// The temporary's descriptor, open for writing until commit or drop (-1 once closed).
    private var descriptor: Int32
    private var committed = false

    init(path: String) throws(LogoMaskError) {
        let folder = try TemporaryOutputs.checkTarget(path, as: .file)
        self.targetPath = path
        self.temporaryPath = TemporaryOutputs.siblingPath(for: path)
        // open(2) itself, not FileManager.createFile: that one writes the empty file atomically
        // (a second temporary and a rename), a third of a small batch render's file-system work.
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "cannot create a file in \(folder)")
        }
        self.descriptor = fd
        TemporaryOutputs.shared.register(temporaryPath)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            TemporaryOutputs.shared.unregister(temporaryPath)
        }
    }

    /// Appends bytes.
    func write(_ bytes: UnsafeRawBufferPointer) throws(LogoMaskError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let failure = FileDescriptorWriter.writeAll(descriptor, base, count: bytes.count)
        guard failure == 0 else {
            throw LogoMaskError.cannotWriteOutput(file: targetPath, reason: SystemErrorText.describe(errno: failure))
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
        let closed = close(descriptor)
        let failure = errno
        descriptor = -1
        // close(2) reports a delayed write error (NFS, a full disk); EINTR still closed the file.
        guard closed == 0 || failure == EINTR else {
            throw LogoMaskError.cannotWriteOutput(file: targetPath, reason: SystemErrorText.describe(errno: failure))
        }
        committed = true
        try TemporaryOutputs.moveIntoPlace(temporaryPath, to: targetPath)
    }
}

extension AtomicFile {
    /// Lets `produce` write a file at a temporary path beside `path` (by any means: Cairo's PDF and
    /// SVG surfaces write files themselves), then renames it into place; on failure removes it.
    static func produce(at path: String, _ produce: (String) throws(LogoMaskError) -> Void) throws(LogoMaskError) {
        let folder = try TemporaryOutputs.checkTarget(path, as: .file)
        let temporary = TemporaryOutputs.siblingPath(for: path)
        // Made empty here so that a folder we cannot write to is named as the target's problem
        // (status 73), not as the drawing library's failure to open a file we chose.
        guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "cannot create a file in \(folder)")
        }
        TemporaryOutputs.shared.register(temporary)
        do {
            try produce(temporary)
        } catch {
            TemporaryOutputs.shared.discard(temporary)
            throw error
        }
        try TemporaryOutputs.moveIntoPlace(temporary, to: path)
    }
}
