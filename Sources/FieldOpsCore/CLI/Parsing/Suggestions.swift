/// "Did you mean" matching: the known word closest to a mistyped one.
enum Suggestions {
    /// The candidate nearest to `word` by edit distance (transpositions count as one edit),
    /// or the only candidate that `word` is a prefix of; nil when nothing is close enough.
    ///
    /// The allowed distance grows with the word so that `jqx` finds `jqc` but `ab` does not
    /// find every two-letter command.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let typed = Array(word.unicodeScalars)
        let limit = typed.count <= 3 ? 1 : (typed.count <= 6 ? 2 : 3)
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(typed, Array(candidate.unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.word }
        let extensions = candidates.filter { typed.count >= 2 && $0.hasPrefix(word) }
        return extensions.count == 1 ? extensions[0] : nil
    }

    /// Optimal-string-alignment distance (Damerau–Levenshtein restricted to adjacent swaps).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        // Three rolling rows are enough: a transposition looks two rows back.
        var twoBack = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
