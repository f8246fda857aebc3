import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writes every byte of a buffer to a file descriptor, carrying on after short writes and
/// `EINTR`: the frames piped to ffmpeg, and the job and answer lines between a batch's
/// supervisor and its workers.
package enum FileDescriptorWriter {
    /// Writes the `count` bytes at `bytes` to `fd`; 0 when all were written, otherwise the
    /// `errno` of the write that failed (`EPIPE` when the reader is gone).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, count: Int) -> Int32 {
        var offset = 0
        while offset < count {
            let written = Glibc.write(fd, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// Writes every byte of `data` to `fd`; false when a write failed (the other side is gone).
    @discardableResult
    package static func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            return writeAll(fd, base, count: raw.count) == 0
        }
    }
}
