import Foundation

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
        guard let handle = FileHandle(forReadingAtPath: path) else { return path.lowercased().hasSuffix(".png") }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: bytes.count)) ?? Data()
        return starts(head)
    }
}
