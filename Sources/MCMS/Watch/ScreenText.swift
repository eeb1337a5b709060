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

    /// The lines broken to at most `columns` columns — at the last space that fits, inside a
    /// word only when there is none — each continuation indented two past the line it
    /// continues, so a long value (the OLTs offline, a UNI port list) is never cut off.
    func wrapped(columns: Int) -> ScreenText {
        guard columns > 8 else { return self }
        var out: [[Cell]] = []
        for line in lines {
            var rest = line
            let leading = line.prefix { $0.character == " " }.count
            let indent = Array(repeating: Cell(character: " ", style: ""), count: min(leading + 2, columns / 2))
            var first = true
            while true {
                var width = 0
                var end = 0
                while end < rest.count {
                    let cellWidth = String(rest[end].character).displayWidth
                    if width + cellWidth > columns { break }
                    width += cellWidth
                    end += 1
                }
                if end == rest.count {
                    out.append(rest)
                    break
                }
                let start = min(first ? leading : indent.count, end)
                // Break at the last space after the indent, keeping the space off both lines.
                if let space = rest[start..<end].lastIndex(where: { $0.character == " " }), space > start {
                    out.append(Array(rest[..<space]))
                    rest = indent + rest[(space + 1)...]
                } else {
                    out.append(Array(rest[..<max(end, start + 1)]))
                    rest = indent + rest[max(end, start + 1)...]
                }
                first = false
            }
        }
        return ScreenText(lines: out)
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

    /// The text for the terminal: at most `rows` lines from line `from` on, of at most `columns`
    /// columns, changed cells in reverse video, each line ending with erase-to-end-of-line.
    func encoded(highlight: [[Bool]], columns: Int, rows: Int, from top: Int = 0, color: Bool) -> String {
        var out = ""
        let shown = lines.indices.dropFirst(max(0, top)).prefix(max(0, rows))
        for row in shown {
            let cells = lines[row]
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
