/// "Did you mean" matching: the known word closest to a mistyped one.
///
/// One matcher for the whole program — command and option names, configuration keys,
/// profile and backend names, and the labels and option values people type into a
/// backend's forms — so a typo is judged the same way everywhere.
public enum Suggestions {
    /// How many edits a typo may be away from what it meant.
    public enum Tolerance: Sendable, Equatable {
        /// 1 edit up to 3 letters, 2 up to 6, 3 beyond: command words, option names and keys,
        /// where short words are many and alike (`ab` must not find every two-letter command).
        case word
        /// A third of the length, at least 2: labels and option values a person types, where
        /// the candidates are few and a two-letter abbreviation (`Gd`) still means one of them.
        case phrase

        func limit(forLength length: Int) -> Int {
            switch self {
            case .word: length <= 3 ? 1 : (length <= 6 ? 2 : 3)
            // Nothing typed suggests nothing.
            case .phrase: length == 0 ? 0 : max(2, length / 3)
            }
        }
    }

    /// The candidate nearest to `word` by edit distance (an adjacent swap counts as one edit),
    /// or else the only candidate that `word` begins; nil when nothing is close enough.
    ///
    /// With `ignoringCase`, a candidate differing only in case or surrounding spaces
    /// (`Base_URL`, ` odor`) is the answer, and the search is repeated on folded text when the
    /// exact spelling finds nothing. Ties go to the earlier candidate.
    public static func closest(
        to word: String, in candidates: [String], ignoringCase: Bool = false, tolerance: Tolerance = .word
    ) -> String? {
        if let match = nearest(to: word, in: candidates, tolerance: tolerance) { return match }
        guard ignoringCase else { return nil }
        let typed = fold(word)
        let folded = candidates.map(fold)
        if let same = folded.firstIndex(of: typed) { return candidates[same] }
        guard let match = nearest(to: typed, in: folded, tolerance: tolerance),
            let index = folded.firstIndex(of: match)
        else { return nil }
        return candidates[index]
    }

    /// Longer input than this is no typo of a known word (a 10 MB key in a hostile answers
    /// file): it gets no suggestion, and costs nothing to judge.
    static let longestTypo = 64

    static func nearest(to word: String, in candidates: [String], tolerance: Tolerance) -> String? {
        let typed = Array(word.unicodeScalars.prefix(longestTypo + 1))
        guard typed.count <= longestTypo else { return nil }
        let limit = tolerance.limit(forLength: typed.count)
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let scalars = candidate.unicodeScalars
            // The distance is at least the difference in length: skip what cannot be close.
            guard scalars.count <= typed.count + limit, scalars.count + limit >= typed.count else { continue }
            let distance = editDistance(typed, Array(scalars))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.word }
        let extensions = candidates.filter { typed.count >= 2 && $0.hasPrefix(word) }
        return extensions.count == 1 ? extensions[0] : nil
    }

    /// A hint sentence for a misspelt key or name: "did you mean 'x'? known keys: a, b, c".
    /// Keys and names often differ from the typo in case only (`Base_URL`), so case is ignored.
    static func hint(for word: String, in candidates: [String], noun: String) -> String {
        let known = candidates.isEmpty ? "none" : candidates.joined(separator: ", ")
        if let match = closest(to: word, in: candidates, ignoringCase: true) {
            return "did you mean '\(match)'? known \(noun): \(known)"
        }
        return "known \(noun): \(known)"
    }

    /// Lowercased, without surrounding whitespace.
    static func fold(_ text: String) -> String {
        var folded = Substring(text.lowercased())
        while let first = folded.first, first.isWhitespace { folded = folded.dropFirst() }
        while let last = folded.last, last.isWhitespace { folded = folded.dropLast() }
        return String(folded)
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
