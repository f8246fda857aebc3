/// Where an output's dark-mode twin goes: beside it, `-dark` added to its name before the
/// extension (`reveal.json` -> `reveal-dark.json`, `sheet.png` -> `sheet-dark.png`, a frame
/// folder `frames/` -> `frames-dark/`), so the two appearances of one output sort together.
public enum DarkVariantPath {
    /// The suffix added to the name.
    public static let suffix = "-dark"

    /// The dark twin of `path`: the last component gets ``suffix`` before its extension (a name
    /// whose only dot is its first character, like `.frames`, has no extension); a trailing
    /// slash stays.
    public static func of(_ path: String) -> String {
        var body = Substring(path)
        var trailing = ""
        while body.count > 1, body.hasSuffix("/") {
            body = body.dropLast()
            trailing += "/"
        }
        let nameStart = body.lastIndex(of: "/").map { body.index(after: $0) } ?? body.startIndex
        let name = body[nameStart...]
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(body[..<dot]) + suffix + String(body[dot...]) + trailing
        }
        return String(body) + suffix + trailing
    }
}
