import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Submitting, and the rules that protect submitted work: required fields, no editing after
/// submit, only drafts deleted, photos checked by content.
@Suite
struct SubmitAndDraftRulesTests {
    // MARK: Submit

    @Test func submitRefusesWhileRequiredFieldsAreEmptyAndListsThem() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 4}"#).exitCode == 0)
            let before = try world.storeRows()
            let result = await world.run(["jqc", "inspect", "submit", id])
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("2 required fields are empty"))
            #expect(result.stderr.contains("  2. Sinks and mirrors (rating)"), "\(result.stderr)")
            #expect(result.stderr.contains("  4. Floor dry and clean (pass_fail)"), "\(result.stderr)")
            #expect(!result.stderr.contains("Toilets"))
            #expect(try world.storeRows() == before)
        }
    }

    @Test func submitScoresAsTheServerQueuesAndSyncsOnlyWhenAsked() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            // Radio 6 unanswered: the server counts it as a fail.
            #expect(
                await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 4, "3": 3, "5": "Pass"}"#).exitCode == 0)
            let submitted = try await world.run(["jqc", "inspect", "submit", id, "--json"]).object()
            // (0.8 + 0.6 + 0 (checkbox 4 absent) + 1 + 0 (radio 6 absent)) / 5
            #expect(submitted["overall_score"] as? Double == 48)
            #expect(submitted["status"] as? String == "completed" && submitted["badge"] as? String == "pending sync")
            #expect(try await world.serverInspections().isEmpty)

            let second = try await world.startDraft()
            #expect(
                await world.run(
                    ["jqc", "inspect", "fill", second, "--answers", "-"], stdin: #"{"2": 5, "3": 5, "4": true, "5": "Fail", "6": "Good"}"#
                ).exitCode == 0)
            let synced = try await world.run(["jqc", "inspect", "submit", second, "--sync", "--json"]).object()
            #expect(synced["sync_status"] as? String == "synced" && synced["badge"] as? String == "completed")
            #expect(synced["server_id"] as? Int != nil)
            // Both were sent; the emulator scored each with jqc_score.py and agrees.
            let server = try await world.serverInspections()
            #expect(Set(server.keys) == [id, second])
            #expect(server.values.allSatisfy { $0["scores_match"] as? Bool == true })
            #expect(server[second]?["overall_score"] as? Double == 80)
        }
    }

    @Test func submitWithSyncWhileOfflineKeepsTheSubmissionAndSaysSo() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(
                await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 5, "3": 5, "5": "Pass"}"#).exitCode == 0)
            _ = world.emulator.stop()
            let result = await world.run(["jqc", "inspect", "submit", id, "--sync"])
            #expect(result.exitCode == 4, "\(result.stderr)")
            #expect(result.stdout.contains("submitted \(id)") && result.stdout.contains("[pending sync]"))
            let stored = try #require(try world.store().inspection(localID: id))
            #expect(stored.status == .completed && stored.syncStatus == .pending && stored.overallScore == 60)
        }
    }

    // MARK: Submitted work stays as it is

    @Test func aSubmittedInspectionCannotBeEditedOrDeleted() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(
                await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 5, "3": 5, "5": "Pass"}"#).exitCode == 0)
            #expect(await world.run(["jqc", "inspect", "submit", id]).exitCode == 0)
            let photo = try world.file("p.jpg", "")
            try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: URL(fileURLWithPath: photo))
            let before = try world.storeRows()
            let attempts: [[String]] = [
                ["jqc", "inspect", "fill", id, "--answers", "-"],
                ["jqc", "inspect", "attach", id, "--field", "6", photo],
                ["jqc", "inspect", "submit", id],
                ["--yes", "jqc", "inspect", "delete", id],
            ]
            for arguments in attempts {
                let result = await world.run(arguments, stdin: #"{"2": 1}"#)
                #expect(result.exitCode == 1, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("it is already submitted (pending sync)"), "\(arguments): \(result.stderr)")
            }
            #expect(try world.storeRows() == before)
            #expect(try world.photoFiles().isEmpty)
        }
    }

    @Test func deletingADraftAsksThenRemovesItsPhotosAndIssues() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let photo = world.home.path("floor.png")
            try Data(pngBytes).write(to: URL(fileURLWithPath: photo))
            #expect(await world.run(["jqc", "inspect", "attach", id, "--field", "6", photo]).exitCode == 0)
            #expect(
                await world.run([
                    "jqc", "issue", "flag", "--inspection", id, "--severity", "low", "--description", "Scuffs", "--photo", photo,
                ]).exitCode == 0)
            #expect(try world.photoFiles().count == 2)

            let before = try world.storeRows()
            let unconfirmed = await world.run(["jqc", "inspect", "delete", id])
            #expect(unconfirmed.exitCode == 2 && unconfirmed.stderr.contains("without confirmation"))
            #expect(try world.storeRows() == before)

            let deleted = await world.run(["--yes", "jqc", "inspect", "delete", String(id.prefix(8))])
            #expect(deleted.exitCode == 0, "\(deleted.stderr)")
            #expect(try world.store().inspection(localID: id) == nil)
            #expect(try world.store().issues(inspectionLocalID: id).isEmpty)
            #expect(try world.store().issues().count == 3, "the issues pulled from the server stay")
            #expect(try world.photoFiles().isEmpty)
            #expect(FileManager.default.fileExists(atPath: photo), "the person's original is never touched")
        }
    }

    // MARK: Photos

    @Test func attachChecksContentNotNameAndSetsALocalReference() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let fake = try world.file("looks-like.jpg", "just text")
            let before = try world.storeRows()
            let refused = await world.run(["jqc", "inspect", "attach", id, "--field", "6", fake])
            #expect(refused.exitCode == 2 && refused.stderr.contains("not a JPEG or PNG image"))
            let wrongField = await world.run(["jqc", "inspect", "attach", id, "--field", "5", fake])
            #expect(wrongField.exitCode == 2 && wrongField.stderr.contains("5. Odor is a radio field"), "\(wrongField.stderr)")
            #expect(wrongField.stderr.contains("the photo fields: 6. Photo of the worst spot"), "\(wrongField.stderr)")
            let noField = await world.run(["jqc", "inspect", "attach", id, "--field", "70", fake])
            #expect(
                noField.exitCode == 2 && noField.stderr.contains("no field 70: the form numbers its fields 1 to 6"), "\(noField.stderr)")
            #expect(try world.storeRows() == before)
            #expect(try world.photoFiles().isEmpty)

            let png = world.home.path("photo.txt")
            try Data(pngBytes).write(to: URL(fileURLWithPath: png))
            let attached = await world.run(["jqc", "inspect", "attach", id, "--field", "id:7", png, "--json"])
            #expect(attached.exitCode == 0, "\(attached.stderr)")
            let record = try attached.object()
            let photoID = try #require(record["local_id"] as? String)
            #expect((record["local_path"] as? String)?.hasSuffix(photoID + ".png") == true)
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["7"] == .localPhoto(id: photoID))
        }
    }

    @Test func photosOverTheServerLimitAreRefused() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let big = world.home.path("big.jpg")
            #expect(FileManager.default.createFile(atPath: big, contents: Data([0xFF, 0xD8, 0xFF, 0xE0])))
            let handle = try #require(FileHandle(forWritingAtPath: big))
            try handle.truncate(atOffset: UInt64(JQCStore.maxPhotoBytes + 1))  // sparse: no 50 MB written
            try handle.close()
            let result = await world.run(["jqc", "inspect", "attach", id, "--field", "6", big])
            #expect(result.exitCode == 2 && result.stderr.contains("over the server's 50 MB photo limit"))
            #expect(try world.photoFiles().isEmpty)
        }
    }
}

/// Draft deletion asks on a terminal, as a person meets it.
@Suite
struct DeleteConfirmationTests {
    @Test func deleteOnATerminalAsksAndOnlyYesDeletes() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let environment = world.environment.merging(["NO_COLOR": "1"]) { $1 }
            let declined = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "delete", id], environment: environment,
                steps: [.expect("delete draft \(id) with 0 photos and 0 issues? [y/N]"), .send("n\n")])
            #expect(declined.exit == 1 && declined.output.contains("was not confirmed"))
            #expect(try world.store().inspection(localID: id) != nil)
            let confirmed = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "delete", id], environment: environment,
                steps: [.expect("[y/N]"), .send("y\n"), .expect("deleted draft \(id)")])
            #expect(confirmed.exit == 0 && confirmed.failedStep == nil, "\(confirmed.output)")
            #expect(try world.store().inspection(localID: id) == nil)
        }
    }
}
