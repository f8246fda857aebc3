import FoundationEssentials
import MaskGeometry

/// What `logo-mask info` reports, as a value (encodes to the documented JSON).
///
/// JSON keys: `file`, `format` (`svg` or `pdf`), `page`, `pageCount`, `unitsPerInch`,
/// `documentSize` {`width`, `height`}, `viewBox` {`x`, `y`, `width`, `height`} or null,
/// `inkBounds` and `logicalBounds` (rectangles in document units, null when nothing paints),
/// `usesFilterEffects`, `element` {`id`, `inkBounds`, `logicalBounds`} when an id was asked, and
/// `warnings` (``VectorLogo/warnings``) only when there are some.
public struct LogoInfo: Codable, Sendable, Equatable {
    /// One element's bounds, in document coordinates.
    public struct Element: Codable, Sendable, Equatable {
        /// The element's id.
        public var id: String
        /// Its ink rectangle as placed in the document.
        public var inkBounds: Rect?
        /// Its logical rectangle as placed in the document.
        public var logicalBounds: Rect?
    }

    /// The path or name of the logo.
    public var file: String
    /// `svg` or `pdf`.
    public var format: LogoFormat
    /// The page used (1 for SVG).
    public var page: Int
    /// Pages in the document (1 for SVG).
    public var pageCount: Int
    /// Document units per inch (96 SVG, 72 PDF).
    public var unitsPerInch: Double
    /// The document box's size.
    public var documentSize: Size
    /// The SVG viewBox, if any.
    public var viewBox: Rect?
    /// Ink bounds (librsvg's ink rectangle), null when nothing paints (``VectorLogo/paintsNothing``:
    /// also when the rectangle holds only invisible shapes).
    public var inkBounds: Rect?
    /// Logical bounds, null when there is no geometry.
    public var logicalBounds: Rect?
    /// True when the SVG uses filter effects.
    public var usesFilterEffects: Bool
    /// The element asked for, if any.
    public var element: Element?
    /// What the loader did that the file did not quite ask for (``VectorLogo/warnings``), nil
    /// when nothing.
    public var warnings: [String]?

    private enum CodingKeys: String, CodingKey {
        case file, format, page, pageCount, unitsPerInch, documentSize, viewBox, inkBounds, logicalBounds
        case usesFilterEffects, element, warnings
    }

    /// Writes every documented key; the rectangles and `viewBox` as null when absent (so a
    /// reader sees "no ink" rather than a missing key).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(format, forKey: .format)
        try container.encode(page, forKey: .page)
        try container.encode(pageCount, forKey: .pageCount)
        try container.encode(unitsPerInch, forKey: .unitsPerInch)
        try container.encode(documentSize, forKey: .documentSize)
        try container.encode(viewBox, forKey: .viewBox)
        try container.encode(inkBounds, forKey: .inkBounds)
        try container.encode(logicalBounds, forKey: .logicalBounds)
        try container.encode(usesFilterEffects, forKey: .usesFilterEffects)
        try container.encodeIfPresent(element, forKey: .element)
        try container.encodeIfPresent(warnings, forKey: .warnings)
    }

    /// Pretty, key-sorted JSON (deterministic).
    public func jsonString() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }
}

extension VectorLogo {
    /// The facts `info` reports, with one element's bounds when `elementID` is given.
    public func info(elementID: String? = nil) throws(LogoMaskError) -> LogoInfo {
        var element: LogoInfo.Element?
        if let elementID {
            let bounds = try bounds(ofElement: elementID)
            element = LogoInfo.Element(id: elementID, inkBounds: bounds.ink.nonEmpty, logicalBounds: bounds.logical.nonEmpty)
        }
        return LogoInfo(
            file: name, format: format, page: options.page, pageCount: pageCount, unitsPerInch: unitsPerInch,
            documentSize: documentSize, viewBox: viewBox, inkBounds: paintsNothing ? nil : inkBounds.nonEmpty,
            logicalBounds: logicalBounds.nonEmpty, usesFilterEffects: usesFilterEffects, element: element,
            warnings: warnings.isEmpty ? nil : warnings)
    }
}

extension Rect {
    /// Self, or nil when empty (JSON has no infinity).
    var nonEmpty: Rect? { isEmpty ? nil : self }
}
