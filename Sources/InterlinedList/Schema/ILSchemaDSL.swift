import FieldOpsCore

/// The DSL object `GET /api/lists/{id}/schema` answers, rebuilt from the list as
/// `GET /api/lists/{id}` returns it (title, description and its `properties`), field by field as
/// the server's route builds it (`app/api/lists/[id]/schema/route.ts`). Offline, `il list schema
/// --json` answers with it when only `il sync` ran: the sync mirrors each list, not its schema.
enum ILSchemaDSL {
    static func of(list: JSONValue) -> JSONValue {
        let properties = (list["properties"]?.arrayValue ?? []).enumerated().sorted { left, right in
            let a = left.element["displayOrder"]?.numberValue?.double ?? Double(left.offset)
            let b = right.element["displayOrder"]?.numberValue?.double ?? Double(right.offset)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        let fields = properties.map { property -> JSONValue in
            var field = JSONObject()
            for (name, stored) in [
                ("key", "propertyKey"), ("type", "propertyType"), ("label", "propertyName"), ("displayOrder", "displayOrder"),
                ("required", "isRequired"), ("visible", "isVisible"), ("helpText", "helpText"), ("placeholder", "placeholder"),
            ] {
                field[name] = property[stored] ?? .null
            }
            // Stored JSON-encoded by the DSL route, raw by the properties route: parsed when it parses.
            if let stored = property["defaultValue"], stored != .null {
                field["defaultValue"] = stored.stringValue.flatMap { try? JSONValue(parsing: $0) } ?? stored
            }
            if let rules = property["validationRules"]?.objectValue, !rules.isEmpty {
                field["validation"] = .object(rules)
                if let options = rules["options"] { field["options"] = options }
            }
            if let condition = property["visibilityCondition"], condition != .null, condition.objectValue?.isEmpty != true {
                field["visibility"] = .object(JSONObject([("condition", condition)]))
            }
            return .object(field)
        }
        return .object(
            JSONObject([("name", list["title"] ?? .null), ("description", list["description"] ?? .null), ("fields", .array(fields))]))
    }
}
