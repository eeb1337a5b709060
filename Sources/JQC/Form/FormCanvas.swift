/// One frame of the form as text runs with a style, before any terminal draws it.
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
        let shown = text.count > room ? String(text.prefix(max(0, room - 1))) + "…" : text
        spans.append(Span(y: y, x: x, text: shown, style: style))
    }

    /// The frame as plain lines (tests, the README capture and the bench read it this way).
    var lines: [String] {
        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        for span in spans {
            for (offset, character) in span.text.enumerated() where span.x + offset < width {
                grid[span.y][span.x + offset] = character
            }
        }
        return grid.map { String($0).trimmingTrailingWhitespace() }
    }
}
