import FieldOpsCore

/// JSON text that does not parse, with the line and column of the first problem.
public struct JSONSyntaxError: UserFacingError, Equatable {
    /// What the parser expected or found ("expected ',' or '}' after an object member").
    public var message: String
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in UTF-8 bytes) of the problem.
    public var column: Int
    /// What was being read ("answers.json", "template 12 form_schema"), when known.
    public var source: String?

    public init(message: String, line: Int, column: Int, source: String? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.source = source
    }

    public var summary: String {
        "\(source ?? "JSON") is not valid JSON at line \(line), column \(column): \(message)"
    }

    public var hint: String? {
        source.map { "fix \($0) at that position; `jq . \($0)` shows the first error" }
    }

    public var exitCode: ExitCode { .usage }
}
