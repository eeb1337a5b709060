import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc issue flag --facility` (an issue without an inspection) and the filters of
/// `jqc issue list` and `jqc inspect list`.
@Suite
struct FacilityIssueAndFilterTests {
    static func ids(_ result: CommandOutcome, _ key: String = "local_id") throws -> Set<String> {
        Set(try result.array().compactMap { $0[key] as? String })
    }

    // MARK: Facility-level issues

    @Test func anIssueFlaggedAtAFacilityIsKeptOfflineAndSentWithoutAnInspection() async throws {
        try await withWorld { world in
            try await world.ready()
            let photo = try Outbox(world).jpeg("door.jpg")
            let requestsBefore = try await world.emulator.requests().count
            let flagged = await world.run([
                "jqc", "issue", "flag", "--facility", "2", "--area", "104", "--severity", "medium", "--description", "Door sticks",
                "--photo", photo,
            ])
            #expect(flagged.exitCode == 0, "\(flagged.stderr)")
            #expect(flagged.stderr.contains("at facility 2, area 104"))
            let id = flagged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let local = try #require(try world.store().issue(localID: id))
            #expect(local.inspectionLocalID == nil && local.facilityID == 2 && local.areaID == 104 && local.syncStatus == .pending)
            #expect(try world.photoFiles().count == 1)
            #expect(try await world.emulator.requests().count == requestsBefore, "flagging is local: no request")

            for (arguments, code, text) in [
                (["--facility", "99"], Int32(1), "no facility 99 in the local store of profile site"),
                (["--facility", "1", "--area", "104"], 1, "area 104 belongs to facility 2, not 1"),
                ([], 2, "needs --inspection LOCAL_ID or --facility ID"),
                (["--facility", "1", "--inspection", id], 2, "not both"),
                (["--facility", "x"], 2, "invalid value 'x' for '--facility': expected a whole number of at least 1"),
            ] {
                let refused = await world.run(["jqc", "issue", "flag", "--severity", "low", "--description", "x"] + arguments)
                #expect(refused.exitCode == code && refused.stderr.contains(text), "\(arguments): \(refused.exitCode) \(refused.stderr)")
            }
            let draft = try await world.startDraft()
            let withArea = await world.run([
                "jqc", "issue", "flag", "--inspection", draft, "--area", "101", "--severity", "low", "--description", "x",
            ])
            #expect(withArea.exitCode == 2 && withArea.stderr.contains("--area goes with --facility"))

            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let sent = try #require(try await world.serverIssues()[id])
            #expect(sent["inspection_id"] is NSNull && sent["facility_id"] as? Int == 2 && sent["area_id"] as? Int == 104)
            #expect((sent["photo_path"] as? String)?.hasPrefix("uploads/photos/") == true)
            #expect(try world.store().issue(localID: id)?.syncStatus == .synced)
            // Reconciliation never removes it: it was made on this device.
            try await world.admin("assigned-issues", ["user": "inspector", "issue_ids": [Int]()])
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try world.store().issue(localID: id) != nil)
        }
    }

    // MARK: issue list

    @Test func issueListFiltersByStatusSeverityFacilityAndMine() async throws {
        try await withWorld { world in
            try await world.ready()
            // Reported by the inspector but assigned to someone else: pulled, not "mine".
            try await world.admin(
                "issues",
                ["facility_id": 1, "severity": "critical", "description": "Glass", "reported_by": "inspector", "assigned_to": "inspector2"])
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let outbox = try Outbox(world)
            let device = try outbox.store.flagIssue(facilityID: 4, areaID: nil, severity: .critical, description: "Bleachers")

            func descriptions(_ filters: [String]) async throws -> Set<String> {
                let result = await world.run(["jqc", "issue", "list", "--json"] + filters)
                guard result.exitCode == 0 else { throw TestSupportError("\(filters): \(result.stderr)") }
                return Set(try result.array().compactMap { $0["description"] as? String })
            }
            let dryer = "Hand dryer broken in the men's restroom"
            let coffee = "Coffee stains on lounge carpet"
            let dust = "Dust on classroom window sills"
            #expect(try await descriptions([]) == [dryer, coffee, dust, "Glass", device.description])
            #expect(try await descriptions(["--status", "open"]) == [dryer, "Glass", device.description])
            #expect(try await descriptions(["--severity", "critical"]) == ["Glass", device.description])
            #expect(try await descriptions(["--facility", "1"]) == [dryer, "Glass"])
            #expect(try await descriptions(["--mine"]) == [dryer, coffee, dust])
            #expect(try await descriptions(["--mine", "--status", "in_progress"]) == [coffee])
            #expect(try await descriptions(["--facility", "5"]).isEmpty)
            #expect(await world.run(["jqc", "issue", "list", "--facility", "5"]).stderr.contains("no issues match those filters"))
            #expect(await world.run(["jqc", "issue", "list", "--severity", "urgent"]).exitCode == 2)

            // --mine knows who you are from your last login, offline too; never logged in, it says so.
            _ = world.emulator.stop()
            #expect(try await descriptions(["--mine"]) == [dryer, coffee, dust])
            // The server is down: the session could not be ended there (exit 5), the keyring entry goes.
            #expect(await world.run(["auth", "logout"]).exitCode == 5)
            let anonymous = await world.run(["jqc", "issue", "list", "--mine"])
            #expect(anonymous.exitCode == 3 && anonymous.stderr.contains("never logged in"))
        }
    }

    // MARK: inspect list

    @Test func inspectListFiltersByTemplateFacilityAndStartDate() async throws {
        try await withWorld { world in
            try await world.ready()
            let store = try world.store()
            let old = try store.createDraft(
                templateID: 1, facilityID: 1, areaID: 101, now: try #require(JQCDate.parse("2026-10-01T08:00:00")))
            let restroom = try store.createDraft(templateID: 1, facilityID: 2)
            let office = try store.createDraft(templateID: 2, facilityID: 2)
            let late = try store.createDraft(templateID: 1, facilityID: 1, now: try #require(JQCDate.parse("2026-11-01T09:30:00")))

            func listed(_ filters: [String]) async throws -> Set<String> {
                try Self.ids(await world.run(["jqc", "inspect", "list", "--json"] + filters))
            }
            #expect(try await listed(["--template", "1"]) == [old.localID, restroom.localID, late.localID])
            #expect(try await listed(["--facility", "2"]) == [restroom.localID, office.localID])
            #expect(try await listed(["--template", "1", "--facility", "2"]) == [restroom.localID])
            #expect(try await listed(["--since", "2026-11-01"]) == [restroom.localID, office.localID, late.localID])
            #expect(try await listed(["--since", "2026-11-01T10:00:00"]) == [restroom.localID, office.localID])
            #expect(try await listed(["--since", "2026-11-01", "--facility", "1"]) == [late.localID])
            #expect(try await listed(["--status", "pending", "--template", "1"]).isEmpty)
            let none = await world.run(["jqc", "inspect", "list", "--template", "3", "-o", "table"])
            #expect(none.exitCode == 0 && none.stdout.isEmpty && none.stderr.contains("no inspections match those filters"))
            let nonePiped = await world.run(["jqc", "inspect", "list", "--template", "3"])
            #expect(nonePiped.exitCode == 0 && nonePiped.stdout.isEmpty && nonePiped.stderr.isEmpty)
            let bad = await world.run(["jqc", "inspect", "list", "--since", "last week"])
            #expect(bad.exitCode == 2 && bad.stderr.contains("--since must be a UTC day"))
        }
    }
}
