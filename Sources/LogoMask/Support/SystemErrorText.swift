import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The words for an error from the file system or the C library, for messages that name a file
/// and say what went wrong. FoundationEssentials has no `localizedDescription`; its file errors
/// carry the POSIX error underneath, whose `strerror(3)` text is what the user needs to read.
package enum SystemErrorText {
    /// The text for `error`: the C library's words for a POSIX error (under a file error or on
    /// its own), the error's own description otherwise.
    package static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return describe(errno: posix.code.rawValue) }
        if let cocoa = error as? CocoaError {
            if let posix = cocoa.underlying as? POSIXError { return describe(errno: posix.code.rawValue) }
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return describe(errno: ENOENT)
            case .fileReadNoPermission, .fileWriteNoPermission: return describe(errno: EACCES)
            case .fileWriteOutOfSpace: return describe(errno: ENOSPC)
            case .fileWriteFileExists: return describe(errno: EEXIST)
            default: return "file error \(cocoa.code.rawValue)"
            }
        }
        if let localized = error as? any LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }

    /// The C library's words for an `errno` value, e.g. "No such file or directory".
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
