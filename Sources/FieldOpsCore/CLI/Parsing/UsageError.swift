/// A command line that does not fit the command tree; always exits with `ExitCode.usage` (2).
///
/// The summary names the offending word, `details` carries the "did you mean" line when there
/// is a close match, and the hint points at the help of the command the word was given to.
public struct UsageError: UserFacingError, Equatable, CustomStringConvertible {
    /// What was wrong, with the words a test or a caller may want to look at.
    public enum Reason: Sendable, Equatable {
        case unknownCommand(String)
        case unknownOption(String)
        /// An option that needs a value was last on the line or followed by another option.
        case missingValue(option: String)
        /// A flag was given a value with `--flag=value`.
        case unexpectedValue(option: String)
        /// A value that is not an integer / duration / one of the choices.
        case invalidValue(name: String, value: String, expected: String)
        case missingArgument(String)
        case missingOption(String)
        case unexpectedArgument(String)
    }

    public var reason: Reason
    /// The closest known word (command, option or choice), when one is close enough.
    public var suggestion: String?
    /// The command words from the program name to the command the error is about
    /// (`["fieldops", "jqc", "sync"]`), used for the hint.
    public var commandWords: [String]

    public init(_ reason: Reason, suggestion: String? = nil, commandWords: [String]) {
        self.reason = reason
        self.suggestion = suggestion
        self.commandWords = commandWords
    }

    public var exitCode: ExitCode { .usage }

    public var summary: String {
        let command = commandWords.joined(separator: " ")
        switch reason {
        case .unknownCommand(let word): return "unknown command '\(word)' for '\(command)'"
        case .unknownOption(let option): return "unknown option '\(option)' for '\(command)'"
        case .missingValue(let option): return "option '\(option)' needs a value"
        case .unexpectedValue(let option): return "option '\(option)' takes no value"
        case .invalidValue(let name, let value, let expected):
            return "invalid value '\(value)' for '\(name)': expected \(expected)"
        case .missingArgument(let name): return "missing argument \(name) for '\(command)'"
        case .missingOption(let option): return "missing required option '\(option)' for '\(command)'"
        case .unexpectedArgument(let word): return "unexpected argument '\(word)' for '\(command)'"
        }
    }

    public var details: [String] {
        guard let suggestion else { return [] }
        return ["did you mean '\(suggestion)'?"]
    }

    public var hint: String? { "see the usage: \(commandWords.joined(separator: " ")) --help" }

    public var description: String { ([summary] + details).joined(separator: "\n") }
}
