import FoundationEssentials

/// Every way the library can fail, each with a message that names the file, what is wrong
/// and what to do about it.
///
/// The command-line tool maps each case to a BSD `sysexits.h` status through ``exitStatus``.
/// Messages speak of parameters by their names in the API (``LogoMaskParameter``); a front end
/// shows its own names for them through ``message(naming:)``.
public enum LogoMaskError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An input could not be read: the logo, a picture or a list missing, a folder, without
    /// permission, or a picture that cannot be decoded (`EX_NOINPUT`, 66).
    case unreadableInput(file: String, reason: String)
    /// The bytes are not an SVG or PDF that can be drawn (`EX_DATAERR`, 65). Mirrors librsvg's
    /// and poppler's `GError` messages and Cairo's `CAIRO_STATUS_*` during loading.
    case notALogo(file: String, reason: String)
    /// librsvg refused the document at one of its XML safety limits: nesting deeper than 256,
    /// entity expansion or a huge text node (`EX_DATAERR`, 65). ``LoadOptions/trustedInput``
    /// lifts them, for files that are trusted.
    case inputLimitExceeded(file: String, reason: String)
    /// An SVG path crosses itself so often that Cairo would take minutes to fill it
    /// (`EX_DATAERR`, 65): `crossings` counted before counting stopped, over `limit`, the limit
    /// for a drawing `pixelRows` high (nil: the limit for loading it at all; the cost grows with
    /// both). ``LoadOptions/trustedInput`` draws it anyway.
    case pathTooComplex(file: String, crossings: Int, limit: Int, pixelRows: Int?)
    /// A PDF page number outside 1...pageCount (`EX_DATAERR`, 65).
    case pageOutOfRange(file: String, page: Int, pageCount: Int)
    /// No element with this id in the SVG, or ids asked of a PDF (`EX_DATAERR`, 65).
    case elementNotFound(file: String, id: String)
    /// The logo draws nothing visible where something is needed (`EX_DATAERR`, 65).
    case noVisibleInk(file: String)
    /// A requested size, scale or option is unusable (`EX_USAGE`, 64).
    case invalidRequest(String)
    /// One parameter's value is unusable (`EX_USAGE`, 64). The message is the parameter's name
    /// followed by `problem`, e.g. `.invalidParameter(.width, "must be a positive number of
    /// pixels, not 0.")`. Another parameter named in `problem` is written as its API name in
    /// backquotes (for example \`background\`), so ``message(naming:)`` can show it by its front-end name.
    case invalidParameter(LogoMaskParameter, String)
    /// A reveal spec file is not usable JSON or not a spec (`EX_USAGE`, 64); `reason` says
    /// where and what is wrong.
    case invalidRevealSpec(file: String, reason: String)
    /// A configuration file that is not usable YAML, or a key or value in it that is not
    /// (`EX_USAGE`, 64): the file, the line (counted from 1; 0 when unknown), the key's path
    /// (`reveal.preset`; empty for a syntax error) and what is wrong and allowed.
    case invalidConfiguration(file: String, line: Int, key: String, problem: String)
    /// A reveal output path that is neither a folder (a PNG sequence) nor a video file ending
    /// .mp4, .gif, .webp or .apng (`EX_USAGE`, 64).
    case unsupportedRevealOutput(file: String)
    /// The output would need more pixels than the budget allows (`EX_USAGE`, 64).
    case pixelBudgetExceeded(file: String, width: Int, height: Int, budget: Int)
    /// The work ran past its deadline (`EX_TEMPFAIL`, 75).
    case deadlineExceeded(file: String, seconds: Double)
    /// A drawing step failed inside Cairo (`EX_SOFTWARE`, 70); mirrors `cairo_status_t`.
    case drawingFailed(file: String, reason: String)
    /// The output could not be written (`EX_CANTCREAT`, 73).
    case cannotWriteOutput(file: String, reason: String)
    /// A program the step needs (ffmpeg, ...) is missing or failed (`EX_UNAVAILABLE`, 69).
    case toolUnavailable(tool: String, reason: String)
    /// A project file exists that logo-mask did not write, or that was edited since
    /// (``ProjectInstaller``; `EX_CANTCREAT`, 73); `others` are the further refused files. Nothing was written.
    case projectFileNotOurs(file: String, others: [String])
    /// No scale about the anchor makes the logo cover the viewport: the anchor is not inside the
    /// logo's fully opaque part (exit status 3). `searchedUpTo` is the largest scale tried.
    case noCoverScale(file: String, anchor: String, searchedUpTo: Double)
    /// No anchor inside the logo makes it cover the viewport at any scale: the logo has no fully
    /// opaque part to grow from (exit status 3). `searchedUpTo` is the largest scale tried.
    case noCoveringAnchor(file: String, searchedUpTo: Double)

    /// The exit status a command-line tool should end with (sysexits.h).
    public var exitStatus: Int32 {
        switch self {
        case .unreadableInput: 66
        case .notALogo, .inputLimitExceeded, .pathTooComplex, .pageOutOfRange, .elementNotFound, .noVisibleInk: 65
        case .invalidRequest, .invalidParameter, .invalidRevealSpec, .invalidConfiguration, .unsupportedRevealOutput, .pixelBudgetExceeded: 64
        case .deadlineExceeded: 75
        case .drawingFailed: 70
        case .cannotWriteOutput, .projectFileNotOurs: 73
        case .toolUnavailable: 69
        case .noCoverScale, .noCoveringAnchor: 3
        }
    }

    /// A message for people: the file, what is wrong, and a hint; parameters are named as the
    /// API names them (``LogoMaskParameter/description``).
    public var description: String { message(naming: \.description) }

    /// The message with each parameter it mentions shown as `name` shows it (a command-line tool
    /// passes its flag names: `--max-pixels` for ``LogoMaskParameter/maxPixels``).
    public func message(naming name: (LogoMaskParameter) -> String) -> String {
        switch self {
        case let .unreadableInput(file, reason):
            "\(file): cannot read it: \(reason). Check the path and its permissions."
        case let .notALogo(file, reason):
            "\(file): not a usable SVG or PDF logo: \(reason). Open it in a browser or a PDF viewer to check it, or export it again from the design tool."
        case let .pageOutOfRange(file, page, count):
            "\(file): page \(page) does not exist; the document has \(count) page\(count == 1 ? "" : "s"). Pass \(name(.page)) 1...\(count)."
        case let .elementNotFound(file, id):
            "\(file): no element with id \"\(id)\". List the ids with `grep -o 'id=\"[^\"]*\"' \(file)`; ids work for SVG only."
        case let .noVisibleInk(file):
            "\(file): the logo draws nothing visible (no ink). Check that its paths have a fill or stroke and are not hidden."
        case let .inputLimitExceeded(file, reason):
            "\(file): not a usable SVG or PDF logo: \(reason) (one of librsvg's XML safety limits: nesting deeper than 256, entity expansion or a huge text node; pass \(name(.trustedInput)) only if you trust the file). Open it in a browser or a PDF viewer to check it, or export it again from the design tool."
        case let .pathTooComplex(file, crossings, limit, rows):
            "\(file): a path crosses itself too often to be drawn in reasonable time: \(crossings) edge crossings counted, over the limit of \(limit)\(rows.map { " for a drawing \($0) pixels high" } ?? "") (Cairo finds each one when it fills the path; no real logo comes near it). \(rows == nil ? "" : "Ask for a smaller size, ")\(rows == nil ? "Simplify" : "simplify") the path in the design tool (remove the self-overlapping strokes or flatten the shape), or pass \(name(.trustedInput)) if you trust the file and can wait minutes."
        case let .invalidRequest(message):
            message
        case let .invalidParameter(parameter, problem):
            "\(name(parameter)) \(naming(problem, name))"
        case let .unsupportedRevealOutput(file):
            "\(file): the output is a folder (a PNG sequence) or a file ending .mp4, .gif, .webp or .apng; for one picture of frame 0 use \(name(.still))."
        case let .invalidRevealSpec(file, reason):
            "\(file): not a usable reveal spec: \(reason). `RevealPreset.twitter.spec.jsonText()` shows the format."
        case let .invalidConfiguration(file, line, key, problem):
            "\(file)\(line > 0 ? ":\(line)" : ""): \(key.isEmpty ? "" : "\(key): ")\(problem)"
        case let .pixelBudgetExceeded(file, width, height, budget):
            "\(file): the output would be \(width)x\(height) = \(pixelCount(width, height)) pixels, over the budget of \(budget). Ask for a smaller size or raise \(name(.maxPixels))."
        case let .deadlineExceeded(file, seconds):
            "\(file): stopped after the \(formatSeconds(seconds)) s deadline. Raise \(name(.deadline)) if the logo is trusted and simply large."
        case let .drawingFailed(file, reason):
            "\(file): drawing failed: \(reason)."
        case let .cannotWriteOutput(file, reason):
            "\(file): cannot write the output: \(reason). Check that the folder exists and is writable."
        case let .toolUnavailable(tool, reason):
            "\(tool): \(reason)"
        case let .projectFileNotOurs(file, others):
            "\(file): it exists and logo-mask did not write it (or it was edited since)\(others.isEmpty ? "" : "; so do \(others.count) more: \(others.prefix(5).joined(separator: ", "))\(others.count > 5 ? ", ..." : "")"); nothing was written. Move it aside, or pass \(name(.force)) to overwrite it."
        case let .noCoverScale(file, anchor, limit):
            "\(file): no scale covers the viewport: the anchor \(anchor) is not inside the logo's fully opaque part (searched up to \(Int(limit))x). Leave \(name(.anchor)) at its default or pass \(name(.anchor)) auto to use the point inside the logo with the smallest cover scale, or end the animation on a fade instead of a full cover."
        case let .noCoveringAnchor(file, limit):
            "\(file): no scale covers the viewport from any anchor: no anchor inside the logo covers, because no point of it is fully opaque with room around it (searched up to \(Int(limit))x). Make the logo's shapes fully opaque, give \(name(.finalScale)), or end the animation on a fade instead of a full cover."
        }
    }
}

/// `text` with each backquoted parameter name (\`background\`) shown as `name` shows it.
private func naming(_ text: String, _ name: (LogoMaskParameter) -> String) -> String {
    guard text.contains("`") else { return text }
    var result = text
    for parameter in LogoMaskParameter.allCases where result.contains("`\(parameter.rawValue)`") {
        result = result.replacing("`\(parameter.rawValue)`", with: name(parameter))
    }
    return result
}

/// `width * height`, or "more than Int.max" where the product overflows (a hostile size must
/// not crash the message that refuses it).
private func pixelCount(_ width: Int, _ height: Int) -> String {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? "more than \(Int.max)" : String(pixels)
}

private func formatSeconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}
