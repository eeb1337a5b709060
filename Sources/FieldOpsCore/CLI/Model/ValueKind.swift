/// What an option or positional argument takes, which drives parsing, validation, help and completion.
public enum ValueKind: Sendable, Equatable {
    /// A free string.
    case string
    /// A whole number within the rule's bounds (validated while parsing), with the default the
    /// command gets when it is not given (help and man pages show both).
    case integer(IntegerRule)
    /// A duration such as `30s`, `5m`, `1h`, `250ms` or a bare number of seconds.
    case duration
    /// A path to a file (shells complete file names).
    case file
    /// A path to a directory.
    case directory
    /// One of a fixed set of words (validated while parsing, completed by the shells).
    case choice([String])
    /// A value completed from local data through `fieldops __complete` (profile names, cached ids).
    case dynamic(CompletionSource)
}

extension ValueKind {
    /// A whole number from `range.lowerBound` to `range.upperBound`.
    public static func integer(_ range: ClosedRange<Int>, default defaultValue: Int? = nil) -> ValueKind {
        .integer(IntegerRule(lower: range.lowerBound, upper: range.upperBound, defaultValue: defaultValue))
    }

    /// A whole number of at least `range.lowerBound`.
    public static func integer(_ range: PartialRangeFrom<Int>, default defaultValue: Int? = nil) -> ValueKind {
        .integer(IntegerRule(lower: range.lowerBound, upper: nil, defaultValue: defaultValue))
    }
}

/// The bounds and default of an integer option or argument: declared once, beside the option,
/// and from there checked by the parser, shown by help and the man page, and handed to the
/// command (`Invocation.integer`).
public struct IntegerRule: Sendable, Equatable {
    public var lower: Int?
    public var upper: Int?
    public var defaultValue: Int?

    public init(lower: Int? = nil, upper: Int? = nil, defaultValue: Int? = nil) {
        self.lower = lower
        self.upper = upper
        self.defaultValue = defaultValue
    }

    /// Any whole number, no default.
    public static let any = IntegerRule()

    /// The number `text` holds within the bounds, or nil.
    public func value(of text: String) -> Int? {
        guard IntegerText.isInteger(text), let value = Int(text) else { return nil }
        if let lower, value < lower { return nil }
        if let upper, value > upper { return nil }
        return value
    }

    /// What a value must be, for an error: "a whole number from 1 to 100".
    public var expectation: String {
        switch (lower, upper) {
        case (let lower?, let upper?): "a whole number from \(lower) to \(upper)"
        case (let lower?, nil): lower == 0 ? "a whole number, 0 or more" : "a whole number of at least \(lower)"
        case (nil, let upper?): "a whole number of at most \(upper)"
        case (nil, nil): "a whole number"
        }
    }

    /// The note help adds after the option's text: "(1-100, default 30)", or nil when there is
    /// nothing to say.
    public var note: String? {
        var parts: [String] = []
        switch (lower, upper) {
        case (let lower?, let upper?): parts.append("\(lower)-\(upper)")
        case (let lower?, nil): parts.append(lower == 0 ? "0 or more" : "at least \(lower)")
        case (nil, let upper?): parts.append("at most \(upper)")
        case (nil, nil): break
        }
        if let defaultValue { parts.append("default \(defaultValue)") }
        return parts.isEmpty ? nil : "(" + parts.joined(separator: ", ") + ")"
    }
}

/// A kind of value that `fieldops __complete` can list from local data only (never the network).
///
/// Backends add their own sources (`CompletionSource("onu")`) and answer for them through
/// the dynamic completion provider.
public struct CompletionSource: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let profile = CompletionSource("profile")
    public static let backend = CompletionSource("backend")
    /// A path for `fieldops api`, answered by the selected profile's backend.
    public static let apiPath = CompletionSource("api-path")
}
