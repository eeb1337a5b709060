/// A table of strings rendered as aligned columns (terminal) or tab-separated lines (pipes).
public struct Table: Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        public init(_ title: String, alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    public var columns: [Column]
    public var rows: [[String]]

    public init(columns: [Column], rows: [[String]] = []) {
        self.columns = columns
        self.rows = rows
    }

    public init(_ titles: String..., rows: [[String]] = []) {
        self.columns = titles.map { Column($0) }
        self.rows = rows
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// Renders the table. Plain output is one tab-separated line per row, no header, so `cut` and
    /// `awk -F'\t'` work; table output pads columns by display width and bolds the header.
    public func render(format: OutputFormat, color: Bool = false) -> String {
        if format == .plain {
            var out = ""
            for row in rows {
                out += row.map { $0.replacingTabsAndNewlines() }.joined(separator: "\t")
                out += "\n"
            }
            return out
        }
        var widths = columns.map { $0.title.displayWidth }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.displayWidth)
            }
        }
        var out = ""
        let header = columns.enumerated().map { index, column in
            pad(column.title.uppercased(), to: widths[index], alignment: column.alignment, last: index == columns.count - 1)
        }.joined(separator: "  ")
        out += Style.bold.apply(header, enabled: color) + "\n"
        for row in rows {
            let cells = columns.indices.map { index in
                pad(index < row.count ? row[index].replacingTabsAndNewlines() : "", to: widths[index],
                    alignment: columns[index].alignment, last: index == columns.count - 1)
            }
            out += cells.joined(separator: "  ") + "\n"
        }
        return out
    }

    private func pad(_ text: String, to width: Int, alignment: Alignment, last: Bool) -> String {
        let gap = max(0, width - text.displayWidth)
        switch alignment {
        case .left: return last ? text : text + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + text
        }
    }
}

extension String {
    /// Columns this string takes on a terminal: wide East Asian characters and emoji count two.
    public var displayWidth: Int {
        var width = 0
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: continue  // combining, zero-width
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                width += 2
            default: width += 1
            }
        }
        return width
    }

    func replacingTabsAndNewlines() -> String {
        guard contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return self }
        return String(map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
