import FieldOpsCore

/// A frame of a live view as cells (a character and its style), so a refresh can be compared
/// with the one before cell by cell and the changes shown in reverse video, as `watch -d` does.
///
/// Frames come from the same renderers as the one-shot commands, with their ANSI styles; only
/// the SGR sequences those renderers write (`ESC [ … m`) are understood.
struct ScreenText: Sendable, Equatable {
    struct Cell: Sendable, Equatable {
        var character: Character
        /// SGR parameters in effect (`"1"`, `"31"`, `"1;33"`), empty for none.
        var style: String
    }

    var lines: [[Cell]]

    init(lines: [[Cell]]) {
        self.lines = lines
    }

    /// Splits rendered text into lines of styled cells.
    init(parsing text: String) {
        var lines: [[Cell]] = []
        var line: [Cell] = []
        var style: [String] = []
        var iterator = Array(text).makeIterator()
        while let character = iterator.next() {
            if character == "\u{1B}" {
                guard iterator.next() == "[" else { continue }
                var parameters = ""
                while let next = iterator.next() {
                    if next == "m" { break }
                    parameters.append(next)
                }
                for code in parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init) {
                    if code.isEmpty || code == "0" { style = [] } else if !style.contains(code) { style.append(code) }
                }
                continue
            }
            if character == "\n" {
                lines.append(line)
                line = []
                continue
            }
            if character == "\r" { continue }
            line.append(Cell(character: character, style: style.joined(separator: ";")))
        }
        if !line.isEmpty { lines.append(line) }
        self.lines = lines
    }

    /// Which visible cells differ from `previous` at the same row and column.
    func changes(since previous: ScreenText?) -> [[Bool]] {
        lines.enumerated().map { row, cells in
            guard let previous else { return Array(repeating: false, count: cells.count) }
            let before = row < previous.lines.count ? previous.lines[row] : []
            return cells.enumerated().map { column, cell in
                guard cell.character != " " else { return false }
                return column >= before.count || before[column].character != cell.character
            }
        }
    }

    /// The text for the terminal: at most `rows` lines of at most `columns` columns, changed
    /// cells in reverse video, each line ending with erase-to-end-of-line.
    func encoded(highlight: [[Bool]], columns: Int, rows: Int, color: Bool) -> String {
        var out = ""
        for (row, cells) in lines.prefix(max(0, rows)).enumerated() {
            var width = 0
            var current = ""
            for (column, cell) in cells.enumerated() {
                let cellWidth = String(cell.character).displayWidth
                if width + cellWidth > columns { break }
                width += cellWidth
                let changed = row < highlight.count && column < highlight[row].count && highlight[row][column]
                var wanted = color ? cell.style : ""
                if changed { wanted = wanted.isEmpty ? "7" : wanted + ";7" }
                if wanted != current {
                    out += "\u{1B}[0m" + (wanted.isEmpty ? "" : "\u{1B}[\(wanted)m")
                    current = wanted
                }
                out.append(cell.character)
            }
            if !current.isEmpty { out += "\u{1B}[0m" }
            out += "\u{1B}[K\r\n"
        }
        return out
    }
}
