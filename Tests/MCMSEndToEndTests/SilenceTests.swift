import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Alarm silences: listed and counted apart, ended early, shared by engineers through one file.
@Suite struct SilenceTests {
    static func alarm(_ name: String, _ severity: String, _ message: String) -> JSONValue {
        .object(
            JSONObject([
                ("Name", .string(name)), ("Severity", .string(severity)), ("Time", .string("2026-06-01 11:00:00.000000")),
                ("Message", .string(message)),
            ]))
    }

    func json(_ bed: MCMSHarness, _ arguments: [String]) async throws -> JSONValue {
        let outcome = await bed.run(arguments + ["--json"])
        guard outcome.exitCode == 0 else { throw TestSupportError("\(arguments) failed: \(outcome)") }
        return try JSONValue(parsing: outcome.stdout)
    }

    @Test func aSilencedAlarmIsListedAndCountedApartUntilItEnds() async throws {
        let bed = try await MCMSHarness()
        try await bed.login()
        try await bed.clearAlarms()
        let onus = try await bed.onuIDs()
        try await bed.setAlarms(onus[0], [Self.alarm("Loss of Signal", "CRITICAL", "fibre cut by “Sjøgata 4”")])
        try await bed.setAlarms(onus[1], [Self.alarm("Loss of Signal", "CRITICAL", "no light at Ålesundsvegen 7")])

        let silence = await bed.run(["mcms", "alarms", "silence", onus[0].lowercased(), "--for", "4h", "-m", "fibre crew on site — Åse"])
        #expect(silence.exitCode == 0, "\(silence)")
        let id = try #require(silence.stdout.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(id.count == 8, "\(silence.stdout)")
        #expect(silence.stdout.hasPrefix("silenced ONU \(onus[0]) until "), "\(silence.stdout)")

        // Listed, after the others, marked; counted apart.
        let alarms = try await json(bed, ["mcms", "alarms"]).arrayValue ?? []
        #expect(alarms.map { $0["id"]?.stringValue } == [onus[1], onus[0]])
        #expect(alarms.map { $0["silenced"] } == [.null, .string(id)])
        let table = await bed.runOnTerminal(["mcms", "alarms"])
        #expect(table.stdout.contains("critical (silenced)"), "\(table.stdout)")
        let dashboard = try await json(bed, ["mcms", "dashboard"])
        #expect(dashboard["health"]?["alarms"]?["CRITICAL"]?.numberValue?.int64 == 2, "\(dashboard)")
        #expect(dashboard["health"]?["alarms_silenced"]?["CRITICAL"]?.numberValue?.int64 == 1, "\(dashboard)")
        let screen = await bed.runOnTerminal(["mcms", "dashboard"])
        #expect(screen.stdout.contains("CRITICAL 2 (1 silenced)"), "\(screen.stdout)")
        // A script waiting for the criticals nobody is on: one is left, so it waits and gives up.
        let waiting = await bed.run(["mcms", "alarms", "--until", "critical==0", "--interval", "1s", "--until-timeout", "2s"])
        #expect(waiting.exitCode == 1, "\(waiting)")

        // The silences, with author and comment.
        let listed = try await json(bed, ["mcms", "alarms", "silences"]).arrayValue ?? []
        #expect(listed.count == 1)
        #expect(listed.first?["comment"]?.stringValue == "fibre crew on site — Åse")
        #expect(listed.first?["author"]?.stringValue == MCMSHarness.tech)
        #expect(listed.first?["device"]?.stringValue == onus[0])

        // The other one silenced by alarm name: the script's wait is over.
        let byName = await bed.run(["mcms", "alarms", "silence", "--alarm", "loss of signal", "-m", "storm, ticket 4411"])
        #expect(byName.exitCode == 0, "\(byName)")
        let done = await bed.run(["mcms", "alarms", "--until", "critical==0", "--interval", "1s", "--until-timeout", "5s"])
        #expect(done.exitCode == 0, "\(done)")

        // Ended early: listed with --all only, the alarm loud again.
        let unsilence = await bed.run(["mcms", "alarms", "unsilence", id])
        #expect(unsilence.exitCode == 0, "\(unsilence)")
        let nameID = try #require(byName.stdout.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(await bed.run(["mcms", "alarms", "unsilence", nameID]).exitCode == 0)
        #expect(try await json(bed, ["mcms", "alarms"]).arrayValue?.allSatisfy { $0["silenced"] == .null } == true)
        #expect(try await json(bed, ["mcms", "alarms", "silences"]).arrayValue?.isEmpty == true)
        let all = try await json(bed, ["mcms", "alarms", "silences", "--all"]).arrayValue ?? []
        #expect(all.count == 2)
        #expect(all.allSatisfy { $0["ended_by"]?.stringValue == MCMSHarness.tech })
        // Unknown ids and a silence of nothing are refused.
        let unknown = await bed.run(["mcms", "alarms", "unsilence", "deadbeef"])
        #expect(unknown.exitCode == 1)
        #expect(unknown.stderr.contains("no silence deadbeef on profile lab"), "\(unknown.stderr)")
        let nothing = await bed.run(["mcms", "alarms", "silence", "-m", "why"])
        #expect(nothing.exitCode == 2)
        let noComment = await bed.run(["mcms", "alarms", "silence", onus[0]])
        #expect(noComment.exitCode == 2)
        #expect(noComment.stderr.contains("needs a comment"), "\(noComment.stderr)")
    }

    @Test func anOLTSilenceCoversItsONUsFromTheCache() async throws {
        let bed = try await MCMSHarness()
        try await bed.login()
        try await bed.clearAlarms()
        let listing = try await json(bed, ["mcms", "onu", "list"]).arrayValue ?? []
        let olts = try #require(try await bed.state()["olt_ids"]?.arrayValue?.compactMap(\.stringValue))
        let under = try #require(listing.first { $0["olt_mac"] == .string(olts[0]) }?["id"]?.stringValue)
        let other = try #require(listing.first { $0["olt_mac"] == .string(olts[1]) }?["id"]?.stringValue)
        try await bed.setAlarms(under, [Self.alarm("Loss of Signal", "CRITICAL", "feeder")])
        try await bed.setAlarms(other, [Self.alarm("Loss of Signal", "CRITICAL", "feeder")])
        try await bed.setAlarms(olts[0], [Self.alarm("PON port down", "MAJOR", "port 3")])
        #expect(await bed.run(["mcms", "alarms", "silence", "--olt", olts[0], "-m", "cabinet work"]).exitCode == 0)
        let alarms = try await json(bed, ["mcms", "alarms"]).arrayValue ?? []
        let silenced = Set(alarms.filter { $0["silenced"] != .null }.compactMap { $0["id"]?.stringValue })
        #expect(silenced == [under, olts[0]], "\(alarms)")
    }

    @Test func engineersSharingOneFileLoseNoSilence() async throws {
        let bed = try await MCMSHarness(profileSettings: ["silences_file: ../../shared/silences.json"])
        try await bed.login()
        let onus = try await bed.onuIDs()
        // Eight engineers silence at once, each a process of its own.
        let processes = try (0..<8).map { index in
            try bed.spawn(["mcms", "alarms", "silence", onus[index % onus.count], "--for", "1h", "-m", "engineer \(index): Øvrebø"])
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let path = bed.home.path("shared") + "/silences.json"
        let file = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: path)))
        let comments = Set((file["silences"]?.arrayValue ?? []).compactMap { $0["comment"]?.stringValue })
        #expect(comments == Set((0..<8).map { "engineer \($0): Øvrebø" }), "\(file)")
        #expect(try await json(bed, ["mcms", "alarms", "silences"]).arrayValue?.count == 8)
    }

    @Test func aSilenceStartingLaterIsNotInForceYet() async throws {
        let bed = try await MCMSHarness()
        try await bed.login()
        let onus = try await bed.onuIDs()
        let later = Timestamp.isoUTC(milliseconds: WallClock.nowMilliseconds + 3_600_000)
        let silence = await bed.run(["mcms", "alarms", "silence", onus[0], "--start-at", later, "-m", "planned splice"])
        #expect(silence.exitCode == 0, "\(silence)")
        #expect(try await json(bed, ["mcms", "alarms", "silences"]).arrayValue?.isEmpty == true)
        #expect(try await json(bed, ["mcms", "alarms", "silences", "--all"]).arrayValue?.count == 1)
    }
}
