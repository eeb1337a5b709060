import FieldOpsCore

/// A `form_schema` that cannot be read as a list of fields.
///
/// Only the shape of the list is fatal. A field without an `id` or `type` is kept as an
/// unsupported field with a `defect` instead, so one broken field never makes a whole
/// template (or a reference-data pull) unusable.
public enum FormSchemaError: UserFacingError, Equatable {
    /// The schema text is not JSON at all.
    case invalidJSON(JSONParseError)
    /// The schema is JSON but not a list (`found` names what it is).
    case notAList(found: String)
    /// Element `index` (0-based) of the list is not an object.
    case fieldNotAnObject(index: Int, found: String)

    public var summary: String {
        switch self {
        case .invalidJSON(let e):
            return "template form_schema is not valid JSON at line \(e.line), column \(e.column): \(e.reason)"
        case .notAList(let found):
            return "template form_schema must be a list of fields, found \(found)"
        case .fieldNotAnObject(let index, let found):
            return "template form_schema field #\(index + 1) must be an object, found \(found)"
        }
    }

    public var hint: String? {
        "the template is malformed on the server; ask an administrator to fix it in the template editor"
    }

    public var exitCode: ExitCode { .failure }
}
