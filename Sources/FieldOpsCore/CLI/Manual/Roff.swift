import FoundationEssentials

/// Escaping for roff (man(7)) source, so that any text from the command tree prints as written.
enum Roff {
    /// Literal text: backslashes as `\e`, every hyphen as `\-` (option names, commands, examples).
    static func literal(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out += unicode(character)
            }
        }
        return out
    }

    /// Non-ASCII characters as `\[u` + four or more hex digits + `]`, so groff renders them without a preprocessor.
    static func unicode(_ character: Character) -> String {
        guard !character.isASCII else { return String(character) }
        return character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }.joined()
    }

    /// Prose: backslashes escaped; hyphens become `\-` only in words that are options (`--json`),
    /// so ordinary hyphenated words keep their hyphen.
    static func prose(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let isOption = word.hasPrefix("-") || word.hasPrefix("'-") || word.contains("--")
            return isOption ? literal(String(word)) : String(word).replacingEvery("\\", with: "\\e").map(unicode).joined()
        }.joined(separator: " ")
    }

    /// A text line that may not start with a control character: `.` or `'` get a zero-width `\&`.
    static func line(_ text: String) -> String {
        text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }

    /// Bold literal text (commands, options).
    static func bold(_ text: String) -> String { "\\fB" + literal(text) + "\\fR" }

    /// Italic literal text (placeholders).
    static func italic(_ text: String) -> String { "\\fI" + literal(text) + "\\fR" }

    /// An argument of a request such as `.TH`, in double quotes.
    static func quoted(_ text: String) -> String {
        "\"" + literal(text).replacingEvery("\"", with: "\\(dq") + "\""
    }

    /// Paragraphs of prose (separated by blank lines) as text lines and `.PP` requests.
    static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var pendingBreak = false
        for source in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = source.trimmingSpaces()
            if trimmed.isEmpty {
                pendingBreak = !lines.isEmpty
                continue
            }
            if pendingBreak { lines.append(".PP") }
            pendingBreak = false
            lines.append(line(prose(trimmed)))
        }
        return lines
    }
}
