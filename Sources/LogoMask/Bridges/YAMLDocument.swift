// libyaml: reads the configuration file into a small tree of mappings, sequences and scalars
// with line numbers. libyaml is the C library Yams wraps; Yams itself imports Foundation, which
// nothing the tool links may import (Benchmarks/PERFORMANCE.md).
internal import CYAML

/// One node of a YAML document, with the line (counted from 1) where it starts.
struct YAMLNode: Sendable, Equatable {
    /// What the node holds.
    enum Value: Sendable, Equatable {
        /// A scalar's text; `plain` is false for a quoted or block scalar (so `"null"` stays text).
        case scalar(String, plain: Bool)
        /// A sequence's items, in order.
        case sequence([YAMLNode])
        /// A mapping's entries, in the file's order.
        case mapping([YAMLEntry])
    }

    /// The node's content.
    var value: Value
    /// The line the node starts on, counted from 1.
    var line: Int
}

/// One `key: value` entry of a mapping; keys are scalars.
struct YAMLEntry: Sendable, Equatable {
    /// The key's text.
    var key: String
    /// The line of the key, counted from 1.
    var line: Int
    /// The value.
    var value: YAMLNode
}

/// A YAML text parsed by libyaml's event parser into a ``YAMLNode`` tree.
enum YAMLDocument {
    /// Parses `text` (one document; an empty text is an empty mapping). Aliases, tags on
    /// collections, complex keys and duplicate keys are refused.
    ///
    /// - Throws: ``LogoMaskError/invalidConfiguration(file:line:key:problem:)`` naming `file`,
    ///   the line and libyaml's words for a syntax error.
    static func parse(_ text: String, file: String) throws(LogoMaskError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw LogoMaskError.invalidConfiguration(file: file, line: 0, key: "", problem: "libyaml could not start (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(LogoMaskError) -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder(file: file)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
                    let context = parser.context.map { " " + String(cString: $0) } ?? ""
                    throw LogoMaskError.invalidConfiguration(
                        file: file, line: Int(parser.problem_mark.line) + 1, key: "", problem: problem + context)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                try builder.take(event)
            }
            return builder.root ?? YAMLNode(value: .mapping([]), line: 1)
        }
    }

    /// Turns the event stream into nodes: a stack of open collections.
    private struct Builder {
        let file: String
        var root: YAMLNode?
        private var documents = 0
        /// Open collections: the node so far and, for a mapping, the key waiting for its value.
        private var stack: [(node: YAMLNode, pendingKey: (text: String, line: Int)?)] = []

        init(file: String) { self.file = file }

        mutating func take(_ event: yaml_event_t) throws(LogoMaskError) {
            let line = Int(event.start_mark.line) + 1
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { throw fail(line, "holds more than one document (a second ---); keep one") }
            case YAML_ALIAS_EVENT:
                throw fail(line, "uses an alias (*name); write the value out")
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = scalar.value.map { pointer in
                    String(decoding: UnsafeBufferPointer(start: pointer, count: scalar.length), as: UTF8.self)
                } ?? ""
                try add(YAMLNode(value: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line))
            case YAML_SEQUENCE_START_EVENT:
                stack.append((YAMLNode(value: .sequence([]), line: line), nil))
            case YAML_MAPPING_START_EVENT:
                stack.append((YAMLNode(value: .mapping([]), line: line), nil))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = stack.popLast() else { return }
                try add(closed.node)
            default:
                break
            }
        }

        /// Puts a finished node into the collection open on top (or makes it the root).
        private mutating func add(_ node: YAMLNode) throws(LogoMaskError) {
            guard var top = stack.popLast() else {
                root = node
                return
            }
            switch top.node.value {
            case var .sequence(items):
                items.append(node)
                top.node.value = .sequence(items)
            case var .mapping(entries):
                if let key = top.pendingKey {
                    entries.append(YAMLEntry(key: key.text, line: key.line, value: node))
                    top.node.value = .mapping(entries)
                    top.pendingKey = nil
                } else {
                    guard case let .scalar(text, _) = node.value else {
                        throw fail(node.line, "has a key that is not a plain name; keys are names like logoWidth")
                    }
                    if entries.contains(where: { $0.key == text }) {
                        throw fail(node.line, "the key \(text) is given twice; keep one")
                    }
                    top.pendingKey = (text, node.line)
                }
            case .scalar:
                break
            }
            stack.append(top)
        }

        private func fail(_ line: Int, _ problem: String) -> LogoMaskError {
            .invalidConfiguration(file: file, line: line, key: "", problem: problem)
        }
    }
}
