import Foundation

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
        self.valueName = valueName ?? long.uppercased().replacingOccurrences(of: "-", with: "_")
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
