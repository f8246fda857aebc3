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

    /// The document with Cairo's surface and image ids numbered from 1 in the order they appear
    /// (`surface1`, `surface2`…, `image1`…).
    ///
    /// Cairo names an SVG surface's groups `surfaceN` and its images `imageN` after counters
    /// shared by every surface the process ever made, so the same hole written after other work
    /// (another command in `generate`, a second call in a library user's process) came out with
    /// other numbers. Only a name right after `"` or `#` (an id or a reference) is renumbered:
    /// neither byte occurs in an embedded picture's base64, where the letters could occur too.
    static func renumbered(_ document: [UInt8]) -> [UInt8] {
        let words = [Array("surface".utf8), Array("image".utf8)]
        var numbers: [[ArraySlice<UInt8>: Int]] = Array(repeating: [:], count: words.count)
        var out: [UInt8] = []
        out.reserveCapacity(document.count)
        var i = 0
        scan: while i < document.count {
            let byte = document[i]
            out.append(byte)
            i += 1
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") else { continue }
            for (w, word) in words.enumerated()
            where i + word.count < document.count && document[i..<(i + word.count)].elementsEqual(word) {
                var end = i + word.count
                while end < document.count, document[end] >= 0x30, document[end] <= 0x39 { end += 1 }
                guard end > i + word.count else { continue }
                let original = document[(i + word.count)..<end]
                let number = numbers[w][original] ?? numbers[w].count + 1
                numbers[w][original] = number
                out += word
                out += Array(String(number).utf8)
                i = end
                continue scan
            }
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
