/// A configuration problem, named by file, line and column, with the source line and a caret.
///
/// Every configuration error exits with `ExitCode.usage` (2): the person has to fix a file or an
/// argument, and retrying unchanged cannot help.
public struct ConfigError: UserFacingError, CustomStringConvertible, Equatable {
    /// What went wrong, for callers (and tests) that react to the kind of problem.
    public enum Kind: String, Sendable, Equatable {
        case malformedYAML
        case tabIndentation
        case unsupportedYAML
        case duplicateKey
        case unknownKey
        case wrongType
        case invalidValue
        case missingKey
        case unknownBackend
        case duplicateProfile
        case unknownProfile
        case wrongBackend
        case noProfile
        case profileExists
        case unsafeEdit
        case fileSystem
    }

    public var kind: Kind
    /// `file:line:column` when the problem sits at a place in a file; nil otherwise.
    public var location: String?
    public var message: String
    public var details: [String]
    public var hint: String?

    public var exitCode: ExitCode { .usage }

    public var summary: String {
        if let location { return "\(location): \(message)" }
        return message
    }

    public var description: String { summary }

    public init(_ kind: Kind, _ message: String, location: String? = nil, details: [String] = [], hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.details = details
        self.hint = hint
    }

    /// An error at `mark` in `source`, quoting the line with a caret under the column.
    init(_ kind: Kind, _ message: String, at mark: YAMLMark, in source: ConfigSource, hint: String? = nil) {
        self.init(
            kind, message,
            location: "\(source.path):\(mark.line):\(mark.column)",
            details: ConfigError.excerpt(source, at: mark),
            hint: hint
        )
    }

    /// The source line and a caret line, gutter-numbered like a compiler diagnostic.
    static func excerpt(_ source: ConfigSource, at mark: YAMLMark) -> [String] {
        guard let text = source.line(mark.line) else { return [] }
        let number = String(mark.line)
        let gutter = String(repeating: " ", count: number.count)
        // Keep tabs in the caret's padding so it lines up under tab-indented text too.
        var padding = ""
        for (index, character) in text.enumerated() where index < mark.column - 1 {
            padding.append(character == "\t" ? "\t" : " ")
        }
        return ["\(number) | \(text)", "\(gutter) | \(padding)^"]
    }
}
