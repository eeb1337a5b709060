import FieldOpsCore

/// Rollback and "activate later": the Procedure 7 write with no image, only ONU-CFG
/// `"FW Bank Ptr"` moved to the other bank, verified the same way (contract).
///
/// The other bank is the one the config does not point at. After a fall-back the config still
/// points at the image that did not boot, so a rollback points it back at the bank the ONU runs;
/// after a good upgrade it points at the previous image. Either way the bank must hold a file and
/// a version. Activating needs the pointer to agree with what the ONU runs (nothing pending).
public enum BankSwitch: Sendable {
    public enum Kind: String, Sendable {
        case rollback
        case activate
    }

    public static func plan(_ kind: Kind, onuID: String, state: ONUStateDocument?, config: JSONValue) throws(FirmwareRefusal)
        -> FirmwarePlan
    {
        guard let state, let running = state.activeBank else {
            throw .unknownActiveBank(onu: onuID, pointer: state?.bankPointerText)
        }
        let banks = FirmwareBanks(config: config)
        guard let pointer = FirmwareBankIndex(config[MCMSField.onu]?[MCMSField.fwBankPtr]) else {
            throw .unexpectedConfig(onu: onuID, reason: "has no \"FW Bank Ptr\" of 0 or 1 (\(banks.pointer ?? "missing"))")
        }
        let target = pointer.other
        let file = banks.files[target.rawValue] ?? ""
        let version = banks.versions[target.rawValue] ?? ""
        guard !file.isEmpty, !version.isEmpty else {
            throw .emptyBank(onu: onuID, bank: target.rawValue, kind: kind.rawValue)
        }
        if kind == .activate, pointer != running {
            throw .activationPending(onu: onuID, pointer: pointer.rawValue, running: running.rawValue)
        }
        var document = config
        do {
            try document.set(.number(JSONNumber(target.rawValue)), at: MCMSField.onuFWBankPtr)
        } catch {
            throw .unexpectedConfig(onu: onuID, reason: "cannot be edited: \(error.reason)")
        }
        return FirmwarePlan(
            onuID: onuID, activeBank: running, targetBank: target, stageOnly: false,
            before: banks, after: FirmwareBanks(config: document), original: config, document: document,
            changes: [
                FirmwarePlan.Change(
                    path: MCMSField.onuFWBankPtr, old: config.value(at: MCMSField.onuFWBankPtr),
                    new: .number(JSONNumber(target.rawValue)))
            ],
            onlineTimeBefore: state.onlineTime, olt: state.oltMAC)
    }
}
