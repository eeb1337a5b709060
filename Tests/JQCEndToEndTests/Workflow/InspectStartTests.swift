import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc inspect start`: drafts from cached reference data, re-inspections from their parent.
@Suite
struct InspectStartTests {
    // MARK: Drafts

    @Test func startPrintsTheNewLocalIDAndJSONGivesTheRecord() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let stored = try #require(try world.store().inspection(localID: id))
            #expect(stored.status == .draft && stored.syncStatus == .pending)
            #expect(stored.templateID == 1 && stored.facilityID == 1 && stored.areaID == 101)

            let json = await world.run(["jqc", "inspect", "start", "--template", "4", "--facility", "2", "--json"])
            #expect(json.exitCode == 0)
            let record = try json.object()
            #expect((record["local_id"] as? String)?.count == 36)
            #expect(record["server_id"] is NSNull)
            #expect(record["status"] as? String == "draft" && record["sync_status"] as? String == "pending")
            #expect(record["badge"] as? String == "draft")
            #expect(record["overall_score"] is NSNull)
            #expect((record["form_data"] as? [String: Any])?.isEmpty == true)
        }
    }

    @Test func unknownTemplateFacilityOrAreaIsAUsageErrorAndChangesNothing() async throws {
        try await withWorld { world in
            try await world.ready()
            let before = try world.storeRows()
            // Not in the local store is "not found" (exit 1); a command line that says too little is usage (2).
            let cases: [([String], String, Int32)] = [
                (["--template", "99", "--facility", "1"], "no template 99 in the local store of profile", 1),
                (["--template", "1", "--facility", "42"], "no facility 42 in the local store of profile", 1),
                (["--template", "1", "--facility", "1", "--area", "555"], "no area 555 in the local store of profile", 1),
                (["--template", "1"], "needs --template and --facility", 2),
                (["--template", "x1", "--facility", "1"], "invalid value 'x1' for '--template': expected a whole number of at least 1", 2),
            ]
            for (arguments, message, code) in cases {
                let result = await world.run(["jqc", "inspect", "start"] + arguments)
                #expect(result.exitCode == code, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            }
            // An area of another facility is refused too (the store's rule).
            let wrongArea = await world.run(["jqc", "inspect", "start", "--template", "1", "--facility", "2", "--area", "101"])
            #expect(wrongArea.exitCode == 1 && wrongArea.stderr.contains("belongs to facility 1"))
            #expect(try world.storeRows() == before)
        }
    }

    // MARK: Re-inspection

    @Test func reinspectingAServerInspectionTakesItsTemplateFacilityAndNonScoringAnswers() async throws {
        try await withWorld { world in
            try await world.ready()
            let state = try await world.serverState()
            #expect((state["follow_up_required_ids"] as? [Int])?.contains(73) == true)
            let result = await world.run(["jqc", "inspect", "start", "--reinspect", "73", "--json"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let record = try result.object()
            let localID = try #require(record["local_id"] as? String)
            let draft = try #require(try world.store().inspection(localID: localID))
            #expect(draft.parentServerID == 73 && draft.parentLocalID == nil)

            // Compare with the parent as the server holds it.
            let parentJSON = try await world.run(["jqc", "inspect", "show", "73", "--json"]).object()
            #expect(draft.templateID == parentJSON["template_id"] as? Int)
            #expect(draft.facilityID == parentJSON["facility_id"] as? Int)
            let schema = try #require(try world.store().template(id: draft.templateID)).schema()
            let parentData = try FormData.decode(JSONSerialization.data(withJSONObject: parentJSON["form_data"] ?? [:]))
            let copied = try draft.formData()
            for field in schema.inputFields {
                if field.type.isBlankedOnReinspection {
                    #expect(copied[field.id] == nil, "\(field.reference) must start blank")
                } else if let value = parentData[field.id], value != .text("") {
                    #expect(copied[field.id] == value, "\(field.reference) is copied")
                }
            }
            #expect(copied.isEmpty == false)
        }
    }

    @Test func reinspectingALocalInspectionLinksItAndSubmitClearsItsFollowUp() async throws {
        try await withWorld { world in
            try await world.ready()
            let parent = try Outbox(world).completedInspection()
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let synced = try #require(try world.store().inspection(localID: parent.localID))
            let serverID = try #require(synced.serverID)

            // Not flagged yet: refused, nothing created.
            let before = try world.storeRows()
            let refused = await world.run(["jqc", "inspect", "start", "--reinspect", parent.localID])
            #expect(refused.exitCode == 1 && refused.stderr.contains("does not require a follow-up"))
            #expect(try world.storeRows() == before)

            try await world.admin("follow-up", ["inspection_id": serverID, "follow_up_required": true])
            #expect(await world.run(["jqc", "history", "--limit", "5"]).exitCode == 0)  // history brings the flag home
            #expect(try world.store().inspection(localID: parent.localID)?.followUpRequired == true)

            let child = try await world.run(["jqc", "inspect", "start", "--reinspect", String(serverID), "--json"]).object()
            let childID = try #require(child["local_id"] as? String)
            #expect(child["parent_local_id"] as? String == parent.localID)
            #expect(child["parent_server_id"] as? Int == serverID)
            #expect(child["template_id"] as? Int == 1 && child["facility_id"] as? Int == 1 && child["area_id"] as? Int == 101)
            // Template 1: ratings 2, 3 and pass_fail 5 blank; checkbox 4 and radio 6 copied.
            #expect(child["form_data"] as? [String: String] == ["4": "true", "6": "Good"])

            let answers = try world.file("child.json", #"{"2": 5, "3": 5, "5": "Pass"}"#)
            #expect(await world.run(["jqc", "inspect", "fill", childID, "--answers", answers]).exitCode == 0)
            #expect(await world.run(["jqc", "inspect", "submit", childID]).exitCode == 0)
            #expect(try world.store().inspection(localID: parent.localID)?.followUpRequired == false)
        }
    }

    @Test func reinspectContradictingTemplateIsRefused() async throws {
        try await withWorld { world in
            try await world.ready()
            let before = try world.storeRows()
            let result = await world.run(["jqc", "inspect", "start", "--reinspect", "73", "--template", "3"])
            #expect(result.exitCode == 2 && result.stderr.contains("contradicts"))
            let notRequired = await world.run(["jqc", "inspect", "start", "--reinspect", "72"])
            #expect(notRequired.exitCode == 1 && notRequired.stderr.contains("does not require a follow-up"))
            #expect(try world.storeRows() == before)
        }
    }
}
