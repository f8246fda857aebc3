import Glibc

/// Finding words in SVG text: libc's `memchr` and `memcmp` over contiguous bytes.
///
/// The text scans (what a document uses, where its tags are) run over the whole file before any
/// drawing. Written as Swift loops over indices they cost about 100x more in a debug build than in
/// release (a path of 100,001 segments, 3 MB: 15 s to render at 64 px instead of 0.5 s), which put
/// the test suite's CLI runs past their deadlines on a loaded machine; libc's scans cost the same
/// in both.
enum ByteSearch {
    /// The first index at or after `start` where `word` begins in `bytes`, nil when it does not.
    static func firstIndex(of word: UnsafeRawBufferPointer, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start >= 0, word.count > 0, let base = bytes.baseAddress, let wordBase = word.baseAddress else { return nil }
        let first = Int32(word[0]), last = bytes.count - word.count
        var from = start
        // memchr to each occurrence of the first byte, memcmp for the rest (glibc's memmem is
        // a GNU extension the Glibc module does not show).
        while from <= last, let hit = memchr(base + from, first, last - from + 1) {
            let index = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(hit + 1, wordBase + 1, word.count - 1) == 0 { return index }
            from = index + 1
        }
        return nil
    }

    /// The first index at or after `start` where `word` begins in `bytes`, nil when it does not.
    static func firstIndex(of word: StaticString, in bytes: [UInt8], from start: Int) -> Int? {
        word.withUTF8Buffer { word in
            bytes.withUnsafeBytes { firstIndex(of: UnsafeRawBufferPointer(word), in: $0, from: start) }
        }
    }

    /// The first index at or after `start` where `word` begins in `bytes`, nil when it does not.
    static func firstIndex(of word: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        word.withUnsafeBytes { firstIndex(of: $0, in: bytes, from: start) }
    }

    /// The first index at or after `start` where `word` begins in `bytes`, nil when it does not;
    /// indices are the slice's own (those of the array it was cut from).
    static func firstIndex(of word: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        bytes.withUnsafeBytes { firstIndex(of: word, in: $0, from: start - bytes.startIndex) }
            .map { $0 + bytes.startIndex }
    }

    /// True when `word` begins at `index` of `bytes`.
    static func matches(_ word: UnsafeRawBufferPointer, in bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        guard index >= 0, index + word.count <= bytes.count, let base = bytes.baseAddress else { return false }
        guard let wordBase = word.baseAddress else { return true }
        return memcmp(base + index, wordBase, word.count) == 0
    }

    /// True when `word` begins at `index` of `bytes`.
    static func matches(_ word: StaticString, in bytes: [UInt8], at index: Int) -> Bool {
        word.withUTF8Buffer { word in
            bytes.withUnsafeBytes { matches(UnsafeRawBufferPointer(word), in: $0, at: index) }
        }
    }
}
