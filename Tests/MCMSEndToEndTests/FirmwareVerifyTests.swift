import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// One ONU's activation verified against the emulator's device model: success, fall-back, not
/// back; rollback and activate-later; `firmware status` and `firmware files`.
@Suite struct FirmwareVerifyTests {
    static let fast = ["--verify-poll", "1s"]

    /// A registered ALPH ONU running R4.1.0 in bank 0 with R4.2.0 in bank 1, and a short boot.
    func prepared(bootDelay: Double = 1) async throws -> (MCMSHarness, String) {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await FirmwareCommandTests().arrange(harness, id, statePointer: "0", configPointer: 0)
        try await harness.setActivation(["boot_delay": .number(try #require(JSONNumber(bootDelay)))])
        return (harness, id)
    }

    // MARK: Verification

    @Test func successIsVerifiedOnceTheONUIsBackOnTheNewBank() async throws {
        let (harness, id) = try await prepared()
        let result = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes", "--json"] + Self.fast)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let entry = try #require(BulkReportEntry(line: result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(entry.outcome == .upgraded)
        #expect(entry.verify == "verified")
        #expect(entry.version == "R4.3.1", "the version comes from the server's file list")
        #expect((entry.backAfter ?? 0) >= 1)
        let log = try #require(try await harness.activations()["log"]?.arrayValue)
        #expect(log.map { $0["result"] } == ["success"])
        // Polling used list requests with a query and a projection, never single state GETs.
        let polls = try await harness.requests().filter { $0["path"]?.stringValue == "/api/v1/onus/states/" }
        #expect(!polls.isEmpty)
        #expect(polls.allSatisfy { $0["query"]?["query"]?.stringValue?.contains(id) == true && $0["query"]?["projection"] != nil })
    }

    @Test func theAppliancesUpgradeProgressIsShownWhileWaiting() async throws {
        // Long enough that a poll lands inside the reboot even on a loaded machine.
        let (harness, id) = try await prepared(bootDelay: 8)
        let result = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes"] + Self.fast)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("ONU \(id): on bank 0, downloading") || result.stderr.contains("ONU \(id): on bank 0, activating"),
            "\(result.stderr)")
    }

    @Test func anApplianceWithoutTheUpgradeBlockIsVerifiedAllTheSame() async throws {
        let (harness, id) = try await prepared()
        try await harness.setActivation(["upgrade_block": false])
        let result = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes"] + Self.fast)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("verified R4.3.1 in bank 1"))
        let state = try JSONValue(parsing: try await harness.adminGet(["onu-state", id]).body)
        #expect(state["ONU"]?["FW Upgrade"] == nil)
    }

    @Test func fallBackIsAFailureNamingTheOldVersion() async throws {
        let (harness, id) = try await prepared()
        try await harness.setActivation(["outcomes": .object(JSONObject([(id, "fall-back")]))])
        let result = await harness.run(
            ["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1", "--yes"] + Self.fast)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("fell back to R4.1.0"), "\(result.stderr)")
        #expect(result.stderr.contains("onu firmware rollback \(id)"))
    }

    @Test func neverBackFailsAfterTheTimeout() async throws {
        let (harness, id) = try await prepared(bootDelay: 0.5)
        try await harness.setActivation(["outcomes": .object(JSONObject([(id, "never-back")]))])
        let result = await harness.run(
            ["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes", "--verify-timeout", "3s"] + Self.fast)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("not back on R4.3.1 within 3 s"), "\(result.stderr)")
        #expect(result.stderr.contains("last seen: deregistered"), "\(result.stderr)")
    }

    @Test func noVerifyReturnsRightAfterTheWrite() async throws {
        let (harness, id) = try await prepared(bootDelay: 30)
        let result = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes", "--no-verify"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not verified"))
        #expect(try await harness.activations()["pending"]?.arrayValue?.count == 1)
    }

    // MARK: Rollback and activate later

    @Test func rollbackRestoresTheOldPointerAndNothingElse() async throws {
        let (harness, id) = try await prepared()
        try await harness.setActivation(["outcomes": .object(JSONObject([(id, "fall-back")]))])
        _ = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes"] + Self.fast)
        let afterUpgrade = try await harness.rawConfig(id)
        #expect(afterUpgrade.contains(#""FW Bank Ptr":1"#))
        // Off a terminal, without --yes, nothing is written.
        let refused = await harness.run(["mcms", "onu", "firmware", "rollback", id])
        #expect(refused.exitCode == 2)
        let result = await harness.run(["mcms", "onu", "firmware", "rollback", id, "--yes"] + Self.fast)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("verified R4.1.0 in bank 0"), "\(result.stderr)")
        let afterRollback = try await harness.rawConfig(id)
        let expected = afterUpgrade.replacingOccurrences(of: #""FW Bank Ptr":1"#, with: #""FW Bank Ptr":0"#)
        // The emulator keeps the PUT body's exact text: only the pointer differs, and the
        // writer's escaping of non-ASCII names is the same on both writes.
        #expect(afterRollback == expected)
    }

    @Test func rollbackRefusesAnEmptyOtherBank() async throws {
        let (harness, id) = try await prepared()
        var config = try JSONValue(parsing: try await harness.rawConfig(id))
        try config.set(["ALPH-R4.1.0.bin", ""], at: [.key("ONU"), .key("FW Bank Files")])
        try config.set(["R4.1.0", ""], at: [.key("ONU"), .key("FW Bank Versions")])
        try await harness.putRaw("config", id, config.jsonString())
        let result = await harness.run(["mcms", "onu", "firmware", "rollback", id, "--yes"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("bank 1 holds no firmware file and version"), "\(result.stderr)")
        #expect(try await harness.writes().isEmpty)
    }

    @Test func activateBootsABankStagedEarlier() async throws {
        let (harness, id) = try await prepared()
        let staged = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--stage-only", "--yes"])
        #expect(staged.exitCode == 0, "\(staged.stderr)")
        #expect(try await harness.activations()["log"]?.arrayValue?.isEmpty == true, "staging boots nothing")
        let result = await harness.run(["mcms", "onu", "firmware", "activate", id, "--yes", "--json"] + Self.fast)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let entry = try #require(BulkReportEntry(line: result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(entry.verify == "verified")
        #expect(entry.version == "R4.3.1")
        let status = await harness.run(["mcms", "onu", "firmware", "status", id, "--json"])
        let json = try JSONValue(parsing: status.stdout)
        #expect(json["pointer"]?["config"] == "1")
        #expect(json["pointer"]?["state"] == "1")
        #expect(json["banks"]?[1]?["reported_version"] == "R4.3.1")
        #expect(json["registration"] == "registered")
        #expect(json["upgrade"]?["status"] == "done")
        // Activating again: the other bank now is the old image, and nothing is pending, so it
        // would be a rollback; a pending activation refuses.
        try await harness.setActivation(["boot_delay": 30])
        _ = await harness.run(["mcms", "onu", "firmware", "rollback", id, "--yes", "--no-verify"])
        let pending = await harness.run(["mcms", "onu", "firmware", "activate", id, "--yes"])
        #expect(pending.exitCode == 1)
        #expect(pending.stderr.contains("an activation is pending"), "\(pending.stderr)")
    }

    // MARK: Status and files

    @Test func statusShowsBothBanksThePendingPointerAndProgress() async throws {
        let (harness, id) = try await prepared(bootDelay: 30)
        _ = await harness.run(["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes", "--no-verify"])
        let status = await harness.run(["mcms", "onu", "firmware", "status", id])
        #expect(status.exitCode == 0, "\(status.stderr)")
        #expect(status.stdout.contains("activation pending"))
        #expect(status.stdout.contains("registration: deregistered"))
        // Downloading for the first half of the boot, activating after: which one depends on how
        // long the machine took between the two commands; either way the progress is shown.
        #expect(status.stdout.contains("upgrade: downloading") || status.stdout.contains("upgrade: activating"), "\(status.stdout)")
        let lines = status.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("1\tALPH-R4.3.1.bin\tR4.3.1") && $0.hasSuffix("pointer") })
        #expect(lines.contains { $0.hasPrefix("0\tALPH-R4.1.0.bin\tR4.1.0") && $0.hasSuffix("running") })
    }

    @Test func firmwareFilesListsVersionsAndModels() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let result = await harness.run(["mcms", "firmware", "files", "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let files = try JSONValue(parsing: result.stdout).arrayValue ?? []
        let hgu = try #require(files.first { $0["filename"] == "ALPH-G2425-R5.0.0.bin" })
        #expect(hgu["version"] == "R5.0.0")
        #expect(hgu["models"] == ["AP-G2425"])
        let table = await harness.run(["mcms", "firmware", "files"])
        #expect(table.stdout.contains("ISKT-3.7.2.img\t3.7.2\tISK-4G1"))
    }
}
