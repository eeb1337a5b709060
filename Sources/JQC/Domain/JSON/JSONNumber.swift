import Foundation

/// A JSON number kept as its text, so `12.50` or a 20-digit id survives a round trip unchanged.
///
/// The server stores what Python's `json` module makes of the lexeme; keeping the text means
/// the client never adds binary rounding of its own on the way there.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as it is written in JSON (RFC 8259 grammar).
    public let lexeme: String

    /// Accepts only a lexeme that is already valid JSON (`-0.5`, `12`, `1e-7`).
    public init?(lexeme: String) {
        guard JSONNumber.isValidLexeme(lexeme) else { return nil }
        self.lexeme = lexeme
    }

    /// Reads a number the way a person types it and normalises it to a JSON lexeme.
    ///
    /// Tolerated: surrounding spaces, a leading `+`, `.5`, `5.`, leading zeros (`007`).
    /// Refused: empty text, `nan`, `inf`, hex, thousands separators, anything non-numeric.
    public init?(typed text: String) {
        var s = Substring(text.trimmingCharacters(in: .whitespaces))
        var negative = false
        if s.first == "+" || s.first == "-" {
            negative = s.first == "-"
            s = s.dropFirst()
        }
        var mantissa = s
        var exponent: Substring = ""
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = s[..<e]
            exponent = s[s.index(after: e)...]
        }
        var integerPart = mantissa
        var fraction: Substring = ""
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fraction = mantissa[mantissa.index(after: dot)...]
        }
        guard !(integerPart.isEmpty && fraction.isEmpty) else { return nil }
        var digits = String(integerPart.drop(while: { $0 == "0" }))
        if digits.isEmpty { digits = "0" }
        var out = negative ? "-" : ""
        out += digits
        if !fraction.isEmpty { out += "." + fraction }
        if !exponent.isEmpty { out += "e" + exponent }
        guard JSONNumber.isValidLexeme(out) else { return nil }
        self.lexeme = out
    }

    /// An integer as a lexeme.
    public init(_ value: Int) {
        self.lexeme = String(value)
    }

    /// The nearest double (what Python's `float()` would give for the same text).
    public var doubleValue: Double {
        // A valid lexeme always parses; out-of-range exponents give ±inf or 0 like strtod.
        Double(lexeme) ?? .nan
    }

    /// The value as an `Int` when it is a whole number in range (`4`, `4.0`, `4e0`).
    public var integerValue: Int? {
        if let exact = Int(lexeme) { return exact }
        let d = doubleValue
        guard d.isFinite, d.rounded() == d, abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }

    public var description: String { lexeme }

    /// Checks the RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    public static func isValidLexeme(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let n = bytes.prefix(while: { $0 >= 0x30 && $0 <= 0x39 }).count
            bytes = bytes.dropFirst(n)
            return n
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }
}
