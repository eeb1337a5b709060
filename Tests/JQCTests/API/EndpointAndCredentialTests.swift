import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The endpoint table's URLs and what is read from stored credentials.
struct EndpointAndCredentialTests {
    @Test func apiRootIsAppendedOnceWhateverTheBaseURLLooksLike() {
        #expect(JQCEndpoint.apiBase(for: "https://qc.example.com") == "https://qc.example.com/api/v1")
        #expect(JQCEndpoint.apiBase(for: "https://qc.example.com/") == "https://qc.example.com/api/v1")
        #expect(JQCEndpoint.apiBase(for: "https://qc.example.com/api/v1/") == "https://qc.example.com/api/v1")
        #expect(
            JQCEndpoint.photoURL(baseURL: "https://qc.example.com/api/v1", path: "uploads/photos/a.jpg")
                == "https://qc.example.com/uploads/photos/a.jpg")
        #expect(JQCEndpoint.issueStatus(7).description == "PATCH /api/v1/issues/7/status")
    }

    @Test func onlyTheServerDeduplicatedPostsMayBeResent() {
        #expect(JQCEndpoint.createInspection.isDeduplicatedByServer)
        #expect(JQCEndpoint.createIssue.isDeduplicatedByServer)
        #expect(JQCEndpoint.uploadPhoto.isDeduplicatedByServer)
        #expect(!JQCEndpoint.login.isDeduplicatedByServer)
        #expect(!JQCEndpoint.markNotificationsRead.isDeduplicatedByServer)
        #expect(!JQCEndpoint.login.needsToken && !JQCEndpoint.refresh.needsToken && JQCEndpoint.me.needsToken)
    }

    @Test func tokenExpiryIsReadFromTheJWTWithoutItsSignature() throws {
        func segment(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let token = segment("{\"alg\":\"HS256\"}") + "." + segment("{\"sub\":\"1\",\"exp\":1800000000}") + ".c2ln"
        #expect(StoredCredentials.expiry(ofJWT: token) == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(StoredCredentials.expiry(ofJWT: "opaque-token") == nil)

        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(JQCLogin.describe(now.addingTimeInterval(3540), now: now).hasSuffix("(in 59 min)"))
        #expect(JQCLogin.describe(now.addingTimeInterval(-180), now: now).hasSuffix("(expired 3 min ago)"))
        let entry = KeyringEntry(
            secrets: ["access_token": token], identity: ["username": "inspector", "display_name": "Ines Inspector", "role": "inspector"])
        let facts = Dictionary(
            uniqueKeysWithValues: JQCLogin.statusFacts(entry: entry, now: now.addingTimeInterval(-60)).map { ($0.label, $0.value) })
        #expect(facts["user"] == "Ines Inspector (inspector)")
        #expect(facts["refreshable"] == "no")
        #expect(facts["token expires"] == JQCDate.person(JQCDate.parse("2027-01-15T08:00:00Z")!) + " (in 60 s)")
    }
}
