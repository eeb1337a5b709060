import FieldOpsCore
import Foundation
import Testing

@testable import MCMS

@Suite struct EnvelopeTests {
    @Test func successWithoutDataIsSuccessNotADecodingError() throws {
        let data = try MCMSEnvelope.data(from: Data(#"{"status":"success"}"#.utf8), source: "PUT /v1/onus/configs/x/")
        #expect(data == nil)
    }

    @Test func successDataIsReturnedLosslessly() throws {
        let data = try MCMSEnvelope.data(from: Data(#"{"status":"success","data":{"n":18446744073709551615}}"#.utf8), source: "GET")
        #expect(data?["n"]?.numberValue?.lexeme == "18446744073709551615")
    }

    @Test func failureEnvelopeCarriesTheServerMessage() {
        #expect(throws: MCMSError.server(path: "GET x", status: nil, message: "invalid id")) {
            try MCMSEnvelope.data(from: Data(#"{"status":"fail","details":{"message":"invalid id"}}"#.utf8), source: "GET x")
        }
    }

    @Test func cpeAnswerIsABareArrayWithACode() throws {
        let answer = try CPEAnswer(try JSONValue(parsing: #"[0,{"MAC":"02:00:00:00:00:01","IPv4":"100.64.1.2"}]"#), onuID: "x")
        #expect(answer.leases.count == 1)
        #expect(throws: MCMSError.self) { try CPEAnswer(try JSONValue(parsing: "[3]"), onuID: "x") }
        #expect(throws: MCMSError.self) { try CPEAnswer(try JSONValue(parsing: #"{"status":"success"}"#), onuID: "x") }
    }

    @Test func only401MeansLoggedOut() {
        #expect(MCMSError.sessionExpired(profile: "lab").exitCode == .notAuthenticated)
        #expect(MCMSError.forbidden(path: "/v1/onus/configs/x/", message: nil).exitCode == .failure)
        #expect(MCMSError.forbidden(path: "/x/", message: nil).summary.contains("forbidden (permission or CSRF)"))
    }
}
