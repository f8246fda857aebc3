import FoundationEssentials
import MaskGeometry

/// Reads typed values out of a configuration file's ``YAMLNode`` tree; every problem becomes
/// ``LogoMaskError/invalidConfiguration(file:line:key:problem:)`` naming the file, the line,
/// the key's path (`reveal.preset`) and what is allowed.
struct ConfigurationReader {
    /// The file's name as the user gave it.
    let file: String

    /// The entries of a mapping, after checking that every key is one of `allowed`.
    func entries(_ node: YAMLNode, path: String, allowed: [String]) throws(LogoMaskError) -> [YAMLEntry] {
        guard case let .mapping(entries) = node.value else {
            throw fail(node, path, "\(kind(node)) is not a mapping; give keys below it, one of \(allowed.joined(separator: ", "))")
        }
        for entry in entries where !allowed.contains(entry.key) {
            let name = join(path, entry.key)
            let suggestion = allowed.first { $0.lowercased() == entry.key.lowercased().replacing("-", with: "") }
            throw LogoMaskError.invalidConfiguration(
                file: file, line: entry.line, key: name,
                problem: "unknown key\(suggestion.map { " (did you mean \($0)?)" } ?? ""); \(path.isEmpty ? "the file" : path) takes \(allowed.joined(separator: ", "))")
        }
        return entries
    }

    /// A scalar's text; nil for an empty value, `~` or `null`.
    func optionalText(_ node: YAMLNode, path: String, expecting: String) throws(LogoMaskError) -> String? {
        guard case let .scalar(text, plain) = node.value else {
            throw fail(node, path, "\(kind(node)) is not \(expecting)")
        }
        if plain, ["", "~", "null", "Null", "NULL"].contains(text) { return nil }
        return text
    }

    /// A scalar's text, which must be there.
    func text(_ node: YAMLNode, path: String, expecting: String) throws(LogoMaskError) -> String {
        guard let text = try optionalText(node, path: path, expecting: expecting) else {
            // `background: #1DA1F2` is a key with an empty value and a comment.
            let hint = expecting.contains("#RGB") ? " (a bare # starts a comment: write \"#1DA1F2\")" : ""
            throw fail(node, path, "is empty; give \(expecting)\(hint)")
        }
        return text
    }

    /// A positive finite number (`what` says of what, e.g. "seconds").
    func positiveNumber(_ node: YAMLNode, path: String, of what: String, atMost limit: Double = .infinity) throws(LogoMaskError) -> Double {
        let expecting = "a positive number of \(what)\(limit.isFinite ? " up to \(formatNumber(limit))" : "")"
        let text = try text(node, path: path, expecting: expecting)
        guard let value = Double(text), value.isFinite, value > 0, value <= limit else {
            throw fail(node, path, "\(quoted(text)) is not \(expecting)")
        }
        return value
    }

    /// One of `cases`' raw values.
    func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, path: String, of _: T.Type) throws(LogoMaskError) -> T where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        let text = try text(node, path: path, expecting: "one of \(names.joined(separator: ", "))")
        guard let value = T(rawValue: text) else {
            throw fail(node, path, "\(quoted(text)) is not one of \(names.joined(separator: ", "))")
        }
        return value
    }

    /// A colour: `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a CSS name.
    func color(_ node: YAMLNode, path: String) throws(LogoMaskError) -> RGBAColor {
        let expecting = "a colour: #RGB, #RRGGBB, #RRGGBBAA (quoted: a bare # starts a comment) or a CSS name"
        let text = try text(node, path: path, expecting: expecting)
        guard let color = RGBAColor(parsing: text) else { throw fail(node, path, "\(quoted(text)) is not \(expecting)") }
        return color
    }

    /// A colour or a gradient `FROM,TO[,DEG]`.
    func background(_ node: YAMLNode, path: String) throws(LogoMaskError) -> SplashBackground {
        let expecting = "a colour (#RGB, #RRGGBB, #RRGGBBAA, quoted, or a CSS name) or a gradient FROM,TO[,DEG] such as \"#7B2FF7,#F107A3,135\""
        let text = try text(node, path: path, expecting: expecting)
        guard let background = SplashBackground(parsing: text) else { throw fail(node, path, "\(quoted(text)) is not \(expecting)") }
        return background
    }

    /// A list of scalars; a single scalar is a list of one, and `a, b` a list of two.
    func list(_ node: YAMLNode, path: String, expecting: String) throws(LogoMaskError) -> [(text: String, node: YAMLNode)] {
        switch node.value {
        case .sequence(let items):
            var result: [(text: String, node: YAMLNode)] = []
            for item in items { result.append((try text(item, path: path, expecting: expecting), item)) }
            return result
        case .scalar:
            let text = try text(node, path: path, expecting: "a list of \(expecting)")
            return text.split(separator: ",").map { (String($0).trimmingWhitespace(), node) }
        case .mapping:
            throw fail(node, path, "a mapping is not a list of \(expecting)")
        }
    }

    /// The error for `node` at `path`.
    func fail(_ node: YAMLNode, _ path: String, _ problem: String) -> LogoMaskError {
        .invalidConfiguration(file: file, line: node.line, key: path, problem: problem)
    }

    /// `parent.key`, or `key` at the top.
    func join(_ parent: String, _ key: String) -> String { parent.isEmpty ? key : "\(parent).\(key)" }

    private func kind(_ node: YAMLNode) -> String {
        switch node.value {
        case .scalar(let text, _): quoted(text)
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    private func quoted(_ text: String) -> String { "\"\(text)\"" }
}
