import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Failures count, five of them make an item `failed`, and a person can re-queue it.
@Suite
struct SyncRetryTests {
    @Test func serverErrorOnOneInspectionLetsTheOthersGoAndCountsARetry() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let all = try (0..<4).map { _ in try outbox.completedInspection() }
            // One inspection POST fails (whichever goes first); the other three must still go.
            try await world.emulator.injectFault(path: "/api/v1/inspections", method: "POST", status: 500, count: 1)
            let result = await world.run(["jqc", "sync", "--json"])
            #expect(result.exitCode == 5)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["inspections_submitted"] as? Int == 3)
            #expect(report["failed"] as? Int == 1)
            let failedIDs = try all.filter { try outbox.store.inspection(localID: $0.localID)?.syncStatus == .pending }.map(\.localID)
            #expect(failedIDs.count == 1)
            let synced = try all.filter { try outbox.store.inspection(localID: $0.localID)?.syncStatus == .synced }
            #expect(synced.count == 3)
            let failed = try #require(try outbox.store.inspection(localID: failedIDs[0]))
            #expect(failed.retryCount == 1)
            #expect(failed.lastError?.contains("HTTP 500") == true)
        }
    }

    @Test func fifthFailureMarksFailedAndItsIssuesFailWithTheContractMessage() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection()
            let issue = try outbox.issue(on: inspection)
            try await world.emulator.injectFault(path: "/api/v1/inspections", method: "POST", status: 500, count: 5)
            for attempt in 1...5 {
                #expect(await world.run(["jqc", "sync"]).exitCode == 5)
                let local = try #require(try outbox.store.inspection(localID: inspection.localID))
                #expect(local.retryCount == attempt)
                #expect(local.syncStatus == (attempt < 5 ? .pending : .failed))
            }
            let failedIssue = try #require(try outbox.store.issue(localID: issue.localID))
            #expect(failedIssue.syncStatus == .failed)
            #expect(failedIssue.lastError == "Parent inspection failed to sync — issue cannot be submitted.")
            #expect(try await world.postCounts("issues")[issue.localID] == nil)

            // Not retried automatically.
            let quiet = await world.run(["jqc", "sync"])
            #expect(quiet.exitCode == 0)
            // Injected faults answer before the handler, so the request log is the witness.
            let posts = try await world.emulator.requests().filter { $0.method == "POST" && $0.path == "/api/v1/inspections" }
            #expect(posts.count == 5)

            let status = await world.run(["jqc", "status", "--json"])
            let view = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
            #expect(view["failed"] as? [String: Int] == ["inspections": 1, "issues": 1, "photos": 0, "status_changes": 0])
            let failures = try #require(view["failures"] as? [[String: Any]])
            #expect(failures.map { $0["kind"] as? String } == ["inspection", "issue"])
            #expect(failures.first?["retries"] as? Int == 5)
            #expect(failures.first?["local_id"] as? String == inspection.localID)

            // A person re-queues it; the issue comes back with it and both go.
            let retry = await world.run(["jqc", "retry", inspection.localID])
            #expect(retry.exitCode == 0)
            #expect(try outbox.store.inspection(localID: inspection.localID)?.retryCount == 0)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try outbox.store.inspection(localID: inspection.localID)?.syncStatus == .synced)
            #expect(try outbox.store.issue(localID: issue.localID)?.syncStatus == .synced)
            #expect(try await world.postCounts("issues")[issue.localID] == 1)
        }
    }

    @Test func retryRefusesUnknownIdsAndNeedsAChoice() async throws {
        try await withWorld { world in
            #expect(await world.run(["jqc", "retry"]).exitCode == 2)
            let unknown = await world.run(["jqc", "retry", "no-such-id"])
            #expect(unknown.exitCode == 1, "not found is exit 1, as everywhere: \(unknown.stderr)")
            #expect(unknown.stderr.contains("no-such-id"))
            #expect(await world.run(["jqc", "retry", "--all-failed"]).exitCode == 0)
        }
    }
}

/// Answers that are not the JSON envelope: proxies' HTML pages and `ok: false`.
@Suite
struct UnexpectedAnswerTests {
    @Test func htmlErrorPageFromAProxyIsAFailureThatSaysSo() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection()
            try await world.emulator.injectFault(
                path: "/api/v1/inspections", method: "POST", status: 502,
                body: "<!DOCTYPE html><html><body>Bad gateway</body></html>", contentType: "text/html")
            let result = await world.run(["jqc", "sync"])
            #expect(result.exitCode == 5)
            let local = try #require(try outbox.store.inspection(localID: inspection.localID))
            #expect(local.retryCount == 1)
            #expect(local.lastError == "HTTP 502: an HTML error page")
        }
    }

    @Test func htmlWithStatus200OnAPullKeepsTheCacheAndNamesTheProblem() async throws {
        try await withWorld { world in
            try await world.login()
            await world.run(["jqc", "sync"])
            try await world.emulator.injectFault(
                path: "/api/v1/templates", status: 200, body: "<html><body>Please sign in</body></html>", contentType: "text/html")
            let result = await world.run(["jqc", "sync", "--json"])
            // A login page is not JQC: no item is to blame, so the sync stops with exit 1, not 5.
            #expect(result.exitCode == 1)
            #expect(
                result.stderr.contains("GET /api/v1/templates did not answer as JQC does: it sent an HTML page instead of JSON"),
                "\(result.stderr)")
            #expect(result.stderr.contains("check the base_url: fieldops profile show"))
            #expect(try world.store().referenceCounts().templates == 4)
        }
    }

    @Test func envelopeWithOkFalseCountsAsAFailureWithTheServersMessage() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let issue = try outbox.issue(on: try outbox.completedInspection())
            try await world.emulator.injectFault(
                path: "/api/v1/issues", method: "POST", status: 200,
                body: "{\"ok\": false, \"data\": null, \"error\": \"Issue intake is paused\"}")
            #expect(await world.run(["jqc", "sync"]).exitCode == 5)
            #expect(try outbox.store.issue(localID: issue.localID)?.lastError == "Issue intake is paused")
        }
    }
}
