import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// whoami, follow/unfollow and notifications against the emulator.
    @Suite struct PeopleEndToEndTests {
        @Test func whoamiShowsTheUserAndRefreshesTheStoredIdentity() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "whoami", "-o", "table"])
                #expect(outcome.stdout.contains("id                  u_ada"), "\(outcome)")
                #expect(outcome.stdout.contains("max message length  500"))
                #expect(outcome.stdout.contains("session cookie      yes"))
                bed.emulator.stop()
                let offline = await bed.run(["il", "whoami"])
                #expect(offline.exitCode == 0)
                #expect(offline.stdout.hasPrefix("u_ada\tada\tAda Lovelace"), "\(offline)")
                #expect(offline.stderr.hasPrefix("showing the identity stored at login: cannot reach 127.0.0.1:"), "\(offline.stderr)")
            }
        }

        @Test func followAndUnfollow() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let follow = await bed.run(["il", "follow", "u_bob", "-o", "table"])
                #expect(follow.stdout == "following u_bob\n", "\(follow)")
                let privateAccount = await bed.run(["il", "follow", "u_erin", "-o", "table"])
                #expect(privateAccount.stdout.contains("pending approval"))
                let follows = try await bed.state()["follows"]?.arrayValue ?? []
                #expect(follows.contains { $0["followerId"] == "u_ada" && $0["followingId"] == "u_bob" && $0["status"] == "approved" })
                let unfollow = await bed.run(["il", "unfollow", "u_bob"])
                #expect(unfollow.exitCode == 0)
                let after = try await bed.state()["follows"]?.arrayValue ?? []
                #expect(!after.contains { $0["followerId"] == "u_ada" && $0["followingId"] == "u_bob" })
                let again = await bed.run(["il", "unfollow", "u_bob"])
                #expect(again.exitCode == 1)
                #expect(again.stderr.contains("Follow relationship not found"))
            }
        }

        @Test func notificationsMarkReadWithPatch() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let tray = await bed.run(["il", "notifications"])
                #expect(tray.stdout.split(separator: "\n").map { $0.split(separator: "\t").first } == ["n003", "n002"], "\(tray)")
                let marked = await bed.run(["il", "notifications", "--read", "n002"])
                #expect(marked.exitCode == 0, "\(marked)")
                #expect(marked.stdout.hasPrefix("n003\t"))
                #expect(!marked.stdout.contains("n002"))
                let requests = try await bed.requestLines()
                #expect(requests.contains("PATCH /api/notifications/n002/read"))
                let all = await bed.run(["il", "notifications", "--read-all", "-o", "table"])
                #expect(all.stdout.isEmpty)
                #expect(all.stderr.contains("no unread notifications"))
            }
        }
    }
}
