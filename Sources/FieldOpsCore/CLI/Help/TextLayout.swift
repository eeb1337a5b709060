/// Plain-text layout for help: word wrapping and two-column tables, by character count.
enum TextLayout {
    /// Greedy word wrap of every line of `text`; blank lines are kept, over-long words stand alone.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        let margin = String(repeating: " ", count: indent)
        let room = max(width - indent, 10)
        var lines: [String] = []
        for source in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in source.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= room {
                    line += " " + word
                } else {
                    lines.append(margin + line)
                    line = String(word)
                }
            }
            lines.append(line.isEmpty ? "" : margin + line)
        }
        return lines
    }

    /// Rows of `term  description`, the descriptions aligned and wrapped; a term too wide for the
    /// column puts its description on the next line.
    static func table(_ rows: [(term: String, description: String)], width: Int, indent: Int = 2, maxTermWidth: Int = 28) -> [String] {
        let widest = rows.map(\.term.count).max() ?? 0
        // Descriptions keep at least half the width; wider terms get a line of their own.
        let column = indent + min(widest, maxTermWidth, width / 2 - indent - 2) + 2
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        for row in rows {
            let described = wrap(row.description, width: width, indent: column)
            let term = margin + row.term
            if row.description.isEmpty {
                lines.append(term)
            } else if term.count + 2 <= column, let first = described.first {
                lines.append(term + String(first.dropFirst(term.count)))
                lines.append(contentsOf: described.dropFirst())
            } else {
                lines.append(term)
                lines.append(contentsOf: described)
            }
        }
        return lines
    }
}
