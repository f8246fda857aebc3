import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// A reveal animation as a file: the scene's look and a `Timeline` whose numbers may be
/// symbols computed for the chosen viewport. The presets (``RevealPreset``) are specs in this
/// same format, so `logo-mask reveal --preset twitter --print-spec` prints an editable file.
///
/// ```json
/// {
///   "name": "twitter",
///   "background": "#1D9BF0",
///   "veilColor": "#FFFFFF",
///   "hole": true,
///   "timeline": {
///     "holeScale": {"values": [1, 0.75, "finalScale"], "keyTimes": [0, 0.4, 1],
///                   "curves": ["easeInEaseOut", "easeOut"], "duration": 0.6, "fill": "forwards"},
///     "veilOpacity": {"from": 1, "to": 0, "duration": 0.2, "delay": 0.24, "curve": "easeInEaseOut"}
///   }
/// }
/// ```
///
/// Keys (all but `timeline` optional; misspelt keys are errors):
/// - `name`, `about`: for people.
/// - `background`: a colour (`"#RRGGBB"`, `"#RRGGBBAA"`, a CSS name), a gradient
///   `{"gradient": ["#FF6A5C", "#8A4DFF"], "start": {"x": 0, "y": 0}, "end": {"x": 1, "y": 1}}`
///   (start and end in fractions of the viewport), or `{"image": "splash.png"}` (a PNG, relative
///   to the spec's folder, scaled to fill). Default white.
/// - `veilColor`: the colour of the veil over the content (default white).
/// - `logoColor`: draw the logo in this one colour; absent: in its own colours.
/// - `hole`: true (default) for a logo-shaped hole through which the content shows; false for a
///   launch screen laid over the content (the move and fade presets).
///   With a hole, the logo drawn at `logoOpacity` closes the hole under it: the hole's coverage
///   is multiplied by `1 - logoOpacity`, so while the logo is opaque the frame is the launch
///   screen (background and logo) and the hole opens as the logo fades.
/// - `fadeLogoWithBackground`: without a hole, true makes `backgroundOpacity` fade the
///   background and the drawn logo as one layer (a plain fade); false (default) fades the
///   background alone, the logo staying drawn at `logoOpacity`.
/// - `timeline`: a `Timeline` in its JSON form, where any number may be written as one of
///   these strings, replaced before the timeline is read:
///   - `"finalScale"`: the cover scale computed for the viewport at the timeline's end
///     rotation, times `--margin` (or `--final-scale` when given);
///   - `"cornerAngle"`: `-atan(y / x)` radians, where (x, y) is the logo's position (the centre
///     of its launch frame) in points from the viewport's top-left corner, as seed 001 computes
///     it from `layer.position`: the logo turns towards the top-left corner;
///   - `"launchFrame"` and `"targetFrame"` (for `logoFrame`): the logo's launch rect and the
///     `--target` rect, in points.
public struct RevealSpec: Hashable, Sendable, Codable {
    /// A name for people.
    public var name: String
    /// What the animation is, for people.
    public var about: String?
    /// The splash background.
    public var background: RevealBackground
    /// The veil's colour (its opacity is the timeline's `veilOpacity`).
    public var veilColor: RGBAColor
    /// The drawn logo's colour; nil draws it in its own colours.
    public var logoColor: RGBAColor?
    /// True for a logo-shaped hole through the splash, false for a splash laid over the content.
    public var hole: Bool
    /// Without a hole: whether `backgroundOpacity` fades the drawn logo too (one layer).
    public var fadeLogoWithBackground: Bool
    /// The timeline as written, symbols included.
    public var timeline: SpecValue

    /// The symbols a timeline may use in place of numbers.
    public static let symbols = ["finalScale", "cornerAngle", "launchFrame", "targetFrame"]

    /// Creates a spec.
    public init(
        name: String, about: String? = nil, background: RevealBackground = .color(.white),
        veilColor: RGBAColor = .white, logoColor: RGBAColor? = nil, hole: Bool = true,
        fadeLogoWithBackground: Bool = false, timeline: SpecValue
    ) {
        self.name = name
        self.about = about
        self.background = background
        self.veilColor = veilColor
        self.logoColor = logoColor
        self.hole = hole
        self.fadeLogoWithBackground = fadeLogoWithBackground
        self.timeline = timeline
    }

    /// Reads a spec from JSON bytes; `file` names it in errors.
    ///
    /// - Throws: ``LogoMaskError/invalidRevealSpec(file:reason:)`` (exit status 64) naming the
    ///   file, the key path and what is wrong.
    public static func decode(_ data: Data, file: String) throws(LogoMaskError) -> RevealSpec {
        let spec: RevealSpec
        do {
            spec = try JSONDecoder().decode(RevealSpec.self, from: data)
        } catch let error as DecodingError {
            throw LogoMaskError.invalidRevealSpec(file: file, reason: describe(error))
        } catch {
            throw LogoMaskError.invalidRequest("\(file): not a usable reveal spec: \(SystemErrorText.describe(error)).")
        }
        // Read the timeline once with placeholder values so mistakes surface before any rendering.
        _ = try spec.resolveTimeline(symbols: RevealSymbols.placeholder, file: file)
        return spec
    }

    /// Reads a spec file.
    public static func load(path: String) throws(LogoMaskError) -> RevealSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LogoMaskError.unreadableInput(file: path, reason: "no such file, or not readable")
        }
        return try decode(data, file: path)
    }

    /// The spec as pretty-printed JSON with sorted keys (deterministic), ending in a newline.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The timeline with `symbols` substituted, read and validated.
    func resolveTimeline(symbols: RevealSymbols, file: String) throws(LogoMaskError) -> Timeline {
        let substituted = timeline.substituting(symbols.values)
        do {
            let data = try JSONEncoder().encode(substituted)
            return try JSONDecoder().decode(Timeline.self, from: data)
        } catch let error as DecodingError {
            var message = describe(error, prefix: "timeline")
            if let unknown = substituted.strings.first(where: { candidate in
                !TimingCurve.namedCurves.contains { $0.name == candidate } && FillMode(rawValue: candidate) == nil
                    && candidate != "easeInOut" && !Self.symbols.contains(candidate)
            }) {
                message += " (\"\(unknown)\" is not a symbol; use a number or one of \(Self.symbols.map { "\"\($0)\"" }.joined(separator: ", ")))"
            }
            throw LogoMaskError.invalidRequest("\(file): not a usable reveal spec: \(message).")
        } catch {
            throw LogoMaskError.invalidRequest("\(file): not a usable reveal spec: \(SystemErrorText.describe(error)).")
        }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, about, background, veilColor, logoColor, hole, fadeLogoWithBackground, timeline
    }

    /// Reads the JSON described above; unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        let present = try decoder.container(keyedBy: SpecKey.self).allKeys.map(\.stringValue)
        let allowed = Set(CodingKeys.allCases.map(\.rawValue))
        if let unknown = present.sorted().first(where: { !allowed.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [SpecKey(unknown)],
                debugDescription: "unknown key \"\(unknown)\"; the keys are \(allowed.sorted().joined(separator: ", "))"))
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? "custom"
        about = try c.decodeIfPresent(String.self, forKey: .about)
        background = try c.decodeIfPresent(RevealBackground.self, forKey: .background) ?? .color(.white)
        veilColor = try c.decodeIfPresent(HexColor.self, forKey: .veilColor)?.color ?? .white
        logoColor = try c.decodeIfPresent(HexColor.self, forKey: .logoColor)?.color
        hole = try c.decodeIfPresent(Bool.self, forKey: .hole) ?? true
        fadeLogoWithBackground = try c.decodeIfPresent(Bool.self, forKey: .fadeLogoWithBackground) ?? false
        timeline = try c.decode(SpecValue.self, forKey: .timeline)
        guard case .object = timeline else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [CodingKeys.timeline], debugDescription: "the timeline must be an object of tracks"))
        }
    }

    /// Writes every key (colours as hex strings).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(about, forKey: .about)
        try c.encode(background, forKey: .background)
        try c.encode(HexColor(veilColor), forKey: .veilColor)
        try c.encodeIfPresent(logoColor.map(HexColor.init), forKey: .logoColor)
        try c.encode(hole, forKey: .hole)
        try c.encode(fadeLogoWithBackground, forKey: .fadeLogoWithBackground)
        try c.encode(timeline, forKey: .timeline)
    }
}

/// The splash background behind (or around) the logo.
public enum RevealBackground: Hashable, Sendable, Codable {
    /// One colour.
    case color(RGBAColor)
    /// A linear gradient across the viewport: in JSON, its colours and either `start` and `end`
    /// in fractions of the viewport (0,0 top-left; 1,1 bottom-right) or a CSS `angle` in degrees.
    case gradient(LinearGradient)
    /// A PNG scaled to fill the viewport (aspect kept, centred); a path relative to the spec's folder.
    case image(String)

    private enum Keys: String, CodingKey { case gradient, start, end, angle, image }

    /// The background as one colour, as the launch screen and the generated code draw it: a
    /// gradient's first colour, white for a picture.
    public var flatColor: RGBAColor {
        switch self {
        case let .color(color): color
        case let .gradient(gradient): gradient.colors.first ?? .white
        case .image: .white
        }
    }

    /// Reads a colour string, `{"gradient": [...], "start": ..., "end": ...}` or `{"image": "..."}`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let color = RGBAColor(parsing: text) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "\"\(text)\" is not a colour (use #RRGGBB, #RRGGBBAA or a CSS name)"))
            }
            self = .color(color)
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        if let image = try c.decodeIfPresent(String.self, forKey: .image) {
            self = .image(image)
            return
        }
        guard let colors = try c.decodeIfPresent([HexColor].self, forKey: .gradient), !colors.isEmpty else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a background is a colour string, {\"gradient\": [colours], \"start\": {\"x\":0,\"y\":0}, \"end\": {\"x\":0,\"y\":1}} or {\"image\": \"file.png\"}"))
        }
        if let degrees = try c.decodeIfPresent(Double.self, forKey: .angle) {
            self = .gradient(LinearGradient(colors: colors.map(\.color), direction: .angle(degrees: degrees)))
            return
        }
        self = .gradient(LinearGradient(
            colors: colors.map(\.color),
            direction: .line(
                start: try c.decodeIfPresent(Point.self, forKey: .start) ?? Point(x: 0, y: 0),
                end: try c.decodeIfPresent(Point.self, forKey: .end) ?? Point(x: 0, y: 1))))
    }

    /// Writes the forms read by `init(from:)`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .color(color):
            var c = encoder.singleValueContainer()
            try c.encode(color.hexString)
        case let .gradient(gradient):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(gradient.colors.map(HexColor.init), forKey: .gradient)
            switch gradient.direction {
            case let .line(start, end):
                try c.encode(start, forKey: .start)
                try c.encode(end, forKey: .end)
            case let .angle(degrees):
                try c.encode(degrees, forKey: .angle)
            }
        case let .image(path):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(path, forKey: .image)
        }
    }
}

/// The values the spec's symbols stand for on one viewport.
struct RevealSymbols {
    var finalScale: Double
    var cornerAngle: Double
    var launchFrame: Rect
    var targetFrame: Rect

    /// Values used only to check a spec's shape.
    static let placeholder = RevealSymbols(
        finalScale: 10, cornerAngle: -1, launchFrame: Rect(x: 0, y: 0, width: 1, height: 1),
        targetFrame: Rect(x: 0, y: 0, width: 1, height: 1))

    var values: [String: SpecValue] {
        func rect(_ r: Rect) -> SpecValue {
            .object(["x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height)])
        }
        return [
            "finalScale": .number(finalScale), "cornerAngle": .number(cornerAngle),
            "launchFrame": rect(launchFrame), "targetFrame": rect(targetFrame),
        ]
    }
}

/// A colour written as a hex string in JSON.
struct HexColor: Codable, Hashable {
    var color: RGBAColor
    init(_ color: RGBAColor) { self.color = color }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = RGBAColor(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "\"\(text)\" is not a colour (use #RRGGBB, #RRGGBBAA or a CSS name)"))
        }
        self.color = color
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(color.hexString)
    }
}

private struct SpecKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A decoding error as one line: where (key path) and what.
private func describe(_ error: DecodingError, prefix: String? = nil) -> String {
    func path(_ keys: [any CodingKey]) -> String {
        let parts = (prefix.map { [$0] } ?? []) + keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return parts.isEmpty ? "the top level" : parts.joined(separator: ".").replacing(".[", with: "[")
    }
    switch error {
    case let .dataCorrupted(context):
        if context.codingPath.isEmpty, prefix == nil { return "the JSON is malformed (\(underlying(context)))" }
        return "at \(path(context.codingPath)): \(context.debugDescription)"
    case let .keyNotFound(key, context):
        return "at \(path(context.codingPath)): the key \"\(key.stringValue)\" is missing"
    case let .typeMismatch(type, context):
        return "at \(path(context.codingPath)): expected \(typeName(type))"
    case let .valueNotFound(type, context):
        return "at \(path(context.codingPath)): expected \(typeName(type)), found null"
    @unknown default:
        return "\(error)"
    }
}

private func underlying(_ context: DecodingError.Context) -> String {
    if let error = context.underlyingError {
        // JSONDecoder puts what is wrong with the text in a file error's debug description.
        if let cocoa = error as? CocoaError, let text = cocoa.userInfo["NSDebugDescription"] as? String { return text }
        return SystemErrorText.describe(error)
    }
    return context.debugDescription
}

private func typeName(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default: "\(type)"
    }
}
