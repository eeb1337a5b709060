import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `onu firmware`: Procedure 7 against the emulator, with its refusals and confirmation.
@Suite struct FirmwareCommandTests {
    /// Sets ONU `id`'s state pointer (as the ONU reports it) and its config banks.
    func arrange(_ harness: MCMSHarness, _ id: String, statePointer: String, configPointer: Int = 0, model: String = "AP-G2110")
        async throws
    {
        var state = try JSONValue(parsing: try await harness.adminGet(["onu-state", id]).body)
        try state.set(try JSONValue(parsing: statePointer), at: [.key("ONU"), .key("FW Bank Ptr")])
        try state.set(["R4.1.0", "R4.2.0"], at: [.key("ONU"), .key("FW Bank Versions")])
        try state.set(.string(model), at: [.key("ONU"), .key("Model")])
        try await harness.putRaw("onu-state", id, state.jsonString())
        var config = try JSONValue(parsing: try await harness.rawConfig(id))
        try config.set(.number(JSONNumber(configPointer)), at: MCMSField.onuFWBankPtr)
        try config.set(["ALPH-R4.1.0.bin", "ALPH-R4.2.0.bin"], at: [.key("ONU"), .key("FW Bank Files")])
        try config.set(["R4.1.0", "R4.2.0"], at: [.key("ONU"), .key("FW Bank Versions")])
        try await harness.putRaw("config", id, config.jsonString())
    }

    func banks(_ harness: MCMSHarness, _ id: String) async throws -> FirmwareBanks {
        FirmwareBanks(config: try JSONValue(parsing: try await harness.rawConfig(id)))
    }

    /// The write path alone; verification has its own tests (FirmwareVerifyTests).
    let upgrade = ["--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1", "--no-verify"]

    // MARK: Inactive bank

    @Test(arguments: [(0, 1), (1, 0)])
    func writesTheInactiveBankAndActivatesIt(active: Int, inactive: Int) async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await arrange(harness, id, statePointer: String(active), configPointer: active)
        let result = await harness.run(["mcms", "onu", "firmware", id] + upgrade + ["--yes"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let after = try await banks(harness, id)
        #expect(after.pointer == String(inactive))
        #expect(after.files[inactive] == "ALPH-R4.3.1.bin")
        #expect(after.versions[inactive] == "R4.3.1")
        // The active bank is untouched.
        #expect(after.files[active] == ["ALPH-R4.1.0.bin", "ALPH-R4.2.0.bin"][active])
        #expect(after.versions[active] == ["R4.1.0", "R4.2.0"][active])
        // The change was shown before it was made.
        #expect(result.stderr.contains("\(active) (active)"))
        #expect(result.stderr.contains("\(inactive) (written)"))
    }

    @Test func stageOnlyKeepsThePointer() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await arrange(harness, id, statePointer: "1", configPointer: 1)
        #expect(await harness.run(["mcms", "onu", "firmware", id] + upgrade + ["--stage-only", "--yes"]).exitCode == 0)
        let after = try await banks(harness, id)
        #expect(after.pointer == "1")
        #expect(after.versions == ["R4.3.1", "R4.2.0"])
        // Running it again does nothing.
        let again = await harness.run(["mcms", "onu", "firmware", id] + upgrade + ["--stage-only", "--yes"])
        #expect(again.exitCode == 0)
        #expect(again.stderr.contains("already staged"))
        #expect(try await harness.writes().count == 1)
    }

    @Test(arguments: ["65535", "null", "2"])
    func unknownActiveBankRefusesWithoutWriting(pointer: String) async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await arrange(harness, id, statePointer: pointer)
        let result = await harness.run(["mcms", "onu", "firmware", id] + upgrade + ["--yes"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("active firmware bank is unknown"))
        #expect(try await harness.writes().isEmpty)
    }

    @Test func onusOfTheFleetWithoutStateOrWithPointer65535Refuse() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        for kind in ["missing_state", "unknown_bank"] {
            let id = try #require(try await harness.special(kind).first)
            let result = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1", "--yes"])
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("active firmware bank is unknown"), "\(kind): \(result.stderr)")
        }
        #expect(try await harness.writes().isEmpty)
    }

    // MARK: Server checks

    @Test func incompatibleModelIsRefused() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]  // an AP-G2110, which the R5.0.0 image does not support
        let result = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-G2425-R5.0.0.bin", "--version", "R5.0.0", "--yes"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("model AP-G2110 is not supported by ALPH-G2425-R5.0.0.bin"))
        #expect(try await harness.writes().isEmpty)
    }

    @Test func fileMissingOnTheServerIsRefused() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let result = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R9.9.9.bin", "--version", "R9.9.9", "--yes"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("not on the server"))
        #expect(try await harness.writes().isEmpty)
    }

    // MARK: Dry run and confirmation

    @Test func dryRunPrintsTheDocumentDiffAndSendsNothing() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await arrange(harness, id, statePointer: "0")
        let before = try await harness.rawConfig(id)
        let result = await harness.run(["mcms", "onu", "firmware", id] + upgrade + ["--dry-run"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("--- GET /v1/onus/configs/\(id)/"))
        #expect(result.stdout.contains(#"-    "FW Bank Ptr": 0,"#))
        #expect(result.stdout.contains(#"+    "FW Bank Ptr": 1,"#))
        #expect(result.stdout.contains(#"+      "ALPH-R4.3.1.bin""#))
        #expect(try await harness.rawConfig(id) == before)
        #expect(try await harness.emulator.requests().allSatisfy { $0.method == "GET" || $0.path.hasSuffix("/authenticate/") })
        let json = await harness.run(["mcms", "onu", "firmware", id] + upgrade + ["--dry-run", "--json"])
        let plan = try JSONValue(parsing: json.stdout)
        #expect(plan["target_bank"] == 1)
        #expect(plan["changes"]?.arrayValue?.count == 3)
        let expected = try JSONValue(parsing: before).setting(MCMSField.onuFWBankPtr, to: 1)
            .setting(MCMSField.onuFWBankFile(1), to: "ALPH-R4.3.1.bin").setting(MCMSField.onuFWBankVersion(1), to: "R4.3.1")
        #expect(plan["document"] == expected)
    }

    @Test func offATerminalItRefusesWithoutYes() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await arrange(harness, id, statePointer: "0")
        let firmware = await harness.run(["mcms", "onu", "firmware", id] + upgrade)
        #expect(firmware.exitCode == 2)
        #expect(firmware.stderr.contains("--yes"))
        let reset = await harness.run(["mcms", "onu", "reset", id])
        #expect(reset.exitCode == 2)
        #expect(try await harness.writes().isEmpty)
    }

    @Test func onATerminalThePersonTypesTheDeviceID() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await arrange(harness, id, statePointer: "0")
        let wrong = await harness.run(["mcms", "onu", "firmware", id] + upgrade, stdin: "yes\n", terminals: .stdin)
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderr.contains("Type \(id) to confirm"))
        #expect(try await harness.writes().isEmpty)
        let right = await harness.run(["mcms", "onu", "firmware", id] + upgrade, stdin: id + "\n", terminals: .stdin)
        #expect(right.exitCode == 0, "\(right.stderr)")
        #expect(try await harness.writes().count == 1)
        let reset = await harness.run(["mcms", "onu", "reset", id], stdin: id + "\n", terminals: .stdin)
        #expect(reset.exitCode == 0)
        #expect(try await harness.writes().count == 2)
    }
}
