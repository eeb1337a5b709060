/// One step into a JSON document: an object key or an array index.
public enum JSONPathComponent: Sendable, Hashable, CustomStringConvertible {
    case key(String)
    case index(Int)

    public var description: String {
        switch self {
        case .index(let index): return "[\(index)]"
        case .key(let key):
            let plain =
                !key.isEmpty
                && key.unicodeScalars.allSatisfy {
                    ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") && $0.isASCII
                }
            return plain ? ".\(key)" : ".\"\(key)\""
        }
    }
}

extension JSONPathComponent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .key(value) }
    public init(integerLiteral value: Int) { self = .index(value) }
}

extension JSONPathComponent {
    /// Renders a path the way errors show it: `$.ONU."FW Bank Files"[1]`.
    public static func describe(_ path: some Collection<JSONPathComponent>) -> String {
        "$" + path.map(\.description).joined()
    }
}

/// An edit whose path does not fit the document (a missing key on the way, an index past the
/// end, an array where an object was expected).
public struct JSONPathError: UserFacingError, Equatable, CustomStringConvertible {
    /// The whole path that was asked for.
    public var path: [JSONPathComponent]
    /// How many components were followed before the problem.
    public var depth: Int
    public var reason: String

    public var summary: String {
        "cannot set \(JSONPathComponent.describe(path)): \(reason) at \(JSONPathComponent.describe(path.prefix(depth)))"
    }

    public var hint: String? {
        "the document does not have the expected shape; show it with --json to check"
    }

    public var exitCode: ExitCode { .failure }
    public var description: String { summary }
}

extension JSONValue {
    /// The value at `path`, or nil when any step is missing or of the wrong kind.
    public func value(at path: [JSONPathComponent]) -> JSONValue? {
        var current = self
        for component in path {
            switch component {
            case .key(let key):
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard let next = current[index] else { return nil }
                current = next
            }
        }
        return current
    }

    /// Replaces the value at `path`, keeping an existing key at its position.
    ///
    /// The last component may name a key the object lacks (it is added at the end) or the
    /// index one past the end of an array (the value is appended); every earlier step must exist.
    public mutating func set(_ newValue: JSONValue, at path: [JSONPathComponent]) throws(JSONPathError) {
        try set(newValue, at: path, from: 0)
    }

    /// A copy with the value at `path` replaced; see `set(_:at:)`.
    public func setting(_ path: [JSONPathComponent], to newValue: JSONValue) throws(JSONPathError) -> JSONValue {
        var copy = self
        try copy.set(newValue, at: path)
        return copy
    }

    private mutating func set(_ newValue: JSONValue, at path: [JSONPathComponent], from depth: Int) throws(JSONPathError) {
        guard depth < path.count else {
            self = newValue
            return
        }
        let isLast = depth == path.count - 1
        func failure(_ reason: String) -> JSONPathError {
            JSONPathError(path: path, depth: depth, reason: reason)
        }
        switch path[depth] {
        case .key(let key):
            guard case .object(var object) = self else {
                throw failure("expected an object, found \(kindDescription)")
            }
            // Release our reference so the object is uniquely owned and edited in place.
            self = .null
            defer { self = .object(object) }
            if isLast {
                object[key] = newValue
            } else {
                guard let position = object.position(of: key) else {
                    throw failure("no key \"\(key)\"")
                }
                var child = object[position].value
                object[key] = .null
                // Put the child back whether or not the edit below it succeeds.
                defer { object[key] = child }
                try child.set(newValue, at: path, from: depth + 1)
            }
        case .index(let index):
            guard case .array(var array) = self else {
                throw failure("expected an array, found \(kindDescription)")
            }
            self = .null
            defer { self = .array(array) }
            if isLast, index == array.count {
                array.append(newValue)
            } else {
                guard array.indices.contains(index) else {
                    throw failure("index \(index) is out of range (the array has \(array.count) elements)")
                }
                var child = array[index]
                array[index] = .null
                defer { array[index] = child }
                try child.set(newValue, at: path, from: depth + 1)
            }
        }
    }
}
