import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// One item the server or the store refuses fails on its own, readably, and counts; the rest of
/// the sync — submissions, pulls, notifications — still runs, and `jqc status` says what failed.
@Suite
struct OneBadItemTests {
    /// Words of SQLite's own messages that must never reach a person.
    static let sqlWords = ["UNIQUE", "constraint failed", "SQLITE", "UPDATE ", "INSERT ", "trigger", "RAISE"]

    static func status(_ world: JQCWorld) async throws -> [String: Any] {
        try await world.run(["jqc", "status", "--json"]).object()
    }

    // MARK: A server that was reset and reuses ids

    @Test func serverResetWithReusedIDsFailsOnlyTheCollidingItemsAndEverythingElseSyncs() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let earlier = try outbox.completedInspection()
            let standalone = try outbox.facilityIssue(description: "Scuffed door")
            // Stamped two minutes ago: a reset takes its time, so the notice under the reused id is a later one.
            try await world.admin("notify", ["user": "inspector", "type": "info", "title": "Before the reset", "age_seconds": 120])
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let heldInspection = try #require(try outbox.store.inspection(localID: earlier.localID)?.serverID)
            let heldIssue = try #require(try outbox.store.issue(localID: standalone.localID)?.serverID)

            // The server loses everything clients sent and hands the same ids out again: to a
            // supervisor's new issue, a new notification, and this device's next inspection.
            try await world.admin("server-reset", ["reuse_ids": true])
            try await world.admin("issues", ["facility_id": 2, "description": "Leak in the lounge", "assigned_to": "inspector"])
            try await world.admin("notify", ["user": "inspector", "type": "info", "title": "After the reset"])
            let start = Date()
            let colliding = try outbox.completedInspection(completedAt: start)
            let fine = try outbox.completedInspection(photo: true, completedAt: start.addingTimeInterval(1))
            let fineIssue = try outbox.issue(on: fine, photo: true)

            let result = await world.run(["jqc", "sync", "--concurrency", "1", "--json"])
            #expect(result.exitCode == 5, "\(result.stderr)")
            #expect(result.stderr.contains("the server seems to have been reset") && result.stderr.contains("jqc prune"))
            let report = try result.object()
            #expect(report["failed"] as? Int == 1)
            #expect(report["inspections_submitted"] as? Int == 1)
            #expect(report["issues_submitted"] as? Int == 1)
            #expect(report["photos_uploaded"] as? Int == 2)
            #expect(report["server_reset"] as? Bool == true)
            #expect(report["notifications"] as? Int == 1, "the notification under a reused id is new")
            let stepErrors = (report["step_errors"] as? [String]) ?? []
            #expect(stepErrors.count == 1 && stepErrors[0].contains("issue #\(heldIssue)") && stepErrors[0].contains(standalone.localID))

            // The colliding inspection failed with a readable reason and one attempt counted.
            let failed = try #require(try outbox.store.inspection(localID: colliding.localID))
            #expect(failed.syncStatus == .pending && failed.retryCount == 1 && failed.serverID == nil)
            let reason = try #require(failed.lastError)
            #expect(reason.contains("id \(heldInspection)") && reason.contains(earlier.localID) && reason.contains("reset"), "\(reason)")
            for word in Self.sqlWords { #expect(!reason.contains(word), "\(reason)") }
            // Everything else went: the other inspection with its photo and its issue.
            #expect(try outbox.store.inspection(localID: fine.localID)?.syncStatus == .synced)
            #expect(try outbox.store.issue(localID: fineIssue.localID)?.syncStatus == .synced)
            let onServer = try await world.serverInspections()
            #expect(onServer[fine.localID] != nil && onServer[colliding.localID] != nil)
            // Nothing local was overwritten: the earlier work keeps its ids and its own text.
            #expect(try outbox.store.inspection(localID: earlier.localID)?.serverID == heldInspection)
            let kept = try #require(try outbox.store.issue(localID: standalone.localID))
            #expect(kept.serverID == heldIssue && kept.description == "Scuffed door" && kept.origin == .device)
            // The pulls and notifications still ran.
            #expect(try outbox.store.issue(serverID: 1) != nil)
            let titles = try outbox.store.notifications(limit: -1).compactMap(\.notification.title)
            #expect(titles.filter { $0 == "After the reset" }.count == 1)

            // `jqc status --json` shows it.
            let status = try await Self.status(world)
            let lastError = try #require(status["last_sync_error"] as? String)
            #expect(lastError.contains(colliding.localID) && lastError.contains("reset"), "\(lastError)")
            let failures = (status["failures"] as? [[String: Any]]) ?? []
            #expect(failures.isEmpty, "still pending: it is retried, not failed for good yet")
            #expect((status["pending"] as? [String: Int])?["inspections"] == 1)

            // The next sync tries it again (the server answers the same id): a second attempt counts.
            #expect(await world.run(["jqc", "sync", "--concurrency", "1"]).exitCode == 5)
            #expect(try outbox.store.inspection(localID: colliding.localID)?.retryCount == 2)
        }
    }

    // MARK: A store that refuses one record

    @Test func aStoreConstraintOnOneItemIsReadableAndTheRestSyncs() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let refused = try outbox.completedInspection()
            let other = try outbox.completedInspection()
            let issue = try outbox.facilityIssue()
            // A rule of the store (as a damaged or foreign schema change would) refuses to record
            // the server's answer for one inspection.
            try outbox.execute(
                """
                CREATE TRIGGER refuse_one BEFORE UPDATE OF server_id ON inspections WHEN NEW.local_id = '\(refused.localID)'
                BEGIN SELECT RAISE(ABORT, 'refused by a test trigger'); END
                """)
            try await world.admin("notify", ["user": "inspector", "title": "Still delivered"])

            let result = await world.run(["jqc", "sync", "--json"])
            #expect(result.exitCode == 5, "\(result.stderr)")
            let report = try result.object()
            #expect(report["failed"] as? Int == 1)
            #expect(report["inspections_submitted"] as? Int == 1)
            #expect(report["issues_submitted"] as? Int == 1)
            #expect(report["notifications"] as? Int == 1)
            let local = try #require(try outbox.store.inspection(localID: refused.localID))
            #expect(local.retryCount == 1 && local.syncStatus == .pending)
            #expect(local.lastError == "the local store could not record the server's answer: it conflicts with another local record")
            #expect(try outbox.store.inspection(localID: other.localID)?.syncStatus == .synced)
            #expect(try outbox.store.issue(localID: issue.localID)?.syncStatus == .synced)
            let lastError = try #require(try await Self.status(world)["last_sync_error"] as? String)
            #expect(lastError.contains(refused.localID))
            for word in Self.sqlWords { #expect(!lastError.contains(word), "\(lastError)") }
        }
    }

    @Test func damagedAnswersFailTheirInspectionInsteadOfStoppingTheSync() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let damaged = try outbox.completedInspection()
            let other = try outbox.completedInspection(photo: true)
            try outbox.execute("UPDATE inspections SET form_data = '[1, 2]' WHERE local_id = ?", [damaged.localID])
            let result = await world.run(["jqc", "sync", "--json"])
            #expect(result.exitCode == 5, "\(result.stderr)")
            let local = try #require(try outbox.store.inspection(localID: damaged.localID))
            #expect(local.retryCount == 1)
            #expect(local.lastError?.hasPrefix("its answers cannot be read: ") == true, "\(local.lastError ?? "")")
            #expect(local.sendingSince == nil, "never sent, so it may be reopened and fixed")
            #expect(try await world.postCounts("inspections")[damaged.localID] == nil)
            #expect(try outbox.store.inspection(localID: other.localID)?.syncStatus == .synced)
        }
    }

    // MARK: A 4xx on one item

    @Test func aRefusedIssueLeavesTheOthersPullsAndNotificationsAndIsShownByStatus() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let first = try outbox.facilityIssue(description: "First")
            let second = try outbox.facilityIssue(description: "Second")
            try await world.admin("notify", ["user": "inspector", "title": "Pulled anyway"])
            try await world.admin("issues", ["facility_id": 3, "description": "Assigned meanwhile", "assigned_to": "inspector"])
            try await world.emulator.injectFault(path: "/api/v1/issues", method: "POST", status: 422, count: 1)

            let result = await world.run(["jqc", "sync", "--json"])
            #expect(result.exitCode == 5)
            let report = try result.object()
            #expect(report["issues_submitted"] as? Int == 1 && report["failed"] as? Int == 1)
            #expect(report["notifications"] as? Int == 1)
            #expect(try outbox.store.issues().contains { $0.description == "Assigned meanwhile" })
            let states = try [first, second].map { try #require(try outbox.store.issue(localID: $0.localID)) }
            #expect(states.filter { $0.syncStatus == .synced }.count == 1)
            let refused = try #require(states.first { $0.syncStatus == .pending })
            #expect(refused.retryCount == 1 && refused.lastError == "HTTP 422: Injected fault: HTTP 422")
            let lastError = try #require(try await Self.status(world)["last_sync_error"] as? String)
            #expect(lastError.contains(refused.localID) && lastError.contains("HTTP 422"))

            // The next sync sends it; with nothing failing, last_sync_error is cleared.
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try outbox.store.issue(localID: refused.localID)?.syncStatus == .synced)
            #expect(try await Self.status(world)["last_sync_error"] is NSNull)
        }
    }
}
