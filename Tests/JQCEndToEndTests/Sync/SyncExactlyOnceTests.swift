import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Lost answers, concurrent syncs and killed processes never create a duplicate on the server.
@Suite
struct SyncExactlyOnceTests {
    /// Local ids of the server's records created from this device, with how many records each has.
    static func serverCopies(_ world: JQCWorld) async throws -> (inspections: [String: Int], issues: [String: Int], photos: [String: Int]) {
        let state = try await world.serverState()
        var inspections: [String: Int] = [:]
        for (localID, _) in (state["inspections"] as? [String: Any]) ?? [:] { inspections[localID, default: 0] += 1 }
        var issues: [String: Int] = [:]
        for issue in (state["issues"] as? [[String: Any]]) ?? [] {
            if let id = issue["local_id"] as? String { issues[id, default: 0] += 1 }
        }
        var photos: [String: Int] = [:]
        for (_, photo) in (state["photos"] as? [String: [String: Any]]) ?? [:] {
            if let name = photo["filename"] as? String { photos[name, default: 0] += 1 }
        }
        return (inspections, issues, photos)
    }

    @Test func answerLostAfterTheServerCommittedIsNotADuplicateOnTheNextSync() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection()
            // libcurl itself resends once on a reused connection that closed without answering,
            // so the answer is lost twice to make the failure reach the sync.
            try await world.emulator.injectFault(path: "/api/v1/inspections", method: "POST", count: 2, dropAfterHandler: true)

            let first = await world.run(["jqc", "sync"])
            #expect(first.exitCode == 4, "\(first.stderr)")
            #expect(first.stderr.contains("still waiting"))
            #expect(try outbox.store.inspection(localID: inspection.localID)?.syncStatus == .pending)
            #expect(try outbox.store.inspection(localID: inspection.localID)?.retryCount == 0)
            #expect(try await world.serverInspections()[inspection.localID] != nil)  // the server did commit

            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try await world.postCounts("inspections")[inspection.localID] == 3)
            let copies = try await Self.serverCopies(world)
            #expect(copies.inspections[inspection.localID] == 1)
            let local = try #require(try outbox.store.inspection(localID: inspection.localID))
            #expect(local.syncStatus == .synced)
            #expect(local.serverID == (try await world.serverInspections()[inspection.localID]?["id"] as? Int))
        }
    }

    @Test func lostAnswersAreResentWithinTheSameSyncBecausePostsAreIdempotent() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            let issue = try outbox.issue(on: inspection, photo: true)
            for path in ["/api/v1/photos/upload", "/api/v1/inspections", "/api/v1/issues"] {
                try await world.emulator.injectFault(path: path, method: "POST", dropAfterHandler: true)
            }
            let result = await world.run(["jqc", "sync"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try await world.postCounts("inspections")[inspection.localID] == 2)
            #expect(try await world.postCounts("issues")[issue.localID] == 2)
            let copies = try await Self.serverCopies(world)
            #expect(copies.inspections[inspection.localID] == 1)
            #expect(copies.issues[issue.localID] == 1)
            #expect(copies.photos.values.allSatisfy { $0 == 1 })
            #expect(try outbox.store.pendingCounts().total == 0)
        }
    }

    @Test func issueAnswerLostThenPulledIsMergedNotDuplicatedLocally() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection()
            let issue = try outbox.issue(on: inspection)
            // The issue's answer is lost; the pull of step 5 then sees it on the server.
            try await world.emulator.injectFault(path: "/api/v1/issues", method: "POST", count: 2, dropAfterHandler: true)
            #expect(await world.run(["jqc", "sync"]).exitCode == 4)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let mine = try outbox.store.issues().filter { $0.serverID == issue.serverID || $0.localID == issue.localID }
            #expect(mine.count == 1)
            let local = try #require(try outbox.store.issue(localID: issue.localID))
            #expect(local.syncStatus == .synced)
            #expect(try outbox.store.issues().filter { $0.serverID == local.serverID }.count == 1)
            #expect(try await Self.serverCopies(world).issues[issue.localID] == 1)
        }
    }

    @Test func twoSyncProcessesAtOnceSubmitEachItemOnce() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            var ids: [String] = []
            for _ in 0..<10 {
                let inspection = try outbox.completedInspection(photo: true)
                ids.append(inspection.localID)
                ids.append(try outbox.issue(on: inspection).localID)
            }
            try await world.emulator.setLatency(milliseconds: 20)
            let logs = [world.home.path("first.err"), world.home.path("second.err")]
            let first = try world.spawn(["jqc", "sync"], stderr: logs[0])
            let second = try world.spawn(["jqc", "sync"], stderr: logs[1])
            first.waitForExit()
            second.waitForExit()
            #expect(first.terminationStatus == 0)
            #expect(second.terminationStatus == 0)
            let messages = try logs.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
            #expect(messages.contains("another sync of this profile is running"))

            let inspections = try await world.postCounts("inspections")
            let issues = try await world.postCounts("issues")
            for id in ids {
                #expect((inspections[id] ?? issues[id]) == 1)
            }
            #expect(try outbox.store.pendingCounts().total == 0)
        }
    }

    @Test func killedMidSyncThenSyncedAgainLeavesEveryItemOnTheServerExactlyOnce() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            var inspections: [String] = []
            var issues: [String] = []
            for _ in 0..<24 {
                let inspection = try outbox.completedInspection(photo: true)
                inspections.append(inspection.localID)
                issues.append(try outbox.issue(on: inspection, photo: true).localID)
            }
            // Killed at three moments the server witnesses: during photos, inspections and issues.
            // The server lets `threshold` of that kind through, then holds every later one, so
            // the sync is surely mid-step when it is killed (no sleep guessing at it).
            let paths = ["photos": "/api/v1/photos/upload", "inspections": "/api/v1/inspections", "issues": "/api/v1/issues"]
            var created = ["photos": 0, "inspections": 0, "issues": 0]
            for (kind, threshold) in [("photos", 10), ("inspections", 8), ("issues", 8)] {
                try await world.emulator.injectFault(path: paths[kind]!, method: "POST", count: 1000, delayMs: 120_000, after: threshold)
                let process = try world.spawn(["jqc", "sync"])
                while process.isRunning {
                    let counts = try await world.serverState()["created_counts"] as? [String: Int] ?? [:]
                    if (counts[kind] ?? 0) >= created[kind]! + threshold { break }
                    try await Task.sleep(nanoseconds: 3_000_000)
                }
                kill(process.processIdentifier, SIGKILL)
                process.waitForExit()
                #expect(process.terminationReason == .uncaughtSignal, "the \(kind) sync ended before it was killed")
                try await world.emulator.clearFaults()
                let counts = try await world.serverState()["created_counts"] as? [String: Int] ?? [:]
                for key in created.keys { created[key] = counts[key] ?? 0 }
            }
            // The kills did land mid-sync: some work reached the server, some is still queued.
            #expect(try outbox.store.pendingCounts().total > 0)
            let finish = await world.run(["jqc", "sync"])
            #expect(finish.exitCode == 0, "\(finish.stderr)")

            let copies = try await Self.serverCopies(world)
            for id in inspections { #expect(copies.inspections[id] == 1) }
            for id in issues { #expect(copies.issues[id] == 1) }
            #expect(copies.photos.count == 48)
            #expect(copies.photos.values.allSatisfy { $0 == 1 })
            #expect(try outbox.store.pendingCounts().total == 0)
            #expect(try outbox.store.failedCounts().total == 0)
            let server = try await world.serverInspections()
            for id in inspections {
                let formData = server[id]?["form_data"] as? [String: Any]
                #expect((formData?["7"] as? String)?.hasPrefix("uploads/photos/") == true)
            }
        }
    }

    @Test func aSecondSyncThatCannotWaitLongEnoughSaysWhoHoldsTheProfile() async throws {
        try await withWorld { world in
            try await world.login()
            try FileManager.default.createDirectory(atPath: world.profileDataDirectory, withIntermediateDirectories: true)
            let holder = try ProcessLock(path: world.profileDataDirectory + "/sync.lock")
            #expect(try holder.tryLock() == .acquired)
            let result = await world.run(["jqc", "sync", "--wait", "200ms"])
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("waiting for it to finish"))
            #expect(result.stderr.contains("pid \(getpid())"))
            let requests = try await world.emulator.requests().filter { $0.path != "/api/v1/auth/login" }
            #expect(requests.isEmpty)
            holder.unlock()
            #expect(await world.run(["jqc", "sync", "--wait", "200ms"]).exitCode == 0)
        }
    }
}
