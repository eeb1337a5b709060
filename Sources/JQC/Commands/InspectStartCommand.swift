import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc inspect start --template ID --facility ID [--area ID] [--reinspect ID]`.
struct InspectStartCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "start", abstract: "Start a draft inspection and print its local id.",
        discussion:
            "The template, facility and area must be in the local cache (`fieldops jqc sync` pulls them). With --reinspect, template and facility come from the inspection that requires a follow-up; its non-scoring answers are copied, while rating, pass/fail, image and signature fields start blank. Exit codes: 2 unknown id, 1 the inspection does not require a follow-up, 4 the parent is only on the server and it cannot be reached.",
        examples: [
            "fieldops jqc inspect start --template 2 --facility 1 --area 101",
            "fieldops jqc inspect start --reinspect 73 --json",
        ],
        options: [
            OptionSpec("template", value: .dynamic(JQCCompletion.template), valueName: "ID", help: "The template to inspect with."),
            OptionSpec("facility", value: .dynamic(JQCCompletion.facility), valueName: "ID", help: "The facility inspected."),
            OptionSpec("area", value: .dynamic(JQCCompletion.area), valueName: "ID", help: "The area inspected (optional)."),
            OptionSpec(
                "reinspect", value: .dynamic(JQCCompletion.inspection), valueName: "ID",
                help: "Re-inspect the inspection ID (local or server id) that requires a follow-up."),
            OptionSpec("notes", valueName: "TEXT", help: "Free-text notes sent with the inspection."),
        ])

    /// What the draft inspects with: the template and facility given, or those of the
    /// inspection it re-inspects (found in `run`; any given must agree with them).
    enum Subject: Sendable {
        case new(templateID: Int, facilityID: Int)
        case reinspection(of: String, templateID: Int?, facilityID: Int?)
    }

    let subject: Subject
    /// `--area`; a re-inspection without one takes its parent's.
    let areaID: Int?
    let notes: String?

    init(_ invocation: Invocation) throws {
        let templateID = try WorkflowSupport.id("template", invocation)
        let facilityID = try WorkflowSupport.id("facility", invocation)
        areaID = try WorkflowSupport.id("area", invocation)
        notes = invocation.value("notes")
        if let reference = invocation.value("reinspect") {
            subject = .reinspection(of: reference, templateID: templateID, facilityID: facilityID)
        } else if let templateID, let facilityID {
            subject = .new(templateID: templateID, facilityID: facilityID)
        } else {
            throw FieldOpsError.usage(
                "jqc inspect start needs --template and --facility (or --reinspect ID)",
                hint: "see the choices: fieldops jqc templates (and fieldops jqc facilities)")
        }
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let templateID: Int
        let facilityID: Int
        var areaID = self.areaID
        var parent: JQCStore.ParentLink?
        var answers: [String: FormValue] = [:]
        switch subject {
        case .new(let template, let facility):
            templateID = template
            facilityID = facility
        case .reinspection(let reference, let givenTemplate, let givenFacility):
            let origin = try await ReinspectionSource.resolve(reference, store: store, context: context, profile: profile)
            for (name, given, fromParent) in [
                ("template", givenTemplate, origin.templateID), ("facility", givenFacility, origin.facilityID),
            ] {
                if let given, given != fromParent {
                    throw FieldOpsError.usage(
                        "--\(name) \(given) contradicts the re-inspected inspection's \(name) \(fromParent)",
                        hint: "a re-inspection uses the \(name) of the inspection it follows up; leave --\(name) out")
                }
            }
            templateID = origin.templateID
            facilityID = origin.facilityID
            areaID = areaID ?? origin.areaID
            parent = origin.link
            let (_, schema) = try WorkflowSupport.schema(templateID: origin.templateID, in: store)
            answers = Reinspection.prepare(parentSchema: schema, parentFormData: origin.formData)
        }
        let (template, schema) = try WorkflowSupport.schema(templateID: templateID, in: store)
        ClockCheck.warnBeforeStamping(store: store, output: context.output)
        let draft = try store.createDraft(
            templateID: templateID, facilityID: facilityID, areaID: areaID, parent: parent, formData: answers,
            notes: notes)
        if context.output.format == .json {
            try WorkflowSupport.emitRecord(draft, context: context)
        } else {
            context.output.stdout.line(draft.localID)
            let copied = answers.isEmpty ? "" : ", \(Noun.count(answers.count, "answer")) copied from the inspection it follows up"
            context.output.note(
                "started a draft of \"\(template.name)\" (\(Noun.count(schema.inputFields.count, "field"))\(copied)); next: fieldops jqc inspect fill \(draft.localID)"
            )
            if !schema.unsupportedFields.isEmpty {
                context.output.warn(
                    "\(schema.unsupportedFields.count) field(s) of template \(templateID) cannot be answered here: "
                        + schema.unsupportedFields.references)
            }
        }
    }
}
