import Testing

@testable import InterlinedList

/// Both IL credentials and the identity, as the keyring keeps them; the header each route gets.
@Suite struct StoredCredentialsTests {
    @Test func roundTripsThroughTheKeyringMaps() {
        let stored = ILStoredCredentials(
            syncToken: "abc", sessionCookie: "s1",
            user: ILUser(id: "u_ada", username: "ada", displayName: "Ada Lovelace", maxMessageLength: 500))
        let back = ILStoredCredentials(secrets: stored.secrets, identity: stored.identity)
        #expect(back == stored)
        #expect(stored.secrets == ["access_token": "abc", "session_cookie": "s1"])
    }

    @Test func eachRouteGetsOnlyTheCredentialItAccepts() {
        let stored = ILStoredCredentials(syncToken: "tok", sessionCookie: "sess")
        #expect(stored.header(for: .syncToken)?.name == "Authorization")
        #expect(stored.header(for: .syncToken)?.value == "Bearer tok")
        #expect(stored.header(for: .sessionCookie)?.name == "Cookie")
        #expect(stored.header(for: .sessionCookie)?.value == "interlinedlist-session=sess")
        #expect(stored.header(for: .none) == nil)
    }

    @Test func aPastedTokenHasNoCookieForCookieRoutes() {
        let stored = ILStoredCredentials(secrets: ["access_token": "tok"], identity: nil)
        #expect(stored.header(for: .sessionCookie) == nil)
        #expect(stored.user == nil)
    }
}
