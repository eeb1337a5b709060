/// Finding a record by the part of its name a person types: "Kirkegata 2" for the OLT named
/// "OLT Kirkegata 2", "ålesund" for "Ålesundsvegen 4".
///
/// Names come from servers and people in any case and script, so matching ignores case (Swift's
/// Unicode lowercasing, and `Character` comparison, which treats a precomposed "é" and "e" with
/// a combining accent as the same), and a part of the name is enough. A name typed whole is
/// preferred over the names that merely contain it, so "OLT Havnegata 1" is not ambiguous
/// beside "OLT Havnegata 12".
public enum NameMatch {
    /// What a typed name selects among some items.
    public enum Selection<Item> {
        /// Exactly one item's name is the typed text, or contains it.
        case one(Item)
        /// Several names contain it (or are it): the candidates, in the order given.
        case ambiguous([Item])
        /// None does; the nearest name, when one is close enough to be a typo of it.
        case none(suggestion: String?)
    }

    /// The item whose name `typed` is or is part of, ignoring case.
    public static func select<Item>(_ typed: String, among items: [Item], name: (Item) -> String) -> Selection<Item> {
        let needle = fold(typed)
        guard !needle.isEmpty else { return .none(suggestion: nil) }
        let names = items.map { fold(name($0)) }
        let exact = items.indices.filter { names[$0] == needle }
        if exact.count == 1 { return .one(items[exact[0]]) }
        if exact.count > 1 { return .ambiguous(exact.map { items[$0] }) }
        let containing = items.indices.filter { names[$0].contains(needle) }
        if containing.count == 1 { return .one(items[containing[0]]) }
        if containing.count > 1 { return .ambiguous(containing.map { items[$0] }) }
        return .none(suggestion: nearMiss(typed, in: items.map(name)))
    }

    /// Whether `name` contains `typed`, ignoring case (an empty `typed` is in every name).
    public static func contains(_ name: String, _ typed: String) -> Bool {
        let needle = fold(typed)
        return needle.isEmpty || fold(name).contains(needle)
    }

    /// The name `typed` was most likely meant to be, or to be part of: the nearest whole name
    /// (`Suggestions`), else the name with a stretch of text a typo or two away from `typed`
    /// ("Kirkegate 2" → "OLT Kirkegata 2"). Nil when nothing is that close.
    public static func nearMiss(_ typed: String, in names: [String]) -> String? {
        let unique = Array(Set(names.filter { !$0.isEmpty })).sorted()
        if let whole = Suggestions.closest(to: typed, in: unique, ignoringCase: true, tolerance: .phrase) { return whole }
        let needle = Array(fold(typed))
        // Three letters have too many neighbours to suggest one of them.
        guard needle.count >= 4, needle.count <= Suggestions.longestTypo else { return nil }
        let limit = Suggestions.Tolerance.word.limit(forLength: needle.count)
        let target = Array(String(needle).unicodeScalars)
        var best: (name: String, distance: Int)?
        for name in unique {
            let letters = Array(fold(name))
            // A stretch as long as the typed text, or one shorter or longer (a letter dropped or doubled).
            for length in max(1, needle.count - 1)...(needle.count + 1) where length <= letters.count {
                for start in 0...(letters.count - length) {
                    let window = Array(String(letters[start..<(start + length)]).unicodeScalars)
                    let distance = Suggestions.editDistance(target, window)
                    if distance <= limit, distance < (best?.distance ?? Int.max) { best = (name, distance) }
                }
            }
        }
        return best?.name
    }

    /// Lowercased, without surrounding whitespace.
    static func fold(_ text: String) -> String { Suggestions.fold(text) }
}
