import Foundation

@testable import JQC

/// A template touching every field type, used across the validation and answers tests.
enum Fixtures {
    static let schemaJSON = #"""
        [
          {"id": 1, "type": "section", "label": "Lobby", "row": 0, "col": 0},
          {"id": 2, "type": "text", "label": "Inspector notes", "row": 1, "col": 0},
          {"id": "f_email", "type": "email", "label": "Contact email", "row": 1, "col": 6},
          {"id": 4, "type": "number", "label": "Bins emptied", "row": 2, "col": 0},
          {"id": 5, "type": "date", "label": "Last deep clean", "row": 2, "col": 6},
          {"id": 6, "type": "checkbox", "label": "Doors locked", "required": true, "row": 3, "col": 0},
          {"id": 7, "type": "checkbox_group", "label": "Supplies", "options": ["Soap", "Paper", "Bags"], "row": 3, "col": 6},
          {"id": 8, "type": "radio", "label": "Floor condition", "options": ["Good", "Fair", "Poor"], "required": true, "row": 4, "col": 0},
          {"id": 9, "type": "select", "label": "Shift", "options": ["Day", "Night"], "row": 4, "col": 6},
          {"id": 10, "type": "rating", "label": "Restroom cleanliness", "required": true, "row": 5, "col": 0},
          {"id": 11, "type": "pass_fail", "label": "Fire exit clear", "row": 5, "col": 6},
          {"id": 12, "type": "signature", "label": "Supervisor signature", "required": true, "row": 6, "col": 0},
          {"id": 13, "type": "image", "label": "Lobby photo", "row": 6, "col": 6},
          {"id": 14, "type": "table", "label": "Readings", "table_rows": 2, "table_cols": 3, "col_headers": ["Room", "Temp", "OK"], "row": 7, "col": 0},
          {"id": 15, "type": "label", "text_content": "Thanks", "row": 8, "col": 0},
          {"id": 16, "type": "button_submit", "btn_label": "Submit", "row": 8, "col": 6},
          {"id": 17, "type": "hologram", "label": "Future thing", "row": 9, "col": 0},
          {"id": 18, "type": "textarea", "label": "Floor condition ", "row": 9, "col": 6},
          {"id": 19, "type": "pass_fail", "label": "Alarm tested", "options": ["Yes", "No"], "row": 10, "col": 0}
        ]
        """#

    static func schema() throws -> FormSchema {
        try FormSchema(jsonData: Data(schemaJSON.utf8))
    }

    static func field(_ id: String) throws -> FormField {
        guard let f = try schema().field(withID: id) else { throw FieldMissing(id: id) }
        return f
    }

    struct FieldMissing: Error { var id: String }
}
