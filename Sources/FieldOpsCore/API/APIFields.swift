import FoundationEssentials

/// The `-f key=value` and `-F key=value` parameters of `fieldops api`, as gh reads them.
///
/// `-f` is always a string; `-F` is typed: `true`, `false` and `null` are those JSON literals,
/// a JSON number keeps its exact text, `@PATH` is the file's contents and `@-` is stdin. A key
/// may nest: `owner[name]=x` builds `{"owner": {"name": "x"}}` and `tags[]=a` appends to an
/// array. A GET or HEAD sends the fields as query parameters; any other method as a JSON body.
public struct APIFields: Sendable {
    public struct Field: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
    }

    public private(set) var fields: [Field] = []

    /// At most this many bytes are read for one `@file` value.
    public static let fileLimit = 64 << 20

    public init(strings: [String], typed: [String], readFile: (String) throws -> Data, readStdin: () -> Data) throws {
        for text in strings {
            let (key, value) = try Self.split(text, option: "-f")
            fields.append(Field(key: key, value: .string(value)))
        }
        for text in typed {
            let (key, raw) = try Self.split(text, option: "-F")
            fields.append(Field(key: key, value: try Self.typed(raw, readFile: readFile, readStdin: readStdin)))
        }
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// The fields as query items: strings as they are, other values by their JSON text, array
    /// keys (`tags[]`) repeated once per value.
    public var queryItems: [HTTPRequest.QueryItem] {
        fields.map { field in
            let text: String
            switch field.value {
            case .string(let string): text = string
            default: text = String(decoding: field.value.jsonBytes(), as: UTF8.self)
            }
            return HTTPRequest.QueryItem(field.key, text)
        }
    }

    /// The fields as one JSON object, nested keys expanded.
    public func jsonObject() throws -> JSONValue {
        var root = JSONValue.object(JSONObject())
        for field in fields {
            let path = try Self.keyPath(field.key)
            try Self.insert(field.value, at: path[...], into: &root, key: field.key)
        }
        return root
    }

    // MARK: Parsing

    static func split(_ text: String, option: String) throws -> (String, String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw FieldOpsError.usage("\(option) '\(text)' is not key=value", hint: "write \(option) name=value")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    static func typed(_ raw: String, readFile: (String) throws -> Data, readStdin: () -> Data) throws -> JSONValue {
        switch raw {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "@-": return .string(String(decoding: readStdin(), as: UTF8.self))
        default: break
        }
        if raw.hasPrefix("@") {
            return .string(String(decoding: try readFile(String(raw.dropFirst())), as: UTF8.self))
        }
        if let number = JSONNumber(lexeme: raw) { return .number(number) }
        return .string(raw)
    }

    /// One component of a nested key: a member name, or `[]` for "append to the array".
    enum KeyPart: Equatable {
        case member(String)
        case append
    }

    /// `a[b][]` → member a, member b, append.
    static func keyPath(_ key: String) throws -> [KeyPart] {
        guard let open = key.firstIndex(of: "[") else { return [.member(key)] }
        var parts: [KeyPart] = [.member(String(key[..<open]))]
        var rest = key[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                throw FieldOpsError.usage("field name '\(key)' is not name, name[key] or name[]", hint: "close every [ with ]")
            }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            parts.append(inner.isEmpty ? .append : .member(String(inner)))
            rest = rest[rest.index(after: close)...]
        }
        if case .member(let first) = parts[0], first.isEmpty {
            throw FieldOpsError.usage("field name '\(key)' has no name before [", hint: "write name[key]=value")
        }
        return parts
    }

    static func insert(_ value: JSONValue, at path: ArraySlice<KeyPart>, into node: inout JSONValue, key: String) throws {
        guard let part = path.first else {
            node = value
            return
        }
        let rest = path.dropFirst()
        switch (part, node) {
        case (.member(let name), .object(var object)):
            var child = object[name] ?? (rest.first == .append ? .array([]) : rest.isEmpty ? .null : .object(JSONObject()))
            try insert(value, at: rest, into: &child, key: key)
            object[name] = child
            node = .object(object)
        case (.append, .array(var elements)):
            var child = rest.first == .append ? JSONValue.array([]) : rest.isEmpty ? .null : .object(JSONObject())
            if !rest.isEmpty, case .member = rest.first!, let last = elements.last, case .object = last,
                !Self.has(rest, in: last)
            {
                // tags[][name]=a -F tags[][size]=2: fill the last element until a member repeats.
                child = elements.removeLast()
            }
            try insert(value, at: rest, into: &child, key: key)
            elements.append(child)
            node = .array(elements)
        default:
            throw FieldOpsError.usage(
                "field '\(key)' mixes an object, an array and a plain value under one name",
                hint: "give each name one shape: name=value, name[key]=value or name[]=value")
        }
    }

    private static func has(_ path: ArraySlice<KeyPart>, in node: JSONValue) -> Bool {
        guard case .member(let name)? = path.first, let object = node.objectValue else { return false }
        guard let child = object[name] else { return false }
        return path.count == 1 || has(path.dropFirst(), in: child)
    }
}
