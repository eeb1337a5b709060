/// One command, written the one way every backend writes its commands: what it is called and
/// takes (`definition`) beside the code that runs it, with its options and arguments read once,
/// into typed fields, by `init` — checked before anything is sent or asked, and a misspelt
/// option name stops the debug build at the lookup (`Invocation.declared`).
///
/// ```swift
/// struct OLTResetCommand: FieldOpsCommand {
///     static let definition = CommandSpec("reset", abstract: "Reboot the OLT.", arguments: [oltMAC])
///     let mac: String
///     init(_ invocation: Invocation) throws { mac = try invocation.required("MAC") }
///     func run(_ context: CommandContext) async throws { … }
/// }
/// ```
///
/// The tree lists `OLTResetCommand.spec`: the definition with an action that builds the
/// command from the parsed line and runs it. A command whose options depend on the backends the
/// build includes (`auth login` takes each backend's login options) writes
/// `definition(backends:)` instead, and its tree lists `spec(backends:)`.
public protocol FieldOpsCommand: Sendable {
    /// The command as help, the man page, completion and the parser see it, without an action.
    static var definition: CommandSpec { get }
    /// The definition in a build with these backends; by default `definition`, whatever they are.
    static func definition(backends: [any Backend]) -> CommandSpec
    /// Reads the options and arguments; throws a usage error (exit 2) for a bad combination.
    init(_ invocation: Invocation) throws
    func run(_ context: CommandContext) async throws
}

extension FieldOpsCommand {
    public static func definition(backends: [any Backend]) -> CommandSpec { definition }

    /// The definition with its action: parse into `Self`, then run.
    public static var spec: CommandSpec { spec(backends: []) }

    /// The definition in a build with these backends, with its action: parse into `Self`, then run.
    public static func spec(backends: [any Backend]) -> CommandSpec {
        var spec = definition(backends: backends)
        spec.action = { context in try await Self(context.invocation).run(context) }
        return spec
    }
}

extension Invocation {
    /// A value the parser guarantees (a required argument or option), refused when empty, in
    /// the parser's words: `missing argument ID for 'fieldops mcms onu firmware'`.
    public func required(_ name: String) throws(FieldOpsError) -> String {
        guard let value = value(name), !value.isEmpty else {
            let isArgument = name.uppercased() == name
            throw FieldOpsError(
                usage: UsageError(isArgument ? .missingArgument(name) : .missingOption("--" + name), commandWords: commandWords))
        }
        return value
    }

    /// An integer option with a declared default: the value given, or that default.
    public func required(integer name: String) throws(FieldOpsError) -> Int {
        guard let value = integer(name) else {
            throw FieldOpsError(usage: UsageError(.missingOption("--" + name), commandWords: commandWords))
        }
        return value
    }

    /// `fieldops mcms onu firmware`: the words of the command, for usage errors found after parsing.
    public var commandWords: [String] { ["fieldops"] + path }

    /// A value that is not one of the option's choices, checked after parsing, in the parser's
    /// words: `invalid value 'crit' for '--severity': expected one of critical, major, minor,
    /// warning`, with a "did you mean" and the usage hint. Exit 2.
    public func invalidChoice(_ option: String, value: String, choices: [String]) -> FieldOpsError {
        let usage = UsageError(
            .invalidValue(name: option, value: value, expected: "one of " + choices.joined(separator: ", ")),
            suggestion: Suggestions.closest(to: value.lowercased(), in: choices), commandWords: commandWords)
        return FieldOpsError(usage: usage)
    }
}

extension FieldOpsError {
    /// A usage error found after parsing, said as the parser says it (exit 2).
    public init(usage: UsageError) {
        self.init(usage.summary, details: usage.details, hint: usage.hint, exitCode: .usage)
    }
}
