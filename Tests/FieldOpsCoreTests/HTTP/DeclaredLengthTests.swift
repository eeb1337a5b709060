import Testing

@testable import FieldOpsCore

/// The room a response body is given from its `Content-Length` before it arrives: the declared
/// length, in any letter case, never more than `Transfer.reservedAtMost`, and nothing for any
/// other header or a value that is not a positive number.
@Suite struct DeclaredLengthTests {
    @Test func aContentLengthIsTakenInAnyCase() {
        #expect(Transfer.declaredLength((name: "Content-Length", value: "151234")) == 151_234)
        #expect(Transfer.declaredLength((name: "content-length", value: "1")) == 1)
        #expect(Transfer.declaredLength((name: "CONTENT-LENGTH", value: "42")) == 42)
    }

    @Test func whatAServerDeclaresIsCappedAndNonsenseIgnored() {
        #expect(Transfer.declaredLength((name: "Content-Length", value: "99999999999999")) == Transfer.reservedAtMost)
        #expect(Transfer.declaredLength((name: "Content-Length", value: "99999999999999999999999")) == nil)
        for value in ["", "0", "-5", "12abc", " 12", "0x10"] {
            #expect(Transfer.declaredLength((name: "Content-Length", value: value)) == nil, "\(value)")
        }
        #expect(Transfer.declaredLength((name: "Content-Type", value: "151234")) == nil)
        #expect(Transfer.declaredLength((name: "X-Content-Length", value: "151234")) == nil)
    }
}
