import FieldOpsCore

extension FormField {
    /// Reads one element of `form_schema`; `index` is its 0-based position in the list.
    ///
    /// Lenient on purpose: numbers written as strings (`"row": "3"`) are read, unknown keys are
    /// kept in `raw`, and a missing `id` or `type` turns the field into an unsupported one with
    /// a `defect` (the iPad client skips such fields too, and the server cannot score them).
    public init(json: JSONValue, index: Int) throws {
        guard case .object(let o) = json else {
            throw FormSchemaError.fieldNotAnObject(index: index, found: json.kindWord)
        }
        let typeName = o["type"]?.stringValue
        var type = typeName.map(FieldType.init(name:)) ?? .unsupported("")
        var defect: String? = typeName == nil ? "has no type" : nil
        let id = FormField.key(from: o["id"])
        if id == nil {
            defect = defect.map { "\($0) and no id" } ?? "has no id"
            if !type.isUnsupported { type = .unsupported(type.name) }
        }
        self.init(
            id: id ?? "",
            type: type,
            label: FormField.text(o["label"]) ?? "",
            placeholder: FormField.text(o["placeholder"]),
            required: FormField.flag(o["required"]),
            helpText: FormField.text(o["help_text"]),
            options: FormField.options(o["options"]),
            col: FormField.integer(o["col"]),
            row: FormField.integer(o["row"]),
            colSpan: FormField.integer(o["colSpan"]),
            rowSpan: FormField.integer(o["rowSpan"]),
            order: FormField.integer(o["order"]),
            tableRows: FormField.integer(o["table_rows"]),
            tableCols: FormField.integer(o["table_cols"]),
            colHeaders: FormField.strings(o["col_headers"]),
            textContent: FormField.text(o["text_content"]),
            fontSize: FormField.text(o["font_size"]),
            fontWeight: FormField.text(o["font_weight"]),
            buttonLabel: FormField.text(o["btn_label"]),
            index: index,
            defect: defect,
            raw: json
        )
    }

    /// The form-data key of a schema `id`: a string as is, an integer in decimal (`5` → `"5"`).
    static func key(from value: JSONValue?) -> String? {
        switch value {
        case .string(let s) where !s.isEmpty:
            return s
        case .number(let n):
            // Python's str() of the same number, which is what the server keys by.
            if let i = n.integerValue { return String(i) }
            return n.double.map { "\($0)" }
        default:
            return nil
        }
    }

    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s): return s
        case .number(let n): return n.lexeme
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    static func integer(_ value: JSONValue?) -> Int? {
        switch value {
        case .number(let n): return n.integerValue
        case .string(let s): return JSONNumber(typed: s)?.integerValue
        default: return nil
        }
    }

    static func flag(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let b): return b
        case .string(let s): return ["true", "yes", "1"].contains(s.lowercased())
        case .number(let n): return n.double != 0
        default: return false
        }
    }

    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let items) = value else { return [] }
        return items.map { text($0) ?? "" }
    }

    static func options(_ value: JSONValue?) -> [FieldOption] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap { item in
            if case .object(let o) = item {
                guard let v = text(o["value"]) ?? text(o["label"]) else { return nil }
                return FieldOption(value: v, label: text(o["label"]))
            }
            return text(item).map { FieldOption(value: $0) }
        }
    }
}

extension FormField {
    /// The field as a `form_schema` object: as received when it was decoded, otherwise built
    /// from the properties (for fields made in code).
    public var json: JSONValue {
        if raw != .null { return raw }
        var o: JSONObject = ["type": .string(type.name), "label": .string(label)]
        if !id.isEmpty { o["id"] = Int(id).map { .number(JSONNumber($0)) } ?? .string(id) }
        if required { o["required"] = .bool(true) }
        if !options.isEmpty {
            o["options"] = .array(
                options.map {
                    $0.label == $0.value ? .string($0.value) : .object(["label": .string($0.label), "value": .string($0.value)])
                })
        }
        let texts: [(String, String?)] = [
            ("placeholder", placeholder), ("help_text", helpText), ("text_content", textContent),
            ("font_size", fontSize), ("font_weight", fontWeight), ("btn_label", buttonLabel),
        ]
        for (key, value) in texts { if let value { o[key] = .string(value) } }
        let numbers: [(String, Int?)] = [
            ("col", col), ("row", row), ("colSpan", colSpan), ("rowSpan", rowSpan), ("order", order),
            ("table_rows", tableRows), ("table_cols", tableCols),
        ]
        for (key, value) in numbers { if let value { o[key] = .number(JSONNumber(value)) } }
        if !colHeaders.isEmpty { o["col_headers"] = .array(colHeaders.map(JSONValue.string)) }
        return .object(o)
    }
}
