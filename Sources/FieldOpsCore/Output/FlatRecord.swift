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
    private(set) var text: [UInt8] = []
    private var members: [(String, JSONValue)] = []
    /// Members described so far.
    private(set) var count = 0
    /// What goes before each member's value (comma, indentation, key, colon), by position, made
    /// once: a listing describes its rows with the same keys in the same order.
    private var prefixes: [(key: String, bytes: [UInt8])] = []

    /// A record built as a value.
    public init() {
        form = .value
    }

    init(form: Form) {
        self.form = form
        if form != .value { text.reserveCapacity(512) }
    }

    /// The record as an object, members in the order described (a value record).
    public var value: JSONValue { .object(JSONObject(distinctKeys: members)) }

    /// A string member; nil is `null`.
    public mutating func string(_ key: String, _ value: String?) {
        guard form != .value else {
            members.append((key, value.map(JSONValue.string) ?? .null))
            return
        }
        startMember(key)
        if let value { JSONWriter.appendString(value, to: &text) } else { JSONWriter.append("null", to: &text) }
    }

    /// A number member, written by its lexeme as the server sent it; nil is `null`.
    public mutating func number(_ key: String, _ value: JSONNumber?) {
        guard form != .value else {
            members.append((key, value.map(JSONValue.number) ?? .null))
            return
        }
        startMember(key)
        guard var lexeme = value?.lexeme else { return JSONWriter.append("null", to: &text) }
        // From its UTF-8 storage: appending the `utf8` view goes element by element.
        lexeme.withUTF8 { text.append(contentsOf: $0) }
    }

    private mutating func startMember(_ key: String) {
        let position = count
        count += 1
        if position < prefixes.count, prefixes[position].key == key {
            text.append(contentsOf: prefixes[position].bytes)
            return
        }
        var prefix: [UInt8] = []
        if position > 0 { prefix.append(UInt8(ascii: ",")) }
        if form == .pretty { JSONWriter.append("\n    ", to: &prefix) }
        JSONWriter.appendString(key, to: &prefix)
        prefix.append(UInt8(ascii: ":"))
        if form == .pretty { prefix.append(UInt8(ascii: " ")) }
        text.append(contentsOf: prefix)
        if position < prefixes.count {
            prefixes[position] = (key, prefix)
        } else if position == prefixes.count {
            prefixes.append((key, prefix))
        }
    }

    /// Empty again, for the next row (the text's storage is kept).
    mutating func reset() {
        text.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        count = 0
    }
}
