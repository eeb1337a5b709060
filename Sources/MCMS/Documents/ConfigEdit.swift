import FieldOpsCore

/// A change to an ONU's configuration document: the fetched document with only the given keys
/// set, so the PUT sends every other key, number and byte back as it came.
public struct ConfigEdit: Sendable, Equatable {
    public var deviceID: String
    public var original: JSONValue
    public var document: JSONValue
    /// Each changed key's path, old value (nil when the key was missing) and new value.
    public var changes: [(path: [JSONPathComponent], old: JSONValue?, new: JSONValue)]

    /// - Throws: when the document has no `ONU` object to edit.
    public init(deviceID: String, config: JSONValue, set values: [([JSONPathComponent], JSONValue)]) throws(FieldOpsError) {
        self.deviceID = deviceID
        original = config
        var document = config
        var changes: [(path: [JSONPathComponent], old: JSONValue?, new: JSONValue)] = []
        for (path, value) in values {
            let old = config.value(at: path)
            guard old != value else { continue }
            do {
                try document.set(value, at: path)
            } catch {
                throw FieldOpsError(
                    "\(deviceID): \(error.summary); refusing to write",
                    hint: "inspect the document: fieldops mcms onu config \(deviceID) --json")
            }
            changes.append((path, old, value))
        }
        self.document = document
        self.changes = changes
    }

    public var isNoChange: Bool { changes.isEmpty }

    /// The unified diff of the pretty-printed documents, as `--dry-run` shows it.
    public func diff(path: String) -> String {
        DocumentDiff.unified(
            before: original.jsonString(.pretty), after: document.jsonString(.pretty),
            beforeLabel: "GET \(path)", afterLabel: "PUT \(path)")
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("id", .string(deviceID)),
                (
                    "changes",
                    .array(
                        changes.map { change in
                            .object(
                                JSONObject([
                                    ("path", .string(JSONPathComponent.describe(change.path))), ("old", change.old ?? .null),
                                    ("new", change.new),
                                ]))
                        })
                ),
            ]))
    }

    public static func == (lhs: ConfigEdit, rhs: ConfigEdit) -> Bool {
        lhs.deviceID == rhs.deviceID && lhs.original == rhs.original && lhs.document == rhs.document
    }
}
