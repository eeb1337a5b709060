import FieldOpsCore

/// Why Procedure 7 will not write an ONU's firmware banks. Each case names the ONU and says
/// what to do next; all exit with 1 (or count as `failed` in a bulk run).
public enum FirmwareRefusal: UserFacingError, Equatable {
    /// The state document is missing or its pointer is not 0/1: writing could hit the running bank.
    case unknownActiveBank(onu: String, pointer: String?)
    case fileNotOnServer(file: String, available: [String])
    case versionMismatch(file: String, serverVersion: String, requested: String)
    case modelUnknown(onu: String)
    case modelIncompatible(onu: String, model: String, file: String, supported: [String])
    /// The config document lacks the two-element bank arrays the procedure edits.
    case unexpectedConfig(onu: String, reason: String)
    /// A rollback or activation would point at a bank that holds no file and version.
    case emptyBank(onu: String, bank: Int, kind: String)
    /// `activate` while the config already points at a bank the ONU has not booted.
    case activationPending(onu: String, pointer: Int, running: Int)
    /// `--version` was left out and the server lists no version for the file.
    case versionUnknown(file: String)

    public var summary: String {
        switch self {
        case .unknownActiveBank(let onu, let pointer):
            if let pointer { return "ONU \(onu): active firmware bank is unknown (FW Bank Ptr \(pointer)); refusing to write" }
            return "ONU \(onu): active firmware bank is unknown (no ONU state); refusing to write"
        case .fileNotOnServer(let file, _):
            return "firmware file \(file) is not on the server"
        case .versionMismatch(let file, let serverVersion, let requested):
            return "firmware file \(file) is version \(serverVersion) on the server, not \(requested)"
        case .modelUnknown(let onu):
            return "ONU \(onu): model is unknown, so compatibility cannot be checked; refusing to write"
        case .modelIncompatible(let onu, let model, let file, _):
            return "ONU \(onu): model \(model) is not supported by \(file)"
        case .unexpectedConfig(let onu, let reason):
            return "ONU \(onu): configuration document \(reason); refusing to write"
        case .emptyBank(let onu, let bank, let kind):
            return "ONU \(onu): bank \(bank) holds no firmware file and version, so there is nothing to \(kind)"
        case .activationPending(let onu, let pointer, let running):
            return "ONU \(onu): its configuration already points at bank \(pointer) while it runs bank \(running); an activation is pending"
        case .versionUnknown(let file):
            return "firmware file \(file) has no version in the server's list"
        }
    }

    public var details: [String] {
        switch self {
        case .fileNotOnServer(_, let available) where !available.isEmpty:
            ["files on the server: " + available.joined(separator: ", ")]
        case .modelIncompatible(_, _, _, let supported):
            ["supported models: " + (supported.isEmpty ? "none listed" : supported.joined(separator: ", "))]
        default: []
        }
    }

    public var hint: String? {
        switch self {
        case .unknownActiveBank: "wait until the ONU reports its state, then retry; see it: fieldops mcms onu show ID"
        case .fileNotOnServer: "upload the image to MCMS first, or pick one of the listed files"
        case .versionMismatch: "pass the version the server lists for that file"
        case .modelUnknown: "check the ONU's state: fieldops mcms onu show ID"
        case .modelIncompatible: "pick an image built for this model"
        case .unexpectedConfig: "inspect the document: fieldops mcms onu config ID --json"
        case .emptyBank(_, _, let kind):
            kind == "activate"
                ? "stage an image first: fieldops mcms onu firmware ID --file NAME --stage-only"
                : "see both banks: fieldops mcms onu firmware status ID"
        case .activationPending:
            "wait for it (fieldops mcms onu firmware status ID shows it), or roll back: fieldops mcms onu firmware rollback ID"
        case .versionUnknown: "pass --version V"
        }
    }

    public var exitCode: ExitCode { .failure }

    /// A short reason for a bulk report line.
    public var reason: String { summary }
}
