import FoundationEssentials

extension JSONValue {
    /// Containers nested deeper than this are refused, so hostile input cannot exhaust the stack.
    public static let maximumDepth = 512

    /// Parses one JSON document from UTF-8 bytes.
    ///
    /// - Parameter source: names the input in errors ("response to GET /onus/5", a file path).
    public init(parsing bytes: [UInt8], source: String? = nil) throws(JSONParseError) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            JSONParser.parse(buffer, source: source, maximumDepth: JSONValue.maximumDepth)
        }
        self = try result.get()
    }

    /// Parses one JSON document from UTF-8 data.
    public init(parsing data: Data, source: String? = nil) throws(JSONParseError) {
        let result = data.withUnsafeBytes { raw in
            JSONParser.parse(raw.bindMemory(to: UInt8.self), source: source, maximumDepth: JSONValue.maximumDepth)
        }
        self = try result.get()
    }

    /// Parses one JSON document from text.
    public init(parsing text: String, source: String? = nil) throws(JSONParseError) {
        var text = text
        let result = text.withUTF8 { buffer in
            JSONParser.parse(buffer, source: source, maximumDepth: JSONValue.maximumDepth)
        }
        self = try result.get()
    }

    /// The document as UTF-8 bytes; compact unless asked otherwise.
    public func jsonBytes(_ style: JSONWriteStyle = .compact) -> [UInt8] {
        var writer = JSONWriter(style: style)
        writer.write(self)
        return writer.output
    }

    /// The document as UTF-8 data, ready for a request body.
    public func jsonData(_ style: JSONWriteStyle = .compact) -> Data {
        Data(jsonBytes(style))
    }

    /// The document as text (no trailing newline).
    public func jsonString(_ style: JSONWriteStyle = .compact) -> String {
        String(decoding: jsonBytes(style), as: UTF8.self)
    }
}

extension JSONValue {
    /// The same document with every object's members in ascending key order, at every depth.
    ///
    /// Written compactly, equal content then gives equal bytes whatever order it was built
    /// in — what a store column or a text comparison needs when the members came from a
    /// Swift dictionary.
    public func withSortedKeys() -> JSONValue {
        switch self {
        case .object(let object):
            let sorted = object.members.sorted { $0.key < $1.key }
            return .object(
                JSONObject(uniqueMembers: sorted.map { JSONObject.Member(key: $0.key, value: $0.value.withSortedKeys()) }, index: nil))
        case .array(let elements):
            return .array(elements.map { $0.withSortedKeys() })
        default:
            return self
        }
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { jsonString() }
}
