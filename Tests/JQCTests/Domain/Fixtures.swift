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

    /// The restroom check as the server sends it: a section first, so every template id is one
    /// more than the number the form shows, and the list out of grid order.
    static let restroomCheckJSON = #"""
        [{"id": 1, "type": "section", "label": "Fixtures", "row": 1, "col": 1, "colSpan": 12},
         {"id": 6, "type": "radio", "label": "Odor", "options": ["Good", "Acceptable", "Poor"], "row": 3, "col": 9, "colSpan": 4},
         {"id": 2, "type": "rating", "label": "Toilets and urinals", "required": true, "row": 2, "col": 1, "colSpan": 6},
         {"id": 3, "type": "rating", "label": "Sinks and mirrors", "required": true, "row": 2, "col": 7, "colSpan": 6},
         {"id": 4, "type": "checkbox", "label": "Supplies restocked", "row": 3, "col": 1, "colSpan": 4},
         {"id": 5, "type": "pass_fail", "label": "Floor dry and clean", "required": true, "row": 3, "col": 5, "colSpan": 4},
         {"id": 7, "type": "image", "label": "Photo of the worst spot", "row": 4, "col": 1, "colSpan": 12},
         {"id": "f_sig", "type": "signature", "label": "Vaktmester Åse Øvrebø", "required": true, "row": 5, "col": 1, "colSpan": 12},
         {"id": 9, "type": "button_submit", "btn_label": "Send", "row": 6, "col": 1}]
        """#

    static func restroomCheck() throws -> FormSchema {
        try FormSchema(jsonData: Data(restroomCheckJSON.utf8))
    }

    /// Option labels as inspectors write them: Norwegian, typographic quotes, Japanese, an
    /// emoji sequence (four columns), combining marks, and one longer than any terminal line.
    static let realWorldOptionLabels = [
        "Gulvet på Sjøgata er tørt og rent",
        "“Kvalitet” i orden – ingen merknader",
        "東京オフィスの床は乾いていて清潔です",
        "👩‍🔧 Vaktmester må tilkalles før neste skift",
        "Noe\u{308}l’s cafe\u{301}: flekker under bordene",
        "Gulvet på Sjøgata er tørt og rent, men det ligger fortsatt strøsand ved inngangen mot Torggata og under benkene i venterommet ved plattform 2",
    ]

    /// A site check whose choices carry `realWorldOptionLabels`: three side by side on one grid
    /// row, then one across the whole width, then a select.
    static func siteCheck() -> FormSchema {
        let options = realWorldOptionLabels.map { FieldOption(value: $0, label: $0) }
        return FormSchema(fields: [
            FormField(id: "s", type: .section, label: "Sjøgata 5 – renhold", col: 1, row: 1, colSpan: 12, index: 0),
            FormField(id: "floor", type: .radio, label: "Gulvtilstand", options: options, col: 1, row: 2, colSpan: 4, index: 1),
            FormField(id: "bins", type: .passFail, label: "Søppel tømt", required: true, col: 5, row: 2, colSpan: 4, index: 2),
            FormField(
                id: "zones", type: .checkboxGroup, label: "Kontrollerte soner",
                options: ["Resepsjon", "Kjøkken", "Toaletter i 2. etasje", "東京会議室", "Noe\u{308}ls kontor"].map {
                    FieldOption(value: $0, label: $0)
                },
                col: 9, row: 2, colSpan: 4, index: 3),
            FormField(id: "overall", type: .radio, label: "Samlet vurdering", options: options, col: 1, row: 3, colSpan: 12, index: 4),
            FormField(id: "shift", type: .select, label: "Skift", options: options, col: 1, row: 4, colSpan: 6, index: 5),
        ])
    }
}
