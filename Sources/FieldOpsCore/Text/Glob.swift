/// A shell glob (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`) matched against a whole string, ignoring case.
public struct Glob: Sendable, Equatable {
    /// True when `text` has a wildcard, so it is a pattern and not a name.
    public static func isPattern(_ text: String) -> Bool {
        text.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" })
    }

    private let pattern: [Character]

    public init(_ pattern: String) {
        self.pattern = Array(pattern.lowercased())
    }

    public func matches(_ text: String) -> Bool {
        let text = Array(text.lowercased())
        // Iterative matching with one backtrack point for the last `*`: linear in practice.
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, let next = step(p, text[t]) {
                p = next
                t += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// The pattern position after matching `character` at `p`, or nil when it does not match.
    private func step(_ p: Int, _ character: Character) -> Int? {
        switch pattern[p] {
        case "?": return p + 1
        case "[":
            var index = p + 1
            var negate = false
            if index < pattern.count, pattern[index] == "!" || pattern[index] == "^" {
                negate = true
                index += 1
            }
            var matched = false
            var first = true
            while index < pattern.count, pattern[index] != "]" || first {
                first = false
                let low = pattern[index]
                if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                    if low <= character && character <= pattern[index + 2] { matched = true }
                    index += 3
                } else {
                    if low == character { matched = true }
                    index += 1
                }
            }
            // An unclosed `[` is a literal.
            guard index < pattern.count else { return pattern[p] == character ? p + 1 : nil }
            return matched != negate ? index + 1 : nil
        default:
            return pattern[p] == character ? p + 1 : nil
        }
    }
}
