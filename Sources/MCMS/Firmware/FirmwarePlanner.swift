import FieldOpsCore

/// Procedure 7 (seed), with no network: given what was fetched, decide what to write.
///
/// The active bank comes from ONU-STATE `ONU."FW Bank Ptr"` — what the ONU actually runs — not
/// from the config document, whose pointer may already name a bank the ONU has not booted yet.
/// Only the other bank is ever written; the pointer moves to it unless staging only.
public struct FirmwarePlanner: Sendable {
    public var target: FirmwareTarget
    public var serverFiles: [FirmwareFile]

    public init(target: FirmwareTarget, serverFiles: [FirmwareFile]) {
        self.target = target
        self.serverFiles = serverFiles
    }

    /// Checks that apply to every ONU: the file is on the server with the requested version.
    public func checkFile() throws(FirmwareRefusal) -> FirmwareFile {
        guard let file = serverFiles.first(where: { $0.filename == target.file }) else {
            throw .fileNotOnServer(file: target.file, available: serverFiles.map(\.filename))
        }
        guard file.version == target.version else {
            throw .versionMismatch(file: file.filename, serverVersion: file.version, requested: target.version)
        }
        return file
    }

    /// Decides for one ONU. `state` is nil when the ONU has no state document.
    public func decide(onuID: String, state: ONUStateDocument?, config: JSONValue) throws(FirmwareRefusal) -> FirmwareDecision {
        let file = try checkFile()
        guard let state, let active = state.activeBank else {
            throw .unknownActiveBank(onu: onuID, pointer: state?.bankPointerText)
        }
        guard let model = state.model, !model.isEmpty else { throw .modelUnknown(onu: onuID) }
        guard file.models.contains(model) else {
            throw .modelIncompatible(onu: onuID, model: model, file: file.filename, supported: file.models)
        }
        let banks = FirmwareBanks(config: config)
        for key in [MCMSField.fwBankFiles, MCMSField.fwBankVersions] {
            guard let array = config[MCMSField.onu]?[key]?.arrayValue, array.count == 2 else {
                throw .unexpectedConfig(onu: onuID, reason: "has no two-element ONU.\"\(key)\"")
            }
        }
        let inactive = active.other
        // The ONU's own report of its running version wins; the config is what was asked of it.
        let running = state.bankVersions[active.rawValue] ?? banks.versions[active.rawValue]
        if running == target.version {
            return .skip(reason: "already running \(target.version) in bank \(active)", banks: banks)
        }
        let staged = banks.files[inactive.rawValue] == target.file && banks.versions[inactive.rawValue] == target.version
        let pointsAtInactive = FirmwareBankIndex(config[MCMSField.onu]?[MCMSField.fwBankPtr]) == inactive
        if staged && target.stageOnly {
            return .skip(reason: "already staged \(target.version) in bank \(inactive)", banks: banks)
        }
        if staged && pointsAtInactive {
            return .awaitingBoot(
                reason: "already activated \(target.version) in bank \(inactive), waiting for the ONU to boot it", banks: banks,
                activation: ActivationTarget(
                    onuID: onuID, bank: inactive, version: target.version, fromBank: active,
                    onlineTimeBefore: state.onlineTime, olt: state.oltMAC))
        }

        var edits: [([JSONPathComponent], JSONValue)] = [
            (MCMSField.onuFWBankFile(inactive.rawValue), .string(target.file)),
            (MCMSField.onuFWBankVersion(inactive.rawValue), .string(target.version)),
        ]
        if !target.stageOnly {
            edits.append((MCMSField.onuFWBankPtr, .number(JSONNumber(inactive.rawValue))))
        }
        var document = config
        var changes: [FirmwarePlan.Change] = []
        for (path, value) in edits {
            let old = config.value(at: path)
            guard old != value else { continue }
            do {
                try document.set(value, at: path)
            } catch {
                throw .unexpectedConfig(onu: onuID, reason: "cannot be edited: \(error.reason)")
            }
            changes.append(FirmwarePlan.Change(path: path, old: old, new: value))
        }
        return .write(
            FirmwarePlan(
                onuID: onuID, activeBank: active, targetBank: inactive, stageOnly: target.stageOnly,
                before: banks, after: FirmwareBanks(config: document),
                original: config, document: document, changes: changes, onlineTimeBefore: state.onlineTime, olt: state.oltMAC))
    }
}
