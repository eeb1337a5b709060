import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The store file itself: where it lives, how it is configured, what the workflow API keeps.
@Suite
struct JQCStoreTests {
    /// A store with the emulator's reference data loaded, without a server.
    static func seededStore(_ home: TemporaryDirectory) throws -> JQCStore {
        let store = try JQCStore(directory: home.path("data/fieldops/site"))
        let schema = """
            [{"id":1,"type":"section","label":"Fixtures","col":1,"row":1},
             {"id":2,"type":"rating","label":"Toilets","col":1,"row":2,"required":true},
             {"id":4,"type":"checkbox","label":"Supplies","col":1,"row":3},
             {"id":5,"type":"pass_fail","label":"Floor","col":5,"row":3},
             {"id":7,"type":"image","label":"Photo","col":1,"row":4}]
            """
        try store.replaceReference(
            facilities: [APIFacility(id: 1, name: "Central Station"), APIFacility(id: 2, name: "North Depot")],
            areas: [APIArea(id: 101, facilityID: 1, name: "Restrooms"), APIArea(id: 104, facilityID: 2, name: "Lounge")],
            templates: [APITemplate(id: 1, name: "Restroom Quick Check", formSchemaJSON: schema)])
        return store
    }

    static func jpeg(_ home: TemporaryDirectory, _ name: String) throws -> String {
        let path = home.path(name)
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: 1000)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func storeIsAWALFileWithForeignKeysAndANumberedSchema() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        #expect(store.path == home.path("data/fieldops/site/jqc.sqlite"))
        let (mode, foreignKeys, version) = try store.read { database in
            (
                try database.journalMode, try database.scalar("PRAGMA foreign_keys", as: Int.self),
                try database.scalar("PRAGMA user_version", as: Int.self)
            )
        }
        #expect(mode == "wal")
        #expect(foreignKeys == 1)
        #expect(version == JQCSchema.migrator.latestVersion)
        // Opening again migrates nothing and keeps the data.
        #expect(try JQCStore(directory: store.directory).facilities().count == 2)
    }

    /// What a person types is committed power-safe (an fsync per commit); sync relaxes its own
    /// bookkeeping, whose loss is only an idempotent resend.
    @Test func personsWorkIsCommittedPowerSafeAndSyncBookkeepingCrashSafe() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        #expect(try store.read { try $0.scalar("PRAGMA synchronous", as: Int.self) } == 2)
        try store.relaxDurabilityForSync()
        #expect(try store.read { try $0.scalar("PRAGMA synchronous", as: Int.self) } == 1)
    }

    @Test func attachedPhotoIsAnOwnedCopyNotTheOriginal() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        let draft = try store.createDraft(templateID: 1, facilityID: 1, areaID: 101)
        let original = try Self.jpeg(home, "camera.jpg")
        let photo = try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: original)
        try FileManager.default.removeItem(atPath: original)

        let copy = store.photoFile(photo)
        #expect(copy.hasPrefix(store.directory + "/photos/"))
        #expect(FileManager.default.contents(atPath: copy)?.count == 1004)
        #expect(photo.contentType == "image/jpeg")
        #expect(try store.inspection(localID: draft.localID)?.formData()["7"] == .localPhoto(id: photo.localID))
        let mode = (try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    /// A FIFO blocked the attach forever (and the first Ctrl-C with it); a directory was "no
    /// such file". Both, and a device, are refused by type before a byte is read.
    @Test func attachRefusesWhatIsNotAFileByItsType() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        let draft = try store.createDraft(templateID: 1, facilityID: 1)
        let fifo = home.path("Sjøgata-kamera.jpg")
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = home.path("Ålesund bilder")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for (path, kind) in [(fifo, "a named pipe (FIFO)"), (directory, "a directory"), ("/dev/zero", "a device")] {
            #expect(throws: PhotoFiles.Problem.notAFile(path, kind: kind)) {
                try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: path)
            }
            let problem = PhotoFiles.Problem.notAFile(path, kind: kind)
            #expect(problem.summary == "cannot attach \(path): it is \(kind), not a photo file")
            #expect(problem.exitCode == .usage)
        }
        #expect(try store.inspection(localID: draft.localID)?.formData()["7"] == nil, "nothing was attached")
    }

    @Test func attachRefusesWhatTheServerWouldRefuse() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        let draft = try store.createDraft(templateID: 1, facilityID: 1)
        let text = home.path("notes.txt")
        try "hello".write(toFile: text, atomically: true, encoding: .utf8)
        // The store says what is wrong with the file; the command line words it.
        #expect(throws: PhotoFiles.Problem.notAnImage(text)) {
            try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: text)
        }
        #expect(PhotoFiles.Problem.notAnImage(text).summary == "cannot attach \(text): it is not a JPEG or PNG image")
        #expect(PhotoFiles.Problem.notAnImage(text).exitCode == .usage)
        #expect(throws: PhotoFiles.Problem.missing(home.path("nope.jpg"))) {
            try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: home.path("nope.jpg"))
        }
        #expect(throws: JQCError.self) {
            try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "2", sourcePath: try Self.jpeg(home, "a.jpg"))
        }
        #expect(throws: JQCError.self) {
            try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "99", sourcePath: try Self.jpeg(home, "b.jpg"))
        }
        // Nothing half-made was left behind.
        #expect(try store.photos(inspectionLocalID: draft.localID).isEmpty)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: store.photosDirectory)) ?? []
        #expect(leftovers.isEmpty)
    }

    @Test func submitScoresQueuesAndClearsTheParentsFollowUp() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        let parent = try store.createDraft(templateID: 1, facilityID: 1)
        try store.submit(localID: parent.localID)
        try store.write {
            try $0.execute("UPDATE inspections SET follow_up_required = 1, server_id = 42 WHERE local_id = ?", [parent.localID])
        }

        let child = try store.createDraft(templateID: 1, facilityID: 1, parent: .server(42))
        #expect(child.parentLocalID == parent.localID)
        try store.updateFormData(localID: child.localID) { values in
            values["2"] = .rating(4)
            values["4"] = .checkbox(true)
            values["5"] = .text("fail")
        }
        let submitted = try store.submit(localID: child.localID)
        #expect(submitted.status == .completed)
        #expect(submitted.syncStatus == .pending)
        #expect(submitted.completedAt != nil)
        #expect(submitted.overallScore == 60.0)  // (0.8 + 1 + 0) / 3
        #expect(try store.inspection(localID: parent.localID)?.followUpRequired == false)
        #expect(throws: JQCError.self) { try store.updateFormData(localID: child.localID) { $0["2"] = .rating(1) } }
    }

    /// The form's typing: an answer and, beside it, text that is not exactly that answer; a
    /// draft left with text that is no valid answer is not submitted with that field empty.
    @Test func textTypedBesideAnAnswerIsKeptUntilItIsTheAnswerAndBlocksASubmitWhileInvalid() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        let draft = try store.createDraft(templateID: 1, facilityID: 1)
        try store.saveAnswer(localID: draft.localID, fieldID: "6", value: .text("Good"), typed: nil)
        try store.saveAnswer(localID: draft.localID, fieldID: "2", value: nil, typed: "4x")
        #expect(try store.typedText(localID: draft.localID) == JQCStore.TypedText(fieldID: "2", text: "4x"))
        #expect(try store.inspection(localID: draft.localID)?.formData() == ["6": .text("Good")])
        // Another field's answer leaves the text kept for field 2 alone.
        try store.saveAnswer(localID: draft.localID, fieldID: "6", value: .text("Poor"), typed: nil)
        #expect(try store.typedText(localID: draft.localID)?.fieldID == "2")
        let refused = #expect(throws: JQCError.self) { try store.submit(localID: draft.localID) }
        #expect(refused?.summary.contains("\"4x\" typed in 1. Toilets, which") == true, "\(String(describing: refused))")
        #expect(try store.inspection(localID: draft.localID)?.status == .draft)
        try store.updateFormData(localID: draft.localID) { $0["4"] = .checkbox(true) }
        #expect(try store.typedText(localID: draft.localID)?.fieldID == "2", "another field answered elsewhere leaves it")
        try store.updateFormData(localID: draft.localID) { $0["2"] = .rating(4) }
        #expect(try store.typedText(localID: draft.localID) == nil, "answered elsewhere (line mode), the kept text goes")
        #expect(try store.submit(localID: draft.localID).status == .completed)
    }

    @Test func onlyDraftsAreDeletedAndTheyTakeTheirPhotosAndIssuesWithThem() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        let draft = try store.createDraft(templateID: 1, facilityID: 1)
        let photo = try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: try Self.jpeg(home, "a.jpg"))
        let issue = try store.flagIssue(
            inspectionLocalID: draft.localID, severity: .low, description: "Sticky floor", photoPath: try Self.jpeg(home, "b.jpg"))
        let files = try store.photos(inspectionLocalID: draft.localID).map(store.photoFile)
        #expect(files.count == 2)

        try store.deleteDraft(localID: draft.localID)
        #expect(try store.inspection(localID: draft.localID) == nil)
        #expect(try store.issue(localID: issue.localID) == nil)
        #expect(try store.photo(localID: photo.localID) == nil)
        for file in files { #expect(!FileManager.default.fileExists(atPath: file)) }

        let done = try store.createDraft(templateID: 1, facilityID: 1)
        try store.submit(localID: done.localID)
        #expect(throws: JQCError.self) { try store.deleteDraft(localID: done.localID) }
    }

    @Test func draftsNeedCachedReferenceData() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        #expect(throws: JQCError.self) { try store.createDraft(templateID: 9, facilityID: 1) }
        #expect(throws: JQCError.self) { try store.createDraft(templateID: 1, facilityID: 9) }
        #expect(throws: JQCError.self) { try store.createDraft(templateID: 1, facilityID: 1, areaID: 104) }
    }

    @Test func corruptStoreIsAClearErrorAndIsLeftUntouched() async throws {
        try await withWorld { world in
            try FileManager.default.createDirectory(atPath: world.profileDataDirectory, withIntermediateDirectories: true)
            let path = world.profileDataDirectory + "/jqc.sqlite"
            let garbage = Data(repeating: 0x5A, count: 8192)
            try garbage.write(to: URL(fileURLWithPath: path))
            let result = await world.run(["jqc", "status"])
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("is corrupt or not a fieldops store"))
            #expect(result.stderr.contains(path))
            #expect(FileManager.default.contents(atPath: path) == garbage)
        }
    }

    @Test func storeLockedByAnotherWriterIsAClearError() throws {
        let home = try TemporaryDirectory(prefix: "jqc-store")
        defer { home.remove() }
        let store = try Self.seededStore(home)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN IMMEDIATE')
            print('locked', flush=True)
            time.sleep(10)
            """, store.path,
        ]
        let pipe = Pipe()
        holder.standardOutput = pipe
        try holder.run()
        // SIGKILL: a child of a test thread may inherit a mask that blocks SIGTERM.
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitForExit()
        }
        let line = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        #expect(line.hasPrefix("locked"))

        let impatient = try JQCStore(directory: store.directory, busyTimeout: .milliseconds(200))
        let error = try #require(throws: StoreError.self) { try impatient.clearReference() }
        #expect(error.kind == .locked)
        #expect(error.summary.contains("locked by another fieldops process"))
        // Reading still works while another process writes (WAL).
        #expect(try impatient.facilities().count == 2)
    }
}

/// What `jqc retry` may put back in the outbox.
struct RequeueTests {
    @Test func requeueResetsFailedItemsAndLeavesPhotosOfSentRecordsAlone() throws {
        let home = try TemporaryDirectory(prefix: "jqc-requeue")
        defer { home.remove() }
        let store = try JQCStoreTests.seededStore(home)
        let draft = try store.createDraft(templateID: 1, facilityID: 1)
        let photo = try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: try JQCStoreTests.jpeg(home, "a.jpg"))
        let inspection = try store.submit(localID: draft.localID)
        for _ in 0..<5 { try store.recordFailure(.photo, localID: photo.localID, error: "HTTP 500", counts: true) }
        #expect(try store.photo(localID: photo.localID)?.syncStatus == .failed)
        for _ in 0..<5 { try store.recordFailure(.inspection, localID: inspection.localID, error: "HTTP 422", counts: true) }
        #expect(try store.failedCounts() == .init(inspections: 1, issues: 0, photos: 1))

        // The inspection comes back with its photo.
        #expect(Set(try store.requeue(localIDs: [inspection.localID])) == [inspection.localID, photo.localID])
        #expect(try store.inspection(localID: inspection.localID)?.retryCount == 0)
        #expect(try store.photo(localID: photo.localID)?.lastError == nil)

        // Once the inspection went without its photo, the photo cannot follow.
        for _ in 0..<5 { try store.recordFailure(.photo, localID: photo.localID, error: "HTTP 500", counts: true) }
        try store.recordInspectionSubmitted(try #require(try store.inspection(localID: inspection.localID)), server: APIInspection(id: 501))
        #expect(try store.requeueAllFailed().isEmpty)
        #expect(try store.photo(localID: photo.localID)?.syncStatus == .failed)
    }
}
