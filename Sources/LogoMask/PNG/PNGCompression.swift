/// How hard the PNG writer compresses. Encoding dominates the time of every rasterizer we
/// measured, so the default favours speed; on logo art it is also the smallest of zlib's codings
/// after the same filters (LZ77 matches break the long zero runs filtered logo art is made of).
public enum PNGCompression: String, Sendable, CaseIterable, Codable {
    /// Run-length matches only (what zlib's `Z_RLE` finds), coded by `RunLengthDeflater`: the
    /// fastest by far, and on logo art about 0.9-1.0x rsvg-convert's files.
    case fast
    /// `fast`, or zlib level 6 where its LZ77 matches win (repeated shapes such as the letters of
    /// a wordmark), strip by strip: never larger than `fast`, several times slower.
    case balanced
    /// The same with zlib level 9: never larger than `balanced` in practice, slower again.
    case small

    /// zlib's level for the LZ77 coding tried beside the run-length one; nil for `fast`, which
    /// never runs zlib.
    var zlibLevel: Int32? {
        switch self {
        case .fast: nil
        case .balanced: 6
        case .small: 9
        }
    }
}
