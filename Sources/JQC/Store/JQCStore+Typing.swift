import FieldOpsCore
import FoundationEssentials

/// What the full-screen form is typing in a draft's focused field, saved as it is typed.
extension JQCStore {
    /// Text typed in one field that is not exactly its stored answer (see schema version 3).
    public struct TypedText: Sendable, Equatable {
        public var fieldID: String
        public var text: String
    }

    /// Stores one field's answer and, when the text typed there is not exactly that answer, the
    /// text itself, in one transaction: a half-typed value that does not validate yet is kept as
    /// text (with no answer for the field) instead of being lost or stored as a wrong answer.
    /// `typed` nil forgets any text kept for this field (the answer is what was typed).
    @discardableResult
    public func saveAnswer(localID: String, fieldID: String, value: FormValue?, typed: String?) throws -> LocalInspection {
        try write { database in
            let inspection = try draft(localID, in: database)
            var values = try inspection.formData()
            values[fieldID] = value
            try database.execute(
                """
                UPDATE inspections SET form_data = ?, updated_at = ?,
                    typing_field = CASE WHEN ? IS NOT NULL THEN ? WHEN typing_field = ? THEN NULL ELSE typing_field END,
                    typing_text = CASE WHEN ? IS NOT NULL THEN ? WHEN typing_field = ? THEN NULL ELSE typing_text END
                WHERE local_id = ?
                """,
                [FormData.jsonText(values), StoreText.now(), typed, fieldID, fieldID, typed, typed, fieldID, localID])
        }
        return try requireInspection(localID)
    }

    /// The text kept for a draft's field by `saveAnswer`, if any.
    public func typedText(localID: String) throws -> TypedText? {
        try read { database in
            guard
                let row = try database.queryOne(
                    "SELECT typing_field, typing_text FROM inspections WHERE local_id = ? AND typing_field IS NOT NULL", [localID])
            else { return nil }
            return TypedText(fieldID: try row.decode("typing_field"), text: try row.decode("typing_text"))
        }
    }

    /// A draft whose form was left (killed, powered off) with text in a field that is not a
    /// valid answer is not submitted with that field silently empty.
    static func refuseUnfinishedTyping(_ inspection: LocalInspection, in database: Database) throws {
        guard
            let row = try database.queryOne(
                "SELECT typing_field, typing_text FROM inspections WHERE local_id = ? AND typing_field IS NOT NULL", [inspection.localID])
        else { return }
        let field: String = try row.decode("typing_field")
        let text: String = try row.decode("typing_text")
        guard try inspection.formData()[field] == nil, !text.trimmingWhitespace().isEmpty else { return }
        // Named as the form shows it (`4. Occupants present`), where the form will be reopened.
        let schemaText = try database.scalar("SELECT form_schema FROM templates WHERE id = ?", [inspection.templateID], as: String.self)
        let name = schemaText.flatMap { try? FormSchema(jsonData: Data($0.utf8)).field(withID: field)?.reference } ?? "field id:\(field)"
        throw JQCError.notAllowed(
            "inspection \(inspection.localID) has \"\(text)\" typed in \(name), which is not a valid answer yet",
            next: .finishThenSubmit(inspection: inspection.localID))
    }
}
