extension Output {
    /// A listing piped or asked for in a form (`-o plain|csv|ndjson|json`, `--fields`): one row
    /// per record with the same fields as `--json` — plain is tab-separated without a header,
    /// csv has one. For commands whose terminal form is something else (cards, a tree), so a
    /// pipe always gets records.
    public func emit(records value: JSONValue) {
        guard structured.kind == .plain, structured.fields == nil else {
            emit(json: value)
            return
        }
        do {
            try writeFitted { fit in try StructuredOutput(kind: .plain, fields: nil).render(value, fit: fit) }
        } catch {
            deferError(error)
        }
    }

    /// A status or a single record (`jqc status`): pretty JSON; plain `field<TAB>value` lines,
    /// the fields as dotted paths (`pending.inspections`) and arrays as their JSON text; csv a
    /// header and one row; ndjson one line. Never the listing of an array member it holds.
    public func emit(record value: JSONValue) {
        switch structured.kind {
        case .json where structured.fields == nil:
            stdout.write(value.jsonString(.pretty) + "\n")
        case .plain where structured.fields == nil, .table where structured.fields == nil:
            for (path, member) in Self.flattened(value) { stdout.line("\(path)\t\(Self.plainText(member))") }
        default:
            do {
                try writeFitted { fit in try structured.render(.array([value]), color: terminal.colorEnabled, fit: fit) }
            } catch {
                deferError(error)
            }
        }
    }

    /// The scalar members of an object as dotted paths, in order; arrays stay whole.
    static func flattened(_ value: JSONValue, prefix: String = "") -> [(String, JSONValue)] {
        guard let object = value.objectValue else { return [(prefix.isEmpty ? "value" : prefix, value)] }
        var members: [(String, JSONValue)] = []
        for member in object {
            let path = prefix.isEmpty ? member.key : prefix + "." + member.key
            if member.value.objectValue != nil {
                members += flattened(member.value, prefix: path)
            } else {
                members.append((path, member.value))
            }
        }
        return members
    }

    /// A member as plain text: strings as they are (one line), null empty, the rest as JSON.
    static func plainText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text.replacingEvery("\n", with: " ").replacingEvery("\t", with: " ")
        case .null: return ""
        default: return value.jsonString()
        }
    }
}
