/// "Did you mean" for answers: the closest candidate by edit distance, case-insensitive.
enum Suggestion {
    /// The candidate nearest to `input`, or nil when none is close enough to be a typo
    /// (distance at most a third of the input's length, at least 2) or a clear prefix.
    static func closest(to input: String, among candidates: [String]) -> String? {
        let needle = Array(input.lowercased().trimmingWhitespace())
        guard !needle.isEmpty else { return nil }
        let limit = max(2, needle.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let hay = Array(candidate.lowercased().trimmingWhitespace())
            var d = distance(needle, hay)
            if needle.count >= 3, hay.starts(with: needle) { d = min(d, 1) }
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension String {
    /// The string without leading and trailing whitespace (spaces, tabs, newlines).
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
