import FieldOpsCore
import Foundation
import FuzzSupport

// `AnswersLoader` (the `--answers FILE` reader: format detection, YAML to answers) is internal
// to JQC; debug builds are compiled with testing enabled, so it is reached without widening
// JQC's API. Made public, `AnswersLoader.parse(_:source:format:)` and its `Format` would do.
@testable import JQC

/// The answers-file reader of `jqc inspect fill --answers`: the input is read as YAML and as
/// JSON (as a file named `.yaml`/`.json` would be, and as stdin is, by its first character),
/// and whatever reads is resolved against two templates — every field type, and integer ids —
/// then scored and stored as `form_data` would be. Checked: all or nothing (a resolved answer
/// always belongs to a field of the template), numbers stay finite, an answers file never
/// makes a `local://` photo reference, and `form_data` text reads back to the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(FuzzInput(data, size).bytes)
    _ = AnswersLoader.format(of: "-", data: bytes)
    for format in [AnswersLoader.Format.yaml, .json] {
        let raw: [String: AnswerInput]
        do {
            raw = try AnswersLoader.parse(bytes, source: format == .json ? "answers.json" : "answers.yaml", format: format)
        } catch {
            Exercise.render(error)
            continue
        }
        for schema in schemas {
            resolve(raw, against: schema)
        }
    }
    return 0
}

private func resolve(_ raw: [String: AnswerInput], against schema: FormSchema) {
    let values: [String: FormValue]
    do {
        values = try AnswersFile.resolve(rawAnswers: raw, schema: schema, source: "answers.yaml")
    } catch {
        Exercise.render(error)
        return
    }
    for (id, value) in values {
        guard let field = schema.field(withID: id) else {
            fatalError("fuzz invariant broken: an answer for \(id), which is no field of the template")
        }
        if case .number(let number) = value {
            Invariant.require(number.double?.isFinite == true, "field \(id) keeps the number \(number.lexeme)")
        }
        if field.type == .image || field.type == .signature {
            Invariant.require(value.localPhotoID == nil, "an answers file set \(field.type) field \(id) to \(value.displayText)")
        }
        _ = value.displayText
    }
    _ = FieldValidator.missingRequired(schema, values)
    if let score = InspectionScore.compute(schema: schema, formData: values) {
        Invariant.require(score.isFinite && (0...100).contains(score), "score \(score)")
    }
    let stored = FormData.jsonText(values)
    do {
        let readBack = try FormData.decode(Data(stored.utf8))
        // Compared as stored text: an empty table and an empty list are the same `[]`.
        Invariant.require(FormData.jsonText(readBack) == stored, "form_data does not read back the same: \(stored.prefix(300))")
    } catch {
        fatalError("fuzz invariant broken: form_data written from answers does not read back (\(error)): \(stored.prefix(300))")
    }
}

/// Two templates shaped like the JQC emulator's: "Office Full Inspection" (string ids, every
/// field type the contract names) and "Restroom Quick Check" (integer ids).
private let schemas: [FormSchema] = [fullTemplate, quickCheck].map { text in
    do {
        return try FormSchema(jsonData: Data(text.utf8))
    } catch {
        fatalError("the fuzz harness's template does not decode: \(error)")
    }
}

private let fullTemplate = """
    [
     {"id": "f_sec", "type": "section", "label": "Visit details", "col": 1, "row": 1, "colSpan": 12, "rowSpan": 1},
     {"id": "f_contact", "type": "text", "label": "Contact on site", "col": 1, "row": 2, "colSpan": 4, "required": true, "placeholder": "Name"},
     {"id": "f_email", "type": "email", "label": "Contact email", "col": 5, "row": 2, "colSpan": 4},
     {"id": "f_date", "type": "date", "label": "Visit date", "col": 9, "row": 2, "colSpan": 4, "required": true},
     {"id": "f_count", "type": "number", "label": "Occupants present", "col": 1, "row": 3, "colSpan": 3},
     {"id": "f_shift", "type": "select", "label": "Shift", "col": 4, "row": 3, "colSpan": 3, "options": ["Day", "Evening", "Night"]},
     {"id": "f_zones", "type": "checkbox_group", "label": "Zones covered", "col": 7, "row": 3, "colSpan": 6,
      "options": ["Desks", "Kitchenette", "Restrooms", "Conference"]},
     {"id": "f_note", "type": "label", "label": "", "col": 1, "row": 4, "colSpan": 12, "text_content": "Score each item."},
     {"id": "f_desks", "type": "rating", "label": "Desk surfaces", "col": 1, "row": 5, "colSpan": 4, "required": true},
     {"id": "f_carpets", "type": "rating", "label": "Carpets", "col": 5, "row": 5, "colSpan": 4},
     {"id": "f_trash", "type": "pass_fail", "label": "Trash emptied", "col": 9, "row": 5, "colSpan": 4, "required": true},
     {"id": "f_windows", "type": "checkbox", "label": "Windows wiped", "col": 1, "row": 6, "colSpan": 4},
     {"id": "f_kitchen", "type": "radio", "label": "Kitchenette condition", "col": 5, "row": 6, "colSpan": 8,
      "options": ["Good", "Needs attention", "Poor"]},
     {"id": "f_stock", "type": "table", "label": "Consumables count", "col": 1, "row": 8, "colSpan": 12, "rowSpan": 3,
      "table_cols": 3, "table_rows": 2, "col_headers": ["Item", "Stock", "Reorder"]},
     {"id": "f_remarks", "type": "textarea", "label": "Remarks", "col": 1, "row": 11, "colSpan": 12, "rowSpan": 2},
     {"id": "f_photo", "type": "image", "label": "Overview photo", "col": 1, "row": 13, "colSpan": 6, "rowSpan": 2},
     {"id": "f_sign", "type": "signature", "label": "Inspector signature", "col": 7, "row": 13, "colSpan": 6, "rowSpan": 2, "required": true},
     {"id": "f_submit", "type": "button_submit", "label": "Submit", "col": 1, "row": 15, "colSpan": 4, "btn_label": "Submit inspection"},
     {"id": "f_wall", "type": "hologram", "label": "Unknown widget", "col": 5, "row": 15, "colSpan": 4}
    ]
    """

private let quickCheck = """
    [
     {"id": 1, "type": "section", "label": "Fixtures", "col": 1, "row": 1, "colSpan": 12, "order": 1},
     {"id": 2, "type": "rating", "label": "Toilets and urinals", "col": 1, "row": 2, "colSpan": 6, "required": true, "order": 2},
     {"id": 3, "type": "rating", "label": "Sinks and mirrors", "col": 7, "row": 2, "colSpan": 6, "required": true, "order": 3},
     {"id": 4, "type": "checkbox", "label": "Supplies restocked", "col": 1, "row": 3, "colSpan": 4, "order": 4},
     {"id": 5, "type": "pass_fail", "label": "Floor dry and clean", "col": 5, "row": 3, "colSpan": 4, "required": true, "order": 5},
     {"id": 6, "type": "radio", "label": "Odor", "col": 9, "row": 3, "colSpan": 4, "options": ["Good", "Acceptable", "Poor"], "order": 6},
     {"id": 7, "type": "image", "label": "Photo of the worst spot", "col": 1, "row": 4, "colSpan": 12, "rowSpan": 2, "order": 7},
     {"id": 8, "type": "text", "label": "odor", "col": 1, "row": 6, "colSpan": 12, "order": 8}
    ]
    """
