/// Wraps text to a terminal width measured in display columns (`String.displayWidth`: wide
/// characters count two, combining marks none). Shared by the feed cards and the inspection
/// form's option labels.
public enum TextWrapper {
    /// Breaks each paragraph of `text` at spaces so no line is wider than `width` columns; a word
    /// wider than a whole line is cut between characters (grapheme clusters), never inside one.
    /// Blank lines between paragraphs are kept. A width under one column is taken as one.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = word.displayWidth
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                // A lone character wider than the line stays whole, on a line of its own.
                while wordWidth > width, word.count > 1 {
                    let (head, rest) = split(word, atWidth: width)
                    lines.append(head)
                    word = rest
                    wordWidth = word.displayWidth
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// The longest prefix of `word` that fits in `width` columns (at least one character), and the rest.
    private static func split(_ word: String, atWidth width: Int) -> (String, String) {
        var used = 0
        var end = word.startIndex
        for index in word.indices {
            let characterWidth = String(word[index]).displayWidth
            if used + characterWidth > width, end > word.startIndex { break }
            used += characterWidth
            end = word.index(after: index)
        }
        return (String(word[..<end]), String(word[end...]))
    }
}
