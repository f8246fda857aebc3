extension AssetCatalog {
    /// A `Contents.json` value, written as Xcode (and Foundation's JSONSerialization with pretty
    /// printing and sorted keys) writes it: two-space indents, `"key" : value`, slashes unescaped.
    enum JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
        ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
        case string(String)
        case integer(Int)
        case boolean(Bool)
        indirect case array([JSON])
        indirect case object([String: JSON])

        init(stringLiteral value: String) { self = .string(value) }
        init(integerLiteral value: Int) { self = .integer(value) }
        init(booleanLiteral value: Bool) { self = .boolean(value) }
        init(arrayLiteral elements: JSON...) { self = .array(elements) }
        init(dictionaryLiteral elements: (String, JSON)...) {
            self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
        }

        /// Sets `key` of an object (nothing for other values).
        subscript(key: String) -> JSON? {
            get { if case let .object(members) = self { members[key] } else { nil } }
            set {
                guard case var .object(members) = self else { return }
                members[key] = newValue
                self = .object(members)
            }
        }

        /// Appends the value's text to `text`; `indent` is the indentation of the line it starts on.
        func write(into text: inout String, indent: String) {
            switch self {
            case let .string(value): JSONText.appendQuoted(value, to: &text)
            case let .integer(value): text += String(value)
            case let .boolean(value): text += value ? "true" : "false"
            case let .array(elements):
                guard !elements.isEmpty else { text += "[\n\n\(indent)]"; return }
                text += "[\n"
                for (index, element) in elements.enumerated() {
                    text += indent + "  "
                    element.write(into: &text, indent: indent + "  ")
                    text += index + 1 < elements.count ? ",\n" : "\n"
                }
                text += indent + "]"
            case let .object(members):
                guard !members.isEmpty else { text += "{\n\n\(indent)}"; return }
                text += "{\n"
                let keys = members.keys.sorted()
                for (index, key) in keys.enumerated() {
                    text += indent + "  "
                    JSONText.appendQuoted(key, to: &text)
                    text += " : "
                    members[key]?.write(into: &text, indent: indent + "  ")
                    text += index + 1 < keys.count ? ",\n" : "\n"
                }
                text += indent + "}"
            }
        }
    }
}
