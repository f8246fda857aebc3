/// Deflate's tables for match lengths and code lengths (RFC 1951, 3.2.5 and 3.2.7).
enum DeflateLengths {
    /// Smallest length of each of the 29 length codes (257...285).
    static let base: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// Extra bits of each length code.
    static let extraBits: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// For a match of `length`, the index (0...28) of its length code, at `length - 3`.
    /// 258 has its own code (285), never code 284 with all extra bits set.
    static let symbolIndex: [UInt8] = (3...258).map { length in
        if length == 258 { return 28 }
        return UInt8(base.lastIndex { Int($0) <= length } ?? 0)
    }
    /// The order in which a dynamic block lists the code-length code's lengths.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
