import FoundationEssentials
import MaskGeometry

/// Changes one key of a configuration file's text in place: the value on the key's line is
/// replaced and everything else (comments, order, blank lines, other keys' spelling) stays as
/// the user wrote it. A key the file lacks is added under its section (or at the end). The
/// result must read back as a configuration, else nothing changes.
///
/// The keys are the ones the preview page's controls own (``editableKeys``).
public enum ConfigurationEditor {
    /// The keys a caller may set: the anchor, the duration, the logo size and the background.
    public static let editableKeys = ["reveal.anchor", "reveal.duration", "logoWidth", "background"]

    /// `text` with `key` set to `value` ("" empties it: the key's default).
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for a key not in ``editableKeys`` or a value
    ///   on a line of its own; ``LogoMaskError/invalidConfiguration(file:line:key:problem:)`` when
    ///   the file does not parse now, or would not with the new value (naming the key and line).
    public static func setting(_ key: String, to value: String, in text: String, file: String) throws(LogoMaskError) -> String {
        guard editableKeys.contains(key) else {
            throw LogoMaskError.invalidRequest("\(file): \(key) cannot be set here; the keys are \(editableKeys.joined(separator: ", ")).")
        }
        guard !value.contains("\n") else { throw LogoMaskError.invalidRequest("\(file): a value for \(key) is one line.") }
        let root = try YAMLDocument.parse(text, file: file)
        let parts = key.split(separator: ".").map(String.init)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let scalar = yamlScalar(value.trimmingWhitespace(), quoted: key != "logoWidth" && key != "reveal.duration")
        guard case let .mapping(top) = root.value else {
            throw LogoMaskError.invalidConfiguration(file: file, line: root.line, key: "", problem: "is not a mapping of keys")
        }
        if let entry = top.first(where: { $0.key == parts[0] }) {
            if parts.count == 1 {
                try replaceValue(of: entry, key: key, with: scalar, in: &lines, file: file)
            } else if case let .mapping(children) = entry.value.value {
                if let child = children.first(where: { $0.key == parts[1] }) {
                    try replaceValue(of: child, key: key, with: scalar, in: &lines, file: file)
                } else {
                    // After the section's key line, at its first child's indentation.
                    let indent = children.first.map { leadingSpaces(lines[$0.line - 1]) } ?? "  "
                    guard children.isEmpty || children[0].line > entry.line else {
                        throw LogoMaskError.invalidRequest("\(file):\(entry.line): \(parts[0]) is written on one line; add \(key) by hand.")
                    }
                    lines.insert(indent + parts[1] + ": " + scalar, at: entry.line)
                }
            } else {
                // `reveal:` with nothing (or a scalar) after it becomes a section.
                lines[entry.line - 1] = leadingSpaces(lines[entry.line - 1]) + parts[0] + ":"
                lines.insert("  " + parts[1] + ": " + scalar, at: entry.line)
            }
        } else {
            let end = lines.last == "" ? lines.count - 1 : lines.count
            let added = parts.count == 1 ? [key + ": " + scalar] : [parts[0] + ":", "  " + parts[1] + ": " + scalar]
            lines.insert(contentsOf: added, at: end)
        }
        let result = lines.joined(separator: "\n")
        _ = try SplashConfiguration.decode(result, file: file)
        return result
    }

    /// Sets `key` in the file at `path` (written aside and renamed into place).
    ///
    /// - Throws: as ``setting(_:to:in:file:)``; ``LogoMaskError/unreadableInput(file:reason:)``
    ///   and ``LogoMaskError/cannotWriteOutput(file:reason:)`` for the file itself.
    public static func set(_ key: String, to value: String, inFileAt path: String) throws(LogoMaskError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LogoMaskError.unreadableInput(file: path, reason: SystemErrorText.describe(error))
        }
        let text = try setting(key, to: value, in: String(decoding: data, as: UTF8.self), file: path)
        let file = try AtomicFile(path: path)
        try file.write(Array(text.utf8))
        try file.commit()
    }

    /// Replaces the value after `key:` on the entry's line, keeping a trailing `# comment`.
    private static func replaceValue(of entry: YAMLEntry, key: String, with scalar: String, in lines: inout [String], file: String) throws(LogoMaskError) {
        if case .scalar = entry.value.value, entry.value.line == entry.line || isEmptyValue(entry.value) {
            let line = lines[entry.line - 1]
            guard let colon = line.firstRange(of: entry.key + ":")?.upperBound else {
                throw LogoMaskError.invalidRequest("\(file):\(entry.line): \(key) is not written as `\(entry.key): value`; set it by hand.")
            }
            let rest = line[colon...]
            let comment = trailingComment(String(rest))
            lines[entry.line - 1] = String(line[..<colon]) + (scalar.isEmpty ? "" : " " + scalar) + (comment.map { "  " + $0 } ?? "")
            return
        }
        throw LogoMaskError.invalidRequest("\(file):\(entry.line): \(key) spans more than its line; set it by hand.")
    }

    /// An empty value (`key:` and nothing) has the next event's line; it is still this line's.
    private static func isEmptyValue(_ node: YAMLNode) -> Bool {
        if case let .scalar(text, plain) = node.value { return plain && text.isEmpty }
        return false
    }

    /// The `# comment` ending a value's text, outside quotes; nil for none.
    static func trailingComment(_ text: String) -> String? {
        var quote: Character?
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open, previous != "\\" { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return String(text[index...])
            }
            previous = character
        }
        return nil
    }

    /// A scalar as the template writes it: numbers plain, text double-quoted, empty as nothing.
    static func yamlScalar(_ value: String, quoted: Bool) -> String {
        if value.isEmpty { return "" }
        if !quoted { return value }
        return "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    private static func leadingSpaces(_ line: String) -> String { String(line.prefix { $0 == " " }) }
}
