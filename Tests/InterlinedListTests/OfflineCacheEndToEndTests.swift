import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing
@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// The offline cache through real commands: fresh copies served without a request, stale ones
    /// refreshed, cached views shown when the server is gone, damage discarded, logout forgetting.
    @Suite struct OfflineCacheEndToEndTests {
        @Test func aFreshCacheAnswersWithoutAskingTheServer() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                let first = await bed.run(["il", "feed", "--limit", "5"])
                #expect(first.exitCode == 0)
                let before = try await bed.requestLines().count
                let second = await bed.run(["il", "feed", "--limit", "5"])
                #expect(second.stdout == first.stdout)
                #expect(try await bed.requestLines().count == before)
            }
        }

        @Test func offlineShowsTheCachedViewWithItsAgeAndExitsZero() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                let live = await bed.run(["il", "lists", "--tree"])
                #expect(live.exitCode == 0)
                let liveFeed = await bed.run(["il", "feed"])
                bed.emulator.stop()
                let offline = await bed.run(["il", "lists", "--tree", "--refresh"])
                #expect(offline.exitCode == 0, "\(offline)")
                #expect(offline.stdout == live.stdout)
                #expect(offline.stderr == "offline — cached less than a minute ago\n", "\(offline)")
                let feed = await bed.run(["il", "feed", "--refresh"])
                #expect(feed.exitCode == 0)
                #expect(feed.stdout == liveFeed.stdout)
                #expect(feed.stderr.contains("offline — cached"))
            }
        }

        @Test func theAgeIsTheCachesAge() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                #expect(await bed.run(["il", "folders"]).exitCode == 0)
                // Re-stamp the cached copy as written 42 minutes ago.
                guard case .hit(let payload, _) = bed.cache().load("folders") else {
                    Issue.record("folders were not cached")
                    return
                }
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                try bed.cache().store(payload, as: "folders", savedAt: now - 42 * 60_000)
                bed.emulator.stop()
                let offline = await bed.run(["il", "folders"])
                #expect(offline.exitCode == 0)
                #expect(offline.stderr == "offline — cached 42 minutes ago\n", "\(offline)")
                #expect(offline.stdout.contains("lf1\tWork\t"))
            }
        }

        @Test func noCacheForcesLiveAndExitsFourOffline() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                #expect(await bed.run(["il", "feed"]).exitCode == 0)
                bed.emulator.stop()
                let outcome = await bed.run(["il", "feed", "--no-cache"])
                #expect(outcome.exitCode == 4, "\(outcome)")
                #expect(outcome.stdout.isEmpty)
                #expect(outcome.stderr.contains("cannot reach the InterlinedList server"))
            }
        }

        @Test func offlineWithNothingCachedIsExitFour() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                bed.emulator.stop()
                let outcome = await bed.run(["il", "docs"])
                #expect(outcome.exitCode == 4, "\(outcome)")
            }
        }

        @Test func aCorruptCacheFileIsDiscardedWithAWarningAndRefetched() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                #expect(await bed.run(["il", "lists"]).exitCode == 0)
                try Data("fieldops-il-cache 1 0 9999 0\n{\"lists\":[".utf8).write(to: URL(fileURLWithPath: bed.cache().path(of: "lists")))
                let outcome = await bed.run(["il", "lists"])
                #expect(outcome.exitCode == 0)
                #expect(outcome.stderr.contains("warning: discarded a damaged cache file"), "\(outcome)")
                #expect(outcome.stdout.contains("l001\tGroceries"))
                guard case .hit = bed.cache().load("lists") else { Issue.record("the refetched lists were not cached"); return }
            }
        }

        @Test func changesForgetTheCachedCopyOfWhatTheyChanged() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                #expect(await bed.run(["il", "lists"]).exitCode == 0)
                let created = await bed.run(["il", "list", "create", "Field kit", "--parent", "l005"])
                #expect(created.exitCode == 0, "\(created)")
                let lists = await bed.run(["il", "lists"])
                #expect(lists.stdout.contains("Field kit\tl005"), "\(lists)")
            }
        }

        @Test func logoutRemovesTheProfilesCache() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                #expect(await bed.run(["il", "feed"]).exitCode == 0)
                #expect(FileManager.default.fileExists(atPath: bed.cacheDirectory()))
                let logout = await bed.run(["auth", "logout"])
                #expect(logout.exitCode == 0, "\(logout)")
                #expect(!FileManager.default.fileExists(atPath: bed.home.cacheDirectory + "/lists/interlinedlist"))
                // The cookie session was ended on the server too.
                let sessions = try await bed.state()["credentials"]?["u_ada"]?["sessions"]?.int64Value
                #expect(sessions == 0)
                #expect(await bed.run(["il", "feed"]).exitCode == 3)
            }
        }

        @Test func eachUserHasTheirOwnCache() async throws {
            try await ILTestBed.with { bed in
                await bed.login()
                #expect(await bed.run(["il", "lists"]).exitCode == 0)
                await bed.login("bob@example.com", "builder22")
                let bobs = await bed.run(["il", "lists"])
                #expect(bobs.stdout == "l012\tBob's tools\t\t\tno\n", "\(bobs)")
                #expect(FileManager.default.fileExists(atPath: bed.cacheDirectory(user: "u_bob") + "/lists.cache"))
            }
        }
    }
}
