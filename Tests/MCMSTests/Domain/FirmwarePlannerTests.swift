import FieldOpsCore
import Testing

@testable import MCMS

@Suite struct FirmwarePlannerTests {
    let planner = FirmwarePlanner(target: Fixtures.upgrade, serverFiles: Fixtures.files)

    func plan(_ decision: FirmwareDecision) throws -> FirmwarePlan {
        guard case .write(let plan) = decision else {
            Issue.record("expected a write, got \(decision)")
            throw FieldOpsError("no plan")
        }
        return plan
    }

    // MARK: Inactive bank selection

    @Test func pointerZeroWritesBankOneAndPointsAtIt() throws {
        let plan = try plan(planner.decide(onuID: "ALPHe30cadcf", state: Fixtures.state(pointer: "0"), config: Fixtures.config()))
        #expect(plan.activeBank == .zero)
        #expect(plan.targetBank == .one)
        #expect(plan.document.value(at: MCMSField.onuFWBankFile(1)) == "ALPH-R4.3.1.bin")
        #expect(plan.document.value(at: MCMSField.onuFWBankVersion(1)) == "R4.3.1")
        #expect(plan.document.value(at: MCMSField.onuFWBankPtr) == 1)
        // The active bank is never written.
        #expect(plan.document.value(at: MCMSField.onuFWBankFile(0)) == "ALPH-R4.1.0.bin")
        #expect(plan.document.value(at: MCMSField.onuFWBankVersion(0)) == "R4.1.0")
    }

    @Test func pointerOneWritesBankZero() throws {
        let config = try Fixtures.config(Fixtures.configText.replacingOccurrences(of: #""FW Bank Ptr":0"#, with: #""FW Bank Ptr":1"#))
        let plan = try plan(planner.decide(onuID: "ALPHe30cadcf", state: Fixtures.state(pointer: "1"), config: config))
        #expect(plan.targetBank == .zero)
        #expect(plan.after.files == ["ALPH-R4.3.1.bin", "ALPH-R4.2.0.bin"])
        #expect(plan.after.versions == ["R4.3.1", "R4.2.0"])
        #expect(plan.after.pointer == "0")
    }

    @Test func theStatePointerDecidesNotTheConfigPointer() throws {
        // The config already points at bank 1 but the ONU still runs bank 1 per its state:
        // bank 0 is the inactive one.
        let config = try Fixtures.config(Fixtures.configText.replacingOccurrences(of: #""FW Bank Ptr":0"#, with: #""FW Bank Ptr":1"#))
        let plan = try plan(planner.decide(onuID: "x", state: Fixtures.state(pointer: "1"), config: config))
        #expect(plan.targetBank == .zero)
    }

    @Test(arguments: ["65535", "2", "-1", "1.0", "\"1\"", "null"])
    func unknownPointerRefuses(pointer: String) throws {
        #expect(throws: FirmwareRefusal.self) {
            try planner.decide(onuID: "ALPHe30cadcf", state: Fixtures.state(pointer: pointer), config: Fixtures.config())
        }
    }

    @Test func missingStateRefusesAsUnknownBank() throws {
        #expect(throws: FirmwareRefusal.unknownActiveBank(onu: "ALPHe30cadcf", pointer: nil)) {
            try planner.decide(onuID: "ALPHe30cadcf", state: nil, config: Fixtures.config())
        }
    }

    // MARK: Server checks

    @Test func fileMissingOnServerRefuses() throws {
        let missing = FirmwarePlanner(target: FirmwareTarget(file: "ALPH-R9.bin", version: "R9"), serverFiles: Fixtures.files)
        #expect(throws: FirmwareRefusal.fileNotOnServer(file: "ALPH-R9.bin", available: Fixtures.files.map(\.filename))) {
            try missing.decide(onuID: "x", state: Fixtures.state(), config: Fixtures.config())
        }
    }

    @Test func versionMustMatchTheServersFile() throws {
        let wrong = FirmwarePlanner(target: FirmwareTarget(file: "ALPH-R4.3.1.bin", version: "R4.3.2"), serverFiles: Fixtures.files)
        #expect(throws: FirmwareRefusal.versionMismatch(file: "ALPH-R4.3.1.bin", serverVersion: "R4.3.1", requested: "R4.3.2")) {
            try wrong.decide(onuID: "x", state: Fixtures.state(), config: Fixtures.config())
        }
    }

    @Test func incompatibleModelRefuses() throws {
        let hgu = FirmwarePlanner(target: FirmwareTarget(file: "ALPH-G2425-R5.0.0.bin", version: "R5.0.0"), serverFiles: Fixtures.files)
        #expect(
            throws: FirmwareRefusal.modelIncompatible(onu: "x", model: "AP-G2110", file: "ALPH-G2425-R5.0.0.bin", supported: ["AP-G2425"])
        ) {
            try hgu.decide(onuID: "x", state: Fixtures.state(model: "AP-G2110"), config: Fixtures.config())
        }
        _ = try plan(hgu.decide(onuID: "x", state: Fixtures.state(model: "AP-G2425"), config: Fixtures.config()))
    }

    @Test func configWithoutTwoBanksRefuses() throws {
        let config = try Fixtures.config(
            Fixtures.configText.replacingOccurrences(of: #"["ALPH-R4.1.0.bin","ALPH-R4.2.0.bin"]"#, with: #"["ALPH-R4.1.0.bin"]"#))
        #expect(throws: FirmwareRefusal.self) { try planner.decide(onuID: "x", state: Fixtures.state(), config: config) }
    }

    // MARK: Idempotence

    @Test func alreadyRunningTheVersionSkips() throws {
        let decision = try planner.decide(
            onuID: "x", state: Fixtures.state(pointer: "1", versions: #"["R4.1.0","R4.3.1"]"#), config: Fixtures.config())
        guard case .skip(let reason, _) = decision else {
            Issue.record("expected skip")
            return
        }
        #expect(reason.contains("already running R4.3.1"))
    }

    @Test func alreadyStagedSkipsAStageOnlyRerun() throws {
        let staging = FirmwarePlanner(
            target: FirmwareTarget(file: "ALPH-R4.3.1.bin", version: "R4.3.1", stageOnly: true), serverFiles: Fixtures.files)
        let first = try plan(staging.decide(onuID: "x", state: Fixtures.state(pointer: "0"), config: Fixtures.config()))
        #expect(first.document.value(at: MCMSField.onuFWBankPtr) == 0)
        #expect(first.changes.count == 2)
        let again = try staging.decide(onuID: "x", state: Fixtures.state(pointer: "0"), config: first.document)
        guard case .skip(let reason, _) = again else {
            Issue.record("expected skip")
            return
        }
        #expect(reason.contains("already staged"))
    }

    @Test func activatedButNotYetBootedSkips() throws {
        let first = try plan(planner.decide(onuID: "x", state: Fixtures.state(pointer: "0"), config: Fixtures.config()))
        // The ONU has not rebooted yet: its state still says bank 0.
        let again = try planner.decide(onuID: "x", state: Fixtures.state(pointer: "0"), config: first.document)
        guard case .awaitingBoot(let reason, _, let activation) = again else {
            Issue.record("expected awaitingBoot")
            return
        }
        #expect(reason.contains("already activated"))
        #expect(activation.bank == .one && activation.fromBank == .zero && activation.version == "R4.3.1")
    }

    @Test func stagedThenActivatedMovesOnlyThePointer() throws {
        let staging = FirmwarePlanner(
            target: FirmwareTarget(file: "ALPH-R4.3.1.bin", version: "R4.3.1", stageOnly: true), serverFiles: Fixtures.files)
        let staged = try plan(staging.decide(onuID: "x", state: Fixtures.state(pointer: "0"), config: Fixtures.config()))
        let activate = try plan(planner.decide(onuID: "x", state: Fixtures.state(pointer: "0"), config: staged.document))
        #expect(activate.changes.map(\.path) == [MCMSField.onuFWBankPtr])
    }

    // MARK: The whole document survives

    @Test func putBodyIsTheFetchedDocumentWithOnlyTheBankKeysChanged() throws {
        let plan = try plan(planner.decide(onuID: "ALPHe30cadcf", state: Fixtures.state(pointer: "0"), config: Fixtures.config()))
        let expected = Fixtures.configText
            .replacingOccurrences(of: #""FW Bank Ptr":0"#, with: #""FW Bank Ptr":1"#)
            .replacingOccurrences(of: #"["ALPH-R4.1.0.bin","ALPH-R4.2.0.bin"]"#, with: #"["ALPH-R4.1.0.bin","ALPH-R4.3.1.bin"]"#)
            .replacingOccurrences(of: #"["R4.1.0","R4.2.0"]"#, with: #"["R4.1.0","R4.3.1"]"#)
        #expect(plan.document.jsonString() == expected)
        #expect(plan.document.jsonString().contains("18446744073709551615"))
        #expect(plan.document.jsonString().contains("-28.00"))
        #expect(plan.document.jsonString().contains("1e3"))
    }

    @Test func resetIncrementsOnlyTheResetCount() throws {
        let plan = try ResetPlan(deviceID: "ALPHe30cadcf", section: MCMSField.onu, config: Fixtures.config())
        #expect(plan.oldCount == 3 && plan.newCount == 4)
        #expect(plan.document.jsonString() == Fixtures.configText.replacingOccurrences(of: #""Reset Count":3"#, with: #""Reset Count":4"#))
        let noCount = try Fixtures.config(Fixtures.configText.replacingOccurrences(of: #""Reset Count":3,"#, with: ""))
        #expect(throws: FieldOpsError.self) { try ResetPlan(deviceID: "x", section: MCMSField.onu, config: noCount) }
    }
}
