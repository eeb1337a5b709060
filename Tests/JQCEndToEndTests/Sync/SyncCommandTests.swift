import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Notifications, dry runs, status output, progress and completion of the sync commands.
@Suite
struct SyncCommandTests {
    @Test func notificationsAreFetchedSinceTheCursorAndMarkedRead() async throws {
        try await withWorld { world in
            try await world.login()
            let first = await world.run(["jqc", "sync", "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
            #expect(report["notifications"] as? Int == 2)
            let notes = (try await world.serverState()["notifications"] as? [[String: Any]]) ?? []
            #expect(notes.filter { $0["user_id"] as? Int == 1 }.allSatisfy { $0["is_read"] as? Bool == true })
            let cursor = try #require(try world.store().notificationCursor())

            try await world.admin(
                "notify", ["user": "inspector", "type": "issue_assigned", "title": "New issue", "body": "Look at issue 4", "issue_id": 4])
            let second = await world.run(["jqc", "sync", "--json"])
            let again = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
            #expect(again["notifications"] as? Int == 1)
            let polls = try await world.emulator.requests().filter { $0.path == "/api/v1/notifications" }
            #expect(polls.first?.query["since"] == nil)
            // The next fetch asks from a minute before the cursor (server time), and drops repeats by id.
            #expect(
                polls.last?.query["since"] == [
                    JQCDate.format(try #require(JQCDate.parse(cursor)).addingTimeInterval(-Double(JQCStore.cursorOverlap)))
                ])
            let stored = try world.store().notifications()
            #expect(stored.count == 3)
            #expect(stored.allSatisfy { $0.readOnServer })
        }
    }

    @Test func notificationsCanBePolledWithoutTheRestOfTheSync() async throws {
        try await withWorld { world in
            try await world.login()
            let context = CommandContext(invocation: Invocation(path: ["jqc"]), environment: world.environment, backends: [JQCBackend()])
            let profile = try context.profile(backend: "jqc")
            let engine = SyncEngine(store: try world.store(), client: try JQCClient(context: context, profile: profile))
            #expect(try await engine.pollNotificationsOnly() == 2)
            let paths = try await world.emulator.requests().map(\.path)
            #expect(!paths.contains("/api/v1/facilities") && !paths.contains("/api/v1/issues"))
            #expect(paths.contains("/api/v1/notifications/mark-read"))
        }
    }

    @Test func dryRunListsWhatWouldGoAndSendsNothing() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            let issue = try outbox.issue(on: inspection)
            try await world.emulator.reset()
            let before = try ReferenceAndOfflineTests.snapshot(outbox.store)

            let result = await world.run(["jqc", "sync", "--dry-run", "--json"])
            #expect(result.exitCode == 0)
            let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let send = try #require(plan["send"] as? [[String: String]])
            #expect(send.map { $0["kind"] } == ["photo", "inspection", "issue"])
            #expect(send[1]["local_id"] == inspection.localID && send[1]["when"] == "after 1 photo")
            #expect(send[2]["local_id"] == issue.localID && send[2]["when"] == "after its inspection")
            #expect((plan["pull"] as? [String])?.last?.hasPrefix("notifications since") == true)
            let requests = try await world.emulator.requests()
            #expect(requests.isEmpty)
            #expect(try ReferenceAndOfflineTests.snapshot(outbox.store) == before)

            let text = await world.run(["jqc", "sync", "--dry-run"])
            #expect(text.stdout.contains("would send 3 items"))
            #expect(text.stdout.contains("nothing was sent or changed"))
        }
    }

    @Test func statusShowsCountsLastSyncAndFailures() async throws {
        try await withWorld { world in
            let empty = await world.run(["jqc", "status", "--json"])
            #expect(empty.stdout.contains("\"last_sync_at\" : null"))
            let outbox = try await world.readyOutbox()
            try outbox.completedInspection(photo: true)
            let status = await world.run(["jqc", "status", "--json"])
            let view = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
            #expect(view["pending"] as? [String: Int] == ["inspections": 1, "issues": 0, "photos": 1, "status_changes": 0])
            #expect(view["failed"] as? [String: Int] == ["inspections": 0, "issues": 0, "photos": 0, "status_changes": 0])
            #expect((view["last_sync_at"] as? String).flatMap(JQCDate.parse) != nil)
            #expect((view["failures"] as? [Any])?.isEmpty == true)
            let text = await world.run(["jqc", "status", "-o", "table"])
            #expect(text.stdout.contains("inspections"))
            #expect(text.stdout.contains("last sync: 20"))
            // Piped, the same facts as records: `field<TAB>value`.
            let piped = await world.run(["jqc", "status"])
            #expect(piped.stdout.contains("pending.inspections\t1\n"), "\(piped.stdout)")
        }
    }

    @Test func progressIsDrawnOnATerminalOnly() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            for _ in 0..<3 { try outbox.completedInspection(photo: true) }
            let out = CapturedStream()
            let terminal = CapturedStream(isTerminal: true)
            let code = await App(backends: [JQCBackend()]).run(
                arguments: ["jqc", "sync"], environment: world.environment, stdout: out, stderr: terminal, stdin: FixedInput(""))
            #expect(code == 0)
            #expect(terminal.text.contains("sync "))
            #expect(terminal.text.contains("6/6"))
            try outbox.completedInspection()
            let piped = await world.run(["jqc", "sync"])
            #expect(!piped.stderr.contains("\u{1B}["))
        }
    }

    @Test func facilityAndTemplateIdsCompleteFromTheStore() async throws {
        try await withWorld { world in
            let none = await world.run(["__complete", "jqc", "facilities", "show", ""])
            #expect(!none.stdout.contains("Central Station"))
            try await world.login()
            await world.run(["jqc", "sync"])
            let facilities = await world.run(["__complete", "jqc", "facilities", "show", ""])
            #expect(facilities.stdout.contains("1\tCentral Station"))
            #expect(facilities.stdout.contains("5\tAdmin Annex"))
            let templates = await world.run(["__complete", "jqc", "templates", "show", "3"])
            #expect(templates.stdout.contains("3\tQuarterly Deep Audit"))
            #expect(!templates.stdout.contains("Restroom"))
        }
    }

    @Test func facilitiesAndTemplatesListFromTheCache() async throws {
        try await withWorld { world in
            let before = await world.run(["jqc", "facilities", "-o", "table"])
            #expect(before.exitCode == 0 && before.stdout.isEmpty)
            #expect(before.stderr.contains("run `fieldops jqc sync`"))
            let piped = await world.run(["jqc", "facilities"])
            #expect(piped.exitCode == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty)
            try await world.login()
            await world.run(["jqc", "sync"])
            let list = await world.run(["jqc", "facilities", "--json"])
            let facilities = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            #expect(facilities.count == 5)
            #expect(facilities.contains { $0["id"] as? Int == 5 && $0["project_id"] == nil })
            let show = await world.run(["jqc", "facilities", "show", "1", "--json"])
            let one = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
            #expect((one["areas"] as? [[String: Any]])?.map { $0["id"] as? Int }.sorted { ($0 ?? 0) < ($1 ?? 0) } == [101, 102, 103])
            #expect(await world.run(["jqc", "facilities", "show", "77"]).exitCode == 1)
            let templates = await world.run(["jqc", "templates", "--json"])
            #expect(templates.stdout.contains("\"fields\" : 60"))
            let show3 = await world.run(["jqc", "templates", "show", "3"])
            #expect(show3.exitCode == 0)
        }
    }
}
