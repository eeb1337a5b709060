/// A parsed command line: which command, and the values of its options and arguments.
///
/// Values are stored by option long name or argument name. Global options (defined on the root)
/// are stored the same way, wherever on the line they appeared.
public struct Invocation: Sendable, Equatable {
    /// The command's path from the root, by canonical name (`["jqc", "inspect", "start"]`).
    public var path: [String]
    /// Option and argument values in the order given (repeatable options and variadic arguments have several).
    public var values: [String: [String]]
    /// Flags that were given.
    public var flags: Set<String>
    /// Words after a `--` terminator (passed through untouched, e.g. to an external `fieldops-<name>`).
    public var passthrough: [String]

    public init(path: [String] = [], values: [String: [String]] = [:], flags: Set<String> = [], passthrough: [String] = []) {
        self.path = path
        self.values = values
        self.flags = flags
        self.passthrough = passthrough
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    /// The last value given for an option or argument (the last one wins for non-repeatable options).
    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
}
