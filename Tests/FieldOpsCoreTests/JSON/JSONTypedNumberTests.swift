import FieldOpsCore
import Testing

@Suite struct JSONTypedNumberTests {
    // MARK: - Numbers as people type them

    @Test func typedNumbersAreNormalisedToJSONLexemes() {
        #expect(JSONNumber(typed: " +12.50 ")?.lexeme == "12.50")
        #expect(JSONNumber(typed: ".5")?.lexeme == "0.5")
        #expect(JSONNumber(typed: "5.")?.lexeme == "5")
        #expect(JSONNumber(typed: "007")?.lexeme == "7")
        #expect(JSONNumber(typed: "-3E2")?.lexeme == "-3e2")
        for bad in ["", "abc", "nan", "inf", "0x1F", "1,5", "1.2.3", "--1", "e5", "."] {
            #expect(JSONNumber(typed: bad) == nil, "\(bad) should not be a number")
        }
    }

    // MARK: - Whole numbers

    @Test func integerValueReadsNumericallyWholeLexemes() {
        #expect(JSONNumber(lexeme: "4")?.integerValue == 4)
        #expect(JSONNumber(lexeme: "4.0")?.integerValue == 4)
        #expect(JSONNumber(lexeme: "4e0")?.integerValue == 4)
        #expect(JSONNumber(lexeme: "-12.000")?.integerValue == -12)
        #expect(JSONNumber(lexeme: "9223372036854775807")?.integerValue == .max)
        #expect(JSONNumber(lexeme: "2.5")?.integerValue == nil)
        #expect(JSONNumber(lexeme: "1e16")?.integerValue == nil)
        #expect(JSONNumber(lexeme: "1e400")?.integerValue == nil)
    }
}
