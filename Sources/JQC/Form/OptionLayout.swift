import FieldOpsCore

/// Where the options of a radio, pass/fail or checkbox-group field go under its label, so
/// every option's whole label can be read at any terminal width.
///
/// Options sit side by side, two columns apart, while they fit the cell; one that does not
/// fit what is left of a line starts the next. A label wider than a whole line wraps at its
/// spaces (a word wider than a line between grapheme clusters) onto lines of its own, each
/// indented under the label's first letter. Widths are display widths: `東京` takes four
/// columns, a combining mark none.
struct OptionLayout: Sendable, Equatable {
    /// One line's worth of one option: the first piece carries the box (`( ) `, `[x] `).
    struct Piece: Sendable, Equatable {
        var option: Int
        /// Line under the field's label, from 0.
        var line: Int
        /// Column within the cell where the box (first piece) or the text (later pieces) starts.
        var x: Int
        var text: String
        var isFirst: Bool
    }

    /// Columns of the box and the space after it: `( ) `, `(•) `, `[x] `.
    static let boxWidth = 4
    /// Columns between two options on one line.
    static let gap = 2

    private(set) var pieces: [Piece] = []
    private(set) var lineCount = 1

    init(labels: [String], width: Int) {
        let width = max(Self.boxWidth + 1, width)
        var line = 0
        var x = 0
        for (option, given) in labels.enumerated() {
            // A line break or tab in a label would move the terminal's cursor: a space instead.
            let label = String(given.map { $0.isNewline || $0 == "\t" ? " " : $0 })
            let needed = Self.boxWidth + label.displayWidth
            if x > 0 {
                if x + Self.gap + needed <= width {
                    x += Self.gap
                } else {
                    line += 1
                    x = 0
                }
            }
            guard needed > width else {
                pieces.append(Piece(option: option, line: line, x: x, text: label, isFirst: true))
                x += needed
                continue
            }
            // Too wide for a line of its own: wrapped under its first letter, and the next
            // option starts a fresh line.
            let wrapped = TextWrapper.wrap(label, width: width - Self.boxWidth)
            for (n, text) in wrapped.enumerated() {
                pieces.append(Piece(option: option, line: line + n, x: n == 0 ? 0 : Self.boxWidth, text: text, isFirst: n == 0))
            }
            line += wrapped.count - 1
            x = width
        }
        lineCount = line + 1
    }
}
