/// Where each item of a template sits on a terminal of a given width.
///
/// The iPad lays the template out on a 12-column grid; a wide terminal does the same: fields
/// that share a grid `row` sit side by side, each as wide as its `colSpan` share of the width
/// and starting at its `col`. A narrow terminal stacks every item at full width, in grid order.
/// Sections and labels always take a row of their own.
struct FormLayout: Sendable, Equatable {
    struct Cell: Sendable, Equatable {
        /// Index into the schema's `fieldsInGridOrder`.
        var item: Int
        var x: Int
        var width: Int
        var height: Int
    }

    struct Row: Sendable, Equatable {
        var y: Int
        var height: Int
        var cells: [Cell]
    }

    /// Below this width the form is stacked.
    static let sideBySideWidth = 100

    var rows: [Row]
    var width: Int
    var totalHeight: Int

    init(items: [FormField], width: Int, values: [String: FormValue] = [:]) {
        let width = max(20, width)
        self.width = width
        let wide = width >= Self.sideBySideWidth
        var groups: [[Int]] = []
        for (index, field) in items.enumerated() where Self.isShown(field) {
            if wide, let last = groups.last?.last, Self.shareRow(items[last], field) {
                groups[groups.count - 1].append(index)
            } else {
                groups.append([index])
            }
        }
        var rows: [Row] = []
        var y = 0
        for group in groups {
            var cells: [Cell] = []
            if group.count == 1 || !wide {
                cells = group.map { Cell(item: $0, x: 0, width: width, height: Self.height(of: items[$0], values, width: width)) }
            } else {
                // Each field from its grid column to the next field's (or its own span's end),
                // in proportion to the terminal's width; one space between neighbours.
                for (position, index) in group.enumerated() {
                    let field = items[index]
                    let start = max(0, (field.col ?? 1) - 1)
                    let span = max(1, field.colSpan ?? 12)
                    var end = min(12, start + span)
                    if position + 1 < group.count { end = min(end, max(start + 1, (items[group[position + 1]].col ?? 12) - 1)) }
                    let x = start * width / 12
                    let right = end * width / 12
                    let cellWidth = max(8, right - x - 1)
                    cells.append(Cell(item: index, x: x, width: cellWidth, height: Self.height(of: field, values, width: cellWidth)))
                }
            }
            let height = cells.map(\.height).max() ?? 1
            // A section heading gets a blank line above it (except at the top).
            if items[group[0]].type == .section, y > 0 { y += 1 }
            rows.append(Row(y: y, height: height, cells: cells))
            y += height
        }
        self.rows = rows
        self.totalHeight = y
    }

    /// The cell of item `index`, with its row's y.
    func cell(of item: Int) -> (cell: Cell, y: Int)? {
        for row in rows {
            if let cell = row.cells.first(where: { $0.item == item }) { return (cell, row.y) }
        }
        return nil
    }

    static func isShown(_ field: FormField) -> Bool {
        switch field.type {
        case .buttonSubmit, .buttonPrint, .buttonEmail: return false
        default: return true
        }
    }

    /// Where the options of a radio, pass/fail or checkbox-group field go in a cell `width` wide.
    static func options(of field: FormField, width: Int) -> OptionLayout {
        OptionLayout(labels: field.effectiveOptions.map(\.label), width: width)
    }

    private static func shareRow(_ a: FormField, _ b: FormField) -> Bool {
        guard a.isInput, b.isInput, let ra = a.row, let rb = b.row, ra == rb, a.col != nil, b.col != nil else { return false }
        return true
    }

    /// Lines an item takes in a cell `width` columns wide: its label line, then its value (more
    /// for tables and textareas, and for options that wrap).
    static func height(of field: FormField, _ values: [String: FormValue], width: Int) -> Int {
        switch field.type {
        case .section, .label, .unsupported: return 1
        case .radio, .passFail, .checkboxGroup: return 1 + options(of: field, width: width).lineCount
        case .table:
            // Label, headings, the rows; an open-ended table shows one empty row to add to.
            if let fixed = field.tableRows { return 2 + max(1, fixed) }
            var count = 0
            if case .table(let rows)? = values[field.id] { count = rows.count }
            return 2 + count + 1
        case .textarea: return 4
        default: return 2
        }
    }
}
