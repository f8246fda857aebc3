import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The eight bytes every PNG file starts with, and checks for them: how to tell a PNG from an
/// SVG or PDF by its content.
public enum PNGSignature {
    /// `89 50 4E 47 0D 0A 1A 0A`.
    public static let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when `data` starts with the signature.
    public static func starts(_ data: some Collection<UInt8>) -> Bool {
        data.starts(with: bytes)
    }

    /// True when the file at `path` starts with the signature. A file that cannot be opened
    /// counts as PNG when its name ends `.png`, so the PNG reader is the one that says why it
    /// cannot be read.
    public static func isPNGFile(atPath path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return path.lowercased().hasSuffix(".png") }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: bytes.count)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count == bytes.count && starts(head)
    }
}
