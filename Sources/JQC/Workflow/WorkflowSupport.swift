import FieldOpsCore
import FoundationEssentials

/// What the workflow commands share: finding the inspection a person names, its template's
/// schema, and calls that only make sense online.
enum WorkflowSupport {
    /// The local inspection `reference` names (local id, unique prefix, or server id).
    static func inspection(_ reference: String, in store: JQCStore) throws -> LocalInspection {
        guard let inspection = try store.inspection(matching: reference) else {
            throw JQCError.unknownRecord(kind: "inspection", id: reference, profile: store.profileName)
        }
        return inspection
    }

    /// The local inspection `reference` names, which must still be a draft.
    static func draft(_ reference: String, in store: JQCStore, doing action: String) throws -> LocalInspection {
        let inspection = try inspection(reference, in: store)
        guard inspection.status == .draft else {
            throw FieldOpsError(
                "cannot \(action) inspection \(inspection.localID): it is already submitted (\(inspection.badge.label))",
                hint: "only drafts can be changed; start a new inspection: fieldops jqc inspect start", exitCode: .failure)
        }
        return inspection
    }

    /// The cached template of `templateID`, decoded. A template whose schema cannot be read
    /// as a list of fields is a clear error; single broken fields are kept as unsupported.
    static func schema(templateID: Int, in store: JQCStore) throws -> (CachedTemplate, FormSchema) {
        guard let template = try store.template(id: templateID) else {
            throw JQCError.unknownRecord(kind: "template", id: String(templateID), profile: store.profileName)
        }
        return (template, try template.schema())
    }

    /// Runs `body` with the profile's client; a server that cannot be reached is an error that
    /// says which command needs it (exit 4), whatever the HTTP core called the failure.
    static func online<T>(
        _ what: String, context: CommandContext, profile: Profile, _ body: (JQCClient) async throws -> T
    ) async throws -> T {
        let client = try JQCClient(context: context, profile: profile)
        do {
            return try await body(client)
        } catch let error as HTTPError where error.isNetworkFailure || error.isTransportFailure {
            throw needsServer(what, profile: profile, error)
        }
    }

    /// The error of a command that needs the server when `error` kept it from answering.
    static func needsServer(_ what: String, profile: Profile, _ error: HTTPError) -> FieldOpsError {
        FieldOpsError(
            "\(what) needs the server, and it cannot be reached: \(error.summary)",
            hint: "this works online only; try again when \(profile.baseURL) is reachable", exitCode: .network)
    }

    /// `local id` or `#server-id` for messages.
    static func name(_ inspection: LocalInspection) -> String {
        inspection.localID + (inspection.serverID.map { " (#\($0))" } ?? "")
    }

    /// An id option (a `.dynamic` kind, completed from the store): a whole number of at least 1.
    static func id(_ name: String, _ invocation: Invocation) throws -> Int? {
        try invocation.integer(option: name, IntegerRule(lower: 1))
    }

    /// A moment a person types for a filter: a UTC day (`2026-11-01`, its midnight) or a UTC
    /// time (`2026-11-01T08:30:00`); anything else is a usage error naming the option.
    static func moment(_ text: String, option: String) throws -> Date {
        let trimmed = text.trimmingWhitespace()
        if let day = JQCDate.parseDay(trimmed) { return day }
        if let time = JQCDate.parse(trimmed) { return time }
        throw FieldOpsError.usage("--\(option) must be a UTC day (yyyy-MM-dd) or time (yyyy-MM-ddTHH:mm:ss), not \(text)")
    }

    /// Emits the record (`--json`) of an inspection.
    static func emitRecord(_ inspection: LocalInspection, context: CommandContext) throws {
        try context.output.emitJSON(InspectionRecord(inspection: inspection, formData: try inspection.formData()))
    }
}
