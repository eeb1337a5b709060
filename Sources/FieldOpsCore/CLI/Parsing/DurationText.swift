/// Parsing of duration words on the command line: `250ms`, `30s`, `5m`, `1h`, `7d`, or bare seconds (`1.5`).
///
/// Written by hand rather than with a regex or a formatter: it runs on every parse and every
/// completion, which must stay well under a millisecond.
public enum DurationText {
    /// The longest duration accepted anywhere (a year): every duration ends up as a timeout,
    /// a sleep or an interval, and an absurd one must be a usage error, never an overflow.
    public static let maximumSeconds: Double = 366 * 86_400

    /// The duration in seconds, or nil when `text` is not a duration of at most a year.
    public static func seconds(_ text: String) -> Double? {
        guard let value = unbounded(text), value <= maximumSeconds else { return nil }
        return value
    }

    /// The number of seconds `text` spells, however large.
    static func unbounded(_ text: String) -> Double? {
        let (number, unit) = split(text)
        guard let value = decimal(number), value >= 0, value.isFinite else { return nil }
        let seconds: Double
        switch unit {
        case "", "s": seconds = value
        case "ms": seconds = value / 1000
        case "m": seconds = value * 60
        case "h": seconds = value * 3600
        case "d": seconds = value * 86_400
        default: return nil
        }
        return seconds.isFinite ? seconds : nil
    }

    /// A duration as a person reads it in a message: `45 s`, `12 min`, `3 h` (negative as 0).
    public static func spoken(_ seconds: Double) -> String {
        let seconds = seconds.isFinite ? min(max(0, seconds), 1e15) : 0
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        if seconds < 5400 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Int((seconds / 3600).rounded())) h"
    }

    /// The duration as a Swift `Duration`, or nil when `text` is not a duration.
    public static func duration(_ text: String) -> Duration? {
        guard let seconds = seconds(text) else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    private static func split(_ text: String) -> (Substring, Substring) {
        let unitStart = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ".")) } ?? text.endIndex
        return (text[..<unitStart], text[unitStart...])
    }

    /// Digits with at most one decimal point; no sign, no exponent.
    private static func decimal(_ text: Substring) -> Double? {
        guard !text.isEmpty, text != ".", text.filter({ $0 == "." }).count <= 1 else { return nil }
        return Double(text)
    }
}

extension ValueKind {
    /// What a value of this kind must look like, or nil when `value` is acceptable.
    func rejection(of value: String) -> String? {
        switch self {
        case .integer(let rule):
            return rule.value(of: value) == nil ? rule.expectation : nil
        case .duration:
            if DurationText.seconds(value) != nil { return nil }
            if DurationText.unbounded(value) != nil { return "a duration of at most a year (8784h)" }
            return "a duration such as 30s, 5m, 1h, 7d or 250ms"
        case .choice(let words):
            return words.contains(value) ? nil : "one of " + words.joined(separator: ", ")
        case .string, .file, .directory, .dynamic:
            return nil
        }
    }
}

enum IntegerText {
    /// An optional minus sign and ASCII digits.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension Invocation {
    /// The last value of an integer option or argument (validated while parsing), or its
    /// declared default when it was not given.
    public func integer(_ name: String) -> Int? { value(name).flatMap { Int($0) } ?? defaults[name] }

    /// An integer given to an option whose kind is not `.integer` (an id completed from local
    /// data, `.dynamic`): checked here against `rule`, in the parser's words. nil when not given.
    public func integer(option name: String, _ rule: IntegerRule) throws(UsageError) -> Int? {
        try checked(name, shownAs: "--" + name, rule)
    }

    /// The same for a positional argument of a non-integer kind (`ID`).
    public func integer(argument name: String, _ rule: IntegerRule) throws(UsageError) -> Int? {
        try checked(name, shownAs: name, rule)
    }

    /// Every value of a variadic positional argument (`notifications read ID…`), each checked
    /// against `rule` in the same words.
    public func integers(argument name: String, _ rule: IntegerRule) throws(UsageError) -> [Int] {
        var numbers: [Int] = []
        for text in all(name) { numbers.append(try checked(text, name: name, shownAs: name, rule)) }
        return numbers
    }

    private func checked(_ name: String, shownAs shown: String, _ rule: IntegerRule) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        return try checked(text, name: name, shownAs: shown, rule)
    }

    private func checked(_ text: String, name: String, shownAs shown: String, _ rule: IntegerRule) throws(UsageError) -> Int {
        guard let number = rule.value(of: text) else {
            throw UsageError(.invalidValue(name: shown, value: text, expected: rule.expectation), commandWords: ["fieldops"] + path)
        }
        return number
    }

    /// The last value of a duration option or argument, in seconds (validated while parsing).
    public func seconds(_ name: String) -> Double? { value(name).flatMap { DurationText.seconds($0) } }
}
