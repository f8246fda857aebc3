/// A coding key for any string, used to list the keys a JSON object holds.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Throws a `DecodingError` naming the first key of the object being decoded that is not in
/// `allowed` (a misspelt key would otherwise be ignored silently).
func rejectUnknownKeys(in decoder: any Decoder, allowed: Set<String>, what: String) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
    guard let first = unknown.first else { return }
    throw DecodingError.dataCorrupted(.init(
        codingPath: decoder.codingPath + [AnyCodingKey(first)],
        debugDescription: "unknown key \"\(first)\" in \(what); the keys are "
            + allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))
}

/// Runs `body`, turning an ``AnimationError`` into a `DecodingError` at the decoder's path
/// so the message says where in the file the bad value is.
func rethrowingAsDecodingError<T>(_ decoder: any Decoder, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as AnimationError {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
    }
}
