import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `auth login` on an il profile: both credentials, a pasted token, 429 and wrong passwords.
    @Suite struct LoginTests {
        @Test func passwordLoginStoresTheSyncTokenAndTheSessionCookie() async throws {
            try await ILTestBed.with { bed in
                let outcome = await bed.attemptLogin()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stderr.contains("Ada Lovelace"))
                #expect(try await bed.storedSecrets().sorted() == ["access_token", "session_cookie"])
                let state = try await bed.state()
                #expect(state["credentials"]?["u_ada"]?["syncTokens"]?.int64Value == 1)
                #expect(state["credentials"]?["u_ada"]?["sessions"]?.int64Value == 1)
                // The password travels only in the sign-in bodies, never in a secret that is stored.
                let keyring = try String(contentsOfFile: bed.home.keyringFile, encoding: .utf8)
                #expect(!keyring.contains("lovelace1"))
            }
        }

        @Test func withTokenReadsATokenFromStdinAndStoresNoCookie() async throws {
            try await ILTestBed.with { bed in
                let token = try await Self.syncToken(bed)
                let outcome = await bed.run(["auth", "login", "--with-token"], stdin: token + "\n")
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stderr.contains("no session cookie"))
                #expect(try await bed.storedSecrets() == ["access_token"])
                let whoami = await bed.run(["il", "whoami"])
                #expect(whoami.stdout.hasPrefix("u_ada\tada\t"), "\(whoami)")
            }
        }

        @Test func aWrongTokenIsRefusedAndNothingIsStored() async throws {
            try await ILTestBed.with { bed in
                let outcome = await bed.run(["auth", "login", "--with-token"], stdin: String(repeating: "0", count: 64))
                #expect(outcome.exitCode == 3, "\(outcome)")
                #expect(outcome.stderr.contains("the server refused the token given for profile lists"))
                let secrets = try await bed.storedSecrets()
                #expect(secrets.isEmpty)
            }
        }

        @Test func aWrongPasswordSaysSo() async throws {
            try await ILTestBed.with { bed in
                let outcome = await bed.attemptLogin("ada@example.com", "wrong")
                #expect(outcome.exitCode == 3, "not authenticated, as for every backend")
                #expect(outcome.stderr.contains("wrong email or password"), "\(outcome)")
            }
        }

        // MARK: 429

        @Test func rateLimitedLoginWaitsForRetryAfterAndSaysSo() async throws {
            // Two attempts allowed per window: the sync token passes, then the limit is full for the
            // cookie login, which must wait the stated second and succeed.
            try await ILTestBed.with(arguments: ["--login-limit", "2", "--retry-after", "1"]) { bed in
                try await bed.adminPost("reset-limits", "{}")
                _ = try await Self.syncToken(bed)
                let started = ContinuousClock.now
                let outcome = await bed.attemptLogin()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stderr.contains("waiting 1 s as it asks (Retry-After)"), "\(outcome)")
                #expect(ContinuousClock.now - started >= .milliseconds(900))
                let log = try await bed.state()["login_attempts"]?["log"]?.arrayValue ?? []
                #expect(log.contains { $0["outcome"]?.stringValue == "rate_limited" })
            }
        }

        @Test func aLongRetryAfterIsReportedNotWaited() async throws {
            try await ILTestBed.with(arguments: ["--login-limit", "1", "--retry-after", "120"]) { bed in
                _ = try await Self.syncToken(bed)
                let outcome = await bed.attemptLogin()
                #expect(outcome.exitCode == 1)
                // Reported at once: had it waited the 120 s, the message would not be this one
                // and a second sign-in attempt would follow it.
                #expect(outcome.stderr.contains("too many sign-in attempts (429); the server asks to wait 120 s"), "\(outcome)")
                #expect(try await bed.storedSecrets().isEmpty)
            }
        }

        /// A sync token obtained directly from the emulator, as a browser sign-in would hand one out.
        static func syncToken(_ bed: ILTestBed) async throws -> String {
            let request = HTTPRequest(
                .post, baseURL: bed.emulator.baseURL, path: ["api", "auth", "sync-token"],
                body: .json(Data(#"{"email":"ada@example.com","password":"lovelace1"}"#.utf8)))
            let response = try await bed.http.send(request).requireSuccess()
            return try JSONValue(parsing: response.body)["token"]?.stringValue ?? ""
        }
    }
}
