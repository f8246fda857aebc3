import FoundationEssentials
import MaskGeometry

/// The Twitter profile header of source article 003 ("Implementing the Twitter iOS App UI"):
/// where the header, the avatar and the labels sit, in points, and the article's constants.
///
/// The article hard-codes three numbers (`offset_HeaderStop = 40`, `offset_B_LabelHeader = 95`,
/// `distance_W_LabelHeader = 35`); the defaults here are those, plus a storyboard-like scene
/// around them: a 375 pt wide screen, a 104 pt header (it sticks with 64 pt showing, the status
/// bar and a navigation bar), a 70 pt avatar whose top half overlaps the header, and a black name
/// label placed so that it touches the stuck header's bottom edge exactly at `labelOffset`,
/// which is what the article says the constant means.
///
/// JSON keys are the property names; every key is optional (a missing one keeps its default),
/// unknown keys are refused so a typo does not pass silently.
public struct ProfileHeaderLayout: Hashable, Sendable, Codable {
    /// Width of the screen (and of the header), points.
    public var screenWidth: Double = 375
    /// Height of the rendered preview, points (the part of the screen shown).
    public var viewportHeight: Double = 320
    /// The header's height at rest (`header.bounds.height`), points.
    public var headerHeight: Double = 104
    /// The scroll offset at which the header stops moving up and sticks (`offset_HeaderStop`).
    public var headerStop: Double = 40
    /// The avatar's frame at offset 0 on screen, points (it lives in the scroll content).
    public var avatarFrame: Rect = Rect(x: 10, y: 69, width: 70, height: 70)
    /// The article slows the avatar's shrinking down by this divisor (1.4).
    public var avatarSlowdown: Double = 1.4
    /// The offset at which the black name label reaches the stuck header (`offset_B_LabelHeader`).
    public var labelOffset: Double = 95
    /// How far the white label rises from the header's bottom edge to its place
    /// (`distance_W_LabelHeader`), points.
    public var labelDistance: Double = 35
    /// Font size of the white label in the header, points.
    public var whiteLabelFontSize: Double = 17
    /// Font size of the black name label in the content, points.
    public var nameFontSize: Double = 20
    /// The blur's `radius` argument in the article's `blurredImage(withRadius: 10, iterations: 20, ...)`.
    public var blurRadius: Double = 10
    /// The blur's `iterations` argument (box passes), 20 in the article.
    public var blurIterations: Int = 20

    /// The article's layout.
    public init() {}

    /// The offset at which the white label has risen all the way and the blur is complete.
    public var labelEndOffset: Double { labelOffset + labelDistance }

    /// The header's height that stays visible once it sticks.
    public var stuckHeaderHeight: Double { headerHeight - headerStop }

    /// Where the black name label's top sits in the scroll content (on screen at offset 0):
    /// chosen so that it meets the stuck header's bottom (`headerHeight - headerStop`) at `labelOffset`.
    public var nameLabelTop: Double { stuckHeaderHeight + labelOffset }

    /// The header's rectangle at rest, in its own coordinates (and on screen at offset 0).
    public var headerRect: Rect { Rect(x: 0, y: 0, width: screenWidth, height: headerHeight) }

    /// The equivalence of the article's iterated box blur with a Gaussian, for images of
    /// `pixelScale` pixels a point (`UIImage.scale`).
    public func blur(pixelScale: Double) -> BoxBlurEquivalence {
        BoxBlurEquivalence(radius: blurRadius, iterations: blurIterations, pixelScale: pixelScale)
    }

    /// Checks that every number is usable.
    ///
    /// - Throws: ``ProfileHeaderLayoutError`` naming the first field that is not.
    public func validate() throws(ProfileHeaderLayoutError) {
        func finite(_ value: Double, _ field: String) throws(ProfileHeaderLayoutError) {
            guard value.isFinite else { throw .invalid(field: field, value: value, reason: "must be a finite number") }
        }
        func positive(_ value: Double, _ field: String) throws(ProfileHeaderLayoutError) {
            guard value > 0, value.isFinite else { throw .invalid(field: field, value: value, reason: "must be a positive number") }
        }
        try positive(screenWidth, "screenWidth")
        try positive(viewportHeight, "viewportHeight")
        try positive(headerHeight, "headerHeight")
        try finite(headerStop, "headerStop")
        guard headerStop >= 0, headerStop <= headerHeight else {
            throw .invalid(field: "headerStop", value: headerStop, reason: "must lie in 0...headerHeight (\(formatNumber(headerHeight)))")
        }
        try finite(avatarFrame.x, "avatarFrame.x")
        try finite(avatarFrame.y, "avatarFrame.y")
        try positive(avatarFrame.width, "avatarFrame.width")
        try positive(avatarFrame.height, "avatarFrame.height")
        try positive(avatarSlowdown, "avatarSlowdown")
        let factor = headerStop / avatarFrame.height / avatarSlowdown
        guard factor < 1 else {
            throw .invalid(
                field: "avatarSlowdown", value: avatarSlowdown,
                reason: "the avatar would shrink to nothing (headerStop / avatarFrame.height / avatarSlowdown = \(formatNumber(factor)), must be below 1)")
        }
        try finite(labelOffset, "labelOffset")
        try positive(labelDistance, "labelDistance")
        try positive(whiteLabelFontSize, "whiteLabelFontSize")
        try positive(nameFontSize, "nameFontSize")
        try positive(blurRadius, "blurRadius")
        guard blurIterations >= 1, blurIterations <= 1000 else {
            throw .invalid(field: "blurIterations", value: Double(blurIterations), reason: "must be 1...1000")
        }
    }

    /// Reads a layout from JSON (missing keys keep the article's defaults) and validates it.
    ///
    /// - Throws: ``ProfileHeaderLayoutError`` for malformed JSON, unknown keys or unusable numbers.
    public static func decode(_ data: Data) throws(ProfileHeaderLayoutError) -> ProfileHeaderLayout {
        let layout: ProfileHeaderLayout
        do {
            layout = try JSONDecoder().decode(ProfileHeaderLayout.self, from: data)
        } catch let error as ProfileHeaderLayoutError {
            throw error
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.keyNotFound(_, context), let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .malformed(path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)")
        } catch {
            throw .malformed(String(describing: error))
        }
        try layout.validate()
        return layout
    }

    /// The layout as pretty-printed JSON with sorted keys (stable bytes).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case screenWidth, viewportHeight, headerHeight, headerStop, avatarFrame, avatarSlowdown
        case labelOffset, labelDistance, whiteLabelFontSize, nameFontSize, blurRadius, blurIterations
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the JSON keys that are present over the article's defaults; refuses unknown keys.
    public init(from decoder: any Decoder) throws {
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw ProfileHeaderLayoutError.unknownKey(unknown, known: CodingKeys.allCases.map(\.rawValue))
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        if let v = try c.decodeIfPresent(Double.self, forKey: .screenWidth) { screenWidth = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .viewportHeight) { viewportHeight = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .headerHeight) { headerHeight = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .headerStop) { headerStop = v }
        if let v = try c.decodeIfPresent(Rect.self, forKey: .avatarFrame) { avatarFrame = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .avatarSlowdown) { avatarSlowdown = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .labelOffset) { labelOffset = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .labelDistance) { labelDistance = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .whiteLabelFontSize) { whiteLabelFontSize = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .nameFontSize) { nameFontSize = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .blurRadius) { blurRadius = v }
        if let v = try c.decodeIfPresent(Int.self, forKey: .blurIterations) { blurIterations = v }
    }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(screenWidth, forKey: .screenWidth)
        try c.encode(viewportHeight, forKey: .viewportHeight)
        try c.encode(headerHeight, forKey: .headerHeight)
        try c.encode(headerStop, forKey: .headerStop)
        try c.encode(avatarFrame, forKey: .avatarFrame)
        try c.encode(avatarSlowdown, forKey: .avatarSlowdown)
        try c.encode(labelOffset, forKey: .labelOffset)
        try c.encode(labelDistance, forKey: .labelDistance)
        try c.encode(whiteLabelFontSize, forKey: .whiteLabelFontSize)
        try c.encode(nameFontSize, forKey: .nameFontSize)
        try c.encode(blurRadius, forKey: .blurRadius)
        try c.encode(blurIterations, forKey: .blurIterations)
    }
}

/// Why a profile-header layout cannot be used.
public enum ProfileHeaderLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A number that is out of its range (`field` is the JSON key).
    case invalid(field: String, value: Double, reason: String)
    /// A JSON key the layout does not have.
    case unknownKey(String, known: [String])
    /// The JSON could not be read as a layout.
    case malformed(String)

    /// A sentence naming the field and the fix.
    public var description: String {
        switch self {
        case let .invalid(field, value, reason):
            "layout: \(field) = \(formatNumber(value)) \(reason)."
        case let .unknownKey(key, known):
            "layout: unknown key \"\(key)\"; the keys are \(known.joined(separator: ", "))."
        case let .malformed(reason):
            "layout: not a usable layout JSON: \(reason)."
        }
    }
}
