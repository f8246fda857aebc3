import FoundationEssentials
import LogoMask
#if canImport(Glibc)
import Glibc
#endif

/// Prints rows as left-aligned columns separated by two spaces.
func printTable(_ rows: [[String]]) {
    guard let columns = rows.map(\.count).max() else { return }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    for row in rows {
        let line = row.enumerated().map { i, cell in
            i == row.count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[i] - cell.count))
        }.joined(separator: "  ")
        print(line)
    }
}

/// Prints a report as the commands' `--json` does: pretty, keys sorted, slashes unescaped, one
/// trailing newline (deterministic).
func printJSON(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    if let data = try? encoder.encode(value) { FileDescriptorWriter.writeAll(STDOUT_FILENO, data + Data("\n".utf8)) }
}
