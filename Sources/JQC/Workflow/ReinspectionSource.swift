import FieldOpsCore
import FoundationEssentials

/// The inspection a re-inspection follows up: from the local store, or — when it is known only
/// by its server id (history) — fetched from the server.
struct ReinspectionSource {
    var link: JQCStore.ParentLink
    var templateID: Int
    var facilityID: Int
    var areaID: Int?
    var formData: [String: FormValue]

    /// Finds `reference` and checks it requires a follow-up (exit 1 otherwise).
    static func resolve(_ reference: String, store: JQCStore, context: CommandContext, profile: Profile) async throws -> ReinspectionSource
    {
        if let local = try store.inspection(matching: reference) {
            guard local.status == .completed else {
                throw FieldOpsError(
                    "inspection \(local.localID) is a draft; only a submitted inspection can be re-inspected", exitCode: .failure)
            }
            guard local.followUpRequired else { throw notRequired(WorkflowSupport.name(local)) }
            return ReinspectionSource(
                link: .local(local.localID), templateID: local.templateID, facilityID: local.facilityID, areaID: local.areaID,
                formData: try local.formData())
        }
        guard let serverID = Int(reference), serverID > 0 else {
            throw FieldOpsError(
                ServiceWording.notInLocalStore("inspection \(reference)", profile: profile.name) + " to re-inspect",
                hint: "give a local id (fieldops jqc inspect list shows them) or a server id: fieldops jqc history")
        }
        let data = try await WorkflowSupport.online("re-inspecting server inspection \(serverID)", context: context, profile: profile) {
            client in
            try await client.call(.inspection(serverID))
        }
        guard let record = data["inspection"], let template = record["template_id"]?.int64Value,
            let facility = record["facility_id"]?.int64Value
        else {
            throw JQCError.unexpectedAnswer(
                endpoint: JQCEndpoint.inspection(serverID).description, reason: "no inspection with template_id and facility_id")
        }
        guard record["follow_up_required"]?.boolValue == true else { throw notRequired("#\(serverID)") }
        let answers = try FormData.decode(
            Data((record["form_data"] ?? .null).jsonString().utf8), source: "form_data of inspection \(serverID)")
        return ReinspectionSource(
            link: .server(serverID), templateID: Int(template), facilityID: Int(facility),
            areaID: record["area_id"]?.int64Value.map { Int($0) }, formData: answers)
    }

    private static func notRequired(_ name: String) -> FieldOpsError {
        FieldOpsError(
            "inspection \(name) does not require a follow-up, so it cannot be re-inspected",
            hint: "the history marks the inspections that require one: fieldops jqc history", exitCode: .failure)
    }
}
