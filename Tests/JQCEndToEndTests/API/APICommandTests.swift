import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `fieldops api` on a JQC profile: paths under /api/v1, the bearer token refreshed once on a
/// 401, and limit/offset/total paging.
@Suite struct APICommandTests {
    @Test func anExpiredTokenIsRefreshedOnceAndTheRequestSentAgain() async throws {
        try await withWorld { world in
            try await world.login()
            try await world.admin("expire-tokens")
            let result = await world.run(["api", "/auth/me"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try JSONValue(parsing: result.stdout)["data"]?["user"]?["username"] == "inspector", "\(result.stdout)")
            let paths = try await world.emulator.requests().map { "\($0.method) \($0.path)" }
            #expect(paths.filter { $0 == "POST /api/v1/auth/refresh" }.count == 1, "\(paths)")
            #expect(paths.filter { $0 == "GET /api/v1/auth/me" }.count == 2)
        }
    }

    @Test func paginateSlurpFollowsLimitOffsetAndTotal() async throws {
        try await withWorld { world in
            try await world.login()
            let first = await world.run(["api", "/inspections?limit=100"])
            let total = try #require(try JSONValue(parsing: first.stdout)["data"]?["total"]?.int64Value)
            let result = await world.run(["api", "/inspections", "-X", "GET", "-f", "limit=2", "--paginate", "--slurp"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let items = try #require(try JSONValue(parsing: result.stdout).arrayValue)
            #expect(Int64(items.count) == total)
            let pages = try await world.emulator.requests().filter { $0.path == "/api/v1/inspections" && $0.query["limit"] == ["2"] }
            #expect(pages.count == max(1, Int((total + 1) / 2)))
            #expect(pages.map { $0.query["offset"]?.last ?? "0" } == (0..<pages.count).map { String($0 * 2) })
        }
    }

    @Test func notLoggedInIsExitThreeAndSendsNothing() async throws {
        try await withWorld { world in
            let result = await world.run(["api", "/facilities"])
            #expect(result.exitCode == 3, "\(result.stderr)")
            let sent = try await world.emulator.requests()
            #expect(sent.isEmpty)
        }
    }
}
