import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The order of one sync and what travels with each request (contract, "Sync rules").
@Suite
struct SyncOrderTests {
    @Test func syncUploadsPhotosBeforeInspectionsAndInspectionsBeforeIssues() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            var inspections: [LocalInspection] = []
            for _ in 0..<3 {
                let inspection = try outbox.completedInspection(photo: true)
                try outbox.issue(on: inspection, photo: true)
                inspections.append(inspection)
            }
            try await world.emulator.reset()
            try await world.login()

            let result = await world.run(["jqc", "sync", "--json"])
            #expect(result.exitCode == 0, "\(result.stderr)")

            let log = try await world.emulator.requests().filter { $0.method == "POST" }.map(\.path)
            let lastPhoto = try #require(log.lastIndex(of: "/api/v1/photos/upload"))
            let firstInspection = try #require(log.firstIndex(of: "/api/v1/inspections"))
            let lastInspection = try #require(log.lastIndex(of: "/api/v1/inspections"))
            let firstIssue = try #require(log.firstIndex(of: "/api/v1/issues"))
            #expect(lastPhoto < firstInspection)
            #expect(lastInspection < firstIssue)
            #expect(log.filter { $0 == "/api/v1/photos/upload" }.count == 6)

            let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(report?["photos_uploaded"] as? Int == 6)
            #expect(report?["inspections_submitted"] as? Int == 3)
            #expect(report?["issues_submitted"] as? Int == 3)
            #expect(report?["failed"] as? Int == 0)
            let reference = report?["reference"] as? [String: Int]
            #expect(reference == ["facilities": 5, "areas": 11, "templates": 4])
        }
    }

    @Test func uploadedPhotoPathsReachFormDataAndIssues() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            let issue = try outbox.issue(on: inspection, photo: true)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)

            let server = try #require(try await world.serverInspections()[inspection.localID])
            let formData = try #require(server["form_data"] as? [String: Any])
            let path = try #require(formData["7"] as? String)
            #expect(path.hasPrefix("uploads/photos/"))
            #expect(server["scores_match"] as? Bool == true)
            let photos = try #require(try await world.serverState()["photos"] as? [String: Any])
            #expect(photos[path] != nil)

            let serverIssue = try #require(try await world.serverIssues()[issue.localID])
            #expect((serverIssue["photo_path"] as? String)?.hasPrefix("uploads/photos/") == true)
            #expect(serverIssue["inspection_id"] as? Int == server["id"] as? Int)

            let local = try #require(try outbox.store.inspection(localID: inspection.localID))
            #expect(local.syncStatus == .synced)
            #expect(local.serverID == server["id"] as? Int)
            #expect(try local.formData()["7"] == .text(path))
        }
    }

    @Test func inspectionWaitsUntilItsPhotosAreSettled() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            try await world.emulator.injectFault(path: "/api/v1/photos/upload", status: 500, count: 1)

            let first = await world.run(["jqc", "sync"])
            #expect(first.exitCode == 5)
            #expect(try await world.postCounts("inspections")[inspection.localID] == nil)
            let photo = try #require(try outbox.store.photos(inspectionLocalID: inspection.localID).first)
            #expect(photo.retryCount == 1)
            #expect(photo.syncStatus == .pending)

            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try await world.postCounts("inspections")[inspection.localID] == 1)
        }
    }

    @Test func aPhotoThatFailedForGoodIsSentAsEmptyNeverAsLocalPath() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            try await world.emulator.injectFault(path: "/api/v1/photos/upload", status: 422, count: 5)
            for _ in 0..<5 { await world.run(["jqc", "sync"]) }
            let photo = try #require(try outbox.store.photos(inspectionLocalID: inspection.localID).first)
            #expect(photo.syncStatus == .failed)

            let server = try #require(try await world.serverInspections()[inspection.localID])
            let formData = try #require(server["form_data"] as? [String: Any])
            #expect(formData["7"] as? String == "")
            // The local record keeps its reference, so a re-queued photo can still fill it.
            #expect(try outbox.store.inspection(localID: inspection.localID)?.formData()["7"]?.localPhotoID == photo.localID)
        }
    }

    @Test func reinspectionIsSentAfterItsParentInTheSameSync() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let parent = try outbox.completedInspection()
            let child = try outbox.completedInspection(parent: .local(parent.localID))
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let server = try await world.serverInspections()
            let parentID = try #require(server[parent.localID]?["id"] as? Int)
            #expect(server[child.localID]?["parent_inspection_id"] as? Int == parentID)
        }
    }
}

/// A re-inspection is never sent without its parent, as an issue is never sent without its inspection.
@Suite
struct ReinspectionSyncTests {
    @Test func reinspectionOfAFailedParentFailsWithItAndComesBackWithIt() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let parent = try outbox.completedInspection()
            let child = try outbox.completedInspection(parent: .local(parent.localID))
            try await world.emulator.injectFault(path: "/api/v1/inspections", method: "POST", status: 500, count: 5)
            for _ in 0..<5 { await world.run(["jqc", "sync"]) }
            let failedChild = try #require(try outbox.store.inspection(localID: child.localID))
            #expect(failedChild.syncStatus == .failed)
            #expect(failedChild.lastError == JQCStore.parentInspectionFailedMessage)
            let posts = try await world.emulator.requests().filter { $0.method == "POST" && $0.path == "/api/v1/inspections" }
            #expect(posts.allSatisfy { !$0.body.contains(child.localID) })

            #expect(await world.run(["jqc", "retry", parent.localID]).exitCode == 0)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let server = try await world.serverInspections()
            #expect(server[child.localID]?["parent_inspection_id"] as? Int == server[parent.localID]?["id"] as? Int)
        }
    }
}
