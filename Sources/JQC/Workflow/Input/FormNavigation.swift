/// A navigation command typed at a line-mode prompt (`:goto 12`, `:next`, `:required`,
/// `:review`), the same moves the full-screen form has on `g`, `n`, `r` and `s`.
enum FormNavigation: Equatable {
    case goto(String)
    case next
    case required
    case review
    case unknown(String)

    /// nil when the line is an answer (including `:q`, which quits as `q` does).
    init?(_ line: String) {
        let text = line.trimmingWhitespace()
        guard text.hasPrefix(":"), text != ":q" else { return nil }
        let words = text.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let argument = words.count > 1 ? words[1].trimmingWhitespace() : ""
        switch words.first?.lowercased() ?? "" {
        case "goto", "go", "g": self = argument.isEmpty ? .unknown("goto (say which field: :goto 12 or :goto Floor)") : .goto(argument)
        case "next", "n": self = .next
        case "required", "r": self = .required
        case "review", "s": self = .review
        default: self = .unknown(words.first ?? "")
        }
    }
}
