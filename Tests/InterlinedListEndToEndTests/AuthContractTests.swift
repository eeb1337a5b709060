import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// The 401 contract against the emulator: which credential each route gets, and when a 401
    /// really means logged out.
    @Suite struct AuthContractTests {
        // MARK: Which credential goes where

        @Test func cookieRoutesGetOnlyTheCookieAndTokenRoutesOnlyTheToken() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "orgs"]).exitCode == 0)
                #expect(await bed.run(["il", "lists"]).exitCode == 0)
                let log = try await bed.credentialLog()
                let orgs = log.filter { $0.path == "/api/user/organizations" }
                #expect(orgs.count == 1)
                #expect(orgs.allSatisfy { $0.presented == ["cookie"] && $0.status == 200 })
                let lists = log.filter { $0.path == "/api/lists" }
                #expect(!lists.isEmpty && lists.allSatisfy { $0.presented == ["bearer"] })
            }
        }

        @Test func organizationsAreListedWithTheirRole() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "orgs"])
                #expect(outcome.stdout == "org1\tLovelace Labs\towner\t2\tyes\norg2\tAnalytical Engines\tadmin\t2\tno\n", "\(outcome)")
            }
        }

        // MARK: 401 on a feature route

        @Test func a401OnACookieOnlyRouteWithAValidTokenDoesNotLogOut() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                try await bed.adminPost("revoke", #"{"cookie": true}"#)
                let orgs = await bed.run(["il", "orgs"])
                #expect(orgs.exitCode == 1, "\(orgs)")
                #expect(orgs.stderr.contains("refused the session cookie (401), though your sync token is still valid"))
                // Re-validated with GET /api/user, which accepted the token.
                let log = try await bed.credentialLog()
                #expect(log.suffix(2).map(\.path) == ["/api/user/organizations", "/api/user"])
                #expect(log.last?.status == 200)
                // Still logged in: the credentials are kept and token routes keep working.
                #expect(try await bed.storedSecrets().sorted() == ["access_token", "session_cookie"])
                #expect(await bed.run(["il", "feed", "--refresh"]).exitCode == 0)
            }
        }

        @Test func aTokenOnlyProfileIsToldItNeedsACookieWithoutAsking() async throws {
            try await ILTestBed.with { bed in
                let token = try await LoginTests.syncToken(bed)
                #expect(await bed.run(["auth", "login", "--with-token"], stdin: token).exitCode == 0)
                let before = try await bed.requestLines().count
                let orgs = await bed.run(["il", "orgs"])
                #expect(orgs.exitCode == 3, "\(orgs)")
                #expect(orgs.stderr.contains("accepts only a session cookie"))
                #expect(try await bed.requestLines().count == before)
            }
        }

        // MARK: 401 on /api/user

        @Test func a401FromTheUserRouteIsLoggedOutAndKeepsTheCache() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "lists"]).exitCode == 0)
                try await bed.adminPost("revoke", #"{"token": true, "cookie": true}"#)
                let lists = await bed.run(["il", "lists", "--refresh"])
                #expect(lists.exitCode == 3, "\(lists)")
                #expect(lists.stderr.contains("logged out"))
                #expect(lists.stderr.contains("fieldops -p lists auth login"))
                let log = try await bed.credentialLog()
                #expect(log.suffix(2).map(\.path) == ["/api/lists", "/api/user"])
                #expect(log.suffix(2).allSatisfy { $0.status == 401 })
                guard case .hit = bed.cache().load("lists") else {
                    Issue.record("logged out must keep the mirror")
                    return
                }
            }
        }

        @Test func aNetworkErrorWhileRevalidatingNeverLogsOut() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                try await bed.adminPost("revoke", #"{"cookie": true}"#)
                try await bed.emulator.injectFault(path: "/api/user", method: "GET", count: 5, drop: true)
                let orgs = await bed.run(["il", "orgs"])
                #expect(orgs.exitCode == 4, "\(orgs)")
                #expect(orgs.stderr.contains("GET /api/user failed: "), "\(orgs)")
                #expect(try await bed.storedSecrets().sorted() == ["access_token", "session_cookie"])
            }
        }

        // MARK: 403

        @Test func forbiddenIsExplainedNotLoggedOut() async throws {
            try await ILTestBed.with { bed in
                try await bed.login("bob@example.com", "builder22")
                let post = await bed.run(["il", "post", "hello from bob"])
                #expect(post.exitCode == 1, "\(post)")
                #expect(post.stderr.contains("POST /api/messages: email not verified"))
                #expect(post.stderr.contains("hint: verify your email address"))
                let secrets = try await bed.storedSecrets()
                #expect(secrets.count == 2)
            }
        }
    }
}
