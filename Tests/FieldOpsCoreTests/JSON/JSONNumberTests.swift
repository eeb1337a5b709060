import FieldOpsCore
import Testing

@Suite struct JSONNumberTests {
    @Test func keepsTheExactLexeme() throws {
        for lexeme in ["18446744073709551615", "-18.20", "1e3", "-0", "0.000001", "1E+2", "-1.50e-07", "0"] {
            let value = try JSONValue(parsing: lexeme)
            #expect(value.numberValue?.lexeme == lexeme)
            #expect(value.jsonString() == lexeme)
        }
    }

    @Test func integerAccessorsRefuseWhatDoesNotFit() {
        #expect(JSONNumber(lexeme: "18446744073709551615")?.uint64 == .max)
        #expect(JSONNumber(lexeme: "18446744073709551615")?.int64 == nil)
        #expect(JSONNumber(lexeme: "-9223372036854775808")?.int64 == .min)
        #expect(JSONNumber(lexeme: "-1")?.uint64 == nil)
        #expect(JSONNumber(lexeme: "-0")?.uint64 == 0)
        #expect(JSONNumber(lexeme: "-0")?.int64 == 0)
        #expect(JSONNumber(lexeme: "1.0")?.int64 == nil)
        #expect(JSONNumber(lexeme: "1e3")?.int64 == nil)
    }

    @Test func doubleIsTheNearestValue() {
        #expect(JSONNumber(lexeme: "-18.20")?.double == -18.2)
        #expect(JSONNumber(lexeme: "1e3")?.double == 1000)
        #expect(JSONNumber(lexeme: "0.000001")?.double == 0.000001)
    }

    @Test func decimalStringExpandsExponentsKeepingWrittenDigits() {
        #expect(JSONNumber(lexeme: "-18.20")?.decimalString == "-18.20")
        #expect(JSONNumber(lexeme: "1e3")?.decimalString == "1000")
        #expect(JSONNumber(lexeme: "1.5E-3")?.decimalString == "0.0015")
        #expect(JSONNumber(lexeme: "12.345e1")?.decimalString == "123.45")
        #expect(JSONNumber(lexeme: "-2.5e+2")?.decimalString == "-250")
        #expect(JSONNumber(lexeme: "0.5e-1")?.decimalString == "0.05")
        #expect(JSONNumber(lexeme: "0e5")?.decimalString == "0")
        #expect(JSONNumber(lexeme: "1e99999")?.decimalString == nil)
    }

    @Test func lexemeValidationFollowsRFC8259() {
        for bad in ["01", "-", "+1", "1.", ".5", "1e", "1e+", "0x10", "NaN", "Infinity", "1 ", ""] {
            #expect(JSONNumber(lexeme: bad) == nil, "accepted \(bad)")
        }
        #expect(JSONNumber(.nan) == nil)
        #expect(JSONNumber(2.5)?.lexeme == "2.5")
        #expect(JSONNumber(Int64.min).lexeme == "-9223372036854775808")
    }
}
