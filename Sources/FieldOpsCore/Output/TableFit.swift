/// A table made to fit a terminal `width` columns wide, as gh and kubectl lay out theirs: no line
/// wraps inside a cell. When the natural widths do not fit, columns give way by what each
/// declares (`Table.Fit`): the optional ones are hidden, lowest rank first, until the rest fit
/// with the cuttable columns at their narrowest; then the cuttable columns shrink, widest first,
/// their long cells ending in `…`. Ids (`.whole`) are never cut. The columns hidden are named in
/// one note on stderr (`note`), once the table is written.
///
/// Only a table for a person gets one (`Output.tableFit`): piped output and `--wide` are never cut.
public struct TableFit: Sendable {
    public var width: Int
    /// Says which columns were hidden (`2 columns hidden (UPTIME, RX): --wide or -o json shows
    /// them`); called once, after the table.
    public var note: @Sendable (String) -> Void

    public init(width: Int, note: @escaping @Sendable (String) -> Void = { _ in }) {
        self.width = width
        self.note = note
    }

    /// A cut column keeps at least this many columns (or its title's width, or its widest cell
    /// when that is narrower).
    static let narrowest = 8
    /// What a cut column keeps when nothing else can give way: three letters and `…`.
    static let last = 4

    /// What the table shows: per column its width, or nil when hidden.
    struct Layout: Equatable {
        var widths: [Int?]
        var hidden: [Int] { widths.indices.filter { widths[$0] == nil } }
    }

    /// The widths that fit: `natural` are the widest cells (titles included) per column.
    func layout(_ columns: [Table.Column], natural: [Int]) -> Layout {
        let fits = columns.indices.map { Self.fit(of: columns, at: $0) }
        let titles = columns.map { $0.title.displayWidth }
        let minimum = columns.indices.map { index in
            fits[index] == .shrink ? min(natural[index], max(titles[index], Self.narrowest)) : natural[index]
        }
        var shown = Array(repeating: true, count: columns.count)
        func total(_ widths: [Int]) -> Int {
            let visible = widths.indices.filter { shown[$0] }
            return visible.reduce(0) { $0 + widths[$1] } + 2 * max(0, visible.count - 1)
        }
        // Hide optional columns, lowest rank first (the rightmost of a rank first), until the
        // rest fit at their narrowest.
        let optional = columns.indices.compactMap { index -> (rank: Int, index: Int)? in
            if case .optional(let rank) = fits[index] { return (rank, index) }
            return nil
        }.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.index > $1.index }
        for candidate in optional where total(minimum) > width && total(natural) > width {
            shown[candidate.index] = false
        }
        // Shrink the cuttable columns, widest first, one column at a time so that columns of
        // one width give way evenly.
        var widths = natural
        let cuttable = columns.indices.filter { fits[$0] == .shrink }
        var excess = total(widths) - width
        // Down to the narrowest a cut column keeps; then, when long ids leave too little room
        // (a 36-character local id at 60 columns), down to a few letters and `…`.
        for floor in [minimum, natural.map { min($0, Self.last) }] {
            while excess > 0 {
                guard let widest = cuttable.filter({ shown[$0] && widths[$0] > floor[$0] }).max(by: { widths[$0] < widths[$1] })
                else { break }
                widths[widest] -= 1
                excess -= 1
            }
        }
        return Layout(widths: widths.indices.map { shown[$0] ? widths[$0] : nil })
    }

    /// How the column at `index` gives way: as it declares, else `.whole` for the first (a
    /// table's id) and `.shrink` for the rest.
    static func fit(of columns: [Table.Column], at index: Int) -> Table.Fit {
        columns[index].fit ?? (index == 0 ? .whole : .shrink)
    }

    /// The note for hidden columns, nil when none were: naming them when that fits the
    /// terminal's width, else only counting them.
    func hiddenNote(_ titles: [String]) -> String? {
        guard !titles.isEmpty else { return nil }
        let count = titles.count == 1 ? "1 column hidden" : "\(titles.count) columns hidden"
        let shows = ": --wide or -o json shows \(titles.count == 1 ? "it" : "them")"
        let named = "\(count) (\(titles.joined(separator: ", ")))" + shows
        return named.displayWidth < width ? named : count + shows
    }
}
