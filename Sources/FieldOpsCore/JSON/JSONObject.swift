/// A JSON object that keeps its members in the order they were read or added.
///
/// Lookup is a linear scan for small objects (most device documents have a handful of keys
/// per level) and a hash index once an object grows past `indexThreshold` members, so
/// building thousands of small objects stays cheap while large ones stay fast to query.
///
/// Keys are unique: the parser rejects a document with a repeated key rather than keep one of
/// the values, because dropping either would change the document on write-back.
/// Equality compares members in order, so two objects with the same members in a different
/// order are not equal — the order is part of what fieldops must preserve.
public struct JSONObject: Sendable, Hashable {
    /// One key and its value.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    static let indexThreshold = 12

    public private(set) var members: [Member]
    /// Key → position in `members`; built only for objects larger than `indexThreshold`.
    private var index: [String: Int]?

    public init() {
        members = []
    }

    /// Builds an object from ordered pairs; a repeated key keeps its first position and its
    /// last value, as assigning twice through the subscript would.
    public init(_ pairs: [(String, JSONValue)]) {
        members = []
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// Builds an object from pairs whose keys are known to differ (a record a command makes
    /// with literal keys): no search for a repeated key per member, which was a twentieth of a
    /// 100,000-record listing's time.
    public init(distinctKeys pairs: [(String, JSONValue)]) {
        assert(Set(pairs.map(\.0)).count == pairs.count, "repeated key in JSONObject(distinctKeys:)")
        self.init(uniqueMembers: pairs.map { Member(key: $0.0, value: $0.1) }, index: nil)
    }

    /// `init(distinctKeys:)` for members already made (an import builds one object per row).
    public init(distinctMembers members: [Member]) {
        assert(Set(members.map(\.key)).count == members.count, "repeated key in JSONObject(distinctMembers:)")
        self.init(uniqueMembers: members, index: nil)
    }

    /// Used by the parser, which has already rejected repeated keys and may have built the
    /// key index while doing so.
    init(uniqueMembers: [Member], index: [String: Int]?) {
        members = uniqueMembers
        self.index = index
        if index == nil, members.count > JSONObject.indexThreshold { rebuildIndex() }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// The position of `key` among the members, or nil.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The value for `key`. Assigning replaces the value in place (the key keeps its position),
    /// adds a new key at the end, or with nil removes the key.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return members[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    if index != nil { rebuildIndex() }
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > JSONObject.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        var built = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    /// Hashes the members in order, matching `==` (the key index is a cache, not identity).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}

extension JSONObject: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { members.count }
    public subscript(position: Int) -> Member { members[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
