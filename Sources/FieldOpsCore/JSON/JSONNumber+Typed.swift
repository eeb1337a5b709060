import FoundationEssentials

/// Numbers as people type them, and whole-number views of any lexeme.
extension JSONNumber {
    /// Reads a number the way a person types it and normalises it to a JSON lexeme.
    ///
    /// Tolerated: surrounding spaces, a leading `+`, `.5`, `5.`, leading zeros (`007`), `E`.
    /// Refused: empty text, `nan`, `inf`, hex, thousands separators, anything non-numeric.
    /// The digits are kept as typed (`+12.50` → `12.50`), so no binary rounding is added.
    public init?(typed text: String) {
        var rest = Substring(text.trimmingSpaces())
        var negative = false
        if rest.first == "+" || rest.first == "-" {
            negative = rest.first == "-"
            rest = rest.dropFirst()
        }
        var mantissa = rest
        var exponent: Substring = ""
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = rest[..<e]
            exponent = rest[rest.index(after: e)...]
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
        var lexeme = negative ? "-" : ""
        lexeme += digits
        if !fraction.isEmpty { lexeme += "." + fraction }
        if !exponent.isEmpty { lexeme += "e" + exponent }
        self.init(lexeme: lexeme)
    }

    /// The value as `Int` when it is numerically whole and in range: `4`, `4.0` and `4e0` all
    /// give 4 (unlike `int64`, which reads integer lexemes only).
    ///
    /// Non-integer lexemes go through `Double`, so they count as whole only below 9e15, where
    /// every integer is exact.
    public var integerValue: Int? {
        if let exact = Int(lexeme) { return exact }
        guard let value = double, value.isFinite, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }
}
