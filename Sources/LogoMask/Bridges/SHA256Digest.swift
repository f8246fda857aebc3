// GLib's GChecksum (glib.h, through librsvg's headers): the SHA-256 of the files an asset run
// writes. GLib is loaded anyway to draw them; swift-crypto, which did this before, links
// Foundation into the tool (its modules import it), and Foundation costs every run 3 MB.
internal import CRsvg
import FoundationEssentials

/// SHA-256 digests.
enum SHA256Digest {
    /// The SHA-256 of `data` in lower-case hexadecimal (64 characters), as `sha256sum` prints it.
    static func hex(of data: Data) throws(LogoMaskError) -> String {
        try DrawingLibraries.require()
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
            throw LogoMaskError.toolUnavailable(tool: "GLib", reason: "it has no SHA-256")
        }
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { raw in
            var offset = 0
            repeat {  // gssize is signed: a chunk at a time, never a negative length
                let count = min(raw.count - offset, 1 << 30)
                g_checksum_update(checksum, raw.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: guchar.self) }, gssize(count))
                offset += count
            } while offset < raw.count
        }
        guard let text = g_checksum_get_string(checksum) else {
            throw LogoMaskError.toolUnavailable(tool: "GLib", reason: "its SHA-256 gave no digest")
        }
        return String(cString: text)
    }
}
