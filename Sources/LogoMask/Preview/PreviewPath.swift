import FoundationEssentials
import Glibc

/// The preview server's one rule for files it serves: a request path names a file inside the
/// project folder, or nothing. `..` components are refused whether written plainly or
/// percent-encoded (`%2e%2e`, `%2f`), and so is a path that leaves the folder through a
/// symbolic link (both are resolved with `realpath` before the comparison).
public enum PreviewPath {
    /// The file under `root` that `requestPath` (as sent, percent-encoded; relative to the
    /// route's prefix) names; nil when it is outside `root`, holds `..`, a NUL or a bad escape, or
    /// does not exist.
    public static func resolve(_ requestPath: String, under root: String) -> String? {
        guard let decoded = percentDecoded(requestPath), !decoded.contains("\0") else { return nil }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        guard let base = realPath(root), let target = realPath(base + "/" + parts.joined(separator: "/")) else { return nil }
        return target.hasPrefix(base.hasSuffix("/") ? base : base + "/") ? target : nil
    }

    /// `%XX` escapes decoded (as UTF-8); nil for a broken escape or text that is not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            input = input.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
