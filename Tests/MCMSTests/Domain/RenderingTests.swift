import FieldOpsCore
import Testing

@testable import MCMS

@Suite struct RenderingTests {
    @Test func dryRunDiffShowsOnlyTheChangedLinesWithContext() throws {
        let plan = try #require(
            { () throws -> FirmwarePlan? in
                if case .write(let plan) = try FirmwarePlanner(target: Fixtures.upgrade, serverFiles: Fixtures.files)
                    .decide(onuID: "ALPHe30cadcf", state: Fixtures.state(), config: Fixtures.config())
                {
                    return plan
                }
                return nil
            }())
        let diff = FirmwareRendering.documentDiff(plan, path: "/v1/onus/configs/ALPHe30cadcf/")
        let changed = diff.split(separator: "\n").filter {
            ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++")
        }
        #expect(
            changed == [
                #"-    "FW Bank Ptr": 0,"#,
                #"+    "FW Bank Ptr": 1,"#,
                #"-      "ALPH-R4.2.0.bin""#,
                #"+      "ALPH-R4.3.1.bin""#,
                #"-      "R4.2.0""#,
                #"+      "R4.3.1""#,
            ])
        #expect(diff.hasPrefix("--- GET /v1/onus/configs/ALPHe30cadcf/\n+++ PUT /v1/onus/configs/ALPHe30cadcf/\n@@ "))
        #expect(DocumentDiff.unified(before: "a\nb", after: "a\nb", beforeLabel: "x", afterLabel: "y").isEmpty)
    }

    @Test func changeTableMarksActiveAndWrittenBanksAndThePointer() throws {
        guard
            case .write(let plan) = try FirmwarePlanner(target: Fixtures.upgrade, serverFiles: Fixtures.files)
                .decide(onuID: "ALPHe30cadcf", state: Fixtures.state(), config: Fixtures.config())
        else {
            Issue.record("no plan")
            return
        }
        let text = FirmwareRendering.changeTable(plan)
        #expect(text.contains("0 (active)   R4.1.0 ALPH-R4.1.0.bin  R4.1.0 ALPH-R4.1.0.bin"))
        #expect(text.contains("1 (written)  R4.2.0 ALPH-R4.2.0.bin  R4.3.1 ALPH-R4.3.1.bin"))
        #expect(text.contains("pointer      0                       1"))
    }

    @Test func onuListPlainOutputIsTabSeparatedWithExactOpticalLevel() throws {
        let inventory = Inventory(
            onuStates: [try Fixtures.state()], onuNames: ["ALPHe30cadcf": "Storgata 1"],
            oltStates: [], oltNames: [:])
        let plain = InventoryRendering.onuTable(inventory.onus).render(format: .plain)
        #expect(plain == "ALPHe30cadcf\tStorgata 1\t70:b3:d5:52:31:27\tunknown\tR4.1.0 [bank 0]\t2d 2h\t-18.20 dBm\n")
        let json = InventoryRendering.onuJSON(inventory.onus).jsonString()
        #expect(json.contains(#""rx_optical_dbm":-18.20"#))
        #expect(json.contains(#""firmware_bank":0"#))
    }

    @Test func onuShowMarksTheActiveBankAndKeepsBigCounters() throws {
        let detail = ONUDetail(
            id: "ALPHe30cadcf", state: try Fixtures.state(pointer: "1"), config: try Fixtures.config(),
            registration: .registered, oltName: "North")
        let text = detail.view.render(format: .table)
        #expect(text.contains("1     R4.2.0   ALPH-R4.2.0.bin  active"))
        #expect(text.contains("18446744073709551615"))
        #expect(text.contains("UNI-ETH 2"))
        #expect(detail.json["firmware"]?["active_bank"] == 1)
    }
}
