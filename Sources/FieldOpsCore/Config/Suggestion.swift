/// "Did you mean …?" hints for misspelt keys, backends and profile names, on the command
/// line's matcher (`Suggestions`), so a typo is judged the same way everywhere.
enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        if let exact = Suggestions.closest(to: word, in: candidates) { return exact }
        // Keys and names differ from a typo in case only (`Base_URL`): match those too.
        let lowered = candidates.map { $0.lowercased() }
        if let same = lowered.firstIndex(of: word.lowercased()) { return candidates[same] }
        guard let match = Suggestions.closest(to: word.lowercased(), in: lowered),
              let index = lowered.firstIndex(of: match) else { return nil }
        return candidates[index]
    }

    /// A hint sentence: "did you mean 'x'? known: a, b, c".
    static func hint(for word: String, in candidates: [String], noun: String) -> String {
        let known = candidates.isEmpty ? "none" : candidates.joined(separator: ", ")
        if let match = closest(to: word, in: candidates) {
            return "did you mean '\(match)'? known \(noun): \(known)"
        }
        return "known \(noun): \(known)"
    }
}
