/// A JSON number kept as the exact text it was written with.
///
/// Devices report 64-bit counters (`18446744073709551615`) and fixed-point readings (`-18.20`)
/// that a `Double` would round or reformat; a document that is read, edited and written back
/// must return them unchanged, so the lexeme is the value and the numeric views are derived.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as written, valid by RFC 8259's grammar.
    public let lexeme: String

    /// Wraps text already checked by the parser.
    init(validatedLexeme: String) {
        self.lexeme = validatedLexeme
    }

    /// Wraps `lexeme` when it is a valid JSON number (`-0`, `1e3`, `0.000001`), else nil.
    public init?(lexeme: String) {
        // A native string's bytes are scanned where they are; a bridged one is copied first.
        let valid = lexeme.utf8.withContiguousStorageIfAvailable(JSONNumber.isValid) ?? JSONNumber.isValid(Array(lexeme.utf8))
        guard valid else { return nil }
        self.lexeme = lexeme
    }

    public init(_ value: Int64) { lexeme = String(value) }
    public init(_ value: Int) { lexeme = String(value) }
    public init(_ value: UInt64) { lexeme = String(value) }

    /// The shortest text that reads back as `value`; nil for infinities and NaN, which JSON
    /// cannot carry.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        // Swift prints integral doubles as "3.0" and large ones as "1e+20"; both are valid JSON.
        lexeme = "\(value)"
    }

    public var description: String { lexeme }

    /// True when the lexeme has no fraction and no exponent (`-0` counts).
    public var isIntegerLexeme: Bool {
        !lexeme.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as `Int64` when the lexeme is an integer in range; nil for `1.5`, `1e3` or overflow.
    public var int64: Int64? { isIntegerLexeme ? Int64(lexeme) : nil }

    /// The value as `UInt64` when the lexeme is a non-negative integer in range (`-0` is 0).
    public var uint64: UInt64? {
        guard isIntegerLexeme else { return nil }
        if lexeme == "-0" { return 0 }
        return UInt64(lexeme)
    }

    /// The nearest `Double` (correctly rounded); may lose digits, never use it to write back.
    public var double: Double? { Double(lexeme) }

    /// The exact value in plain decimal notation, keeping the digits as written:
    /// `1e3` → `1000`, `-18.20` → `-18.20`, `1.5E-3` → `0.0015`.
    ///
    /// Nil when the exponent would need more than 4096 digits of padding, to refuse hostile input.
    public var decimalString: String? {
        let bytes = Array(lexeme.utf8)
        var index = 0
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var digits: [UInt8] = []
        var pointPosition = 0
        while index < bytes.count, isDigit(bytes[index]) {
            digits.append(bytes[index])
            index += 1
        }
        pointPosition = digits.count
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                digits.append(bytes[index])
                index += 1
            }
        }
        if index == bytes.count { return lexeme }
        // Exponent part.
        index += 1
        var exponentNegative = false
        if bytes[index] == UInt8(ascii: "+") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "-") {
            exponentNegative = true
            index += 1
        }
        var exponent = 0
        while index < bytes.count {
            exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            if exponent > 4096 { return nil }
            index += 1
        }
        pointPosition += exponentNegative ? -exponent : exponent
        if pointPosition <= 0 {
            digits.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "0"), count: 1 - pointPosition), at: 0)
            pointPosition = 1
        } else if pointPosition > digits.count {
            digits.append(contentsOf: [UInt8](repeating: UInt8(ascii: "0"), count: pointPosition - digits.count))
        }
        // Drop leading zeros of the integer part that the shift made redundant ("00.5" → "0.5").
        var start = 0
        while start < pointPosition - 1, digits[start] == UInt8(ascii: "0") { start += 1 }
        var text = String(decoding: digits[start..<pointPosition], as: UTF8.self)
        if pointPosition < digits.count {
            text += "." + String(decoding: digits[pointPosition...], as: UTF8.self)
        }
        return negative ? "-" + text : text
    }

    /// RFC 8259: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(isValid)
    }

    static func isValid(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let end = try? JSONParser.scanNumber(buffer, from: 0) else { return false }
        return end == buffer.count
    }
}

@inline(__always)
private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

extension JSONNumber: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }
}
