import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `--watch` piped (one JSON object per refresh), `--until`, `--timeout` and `--sample`.
@Suite struct WatchStreamTests {
    /// Moves `id` from whatever bucket of `olt` holds it into `bucket`.
    func move(_ harness: MCMSHarness, _ id: String, olt: String, to bucket: String) async throws {
        try await harness.editState(olt, kind: "olt-state") { state in
            guard case .object(var buckets)? = state["ONU States"] else { return }
            for key in buckets.keys {
                buckets[key] = .array((buckets[key]?.arrayValue ?? []).filter { $0 != .string(id) })
            }
            buckets[bucket] = .array((buckets[bucket]?.arrayValue ?? []) + [.string(id)])
            try state.set(.object(buckets), at: ["ONU States"])
        }
    }

    func registeredONU(_ harness: MCMSHarness) async throws -> (id: String, olt: String) {
        let listing = try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--json", "--state", "registered"]).stdout)
        let row = try #require(listing.arrayValue?.first { $0["olt_mac"]?.stringValue != nil })
        return (try #require(row["id"]?.stringValue), try #require(row["olt_mac"]?.stringValue))
    }

    @Test func pipedWatchWritesOneJSONObjectPerRefresh() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        // Watched until the alarms are cleared, which the test does after three refreshes.
        let (lines, result) = harness.start(["mcms", "dashboard", "--watch", "--interval", "1s", "--until", "alarms==0"])
        var records: [JSONValue] = []
        var iterator = lines.makeAsyncIterator()
        while records.count < 3, let line = await iterator.next() {
            records.append(try JSONValue(parsing: line))
        }
        try await harness.clearAlarms()
        while let line = await iterator.next() { records.append(try JSONValue(parsing: line)) }
        let outcome = await result.value
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        #expect(records.count >= 4)
        #expect(records.last?["data"]?["health"]?["alarms_total"] == 0)
        #expect(records.first?["data"]?["health"]?["alarms_total"] != 0)
        for record in records {
            #expect(record["command"] == "mcms dashboard")
            #expect(record["data"]?["onus"] == 30)
            let time = try #require(record["time"]?.stringValue)
            #expect(ISO8601DateFormatter.withFraction.date(from: time) != nil, "\(time)")
        }
        // Every line of stdout is one whole JSON object.
        for line in outcome.stdout.split(separator: "\n") {
            #expect(try JSONValue(parsing: String(line)).objectValue != nil)
        }
        // Each refresh asked for projected documents, never whole ONU states.
        let states = try await harness.emulator.requests().filter { $0.path == "/api/v1/onus/states/" }
        #expect(states.count >= 3)
        #expect(states.allSatisfy { $0.query["projection"] != nil })
    }

    @Test func untilRegisteredEndsTheWatchWhenTheONURegisters() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        let (id, olt) = try await registeredONU(harness)
        try await move(harness, id, olt: olt, to: "Deregistered")
        let (lines, result) = harness.start(["mcms", "onu", "show", id, "--until", "registered", "--interval", "1s"])
        var iterator = lines.makeAsyncIterator()
        let first = try JSONValue(parsing: try #require(await iterator.next()))
        #expect(first["data"]?["state"] == "deregistered")
        // The ONU registers again while the watch runs.
        try await move(harness, id, olt: olt, to: "Registered")
        var last = first
        while let line = await iterator.next() { last = try JSONValue(parsing: line) }
        let outcome = await result.value
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        #expect(last["data"]?["state"] == "registered")
    }

    @Test func untilAThresholdOnTheOpticalLevel() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        let (id, _) = try await registeredONU(harness)
        try await harness.editState(id) { try $0.set(.number(JSONNumber(lexeme: "-27.40")!), at: ["STATS", "RX Optical Level"]) }
        let (lines, result) = harness.start(["mcms", "onu", "show", id, "--until", "rx>-25", "--interval", "1s"])
        var iterator = lines.makeAsyncIterator()
        let first = try JSONValue(parsing: try #require(await iterator.next()))
        #expect(first["data"]?["optical"]?["rx_dbm"]?.numberValue?.lexeme == "-27.40")
        try await harness.editState(id) { try $0.set(.number(JSONNumber(lexeme: "-21.05")!), at: ["STATS", "RX Optical Level"]) }
        while await iterator.next() != nil {}
        #expect(await result.value.exitCode == 0)
    }

    @Test func untilTimesOutWithExitOneAndTheLastReading() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        let (id, _) = try await registeredONU(harness)
        try await harness.editState(id) { try $0.set(.number(JSONNumber(lexeme: "-27.40")!), at: ["STATS", "RX Optical Level"]) }
        let (lines, task) = harness.start(["mcms", "onu", "show", id, "--until", "rx>0", "--until-timeout", "3s", "--interval", "1s"])
        var records = 0
        for await _ in lines { records += 1 }
        let result = await task.value
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("timed out after 3s waiting for rx>0"), "\(result.stderr)")
        // The message carries the last reading (on a machine too busy for even one refresh
        // within the timeout, it says there was none).
        #expect(result.stderr.contains(records > 0 ? "last: rx -27.4" : "last: no successful refresh"), "\(result.stderr)")
    }

    @Test func theOldSpellingOfTheGiveUpTimeIsReadWithANote() async throws {
        let harness = try await MCMSHarness(onus: 10)
        try await harness.login()
        let (id, _) = try await registeredONU(harness)
        let result = await harness.run(["mcms", "onu", "show", id, "--until", "rx>0", "--timeout", "2s", "--interval", "1s", "--json"])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--timeout with --until is now --until-timeout"), "\(result.stderr)")
        #expect(result.stderr.contains("timed out after 2s waiting for rx>0"), "\(result.stderr)")
    }

    @Test func badConditionsAndIntervalsAreUsageErrors() async throws {
        let harness = try await MCMSHarness(onus: 10)
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let unknown = await harness.run(["mcms", "onu", "show", id, "--until", "registred"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.contains("did you mean 'registered'?"), "\(unknown.stderr)")
        let metric = await harness.run(["mcms", "onu", "show", id, "--until", "rxx>-25"])
        #expect(metric.exitCode == 2 && metric.stderr.contains("did you mean 'rx'?"))
        #expect(await harness.run(["mcms", "dashboard", "--watch", "--interval", "500ms"]).exitCode == 2)
        // Without --until, --timeout is the global per-request time, as on every command.
        #expect(await harness.run(["mcms", "dashboard", "--timeout", "5s", "--json"]).exitCode == 0)
    }

    @Test func aWatchOfAnUnknownDeviceEndsAtOnce() async throws {
        let harness = try await MCMSHarness(onus: 10)
        try await harness.login()
        let result = await harness.run(["mcms", "onu", "show", "NOPE00000000", "--watch"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("no ONU NOPE00000000 on profile lab"))
    }

    @Test func aPipedWatchRidesOutAnOutage() async throws {
        let harness = try await MCMSHarness(onus: 10)
        try await harness.login()
        // The first two refreshes (each with its retries) find the appliance failing: dropped
        // connections, then 503s.
        try await harness.emulator.injectFault(path: "/api/v1/olts/states/", count: 3, drop: true)
        try await harness.emulator.injectFault(path: "/api/v1/olts/states/", status: 503, count: 3)
        let outcome = await harness.run(["mcms", "olt", "list", "--until", "count>=4", "--interval", "1s"])
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        let records = outcome.stdout.split(separator: "\n")
        #expect(records.count == 1, "the failed refreshes wrote no record")
        #expect(try JSONValue(parsing: String(records[0]))["data"]?.arrayValue?.count == 4)
        #expect(outcome.stderr.contains("refresh failed — retrying"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("refresh ok again"))
    }

    // MARK: Sampling

    @Test func sampleTakesOneReadingPerIntervalAndDrawsTheTrend() async throws {
        let harness = try await MCMSHarness(onus: 10)
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let json = await harness.run(["mcms", "onu", "show", id, "--sample", "2s", "--interval", "1s", "--json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let document = try JSONValue(parsing: json.stdout)
        let samples = document["samples"]?.arrayValue ?? []
        #expect(samples.count == 3)
        let state = try JSONValue(parsing: try await harness.adminGet(["onu-state", id]).body)
        #expect(samples.allSatisfy { $0["rx_dbm"] == state["STATS"]?["RX Optical Level"] })
        #expect(document["id"] == .string(id))

        let table = await harness.run(["mcms", "onu", "show", id, "--sample", "2s", "--interval", "1s", "-o", "table"])
        #expect(table.stdout.contains("Trend (3 samples)"), "\(table.stdout)")
        let trend = try #require(table.stdout.split(separator: "\n").first { $0.contains("RX level") && $0.contains("▁") })
        #expect(trend.filter { Sparkline.blocks.contains($0) }.count == 3)
        let plain = await harness.run(["mcms", "onu", "show", id, "--sample", "1s", "--interval", "1s"])
        #expect(plain.stdout.split(separator: "\n").count == 2)
    }
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) static let withFraction: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
