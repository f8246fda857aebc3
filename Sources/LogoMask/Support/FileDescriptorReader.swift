import Glibc

/// Reads from a file descriptor with read(2), carrying on after short reads and `EINTR`: a
/// logo from standard input or a file, the first bytes of a picture. What Foundation's
/// `FileHandle` did for them, without linking Foundation.
enum FileDescriptorReader {
    /// Up to `count` bytes from `fd`, fewer only at the end of the stream; the `errno` of the
    /// read that failed otherwise.
    static func read(_ fd: Int32, upTo count: Int) -> Result<[UInt8], ReadFailure> {
        // Uninitialized: a large `count` (a 1 MiB chunk for a 1 KiB logo) touches only the
        // pages read into, not the whole buffer, which zero-filling would make resident.
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 0)) { buffer, initialized in
            var got = 0
            while got < buffer.count {
                let read = Glibc.read(fd, buffer.baseAddress! + got, buffer.count - got)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if read == 0 { break }
                got += read
            }
            initialized = got
        }
        return failure == 0 ? .success(bytes) : .failure(ReadFailure(code: failure))
    }

    /// Opens `path` for reading (close-on-exec); nil when it cannot be opened.
    static func open(_ path: String) -> Int32? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// A failed read(2).
    struct ReadFailure: Error {
        /// Its `errno`.
        var code: Int32
        /// The system's words for it (strerror).
        var reason: String { SystemErrorText.describe(errno: code) }
    }
}
