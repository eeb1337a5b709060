import FieldOpsCore

/// A table with some rows in colour (a critical alarm red, a dying-gasp ONU red), as k9s
/// colours rows by status. Colour is applied to whole rendered lines, so the core table's
/// alignment, which counts characters, is never thrown off by escape codes.
struct StyledTable: Sendable {
    var table: Table
    /// One entry per row; nil leaves the row plain.
    var styles: [Style?]

    func render(format: OutputFormat, color: Bool, fit: TableFit? = nil) -> String {
        let text = table.render(format: format == .json ? .plain : format, color: color, fit: fit)
        guard color, format == .table, styles.contains(where: { $0 != nil }) else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, style) in styles.enumerated() where index + 1 < lines.count {
            if let style { lines[index + 1] = style.apply(lines[index + 1], enabled: true) }
        }
        return lines.joined(separator: "\n")
    }
}
