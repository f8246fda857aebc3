import FoundationEssentials

/// Any JSON value, kept as written so a spec's timeline can hold symbolic values (`"finalScale"`,
/// `"cornerAngle"`, `"launchFrame"`, `"targetFrame"`) that are replaced by numbers computed for
/// the chosen viewport before the timeline is read (see ``RevealSpec``).
public indirect enum SpecValue: Hashable, Sendable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SpecValue])
    /// An object (written with sorted keys, so the same spec gives the same bytes).
    case object([String: SpecValue])

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SpecValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SpecValue].self))
        }
    }

    /// Writes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }

    /// The value with every string found in `symbols` replaced by its value, at any depth.
    func substituting(_ symbols: [String: SpecValue]) -> SpecValue {
        switch self {
        case let .string(name): return symbols[name] ?? self
        case let .array(items): return .array(items.map { $0.substituting(symbols) })
        case let .object(fields): return .object(fields.mapValues { $0.substituting(symbols) })
        default: return self
        }
    }

    /// Every string value at any depth, objects' values in key order.
    public var strings: [String] {
        switch self {
        case let .string(name): return [name]
        case let .array(items): return items.flatMap(\.strings)
        case let .object(fields): return fields.keys.sorted().flatMap { fields[$0]?.strings ?? [] }
        default: return []
        }
    }

    /// True when `name` appears as a string value anywhere (a symbol the spec uses).
    public func mentions(_ name: String) -> Bool { strings.contains(name) }
}
