import FieldOpsCore
import FoundationEssentials

/// The bodies the outbox sends, built from store records exactly as the contract spells them.
enum SyncRequests {
    /// `POST /photos/upload`: the file streamed from the store's copy. The file name is the
    /// photo's own id, so a repeat after a lost answer is recognised by the server
    /// (it deduplicates on entity type, owner `local_id` and file name).
    static func upload(_ photo: LocalPhoto, file: String) -> MultipartForm {
        var form = MultipartForm()
        form.addFile("photo", path: file, filename: photo.fileName, contentType: photo.contentType)
        form.addField("entity_type", photo.entityType.rawValue)
        form.addField("local_id", photo.ownerLocalID)
        return form
    }

    /// `POST /inspections`. `local://` answers (photos that never uploaded) are sent as `""`;
    /// times are written as the server writes its own: wall time in its zone, no offset.
    static func inspection(_ inspection: LocalInspection, zone: ServerZone = .utc) throws -> Data {
        let formData = FormData.jsonText(FormData.forSubmission(try inspection.formData()))
        var body: [(String, JSONValue)] = [
            ("local_id", .string(inspection.localID)),
            ("template_id", number(inspection.templateID)),
            ("facility_id", number(inspection.facilityID)),
            ("status", .string("completed")),
            ("form_data", try JSONValue(parsing: formData, source: "form data of inspection \(inspection.localID)")),
            ("overall_score", inspection.overallScore.flatMap(score) ?? .null),
            ("started_at", .string(zone.text(inspection.startedAt))),
            ("completed_at", .string(zone.text(inspection.completedAt ?? inspection.updatedAt))),
        ]
        if let area = inspection.areaID { body.append(("area_id", number(area))) }
        if let notes = inspection.notes { body.append(("notes", .string(notes))) }
        if let parent = inspection.parentServerID { body.append(("parent_inspection_id", number(parent))) }
        return JSONValue.object(JSONObject(body)).jsonData()
    }

    /// `POST /issues`; `inspection_id` only when the inspection has a server id.
    static func issue(_ issue: LocalIssue) -> Data {
        var body: [(String, JSONValue)] = [
            ("local_id", .string(issue.localID)),
            ("facility_id", number(issue.facilityID)),
            ("severity", .string(issue.severity)),
            ("description", .string(issue.description)),
        ]
        if let inspection = issue.inspectionServerID { body.append(("inspection_id", number(inspection))) }
        if let area = issue.areaID { body.append(("area_id", number(area))) }
        if let photo = issue.photoPath, !photo.isEmpty { body.append(("photo_path", .string(photo))) }
        return JSONValue.object(JSONObject(body)).jsonData()
    }

    /// `PATCH /issues/<id>/status`; `notes` only when given.
    static func statusChange(_ status: IssueStatus, notes: String?) -> Data {
        var body: [(String, JSONValue)] = [("status", .string(status.rawValue))]
        if let notes { body.append(("notes", .string(notes))) }
        return JSONValue.object(JSONObject(body)).jsonData()
    }

    /// `PATCH /notifications/mark-read`.
    static func markRead(_ ids: [Int]) -> Data {
        JSONValue.object(JSONObject([("ids", .array(ids.map(number)))])).jsonData()
    }

    private static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// Scores are written as Swift prints the double (`87.5`, `66.67`), which Python reads back
    /// to the same value.
    private static func score(_ value: Double) -> JSONValue? {
        guard value.isFinite, let number = JSONNumber(lexeme: String(value)) else { return nil }
        return .number(number)
    }
}
