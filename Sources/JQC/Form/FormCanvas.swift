import FieldOpsCore

/// One frame of the form as text runs with a style, before any terminal draws it.
///
/// Positions and widths are terminal columns (`String.displayWidth`): a wide CJK character or
/// an emoji takes two, a combining mark none, so text from any script lands where a terminal
/// draws it.
struct FormCanvas: Sendable, Equatable {
    enum Style: Sendable, Equatable {
        case plain, bold, reverse, dim, problem, heading, status
    }

    struct Span: Sendable, Equatable {
        var y: Int
        var x: Int
        var text: String
        var style: Style
    }

    let width: Int
    let height: Int
    private(set) var spans: [Span] = []
    /// Where the terminal cursor goes (on the field being typed in); nil hides it.
    var cursor: (y: Int, x: Int)?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    static func == (a: FormCanvas, b: FormCanvas) -> Bool {
        a.spans == b.spans && a.cursor?.y == b.cursor?.y && a.cursor?.x == b.cursor?.x
    }

    /// Adds `text` at (y, x), cut at `limit` columns (and the screen's edge).
    mutating func put(_ y: Int, _ x: Int, _ text: String, _ style: Style = .plain, limit: Int? = nil) {
        guard y >= 0, y < height, x >= 0, x < width, !text.isEmpty else { return }
        let room = min(width - x, limit ?? Int.max)
        guard room > 0 else { return }
        spans.append(Span(y: y, x: x, text: Self.fitting(text, into: room), style: style))
    }

    /// `text` as it fits in `columns`: whole when it fits, else cut between grapheme clusters
    /// (never inside one) and ended with `…`.
    static func fitting(_ text: String, into columns: Int) -> String {
        guard text.displayWidth > columns else { return text }
        return columns > 0 ? prefix(of: text, columns: columns - 1) + "…" : ""
    }

    /// The longest start of `text`, in whole grapheme clusters, that takes at most `columns`.
    static func prefix(of text: String, columns: Int) -> String {
        var shown = ""
        var used = 0
        for character in text {
            let characterWidth = String(character).displayWidth
            if used + characterWidth > columns { break }
            shown.append(character)
            used += characterWidth
        }
        return shown
    }

    /// The frame as plain lines, laid out by display width as a terminal lays it out (tests,
    /// the README capture and the bench read it this way).
    var lines: [String] {
        // Each screen cell holds what the terminal shows there; the right half of a wide
        // character holds "" so the line reads back exactly as drawn.
        var grid = Array(repeating: Array(repeating: " ", count: width), count: height)
        for span in spans {
            var x = span.x
            for character in span.text {
                let characterWidth = String(character).displayWidth
                if characterWidth == 0 {
                    // A mark on its own joins the cell before it, as a terminal draws it.
                    if x > 0 { grid[span.y][x - 1] += String(character) }
                    continue
                }
                guard x + characterWidth <= width else { break }
                // Writing over half of a wide character blanks its other half.
                if grid[span.y][x].isEmpty, x > 0 { grid[span.y][x - 1] = " " }
                if x + characterWidth < width, grid[span.y][x + characterWidth].isEmpty { grid[span.y][x + characterWidth] = " " }
                grid[span.y][x] = String(character)
                for cell in (x + 1)..<(x + characterWidth) { grid[span.y][cell] = "" }
                x += characterWidth
            }
        }
        return grid.map { $0.joined().trimmingTrailingWhitespace() }
    }
}
