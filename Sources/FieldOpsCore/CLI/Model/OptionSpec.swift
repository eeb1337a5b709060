import FoundationEssentials

/// A named option (`--profile NAME`, `-p NAME`) or flag (`--json`) of a command.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes (`profile`); also the key under which its value is stored.
    public var long: String
    /// The optional one-letter short name (`p`).
    public var short: Character?
    /// nil for a flag (takes no value).
    public var value: ValueKind?
    /// The placeholder shown in help (`NAME`).
    public var valueName: String
    public var help: String
    /// May be given more than once (`--tag a --tag b`); values accumulate in order.
    public var repeatable: Bool
    /// Must be given (shown without brackets in the usage line; missing it is a usage error).
    public var required: Bool
    public var hidden: Bool

    public init(
        _ long: String, short: Character? = nil, value: ValueKind? = .string, valueName: String? = nil,
        help: String, repeatable: Bool = false, required: Bool = false, hidden: Bool = false
    ) {
        self.long = long
        self.short = short
        self.value = value
        // Built for every option of the tree at each start: plain Swift, not Foundation's
        // replacingOccurrences, whose first call costs more than the whole tree.
        self.valueName = valueName ?? String(long.uppercased().map { $0 == "-" ? "_" : $0 })
        self.help = help
        self.repeatable = repeatable
        self.required = required
        self.hidden = hidden
    }

    /// A flag: present or absent, takes no value.
    public static func flag(_ long: String, short: Character? = nil, help: String, hidden: Bool = false) -> OptionSpec {
        OptionSpec(long, short: short, value: nil, valueName: "", help: help, hidden: hidden)
    }

    public var isFlag: Bool { value == nil }

    /// The help text with what the option's kind declares (an integer's bounds and default), as
    /// help, the man page and the completion scripts show it.
    public var described: String {
        guard case .integer(let rule)? = value, let note = rule.note else { return help }
        // "Items per page (1-100, default 30)." reads as one sentence.
        if help.hasSuffix(".") { return help.dropLast() + " " + note + "." }
        return help.isEmpty ? note : help + " " + note
    }
}

/// A positional argument of a command.
public struct ArgumentSpec: Sendable, Equatable {
    /// The name in help (`LOCAL_ID`); also the key under which its value is stored.
    public var name: String
    public var help: String
    public var value: ValueKind
    public var optional: Bool
    /// Takes every remaining positional word (must be last).
    public var variadic: Bool

    public init(_ name: String, help: String, value: ValueKind = .string, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.help = help
        self.value = value
        self.optional = optional
        self.variadic = variadic
    }
}
