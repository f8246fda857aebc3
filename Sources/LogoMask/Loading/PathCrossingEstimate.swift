import FoundationEssentials
import MaskGeometry

/// How many times the edges of the SVG's paths cross one another: what makes Cairo's fill slow.
///
/// Cairo's fill finds every crossing of a path's edges with itself (a Bentley-Ottmann sweep),
/// at several microseconds each: a path of 2,000 random segments crossing 427,000 times takes
/// rsvg-convert 2 to 4 s at 256 px, one of 20,000 segments (42 million crossings) four minutes,
/// while 200,000 segments that never cross take a quarter of a second. So the cost of drawing is
/// estimated from the crossings, counted before anything is drawn, straight from the path data.
///
/// Each path (`d`, and the `points` of polygons and polylines) is cut into 256 horizontal bands
/// over its own height; in each band, the segments that run through it from top to bottom are
/// ordered by where they enter and where they leave, and each pair whose order swaps crosses in
/// the band (counted as the inversions of one order against the other, n log n). Curves count as
/// their chords, transforms are ignored (an affine map keeps crossings), and crossings of segments
/// that start or end inside a band are missed, so the figure is a lower bound, exact enough to
/// tell a pathological path (hundreds of thousands of crossings) from a logo (tens at most).
enum PathCrossingEstimate {
    /// Crossings times the pixel rows the path is drawn over, the most a drawing may cost. Drawn
    /// in strips, each crossing-row costs 0.1 to 0.5 µs (measured on 2 cores: 84,000 crossings
    /// take 2.3 s at 256 rows, 40 s at 4096; 4,563 take 10.7 s at 4096 in a debug build), so
    /// this is 1 to 5 s a drawing. The 3,453 simple-icons count at most 177 crossings, 725,000
    /// at 4096 rows: 13 times under it (see the report of issue 17).
    static let budget = 10_000_000

    /// The crossings over which loading refuses an SVG (unless the input is trusted): the budget
    /// at 256 rows, since measuring the logo (librsvg's ink rectangle, the ink probe) fills it
    /// at about that size.
    static let limit = budget / 256

    /// The crossings always allowed, whatever the size: over five times the most of any real
    /// logo seen, so that a huge render of a real logo is slow (the pixels cost more) but never
    /// refused.
    static let floor = 1_000

    /// The crossings allowed for a drawing `rows` pixels high.
    static func limit(rows: Double) -> Int {
        rows <= 256 ? limit : max(floor, Int((Double(budget) / rows).rounded(.down)))
    }

    /// Bands each path is cut into.
    static let bands = 256

    /// The estimated crossings of all the paths in the SVG text `data`; counting stops as soon
    /// as the total passes `stoppingAbove` (the answer is then only known to be larger).
    static func crossings(inSVG data: Data, stoppingAbove cap: Int = limit) -> Int {
        guard !data.starts(with: [0x1F, 0x8B]) else { return 0 }  // SVGZ: not inspected
        var total = 0
        for path in pathData(in: [UInt8](data)) {
            total += crossings(of: SVGPathData.parse(path).path, stoppingAbove: cap - total)
            if total > cap { break }
        }
        return total
    }

    /// The values of `d` attributes, and of `points` attributes as move-and-line path data.
    static func pathData(in bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var i = 1
        let n = bytes.count
        while i < n {
            // ` d=` or ` points=` after white space, then a quoted value.
            var nameEnd = -1
            var isPoints = false
            if bytes[i] == UInt8(ascii: "d"), isSpace(bytes[i - 1]) {
                nameEnd = i + 1
            } else if bytes[i] == UInt8(ascii: "p"), isSpace(bytes[i - 1]), i + 6 <= n,
                      Array(bytes[i..<(i + 6)]) == Array("points".utf8) {
                nameEnd = i + 6
                isPoints = true
            }
            guard nameEnd > 0 else { i += 1; continue }
            var j = nameEnd
            while j < n, isSpace(bytes[j]) { j += 1 }
            guard j < n, bytes[j] == UInt8(ascii: "=") else { i += 1; continue }
            j += 1
            while j < n, isSpace(bytes[j]) { j += 1 }
            guard j < n, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { i += 1; continue }
            let quote = bytes[j]
            let start = j + 1
            var end = start
            while end < n, bytes[end] != quote { end += 1 }
            let value = String(decoding: bytes[start..<end], as: UTF8.self)
            result.append(isPoints ? "M" + value : value)
            i = end + 1
        }
        return result
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// One edge, top to bottom.
    private struct Edge {
        var top: Point
        var bottom: Point
        func x(at y: Double) -> Double { top.x + (bottom.x - top.x) * (y - top.y) / (bottom.y - top.y) }
    }

    /// The crossings of one path's edges (closing segments included), stopping above `cap`.
    static func crossings(of path: LogoOutline.Path, stoppingAbove cap: Int) -> Int {
        var edges: [Edge] = []
        var start = Point.zero, current = Point.zero
        func add(_ a: Point, _ b: Point) {
            guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
            edges.append(a.y < b.y ? Edge(top: a, bottom: b) : Edge(top: b, bottom: a))
        }
        var index = 0
        for verb in path.verbs {
            switch verb {
            case .move:
                add(current, start)
                start = path.points[index]; current = start; index += 1
            case .line:
                add(current, path.points[index]); current = path.points[index]; index += 1
            case .cubic:
                add(current, path.points[index + 2]); current = path.points[index + 2]; index += 3
            case .close:
                add(current, start); current = start
            }
        }
        add(current, start)
        guard edges.count > 1 else { return 0 }
        edges.sort { $0.top.y < $1.top.y }
        let minY = edges[0].top.y
        let maxY = edges.reduce(-Double.infinity) { max($0, $1.bottom.y) }
        let height = (maxY - minY) / Double(bands)
        guard height > 0, height.isFinite else { return 0 }
        var total = 0
        var active: [Edge] = []
        var next = 0
        var pairs: [(Double, Double)] = []
        var scratch: [Double] = []
        for band in 0..<bands {
            let y0 = minY + Double(band) * height, y1 = y0 + height
            while next < edges.count, edges[next].top.y <= y0 {
                active.append(edges[next]); next += 1
            }
            active.removeAll { $0.bottom.y < y1 }
            guard active.count > 1 else { continue }
            pairs.removeAll(keepingCapacity: true)
            for edge in active { pairs.append((edge.x(at: y0), edge.x(at: y1))) }
            pairs.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
            var exits = pairs.map(\.1)
            total += inversions(&exits, scratch: &scratch)
            if total > cap { return total }
        }
        return total
    }

    /// Pairs out of order in `values` (merge sort; `values` ends sorted).
    static func inversions(_ values: inout [Double], scratch: inout [Double]) -> Int {
        let n = values.count
        if scratch.count < n { scratch = [Double](repeating: 0, count: n) }
        var count = 0
        var width = 1
        while width < n {
            var low = 0
            while low < n - width {
                let middle = low + width, high = min(low + 2 * width, n)
                var i = low, j = middle, k = low
                while i < middle, j < high {
                    if values[i] <= values[j] { scratch[k] = values[i]; i += 1 } else {
                        scratch[k] = values[j]; j += 1; count += middle - i
                    }
                    k += 1
                }
                while i < middle { scratch[k] = values[i]; i += 1; k += 1 }
                while j < high { scratch[k] = values[j]; j += 1; k += 1 }
                for m in low..<high { values[m] = scratch[m] }
                low += 2 * width
            }
            width *= 2
        }
        return count
    }
}
