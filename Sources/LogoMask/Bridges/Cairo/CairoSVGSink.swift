// Collects an SVG surface's document in memory, so that it can be made deterministic before it
// is written. Internal to the Cairo bridge.
import Glibc

/// Where an SVG surface's bytes go until ``CairoSurface/finish(what:)`` writes them to `path`.
final class CairoSVGSink {
    /// The file the document is written to.
    let path: String
    /// The document so far.
    var bytes: [UInt8] = []

    init(path: String) {
        self.path = path
    }

    /// The document with Cairo's surface ids numbered from 1 in the order they appear.
    ///
    /// Cairo names an SVG surface's groups `surfaceN` after a counter shared by every surface the
    /// process ever made, so the same hole written after other work (another command in
    /// `generate`, a second call in a library user's process) came out with other numbers.
    static func renumbered(_ document: [UInt8]) -> [UInt8] {
        let word = Array("surface".utf8)
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        var out: [UInt8] = []
        out.reserveCapacity(document.count)
        var i = 0
        while i < document.count {
            if document[i] == word[0], i + word.count < document.count,
               document[i..<(i + word.count)].elementsEqual(word) {
                var end = i + word.count
                while end < document.count, document[end] >= 0x30, document[end] <= 0x39 { end += 1 }
                if end > i + word.count {
                    let original = document[(i + word.count)..<end]
                    let number: Int
                    if let known = numbers[original] {
                        number = known
                    } else {
                        number = numbers.count + 1
                        numbers[original] = number
                    }
                    out += word
                    out += Array(String(number).utf8)
                    i = end
                    continue
                }
            }
            out.append(document[i])
            i += 1
        }
        return out
    }

    /// Writes the renumbered document to ``path``; the `errno` of the failure otherwise.
    func write() -> Int32? {
        let document = Self.renumbered(bytes)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return errno }
        let failure = document.withUnsafeBytes { raw in
            raw.baseAddress.map { FileDescriptorWriter.writeAll(fd, $0, count: raw.count) } ?? 0
        }
        let closed = close(fd)
        if failure != 0 { return failure }
        return closed == 0 ? nil : errno
    }
}
