import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A pull reader over one JSON text: for a caller that takes a few fields of many documents (the
/// pages of a 100,000-ONU listing) without building every document as a `JSONValue` tree.
///
/// It is the parser's own scanning, as strict as the parser on all it reads; a value the caller
/// does not take is read by the parser as a tree and dropped, so nothing goes unchecked. It
/// never reports where a text is wrong: it *declines* (throws `Declined`) on invalid JSON and on
/// the rare shapes it leaves to the tree — a key written with escapes, an object the caller
/// walks that has more than `membersChecked` members. A caller then parses the same bytes with
/// `JSONValue(parsing:)`, which reads every valid text and says exactly where an invalid one
/// breaks, so either way the answer and the error are the parser's.
///
///     let names = JSONReader.read(body) { reader throws(JSONReader.Declined) in
///         var names: [String] = []
///         guard try reader.array({ element throws(JSONReader.Declined) in
///             if let name = try element.string() { names.append(name) }
///         }) else { throw JSONReader.Declined() }
///         return names
///     }
public struct JSONReader {
    /// The reader leaves this text to the tree parser.
    public struct Declined: Error {
        public init() {}
    }

    /// A member's key as written (valid UTF-8, no escapes); valid while the reader is.
    public struct Key {
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

        @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// Inlined where it is used: against a literal, the length check is a constant and
        /// most keys differ from it in length.
        @inlinable @inline(__always)
        public static func == (key: Key, name: StaticString) -> Bool {
            guard name.hasPointerRepresentation else { return name.withUTF8Buffer { $0.elementsEqual(key.bytes) } }
            // Keys are short and mostly differ in length: no call to memcmp for them.
            let count = name.utf8CodeUnitCount
            guard key.bytes.count == count, let bytes = key.bytes.baseAddress else { return key.bytes.count == count }
            let other = name.utf8Start
            for index in 0..<count where bytes[index] != other[index] { return false }
            return true
        }

        /// `==` for a name known only at run time.
        public func matches(_ name: String) -> Bool {
            var name = name
            return name.withUTF8 { $0.elementsEqual(bytes) }
        }

        /// The key as a string.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Objects the caller walks are checked for repeated keys (which the parser refuses) over
    /// this many members; a larger one is declined.
    public static let membersChecked = 32

    private var parser: JSONParser
    /// True where a value is due: at the start, before each member's value and each element.
    /// Each value read clears it, so a caller cannot read two values where JSON has one.
    private var expectingValue = true

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes: bytes, maximumDepth: JSONValue.maximumDepth)
    }

    /// Runs `body` over the text in `data`; nil when the reader declined, or when `body` did not
    /// read exactly one value with only whitespace after it.
    public static func read<Result>(_ data: Data, _ body: (inout JSONReader) throws(Declined) -> Result) -> Result? {
        data.withUnsafeBytes { raw in read(raw.bindMemory(to: UInt8.self), body) }
    }

    /// `read(_:_:)` over bytes.
    public static func read<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONReader) throws(Declined) -> Result
    ) -> Result? {
        var reader = JSONReader(bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.parser.position = 3 }
        do {
            let result = try body(&reader)
            reader.parser.skipWhitespace()
            guard !reader.expectingValue, reader.parser.position == bytes.count else { return nil }
            return result
        } catch {
            return nil
        }
    }

    // MARK: Containers

    /// Walks the object here: `member` gets each key with the reader before its value, and a
    /// value it leaves unread is read and dropped. False, reading nothing, when the value here is
    /// not an object.
    public mutating func object(_ member: (inout JSONReader, Key) throws(Declined) -> Void) throws(Declined) -> Bool {
        guard try startContainer(UInt8(ascii: "{")) else { return false }
        try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.membersChecked) { (keys) throws(Declined) in
            var count = 0
            // One bit a key (from its length and its first and last bytes): the keys are
            // compared only when a key's bit was already set, so an object of distinct keys is
            // checked with a mask, not with every pair.
            var seen: UInt64 = 0
            if try closes(UInt8(ascii: "}")) { return }
            repeat {
                parser.skipWhitespace()
                guard at(UInt8(ascii: "\"")),
                    case .plain(let key) = try attempt({ (parser) throws(JSONParser.Failure) in try parser.scanString() })
                else { throw Declined() }
                guard count < keys.count else { throw Declined() }
                let bit = keyBit(key)
                if seen & bit != 0, keys[..<count].contains(where: { same($0, key) }) { throw Declined() }
                seen |= bit
                keys[count] = key
                count += 1
                parser.skipWhitespace()
                guard at(UInt8(ascii: ":")) else { throw Declined() }
                parser.position += 1
                expectingValue = true
                try member(&self, Key(bytes: UnsafeBufferPointer(rebasing: parser.input[key])))
                if expectingValue { try skip() }
            } while try next(closing: UInt8(ascii: "}"))
        }
        parser.depth -= 1
        return true
    }

    /// Walks the array here: `element` gets the reader before each element, and an element it
    /// leaves unread is read and dropped. False, reading nothing, when the value here is not an
    /// array.
    public mutating func array(_ element: (inout JSONReader) throws(Declined) -> Void) throws(Declined) -> Bool {
        guard try startContainer(UInt8(ascii: "[")) else { return false }
        if try !closes(UInt8(ascii: "]")) {
            repeat {
                expectingValue = true
                try element(&self)
                if expectingValue { try skip() }
            } while try next(closing: UInt8(ascii: "]"))
        }
        parser.depth -= 1
        return true
    }

    // MARK: Values

    /// The string here, or nil (reading nothing) when the value here is not a string.
    public mutating func string() throws(Declined) -> String? {
        guard try startScalar(UInt8(ascii: "\"")) else { return nil }
        return try attempt { (parser) throws(JSONParser.Failure) in try parser.parseString() }
    }

    /// `body` over the UTF-8 of the string here (escapes decoded), or nil (reading nothing) when
    /// the value here is not a string: no `String` is made for a value the caller only inspects.
    public mutating func string<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(Declined) -> Result? {
        guard try startScalar(UInt8(ascii: "\"")) else { return nil }
        let scanned = try attempt { (parser) throws(JSONParser.Failure) in try parser.scanString() }
        switch scanned {
        case .plain(let range):
            return body(UnsafeBufferPointer(rebasing: parser.input[range]))
        case .escaped:
            var decoded = try attempt { (parser) throws(JSONParser.Failure) in try parser.parseString() }
            return decoded.withUTF8(body)
        }
    }

    /// The number here, exactly as written, or nil (reading nothing) when the value here is not
    /// a number.
    public mutating func number() throws(Declined) -> JSONNumber? {
        parser.skipWhitespace()
        guard expectingValue, parser.position < parser.input.count else { throw Declined() }
        let byte = parser.input[parser.position]
        guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        expectingValue = false
        return try attempt { (parser) throws(JSONParser.Failure) in try parser.parseNumber() }
    }

    /// The value here, whole, as the parser builds it.
    public mutating func value() throws(Declined) -> JSONValue {
        guard expectingValue else { throw Declined() }
        expectingValue = false
        return try attempt { (parser) throws(JSONParser.Failure) in try parser.parseValue() }
    }

    /// The value here built through the reader's own walk (objects, arrays, strings, numbers;
    /// the parser only for `true`, `false` and `null`), not the parser's tree: what
    /// `JSONReaderTests` and `FuzzJSON` hold to the parser.
    public mutating func walkedValue() throws(Declined) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if try object({ (member, key) throws(Declined) in members.append((key.text, try member.walkedValue())) }) {
            return .object(JSONObject(members))
        }
        var elements: [JSONValue] = []
        if try array({ (element) throws(Declined) in elements.append(try element.walkedValue()) }) {
            return .array(elements)
        }
        if let string = try string() { return .string(string) }
        if let number = try number() { return .number(number) }
        return try value()
    }

    /// Reads the value here (checked as strictly as any) and drops it.
    public mutating func skip() throws(Declined) {
        _ = try value()
    }

    // MARK: Scanning

    /// Runs one of the parser's steps; its failure, located or not, is a decline.
    @inline(__always)
    private mutating func attempt<Value>(_ step: (inout JSONParser) throws(JSONParser.Failure) -> Value) throws(Declined) -> Value {
        do {
            return try step(&parser)
        } catch {
            throw Declined()
        }
    }

    @inline(__always)
    private func at(_ byte: UInt8) -> Bool {
        parser.position < parser.input.count && parser.input[parser.position] == byte
    }

    /// True (and the value due is taken) when the value here starts with `opener`.
    @inline(__always)
    private mutating func startScalar(_ opener: UInt8) throws(Declined) -> Bool {
        parser.skipWhitespace()
        guard expectingValue else { throw Declined() }
        guard at(opener) else { return false }
        expectingValue = false
        return true
    }

    /// `startScalar` for a container: also past its opener, one level deeper.
    @inline(__always)
    private mutating func startContainer(_ opener: UInt8) throws(Declined) -> Bool {
        guard try startScalar(opener) else { return false }
        try attempt { (parser) throws(JSONParser.Failure) in try parser.enterContainer() }
        parser.position += 1
        return true
    }

    /// True, past it, when the container closes at once.
    @inline(__always)
    private mutating func closes(_ closer: UInt8) throws(Declined) -> Bool {
        parser.skipWhitespace()
        guard at(closer) else { return false }
        parser.position += 1
        return true
    }

    /// After a member or element: true past a comma, false past the closer; anything else, or a
    /// closer right after the comma, is not JSON.
    @inline(__always)
    private mutating func next(closing closer: UInt8) throws(Declined) -> Bool {
        parser.skipWhitespace()
        if at(UInt8(ascii: ",")) {
            parser.position += 1
            parser.skipWhitespace()
            guard !at(closer) else { throw Declined() }
            return true
        }
        guard at(closer) else { throw Declined() }
        parser.position += 1
        return false
    }

    /// A key's bit in an object's mask of keys: equal keys have the same bit.
    @inline(__always)
    private func keyBit(_ key: Range<Int>) -> UInt64 {
        guard !key.isEmpty else { return 1 }
        let first = UInt64(parser.input[key.lowerBound])
        let last = UInt64(parser.input[key.upperBound - 1])
        return 1 << ((UInt64(key.count) &* 7 &+ first &* 3 &+ last) & 63)
    }

    /// Whether two keys' bytes in the input are the same.
    private func same(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
        guard lhs.count == rhs.count, let base = parser.input.baseAddress else { return false }
        return lhs.isEmpty || memcmp(base + lhs.lowerBound, base + rhs.lowerBound, lhs.count) == 0
    }
}
