/// A command's discussion, re-flowed to fit an 80-column terminal.
///
/// ArgumentParser keeps a discussion's line breaks and wraps any line longer than the screen,
/// so source lines written at 90-100 columns came out as a long line and a one-word line in
/// turn. The source keeps its readable layout; this joins each paragraph's soft-wrapped lines
/// and wraps them again within `width`:
/// - prose lines join until a blank line or a line of another kind;
/// - a two-column row (`KEY  text`, the text at a column after two or more spaces) joins the
///   lines indented to its text column and wraps them with that hanging indent;
/// - a list item (`- text`) joins the lines indented by two and hangs by two;
/// - an indented line stays as it is; an example command (`logo-mask ...`) too long for `width`
///   is broken between words (outside quotes) with a shell continuation (` \`), indented by four more.
enum HelpText {
    /// `text` re-flowed within `width` columns.
    static func reflow(_ text: String, width: Int = 79) -> String {
        var output: [String] = []
        var block: Block?
        func flush() {
            if let finished = block { output += finished.wrapped(width: width) }
            block = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if trimmed.isEmpty {
                flush()
                output.append("")
            } else if block?.continues(with: indent) == true {
                block?.text += " " + trimmed
            } else if indent == 0, line.hasPrefix("- ") {
                flush()
                block = Block(text: String(line.dropFirst(2)), lead: "- ", hang: 2)
            } else if indent == 0, let column = Self.textColumn(line) {
                flush()
                block = Block(text: String(line.dropFirst(column)), lead: String(line.prefix(column)), hang: column)
            } else if indent == 0 {
                if block?.lead.isEmpty == true {
                    // Prose (no lead) goes on with the next prose line.
                    block?.text += " " + line
                } else {
                    flush()
                    block = Block(text: line, lead: "", hang: 0)
                }
            } else {
                flush()
                output += Self.command(line, width: width)
            }
        }
        flush()
        return output.joined(separator: "\n")
    }

    /// An example command line, broken with shell continuations to fit `width` where it can.
    private static func command(_ line: String, width: Int) -> [String] {
        guard line.count > width, line.drop(while: { $0 == " " }).hasPrefix("logo-mask ") else { return [line] }
        // Words split at spaces outside double quotes, so a quoted device name stays whole.
        var words: [String] = [], word = "", quoted = false
        for character in line.drop(while: { $0 == " " }) {
            if character == "\"", quoted == false { quoted = true } else if character == "\"" { quoted = false }
            if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        // An option and its value stay on one line.
        var units: [String] = []
        for word in words {
            if let last = units.last, last.hasPrefix("-"), !last.contains(" "), !word.hasPrefix("-") {
                units[units.count - 1] += " " + word
            } else {
                units.append(word)
            }
        }
        let indent = String(line.prefix { $0 == " " })
        var lines: [String] = [], current = indent
        for unit in units {
            if current.count > indent.count, current.count + 1 + unit.count + 2 > width {
                lines.append(current + " \\")
                current = indent + "    "
            }
            current += (current.hasSuffix(" ") ? "" : " ") + unit
        }
        lines.append(current)
        return lines
    }

    /// The column where a two-column row's text starts: after a key and two or more spaces.
    private static func textColumn(_ line: String) -> Int? {
        let characters = Array(line)
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == " ", characters[index + 1] == " " {
                var end = index
                while end < characters.count, characters[end] == " " { end += 1 }
                return end < characters.count && end >= 8 ? end : nil
            }
            index += 1
        }
        return nil
    }

    /// A paragraph, list item or row being gathered.
    private struct Block {
        var text: String
        /// What the first line starts with: "- ", a row's key padded to its column, or nothing.
        var lead: String
        /// The indent of the lines after the first.
        var hang: Int

        /// A line indented by `indent` belongs to this block.
        func continues(with indent: Int) -> Bool {
            hang > 0 && indent == hang
        }

        /// The block's words in lines of at most `width` columns (a longer word has its own).
        func wrapped(width: Int) -> [String] {
            var lines: [String] = []
            var current = lead
            var empty = true
            for word in text.split(separator: " ") {
                if !empty, current.count + 1 + word.count > width {
                    lines.append(current)
                    current = String(repeating: " ", count: hang)
                    empty = true
                }
                current += (empty ? "" : " ") + word
                empty = false
            }
            lines.append(current)
            return lines
        }
    }
}
