import FoundationEssentials

/// A Swift type that can be bound as a statement argument and read back from a column.
///
/// Reading is strict: an `INTEGER` column does not silently become a `String`, so a schema
/// mistake shows up as a conversion error naming the column rather than as wrong data.
/// The one widening allowed is `INTEGER` → `Double`, since SQLite stores integral reals as
/// integers in columns of `REAL` affinity.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var sqlValue: SQLValue { get }
    /// The Swift value for a stored value, or nil when the storage class does not fit.
    init?(sqlValue: SQLValue)
}

extension SQLValue: DatabaseValueConvertible {
    public var sqlValue: SQLValue { self }
    public init?(sqlValue: SQLValue) { self = sqlValue }
}

extension Int64: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Int: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Int32: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue, let exact = Int32(exactly: value) else { return nil }
        self = exact
    }
}

extension Double: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .real(self) }
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value != 0
    }
}

extension String: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .text(self) }
    public init?(sqlValue: SQLValue) {
        guard case .text(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Data: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .blob(self) }
    public init?(sqlValue: SQLValue) {
        guard case .blob(let value) = sqlValue else { return nil }
        self = value
    }
}

/// A JSON document is stored as its compact text, so it stays readable with the sqlite3 shell
/// and its numbers and key order survive.
extension JSONValue: DatabaseValueConvertible {
    public var sqlValue: SQLValue { .text(jsonString()) }
    public init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue, let value = try? JSONValue(parsing: text) else { return nil }
        self = value
    }
}

/// `nil` binds as `NULL`, and `NULL` reads back as `nil`.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
    public init?(sqlValue: SQLValue) {
        if case .null = sqlValue {
            self = .none
        } else if let wrapped = Wrapped(sqlValue: sqlValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}
