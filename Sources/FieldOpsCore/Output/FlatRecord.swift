/// One record of a listing whose members are all scalars (strings, numbers, null), described once
/// by the listing and then either built as a `JSONValue` object (for `--fields`, csv and the
/// plain lines, which pick members by name) or written straight as JSON text: `--json` and
/// ndjson of whole records, byte for byte what that object writes, without an object, a member
/// array and a string per member for each of a 100,000-row listing's rows.
///
/// Get a text record from `StructuredWriter.flatRecord()`, describe a row into it, hand it to
/// `StructuredWriter.write(flat:)`, and describe the next row into the same record.
public struct FlatRecord {
    enum Form {
        /// Members kept for `value`.
        case value
        /// An element of the pretty top-level array: members on lines of their own, indented twice.
        case pretty
        /// One ndjson line.
        case compact
    }

    let form: Form
    /// The members written so far, without the braces (`pretty`, `compact`).
    private var text = ByteBuffer(capacity: 512)
    private var members: [(String, JSONValue)] = []
    /// Members described so far.
    private(set) var count = 0
    /// What goes before each member's value (comma, indentation, key, colon), by position, made
    /// once: a listing describes its rows with the same keys in the same order. The bytes of
    /// every prefix in one buffer, each a range of it.
    private var prefixes: [(key: String, range: Range<Int>)] = []
    private var prefixBytes = ByteBuffer(capacity: 256)

    /// A record built as a value.
    public init() {
        form = .value
    }

    init(form: Form) {
        self.form = form
    }

    /// The record as an object, members in the order described (a value record).
    public var value: JSONValue { .object(JSONObject(distinctKeys: members)) }

    /// The members' text, valid for the call (`pretty`, `compact`).
    func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try text.withBytes(body)
    }

    /// A string member; nil is `null`.
    public mutating func string(_ key: String, _ value: String?) {
        guard form != .value else {
            members.append((key, value.map(JSONValue.string) ?? .null))
            return
        }
        startMember(key)
        if let value { JSONWriter.appendString(value, to: &text) } else { text.append("null") }
    }

    /// A number member, written by its lexeme as the server sent it; nil is `null`.
    public mutating func number(_ key: String, _ value: JSONNumber?) {
        guard form != .value else {
            members.append((key, value.map(JSONValue.number) ?? .null))
            return
        }
        startMember(key)
        guard let lexeme = value?.lexeme else { return text.append("null") }
        // From its UTF-8 storage: appending the `utf8` view goes element by element.
        if lexeme.utf8.withContiguousStorageIfAvailable({ text.append(bytes: $0) }) == nil {
            var lexeme = lexeme
            lexeme.withUTF8 { text.append(bytes: $0) }
        }
    }

    /// An integer member, as `number(key, JSONNumber(value))` writes it; nil is `null`.
    public mutating func integer(_ key: String, _ value: Int?) {
        guard form != .value else {
            members.append((key, value.map { JSONValue.number(JSONNumber($0)) } ?? .null))
            return
        }
        startMember(key)
        guard let value else { return text.append("null") }
        text.append(decimal: value)
    }

    private mutating func startMember(_ key: String) {
        let position = count
        count += 1
        if position < prefixes.count, prefixes[position].key == key {
            text.append(prefixBytes, range: prefixes[position].range)
            return
        }
        let start = prefixBytes.count
        if position > 0 { prefixBytes.append(UInt8(ascii: ",")) }
        if form == .pretty { prefixBytes.append("\n    ") }
        JSONWriter.appendString(key, to: &prefixBytes)
        prefixBytes.append(UInt8(ascii: ":"))
        if form == .pretty { prefixBytes.append(UInt8(ascii: " ")) }
        let range = start..<prefixBytes.count
        text.append(prefixBytes, range: range)
        if position < prefixes.count {
            prefixes[position] = (key, range)
        } else if position == prefixes.count {
            prefixes.append((key, range))
        }
    }

    /// Empty again, for the next row (the text's storage is kept).
    mutating func reset() {
        text.removeAll()
        members.removeAll(keepingCapacity: true)
        count = 0
    }
}
