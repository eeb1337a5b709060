import FieldOpsCore

/// An answers file that is not valid JSON, worded for the person who wrote it.
///
/// Wraps the parser's error (line, column, the line and a caret) and, like every other
/// problem with an answers file, exits with the usage code: the fix is in the person's input.
public struct AnswersSyntaxError: UserFacingError, Equatable {
    /// Where and why parsing stopped.
    public var parseError: JSONParseError

    public init(_ parseError: JSONParseError) {
        self.parseError = parseError
    }

    public var summary: String {
        "\(parseError.source ?? "JSON") is not valid JSON at line \(parseError.line), column \(parseError.column): \(parseError.reason)"
    }

    public var details: [String] { parseError.details }

    public var hint: String? {
        parseError.source.map { "fix \($0) at that position; see the first error: jq . \($0)" }
    }

    public var exitCode: ExitCode { .usage }
}
