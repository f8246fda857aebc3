import Glibc

/// Reads from a file descriptor with read(2), carrying on after short reads and `EINTR`: a
/// logo from standard input or a file, the first bytes of a picture. What Foundation's
/// `FileHandle` did for them, without linking Foundation.
enum FileDescriptorReader {
    /// Up to `count` bytes from `fd`, fewer only at the end of the stream; the `errno` of the
    /// read that failed otherwise.
    static func read(_ fd: Int32, upTo count: Int) -> Result<[UInt8], ReadFailure> {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, count - got) }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(code: errno))
            }
            if read == 0 { break }
            got += read
        }
        bytes.removeLast(count - got)
        return .success(bytes)
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
        var reason: String { String(cString: strerror(code)) }
    }
}
