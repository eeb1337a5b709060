import FieldOpsCore
import FoundationEssentials

/// Reading and writing a whole `form_data` object (`{field_id: value}`).
public enum FormData {
    /// Decodes `form_data` JSON text.
    public static func decode(_ data: Data, source: String = "form_data") throws -> [String: FormValue] {
        try decode(json: JSONValue(parsing: data, source: source), source: source)
    }

    /// Decodes an already-parsed `form_data` value; `null` reads as an empty form.
    public static func decode(json: JSONValue, source: String = "form_data") throws -> [String: FormValue] {
        switch json {
        case .null:
            return [:]
        case .object(let members):
            // The parser refuses repeated keys, so every member lands in the dictionary.
            return Dictionary(members.map { ($0.key, FormValue(json: $0.value)) }, uniquingKeysWith: { _, last in last })
        default:
            throw FieldOpsError("\(source) must be a JSON object of field answers, found \(json.kindWord)")
        }
    }

    /// The answers as a JSON object, members in key order.
    public static func json(_ values: [String: FormValue]) -> JSONValue {
        .object(JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }))
    }

    /// Compact JSON text with sorted keys and exact number lexemes.
    public static func jsonText(_ values: [String: FormValue]) -> String {
        json(values).withSortedKeys().jsonString()
    }

    /// The answers as they may be sent to the server: every `local://…` photo reference
    /// becomes `""`, because the server would store it as a malformed path (contract,
    /// "Inspections").
    public static func forSubmission(_ values: [String: FormValue]) -> [String: FormValue] {
        values.mapValues { $0.localPhotoID == nil ? $0 : .text("") }
    }

    /// The local photo ids still referenced by the answers, by field id.
    public static func localPhotoReferences(_ values: [String: FormValue]) -> [String: String] {
        values.compactMapValues(\.localPhotoID)
    }
}
