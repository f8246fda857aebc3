import FoundationEssentials
import MaskGeometry

/// The elements of an SVG logo drawn through a filter (`filter="url(#…)"`, or `filter:` in its
/// `style`): those whose results become pictures (``LogoOutline/pictures``) where vectors carry
/// the rest. Every export that embeds such pictures names them in its notes from here
/// (``sentence(of:pictures:)``), so a designer knows which parts of the artwork are pixels.
enum FilteredElements {
    /// Names written in a note at most; the rest are counted.
    static let namedAtMost = 6

    /// The names of `logo`'s filtered elements in document order: `#id`, else the tag and the
    /// nearest ancestor with an id (`<path> in #layer1`), else the tag and its number among the
    /// document's elements of that tag (`<use> no. 17`), a `<use>` with its target (`(of #z)`). Elements inside a
    /// clip path, mask, pattern, marker or filter are not drawn as such and are left out. Empty
    /// for a PDF, or an SVG the reader does not accept (SVGZ).
    static func names(of logo: VectorLogo) -> [String] {
        logo.filteredElementNames
    }

    /// The names of the filtered elements of the SVG text `source` (see ``names(of:)``), read
    /// once per logo (``VectorLogo/filteredElementNames``).
    static func names(inSVG source: Data) -> [String] {
        var names: [String] = []
        var open: [(tag: String, id: String?)] = []
        var counts: [String: Int] = [:]
        var hidden = 0
        let notDrawn: Set<String> = ["clipPath", "mask", "pattern", "marker", "filter"]
        let accepted = XMLElementReader.read(source) { event in
            switch event {
            case let .start(qualified, attributes):
                let tag = qualified.split(separator: ":").last.map(String.init) ?? qualified
                counts[tag, default: 0] += 1
                if notDrawn.contains(tag) { hidden += 1 }
                let id = attributes["id"].flatMap { $0.isEmpty ? nil : $0 }
                if hidden == 0, Self.isFiltered(attributes) {
                    if let id {
                        names.append("#" + id)
                    } else {
                        var name = "<\(tag)>"
                        if let ancestor = open.last(where: { $0.id != nil })?.id {
                            name += " in #" + ancestor
                        } else {
                            name += " no. \(counts[tag] ?? 1)"
                        }
                        if tag == "use", let target = attributes["xlink:href"] ?? attributes["href"], target.hasPrefix("#") {
                            name += " (of " + target + ")"
                        }
                        names.append(name)
                    }
                }
                open.append((tag, id))
            case .end:
                if let last = open.popLast(), notDrawn.contains(last.tag) { hidden -= 1 }
            }
        }
        return accepted ? names : []
    }

    /// True when the attributes give the element a filter other than `none`.
    private static func isFiltered(_ attributes: [String: String]) -> Bool {
        SVGPresentationProperty.value("filter", in: attributes)?.contains("url(") ?? false
    }

    /// `logo`'s filtered elements for a note: at most ``namedAtMost`` names, then how many more
    /// (`#a, #b and 3 more`); nil when none is known.
    static func list(of logo: VectorLogo) -> String? {
        let names = names(of: logo)
        guard !names.isEmpty else { return nil }
        var listed = names.prefix(namedAtMost).joined(separator: ", ")
        if names.count > namedAtMost { listed += " and \(names.count - namedAtMost) more" }
        return listed
    }

    /// The sentence (capitalised, without a full stop) the notes give for `pictures` filter
    /// pictures of `logo`: how many, and the filtered elements whose results they carry.
    static func sentence(of logo: VectorLogo, pictures: Int) -> String {
        let what = (pictures == 1 ? "One picture carries" : "\(pictures) pictures carry") + " its filter effects (blurs, shadows"
        return what + (list(of: logo).map { ": the results of the filters on " + $0 } ?? "") + ")"
    }
}
