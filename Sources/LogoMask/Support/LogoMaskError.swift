/// Every way the library can fail, each with a message that names the file, what is wrong
/// and what to do about it.
///
/// The command-line tool maps each case to a BSD `sysexits.h` status through ``exitStatus``.
public enum LogoMaskError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input could not be read: missing, a folder, no permission (`EX_NOINPUT`, 66).
    case unreadableInput(file: String, reason: String)
    /// The bytes are not an SVG or PDF that can be drawn (`EX_DATAERR`, 65). Mirrors librsvg's
    /// and poppler's `GError` messages and Cairo's `CAIRO_STATUS_*` during loading.
    case notALogo(file: String, reason: String)
    /// A PDF page number outside 1...pageCount (`EX_DATAERR`, 65).
    case pageOutOfRange(file: String, page: Int, pageCount: Int)
    /// No element with this id in the SVG, or ids asked of a PDF (`EX_DATAERR`, 65).
    case elementNotFound(file: String, id: String)
    /// The logo draws nothing visible where something is needed (`EX_DATAERR`, 65).
    case noVisibleInk(file: String)
    /// A requested size, scale or option is unusable (`EX_USAGE`, 64).
    case invalidRequest(String)
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
    /// No scale about the anchor makes the logo cover the viewport: the anchor is not inside the
    /// logo's fully opaque part (exit status 3). `searchedUpTo` is the largest scale tried.
    case noCoverScale(file: String, anchor: String, searchedUpTo: Double)

    /// The exit status a command-line tool should end with (sysexits.h).
    public var exitStatus: Int32 {
        switch self {
        case .unreadableInput: 66
        case .notALogo, .pageOutOfRange, .elementNotFound, .noVisibleInk: 65
        case .invalidRequest, .pixelBudgetExceeded: 64
        case .deadlineExceeded: 75
        case .drawingFailed: 70
        case .cannotWriteOutput: 73
        case .toolUnavailable: 69
        case .noCoverScale: 3
        }
    }

    /// A message for people: the file, what is wrong, and a hint.
    public var description: String {
        switch self {
        case let .unreadableInput(file, reason):
            "\(file): cannot read the logo: \(reason). Check the path and its permissions."
        case let .notALogo(file, reason):
            "\(file): not a usable SVG or PDF logo: \(reason). Open it in a browser or a PDF viewer to check it, or export it again from the design tool."
        case let .pageOutOfRange(file, page, count):
            "\(file): page \(page) does not exist; the document has \(count) page\(count == 1 ? "" : "s"). Pass --page 1...\(count)."
        case let .elementNotFound(file, id):
            "\(file): no element with id \"\(id)\". List the ids with `grep -o 'id=\"[^\"]*\"' \(file)`; ids work for SVG only."
        case let .noVisibleInk(file):
            "\(file): the logo draws nothing visible (no ink). Check that its paths have a fill or stroke and are not hidden."
        case let .invalidRequest(message):
            message
        case let .pixelBudgetExceeded(file, width, height, budget):
            "\(file): the output would be \(width)x\(height) = \(width * height) pixels, over the budget of \(budget). Ask for a smaller size or raise --max-pixels."
        case let .deadlineExceeded(file, seconds):
            "\(file): stopped after the \(formatSeconds(seconds)) s deadline. Raise --timeout if the logo is trusted and simply large."
        case let .drawingFailed(file, reason):
            "\(file): drawing failed: \(reason)."
        case let .cannotWriteOutput(file, reason):
            "\(file): cannot write the output: \(reason). Check that the folder exists and is writable."
        case let .toolUnavailable(tool, reason):
            "\(tool): \(reason)"
        case let .noCoverScale(file, anchor, limit):
            "\(file): no scale covers the viewport: the anchor \(anchor) is not inside the logo's fully opaque part (searched up to \(Int(limit))x). Pass --anchor auto to use the point inside the logo with the smallest cover scale, or end the animation on a fade instead of a full cover."
        }
    }
}

private func formatSeconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}
