import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// rename, enable, disable and note: one key changed, every other byte of the stored document
/// the same; and resets of many ONUs.
@Suite struct ConfigEditTests {
    /// Runs the command and returns the stored config text before and after.
    func roundTrip(
        _ harness: MCMSHarness, _ id: String, _ arguments: [String], stdin: String = "",
        terminal: Bool = false
    ) async throws -> (before: String, after: String, result: CommandOutcome) {
        let before = try await harness.rawConfig(id)
        let result = await harness.run(["mcms", "onu"] + arguments, stdin: stdin, terminals: terminal ? .stdin : [])
        return (before, try await harness.rawConfig(id), result)
    }

    @Test func renameChangesOnlyTheName() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let old = try #require(try JSONValue(parsing: try await harness.rawConfig(id))["ONU"]?["Name"]?.stringValue)
        let trip = try await roundTrip(harness, id, ["rename", id, "Sjøgata 7 \"bakgård\"", "--yes"])
        #expect(trip.result.exitCode == 0, "\(trip.result.stderr)")
        let escapedOld = JSONValue.string(old).jsonString()
        let escapedNew = JSONValue.string("Sjøgata 7 \"bakgård\"").jsonString()
        #expect(trip.after == trip.before.replacingOccurrences(of: #""Name":\#(escapedOld),"#, with: #""Name":\#(escapedNew),"#))
        #expect(trip.after != trip.before)
        #expect(try JSONValue(parsing: trip.after)["NETCONF"]?["Name"] == .string(id), "NETCONF.Name is never the friendly name")
    }

    @Test func enableDisableAndNoteRoundTripByteForByte() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let disable = try await roundTrip(harness, id, ["disable", id, "--yes"])
        #expect(disable.result.exitCode == 0, "\(disable.result.stderr)")
        #expect(disable.after == disable.before.replacingOccurrences(of: #""Enable":true,"#, with: #""Enable":false,"#))
        let enable = try await roundTrip(harness, id, ["enable", id, "--yes"])
        #expect(enable.after == disable.before)
        let note = try await roundTrip(harness, id, ["note", id, "key at the caretaker, flat 2", "--yes"])
        #expect(
            note.after
                == note.before.replacingOccurrences(of: #""Custom Note":null"#, with: #""Custom Note":"key at the caretaker, flat 2""#))
        let clear = try await roundTrip(harness, id, ["note", id, "--clear", "--yes"])
        #expect(clear.after == note.before)
        // Nothing to change is no write at all.
        let writes = try await harness.writes().count
        let again = await harness.run(["mcms", "onu", "enable", id, "--yes"])
        #expect(again.exitCode == 0 && again.stderr.contains("nothing to change"))
        #expect(try await harness.writes().count == writes)
    }

    @Test func anAwkwardDocumentKeepsEverythingElse() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let before = try await DocumentRoundTripTests().seed(harness, id: id, pointer: 0)
        #expect(await harness.run(["mcms", "onu", "note", id, "ladder", "--yes"]).exitCode == 0)
        let after = try await harness.rawConfig(id)
        // The awkward document has no "Custom Note": it is added at the end of ONU, all else kept.
        let expected = try JSONValue(parsing: before).setting(["ONU", "Custom Note"], to: "ladder")
        #expect(try JSONValue(parsing: after) == expected)
        #expect(after.contains(#""Downstream Max bps":18446744073709551615,"Weight":0.250,"Scale":1e3,"Neg":-18.20"#))
        #expect(after.hasPrefix(#"{"zz First":{"b":2,"a":1},"_id":"#))
    }

    @Test func dryRunShowsTheDiffAndSendsNothing() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let result = await harness.run(["mcms", "onu", "disable", id, "--dry-run"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("--- GET /v1/onus/configs/\(id)/"))
        #expect(result.stdout.contains("-    \"Enable\": true,"))
        #expect(result.stdout.contains("+    \"Enable\": false,"))
        #expect(try await harness.writes().isEmpty)
    }

    @Test func disableWantsTheIDTypedAndRefusesOffATerminal() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let piped = await harness.run(["mcms", "onu", "disable", id])
        #expect(piped.exitCode == 2)
        let wrong = await harness.run(["mcms", "onu", "disable", id], stdin: "y\n", terminals: .stdin)
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderr.contains("Type \(id) to confirm"))
        #expect(try await harness.writes().isEmpty)
        let right = await harness.run(["mcms", "onu", "disable", id], stdin: id + "\n", terminals: .stdin)
        #expect(right.exitCode == 0, "\(right.stderr)")
        let rename = await harness.run(["mcms", "onu", "rename", id, "Sjøgata 4 “bakgården”"], stdin: "y\n", terminals: .stdin)
        #expect(rename.exitCode == 0 && rename.stderr.contains("[y/N]"))
        #expect(rename.stderr.contains("rename ONU \(id) “"), "the question names the ONU and its name: \(rename.stderr)")
        #expect(try await harness.writes().count == 2)
        // A reset names the ONU, its name and that its subscriber goes offline, piped or not.
        let reset = await harness.run(["mcms", "onu", "reset", id])
        #expect(reset.exitCode == 2)
        #expect(reset.stderr.contains("refusing to reset ONU \(id) “Sjøgata 4 “bakgården”” without confirmation"), "\(reset.stderr)")
        #expect(reset.stderr.contains("its subscriber is offline until it registers again"), "\(reset.stderr)")
        // A note changes no service: no question, so a script can set one.
        let note = await harness.run(["mcms", "onu", "note", id, "nøkkel hos vaktmester"])
        #expect(note.exitCode == 0, "\(note.stderr)")
        #expect(try await harness.writes().count == 3)
    }

    // MARK: Resets of many ONUs

    @Test func bulkResetWithOneFailureReportsItAndExitsFive() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let ids = Array(try await harness.onuIDs().prefix(6))
        try await harness.emulator.injectFault(path: "/api/v1/onus/configs/\(ids[2])/", method: "PUT", status: 500, count: 1)
        let report = harness.home.path("reset.jsonl")
        let result = await harness.run([
            "mcms", "onu", "reset", "--ids", ids.joined(separator: ","), "--concurrency", "3",
            "--report", report, "--yes", "--json",
        ])
        #expect(result.exitCode == 5, "\(result.stderr)")
        let summary = try JSONValue(parsing: result.stdout)
        #expect(summary["reset"] == 5 && summary["failed"] == 1)
        let failed = (summary["onus"]?.arrayValue ?? []).filter { $0["outcome"] == "failed" }
        #expect(failed.map(\.["id"]) == [.string(ids[2])])
        #expect(result.stderr.contains("1 of 6 ONUs was not reset"), "\(result.stderr)")
        #expect(result.stderr.contains(ids[2]))
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.allSatisfy { (try? JSONValue(parsing: String($0))) != nil })
        let written = try await harness.writes().filter { $0["status"] == 200 }.compactMap { $0["id"]?.stringValue }
        #expect(Set(written) == Set(ids).subtracting([ids[2]]))
    }

    @Test func bulkResetOfAnOLTAsksForTheCount() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let mac = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        let wrong = await harness.run(["mcms", "onu", "reset", "--olt", mac], stdin: "y\n", terminals: .stdin)
        #expect(wrong.exitCode == 1)
        // The question names what it touches: the OLT by name and MAC, the count, the consequence.
        #expect(wrong.stderr.contains("ONUs of OLT “") && wrong.stderr.contains("(\(mac))"), "\(wrong.stderr)")
        #expect(wrong.stderr.contains("Each reboots; its subscribers are offline until it registers again."), "\(wrong.stderr)")
        #expect(try await harness.writes().isEmpty)
        let table = await harness.run(["mcms", "onu", "reset", "--olt", mac, "--yes", "-o", "table"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        #expect(table.stdout.contains("reset count"))
        #expect(try await harness.writes().count == table.stdout.split(separator: "\n").count - 1)
        let both = await harness.run(["mcms", "onu", "reset", "ALPH00000000", "--olt", mac, "--yes"])
        #expect(both.exitCode == 2)
    }
}
