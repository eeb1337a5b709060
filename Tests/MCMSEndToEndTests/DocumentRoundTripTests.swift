import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Writes send the fetched document back with only the intended keys changed: every other byte
/// of the emulator's stored text is the same afterwards.
@Suite struct DocumentRoundTripTests {
    /// A config with unknown keys, odd key order, 64-bit integers, decimals with trailing zeros,
    /// an exponent, unicode escapes and nulls, seeded for ONU `id`.
    static func awkwardConfig(id: String, pointer: Int) -> String {
        """
        {"zz First":{"b":2,"a":1},"_id":"\(id)","ONU":{"Custom":[1.10,-0.0,1E+2],"Name":"Ålesund \\u00e6 \\"quoted\\"",\
        "FW Bank Versions":["R4.1.0","R4.2.0"],"Reset Count":7,"FW Bank Ptr":\(pointer),\
        "FW Bank Files":["ALPH-R4.1.0.bin","ALPH-R4.2.0.bin"],"Note":null},\
        "SLA":{"Downstream Max bps":18446744073709551615,"Weight":0.250,"Scale":1e3,"Neg":-18.20},\
        "Deep":{"List":[{"x":[[],{}]},true,false,null]}}
        """
    }

    func seed(_ harness: MCMSHarness, id: String, pointer: Int) async throws -> String {
        let text = Self.awkwardConfig(id: id, pointer: pointer)
        try await harness.putRaw("config", id, text)
        // The ONU's state agrees on the running bank and reports the model.
        let state = try JSONValue(parsing: try await harness.adminGet(["onu-state", id]).body)
        var edited = state
        try edited.set(.number(JSONNumber(pointer)), at: [.key("ONU"), .key("FW Bank Ptr")])
        try edited.set(["R4.1.0", "R4.2.0"], at: [.key("ONU"), .key("FW Bank Versions")])
        try edited.set("AP-G2110", at: [.key("ONU"), .key("Model")])
        try await harness.putRaw("onu-state", id, edited.jsonString())
        return text
    }

    @Test func firmwareWriteChangesOnlyTheInactiveBankAndPointer() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let before = try await seed(harness, id: id, pointer: 0)
        let result = await harness.run([
            "mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1", "--no-verify", "--yes",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let after = try await harness.rawConfig(id)
        let expected =
            before
            .replacingOccurrences(of: #""FW Bank Versions":["R4.1.0","R4.2.0"]"#, with: #""FW Bank Versions":["R4.1.0","R4.3.1"]"#)
            .replacingOccurrences(of: #""FW Bank Ptr":0"#, with: #""FW Bank Ptr":1"#)
            .replacingOccurrences(
                of: #""FW Bank Files":["ALPH-R4.1.0.bin","ALPH-R4.2.0.bin"]"#,
                with: #""FW Bank Files":["ALPH-R4.1.0.bin","ALPH-R4.3.1.bin"]"#)
        // The emulator stores the exact text of the PUT body's data; the only differences are
        // the three edits, and the JSON writer's escaping of the unicode name.
        #expect(try JSONValue(parsing: after) == JSONValue(parsing: expected))
        #expect(after.contains("18446744073709551615"))
        #expect(after.contains(#""Weight":0.250"#))
        #expect(after.contains(#""Scale":1e3"#))
        #expect(after.contains(#"[1.10,-0.0,1E+2]"#))
        #expect(after.hasPrefix(#"{"zz First":{"b":2,"a":1},"_id":"#))
    }

    @Test func compactDocumentsComeBackByteForByte() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        // The generated documents are compact with plain strings: the whole text must match.
        let before = try await harness.rawConfig(id)
        #expect(await harness.run(["mcms", "onu", "reset", id, "--yes"]).exitCode == 0)
        let after = try await harness.rawConfig(id)
        let count = try #require(try JSONValue(parsing: before)["ONU"]?["Reset Count"]?.int64Value)
        #expect(after == before.replacingOccurrences(of: #""Reset Count":\#(count),"#, with: #""Reset Count":\#(count + 1),"#))
        #expect(after != before)
    }

    @Test func resetOfAnAwkwardDocumentChangesOnlyTheResetCount() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let before = try await seed(harness, id: id, pointer: 1)
        #expect(await harness.run(["mcms", "onu", "reset", id, "--yes"]).exitCode == 0)
        let after = try await harness.rawConfig(id)
        #expect(
            try JSONValue(parsing: after)
                == JSONValue(parsing: before.replacingOccurrences(of: #""Reset Count":7"#, with: #""Reset Count":8"#)))
        #expect(after.contains(#""Neg":-18.20"#))
    }

    @Test func oltResetKeepsItsBigCounterAndDecimals() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let mac = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        let before = try await harness.rawConfig(mac)
        let result = await harness.run(["mcms", "olt", "reset", mac, "--yes", "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let after = try await harness.rawConfig(mac)
        let count = try #require(try JSONValue(parsing: before)["OLT"]?["Reset Count"]?.int64Value)
        #expect(after == before.replacingOccurrences(of: #""Reset Count":\#(count),"#, with: #""Reset Count":\#(count + 1),"#))
        #expect(try JSONValue(parsing: result.stdout)["reset_count_after"]?.int64Value == count + 1)
    }
}
