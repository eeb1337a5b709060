import FieldOpsCore

/// The server's `validateDSLSchema` (`lib/lists/dsl-parser.ts`), run on a schema before it is
/// sent, with the server's messages: a schema refused here would have been a 400
/// `Invalid schema: …` after the round trip.
public enum ILSchemaCheck {
    static let operators: Set<String> = [
        "equals", "notEquals", "contains", "notContains", "greaterThan", "lessThan",
        "greaterThanOrEqual", "lessThanOrEqual", "isEmpty", "isNotEmpty",
    ]

    /// The reason the server would refuse `schema`, or nil when it would take it.
    public static func problem(_ schema: JSONValue) -> String? {
        guard let object = schema.objectValue else { return "DSL must be an object" }
        guard object["name"]?.stringValue != nil else { return "DSL must have a 'name' property (string)" }
        guard let fields = object["fields"]?.arrayValue else { return "DSL must have a 'fields' array" }
        guard !fields.isEmpty else { return "DSL must have at least one field" }
        var keys: [String] = []
        for (index, field) in fields.enumerated() {
            guard let key = field["key"]?.stringValue, field.objectValue != nil else {
                return "Field at index \(index) must have a 'key' property (string)"
            }
            guard let type = field["type"]?.stringValue else { return "Field '\(key)' must have a 'type' property (string)" }
            guard let kind = ILColumn.Kind(rawValue: type) else {
                return "Field '\(key)' has invalid type '\(type)'. Valid types: " + ILColumn.types.joined(separator: ", ")
            }
            guard field["label"]?.stringValue != nil else { return "Field '\(key)' must have a 'label' property (string)" }
            if kind == .select || kind == .multiselect {
                let options = field["options"] ?? field["validation"]?["options"]
                if options?.arrayValue == nil { return "Field '\(key)' (type: \(type)) must have an 'options' array" }
            }
            if let visibility = field["visibility"], !visibility.isNull {
                guard let operatorName = visibility["condition"]?["operator"]?.stringValue, operators.contains(operatorName) else {
                    return "Field '\(key)' has an invalid visibility condition"
                }
            }
            keys.append(key)
        }
        var seen = Set<String>()
        var duplicates = Set<String>()
        for key in keys where !seen.insert(key).inserted { duplicates.insert(key) }
        if !duplicates.isEmpty { return "Duplicate field keys found: " + duplicates.sorted().joined(separator: ", ") }
        return nil
    }

    /// The columns a valid DSL object will become (as the server's `parseDSLSchema` stores them),
    /// so rows can be checked and a schema change shown as a diff before anything is sent.
    public static func columns(_ schema: JSONValue) -> [ILColumn] {
        let fields = schema["fields"]?.arrayValue ?? []
        let columns = fields.enumerated().map { index, field -> ILColumn in
            var rules = field["validation"]?.objectValue ?? JSONObject()
            if let options = field["options"], options.arrayValue != nil { rules["options"] = options }
            let type = field["type"]?.stringValue ?? "text"
            if type == "priority", rules["options"] == nil { rules["options"] = ["low", "medium", "high", "urgent"] }
            let order = field["displayOrder"]?.int64Value.flatMap { Int(exactly: $0) } ?? index
            return ILColumn(
                key: field["key"]?.stringValue ?? "", label: field["label"]?.stringValue ?? "", type: type,
                displayOrder: order, isRequired: field["required"]?.boolValue == true,
                isVisible: field["visible"]?.boolValue != false, rules: rules,
                visibility: field["visibility"]?["condition"]?.objectValue)
        }
        return columns.enumerated().sorted {
            $0.element.displayOrder != $1.element.displayOrder ? $0.element.displayOrder < $1.element.displayOrder : $0.offset < $1.offset
        }.map(\.element)
    }
}
