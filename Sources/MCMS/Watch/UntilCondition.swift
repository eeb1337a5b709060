import FieldOpsCore

/// `--until CONDITION`: a state word (`registered`, `!registered`) or a threshold on a named
/// reading (`rx>-25`, `alarms==0`, `temperature<=60`).
struct UntilCondition: Sendable, Equatable, CustomStringConvertible {
    enum Comparison: String, Sendable, CaseIterable {
        case atLeast = ">="
        case atMost = "<="
        case equal = "=="
        case notEqual = "!="
        case above = ">"
        case below = "<"

        func holds(_ lhs: Double, _ rhs: Double) -> Bool {
            switch self {
            case .atLeast: lhs >= rhs
            case .atMost: lhs <= rhs
            case .equal: lhs == rhs
            case .notEqual: lhs != rhs
            case .above: lhs > rhs
            case .below: lhs < rhs
            }
        }
    }

    enum Test: Sendable, Equatable {
        case state(String, negated: Bool)
        case threshold(metric: String, Comparison, Double)
    }

    var test: Test
    let text: String

    /// Parses `text` against what the command can report; an unknown name is a usage error
    /// with the nearest known one.
    init(parsing text: String, metrics: [String], states: [String]) throws(FieldOpsError) {
        self.text = text
        let trimmed = text.trimmingSpaces()
        // Longest operators first, so `>=` is not read as `>` followed by `=-25`.
        let operators = Comparison.allCases.map(\.rawValue) + ["="]
        for symbol in operators {
            guard let range = trimmed.firstRange(of: symbol) else { continue }
            let name = trimmed[..<range.lowerBound].trimmingSpaces().lowercased()
            let valueText = trimmed[range.upperBound...].trimmingSpaces()
            guard metrics.contains(name) else {
                throw Self.unknown("reading", name, in: metrics, condition: text)
            }
            guard let value = JSONNumber(typed: valueText)?.double, value.isFinite else {
                throw FieldOpsError.usage("--until \(text): \(valueText) is not a number", hint: "e.g. --until 'rx>-25'")
            }
            test = .threshold(metric: name, Comparison(rawValue: symbol) ?? .equal, value)
            return
        }
        let negated = trimmed.hasPrefix("!")
        let word = String(negated ? trimmed.dropFirst() : Substring(trimmed)).lowercased()
        guard states.contains(word) else {
            throw Self.unknown("state", word, in: states + metrics.map { $0 + ">N" }, condition: text)
        }
        test = .state(word, negated: negated)
    }

    func holds(in frame: WatchFrame) -> Bool {
        switch test {
        case .state(let word, let negated):
            return frame.states.contains(word) != negated
        case .threshold(let metric, let comparison, let value):
            guard let reading = frame.metrics[metric], reading.isFinite else { return false }
            return comparison.holds(reading, value)
        }
    }

    /// What the frame shows for the condition, for the timeout message (`rx -27.31`).
    func current(in frame: WatchFrame?) -> String {
        guard let frame else { return "no successful refresh" }
        switch test {
        case .state:
            return frame.states.isEmpty ? "no state" : "state " + frame.states.sorted().joined(separator: ", ")
        case .threshold(let metric, _, _):
            return frame.metrics[metric].map { "\(metric) \(Units.trimmed($0))" } ?? "\(metric) not reported"
        }
    }

    var description: String { text }

    private static func unknown(_ noun: String, _ word: String, in known: [String], condition: String) -> FieldOpsError {
        let suggestion = Suggestions.closest(to: word, in: known, ignoringCase: true)
        return FieldOpsError(
            "--until \(condition): unknown \(noun) \(word)",
            details: suggestion.map { ["did you mean '\($0)'?"] } ?? [],
            hint: "this command knows: " + known.joined(separator: ", "), exitCode: .usage)
    }
}
