import FoundationEssentials
import MaskGeometry

/// The `d` of every `<path>` of an SVG made only of paths in user space, in document order: the
/// source of the outline's exact points (``SVGPathData``) when they agree with Cairo's read-back.
enum PlainSVGPaths {
    /// The `d` of every `<path>` of an SVG whose drawing is nothing but paths in user space:
    /// only `svg`, `g`, `path`, `title`, `desc`, `metadata` elements, no `transform` or `style`
    /// element anywhere, a viewBox (if any) of `0 0 width height` for `documentSize`. Nil for
    /// anything else (the outline read back from Cairo is used as it is).
    static func paths(ofSVG data: Data, documentSize: Size) -> [String]? {
        guard data.firstRange(of: "transform".utf8) == nil else { return nil }
        var reader = DocumentReader(documentSize: documentSize)
        guard XMLElementReader.read(data, { reader.take($0) }), reader.acceptable, reader.sawRoot else { return nil }
        return reader.paths
    }

    private struct DocumentReader {
        let documentSize: Size
        var paths: [String] = []
        var acceptable = true
        var sawRoot = false
        private var ignoredDepth = 0

        init(documentSize: Size) { self.documentSize = documentSize }

        mutating func take(_ event: XMLElementReader.Event) {
            switch event {
            case .start(let name, let attributes): start(name, attributes)
            case .end: if ignoredDepth > 0 { ignoredDepth -= 1 }
            }
        }

        private mutating func start(_ name: String, _ attributes: [String: String]) {
            if ignoredDepth > 0 { ignoredDepth += 1; return }
            switch name {
            case "svg":
                if sawRoot { acceptable = false; return }
                sawRoot = true
                if let box = attributes["viewBox"] {
                    let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
                    guard numbers.count == 4, numbers[0] == 0, numbers[1] == 0,
                          numbers[2] == documentSize.width, numbers[3] == documentSize.height else { acceptable = false; return }
                }
            case "g":
                break
            case "path":
                paths.append(attributes["d"] ?? "")
            case "title", "desc", "metadata":
                ignoredDepth = 1
            default:
                acceptable = false
            }
        }
    }
}
