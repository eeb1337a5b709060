import FieldOpsCore
import FoundationEssentials

/// Where a list schema comes from: a YAML or JSON file holding the server's DSL object, or
/// `--column KEY:TYPE[=OPT|OPT…][:LABEL][:required]` options. Either way the result is the
/// object the server takes, checked with the server's own rules before it is sent.
public enum ILSchemaSource {
    /// The DSL object in `path` (JSON when it parses as JSON, YAML otherwise), named `name`
    /// when the file gives no name (the server requires one, and uses the list title anyway).
    public static func load(path: String, name: String) throws -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FieldOpsError("cannot read the schema file \(path)", hint: "check that the file exists and is readable", exitCode: .usage)
        }
        var schema: JSONValue
        if let json = try? JSONValue(parsing: data) {
            schema = json
        } else {
            guard let root = try YAMLParser.parse(path: path, bytes: Array(data)) else {
                throw FieldOpsError(
                    "the schema file \(path) is empty", hint: "write {name, fields: [{key, type, label}, …]}", exitCode: .usage)
            }
            schema = json(from: root)
        }
        if var object = schema.objectValue, object["name"] == nil {
            object["name"] = .string(name)
            schema = .object(object)
        }
        try check(schema, source: path)
        return schema
    }

    /// The DSL object built from `--column` specs.
    public static func columns(_ specs: [String], name: String) throws -> JSONValue {
        var fields: [JSONValue] = []
        for spec in specs {
            fields.append(try field(spec))
        }
        let schema = JSONValue.object(JSONObject([("name", .string(name)), ("fields", .array(fields))]))
        try check(schema, source: "--column")
        return schema
    }

    /// Refuses a schema the server would refuse, with its message.
    public static func check(_ schema: JSONValue, source: String) throws {
        if let problem = ILSchemaCheck.problem(schema) {
            throw FieldOpsError(
                "invalid schema in \(source): \(problem)",
                hint:
                    "each field needs key, type (\(ILColumn.types.joined(separator: ", "))) and label; select and multiselect need options",
                exitCode: .usage)
        }
    }

    /// One `--column KEY:TYPE[=OPT|OPT…][:LABEL][:required]`.
    static func field(_ spec: String) throws -> JSONValue {
        var parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let usage = { (why: String) in
            FieldOpsError.usage(
                "--column \(spec): \(why)",
                hint: "write KEY:TYPE[=OPT|OPT…][:LABEL][:required], e.g. --column status:select=todo|done:Status:required")
        }
        guard parts.count >= 2, !parts[0].isEmpty else { throw usage("needs at least KEY:TYPE") }
        var required = false
        if parts.count > 2, parts.last?.lowercased() == "required" {
            required = true
            parts.removeLast()
        }
        guard parts.count <= 3 else { throw usage("too many ':' parts") }
        let key = parts[0]
        var type = parts[1]
        var options: [String]?
        if let equals = type.firstIndex(of: "=") {
            options = type[type.index(after: equals)...].split(separator: "|").map(String.init)
            type = String(type[..<equals])
        }
        type = type.lowercased()
        guard ILColumn.types.contains(type) else {
            let guess = Suggestions.closest(to: type, in: ILColumn.types).map { " (did you mean \($0)?)" } ?? ""
            throw usage("unknown type '\(type)'\(guess); types: " + ILColumn.types.joined(separator: ", "))
        }
        let label = parts.count == 3 && !parts[2].isEmpty ? parts[2] : defaultLabel(key)
        var members: [(String, JSONValue)] = [("key", .string(key)), ("type", .string(type)), ("label", .string(label))]
        if required { members.append(("required", .bool(true))) }
        if let options { members.append(("options", .array(options.map { .string($0) }))) }
        return .object(JSONObject(members))
    }

    /// `due_date` → `Due date`: the label the web app would show for a key.
    static func defaultLabel(_ key: String) -> String {
        let spaced = key.replacingEvery("_", with: " ").replacingEvery("-", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// A YAML tree as JSON: plain scalars typed as YAML 1.2 core (null, booleans, numbers), quoted ones as strings.
    static func json(from node: YAMLNode) -> JSONValue {
        switch node.content {
        case .mapping(let pairs):
            return .object(JSONObject(pairs.map { (ILCell.text(json(from: $0.key)), json(from: $0.value)) }))
        case .sequence(let items):
            return .array(items.map(json(from:)))
        case .scalar(let scalar):
            guard scalar.isPlain else { return .string(scalar.text) }
            if scalar.isNull { return .null }
            switch scalar.text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            if let number = JSONNumber(lexeme: scalar.text) { return .number(number) }
            return .string(scalar.text)
        }
    }
}
