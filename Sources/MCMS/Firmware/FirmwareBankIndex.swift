import FieldOpsCore

/// One of an ONU's two firmware banks, 0 or 1.
public struct FirmwareBankIndex: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int

    public init?(_ rawValue: Int) {
        guard rawValue == 0 || rawValue == 1 else { return nil }
        self.rawValue = rawValue
    }

    /// Reads a pointer value from a document: only the integers 0 and 1 name a bank; anything
    /// else (missing, 65535, "1", 1.0) means the bank is unknown.
    public init?(_ value: JSONValue?) {
        guard let number = value?.numberValue, number.isIntegerLexeme, let int = number.int64,
            let bank = FirmwareBankIndex(Int(int))
        else { return nil }
        self = bank
    }

    /// The other bank: the only one Procedure 7 ever writes.
    public var other: FirmwareBankIndex {
        rawValue == 0 ? FirmwareBankIndex.one : FirmwareBankIndex.zero
    }

    public static let zero = FirmwareBankIndex(uncheckedRawValue: 0)
    public static let one = FirmwareBankIndex(uncheckedRawValue: 1)

    private init(uncheckedRawValue: Int) {
        rawValue = uncheckedRawValue
    }

    public var description: String { String(rawValue) }
}
