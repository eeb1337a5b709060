import FieldOpsCore
import FoundationEssentials

/// Reads `jqc inspect fill --answers FILE|-`: a JSON or YAML mapping of field id or label to
/// answer, as the domain's `AnswerInput` values.
///
/// JSON goes through the domain's parser, YAML through the core's libyaml parser; both keep
/// where a syntax error is (`answers.yaml:4:7`). The format is the file's extension, or for
/// stdin and other names the first character (`{` or `[` is JSON).
enum AnswersLoader {
    enum Format: Equatable {
        case json, yaml
    }

    /// Largest answers file read (a 60-field audit is a few KiB).
    static let maximumBytes = 16 << 20

    /// The raw answers of `path` (`-` reads `stdin`).
    static func load(path: String, stdin: InputSource) throws -> [String: AnswerInput] {
        let data: Data
        let name: String
        if path == "-" {
            data = stdin.readAll()
            name = "stdin"
        } else {
            data = try LocalFile.read(path, limit: maximumBytes, what: "the answers file")
            name = path
        }
        return try parse(data, source: name, format: format(of: path, data: data))
    }

    static func format(of path: String, data: Data) -> Format {
        let lower = path.lowercased()
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { return .yaml }
        let first = data.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml
    }

    static func parse(_ data: Data, source: String, format: Format) throws -> [String: AnswerInput] {
        switch format {
        case .json:
            return try AnswersFile.parse(json: data, source: source)
        case .yaml:
            guard let root = try YAMLParser.parse(path: source, bytes: Array(data)) else {
                throw AnswerError(AnswerProblem(key: "", message: "the answers file is empty"), source: source)
            }
            guard case .mapping(let pairs) = root.content else {
                throw AnswerError(
                    AnswerProblem(
                        key: "",
                        message:
                            "line \(root.start.line): the answers must be one mapping of field id or label to value, found \(root.kindName)"
                    ),
                    source: source)
            }
            var answers: [String: AnswerInput] = [:]
            for pair in pairs {
                answers[pair.key.scalar?.text ?? ""] = input(pair.value)
            }
            return answers
        }
    }

    /// A YAML node in the answers' natural form. Plain scalars are typed as YAML 1.2's core
    /// schema types them (null, true/false, numbers); quoted scalars are always strings.
    static func input(_ node: YAMLNode) -> AnswerInput {
        switch node.content {
        case .scalar(let scalar):
            guard scalar.isPlain else { return .string(scalar.text) }
            if scalar.isNull { return .null }
            switch scalar.text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            if let number = JSONNumber(typed: scalar.text), looksNumeric(scalar.text) { return .number(number.lexeme) }
            return .string(scalar.text)
        case .sequence(let items):
            return .list(items.map(input))
        case .mapping(let pairs):
            var members: [String: AnswerInput] = [:]
            for pair in pairs { members[pair.key.scalar?.text ?? ""] = input(pair.value) }
            return .map(members)
        }
    }

    /// YAML's number shapes only: `typed:` is more lenient (it trims spaces) than a plain
    /// scalar should be read.
    private static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return (first.isNumber || first == "-" || first == "+" || first == ".") && !text.contains(" ")
    }
}
