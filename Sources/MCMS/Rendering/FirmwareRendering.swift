import FieldOpsCore

/// How a firmware change is shown before it is confirmed, and what `--dry-run` prints.
public enum FirmwareRendering {
    /// Both banks before and after, the active bank marked, then the pointer change.
    public static func changeTable(_ plan: FirmwarePlan) -> String {
        var table = Table(columns: [.init("Bank"), .init("Before"), .init("After")])
        for bank in [FirmwareBankIndex.zero, FirmwareBankIndex.one] {
            let mark = bank == plan.activeBank ? " (active)" : bank == plan.targetBank ? " (written)" : ""
            table.append(["\(bank)\(mark)", bankLabel(plan.before, bank), bankLabel(plan.after, bank)])
        }
        table.append(["pointer", plan.before.pointer ?? "missing", plan.after.pointer ?? "missing"])
        var out = "ONU \(plan.onuID): install \(plan.after.versions[plan.targetBank.rawValue] ?? "") into bank \(plan.targetBank)"
        out += plan.stageOnly ? " (staged only; the ONU keeps running bank \(plan.activeBank))\n" : " and activate it\n"
        return out + table.render(format: .table)
    }

    /// A rollback or activation before it is confirmed: both banks, which one runs, and the
    /// pointer change.
    public static func switchSummary(_ plan: FirmwarePlan, verb: String) -> String {
        var table = Table(columns: [.init("Bank"), .init("Holds")])
        for bank in [FirmwareBankIndex.zero, FirmwareBankIndex.one] {
            let mark = bank == plan.activeBank ? " (running)" : ""
            table.append(["\(bank)\(mark)", bankLabel(plan.after, bank)])
        }
        table.append(["pointer", "\(plan.before.pointer ?? "missing") → \(plan.targetBank)"])
        let version = plan.after.versions[plan.targetBank.rawValue] ?? ""
        return "ONU \(plan.onuID): \(verb) to \(version) in bank \(plan.targetBank)\n" + table.render(format: .table)
    }

    /// One line for a bulk dry run: `bank 0: R4.1.0 → R4.3.1, pointer 1 → 0`, or
    /// `activate bank 1 (R4.3.1 already staged), pointer 0 → 1` when only the pointer moves.
    public static func summary(_ plan: FirmwarePlan) -> String {
        let bank = plan.targetBank
        let version = plan.after.versions[bank.rawValue] ?? "?"
        let pointer = ", pointer \(plan.before.pointer ?? "missing") → \(bank)"
        if plan.changes.map(\.path) == [MCMSField.onuFWBankPtr] {
            return "activate bank \(bank) (\(version) already staged)" + pointer
        }
        let before = plan.before.versions[bank.rawValue].map { $0.isEmpty ? "(empty)" : $0 } ?? "?"
        return "bank \(bank): \(before) → \(version)" + (plan.stageOnly ? "" : pointer)
    }

    static func bankLabel(_ banks: FirmwareBanks, _ bank: FirmwareBankIndex) -> String {
        let version = banks.versions[bank.rawValue].map { $0.isEmpty ? "(empty)" : $0 } ?? "?"
        let file = banks.files[bank.rawValue].map { $0.isEmpty ? "" : " \($0)" } ?? ""
        return version + file
    }

    /// The exact change to the PUT body, as a unified diff of the pretty-printed documents.
    public static func documentDiff(_ plan: FirmwarePlan, path: String) -> String {
        DocumentDiff.unified(
            before: plan.original.jsonString(.pretty), after: plan.document.jsonString(.pretty),
            beforeLabel: "GET \(path)", afterLabel: "PUT \(path)")
    }

    /// The plan as JSON for `--json --dry-run`: the changed keys and the whole body.
    public static func planJSON(_ plan: FirmwarePlan) -> JSONValue {
        .object(
            JSONObject([
                ("id", .string(plan.onuID)),
                ("active_bank", .number(JSONNumber(plan.activeBank.rawValue))),
                ("target_bank", .number(JSONNumber(plan.targetBank.rawValue))),
                ("stage_only", .bool(plan.stageOnly)),
                ("before", plan.before.json),
                ("after", plan.after.json),
                (
                    "changes",
                    .array(
                        plan.changes.map { change in
                            .object(
                                JSONObject([
                                    ("path", .string(JSONPathComponent.describe(change.path))), ("old", change.old ?? .null),
                                    ("new", change.new),
                                ]))
                        })
                ),
                ("document", plan.document),
            ]))
    }
}
