import FieldOpsCore
import FieldOpsTestSupport
import Foundation

@testable import JQC

/// Queues real work in a store through the public store API, as the workflow commands do.
struct Outbox {
    let store: JQCStore
    let scratch: String

    init(_ world: JQCWorld) throws {
        store = try world.store()
        scratch = world.home.path("photos-in")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    /// A small JPEG-looking file (the server checks the magic bytes only).
    func jpeg(_ name: String, size: Int = 2048, seed: UInt8 = 7) throws -> String {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        bytes.reserveCapacity(size)
        var value = seed
        while bytes.count < size {
            value = value &* 31 &+ 17
            bytes.append(value)
        }
        let path = scratch + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A draft of template 1 (restroom check) at facility 1, area 101, with every required
    /// field answered: ready for `inspect submit`.
    func answeredDraft(parent: JQCStore.ParentLink? = nil) throws -> LocalInspection {
        let draft = try store.createDraft(templateID: 1, facilityID: 1, areaID: 101, parent: parent)
        try store.updateFormData(localID: draft.localID) { values in
            values["2"] = .rating(4)
            values["3"] = .rating(5)
            values["4"] = .checkbox(true)
            values["5"] = .text("pass")
            values["6"] = .text("Good")
        }
        return draft
    }

    /// A completed inspection of template 1 (restroom check) at facility 1, area 101, with
    /// answers and, when `photo`, a photo in field 7.
    @discardableResult
    func completedInspection(photo: Bool = false, parent: JQCStore.ParentLink? = nil, completedAt: Date = Date()) throws -> LocalInspection
    {
        let draft = try answeredDraft(parent: parent)
        if photo {
            try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: try jpeg(draft.localID + ".jpg"))
        }
        return try store.submit(localID: draft.localID, now: completedAt)
    }

    /// An issue flagged on `inspection`, with a photo when asked.
    @discardableResult
    func issue(on inspection: LocalInspection, photo: Bool = false, severity: Severity = .high) throws -> LocalIssue {
        try store.flagIssue(
            inspectionLocalID: inspection.localID, severity: severity, description: "Broken dispenser",
            photoPath: photo ? try jpeg("issue-" + UUID().uuidString + ".jpg", seed: 3) : nil)
    }

    /// An issue flagged at a facility without an inspection.
    @discardableResult
    func facilityIssue(facility: Int = 1, area: Int? = 101, description: String = "Scuffed door", photo: Bool = false) throws -> LocalIssue
    {
        try store.flagIssue(
            facilityID: facility, areaID: area, severity: .low, description: description,
            photoPath: photo ? try jpeg("facility-" + UUID().uuidString + ".jpg", seed: 5) : nil)
    }

    /// Runs raw SQL on the store file (a test reshaping what a past sync left, or injecting a fault).
    func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        let database = try Database(path: store.path)
        try database.execute(sql, arguments)
    }
}
