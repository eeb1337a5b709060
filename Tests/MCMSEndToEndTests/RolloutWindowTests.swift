import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Maintenance windows: when a rollout may start ONUs, and what it does at a window's end.
@Suite struct MaintenanceWindowTests {
    static func instant(_ text: String) -> Int64 { Timestamp.milliseconds(text)! }

    @Test func windowsFollowTheZoneAcrossMidnightAndDaylightSaving() throws {
        let oslo = try ZoneInfo.named("Europe/Oslo")
        let weekdays = try MaintenanceWindows(windows: [MaintenanceWindows.window("Mon-Fri 01:00-05:00")], zone: oslo)
        // Tuesday 2026-06-02, 03:00 in Oslo (UTC+2): open until 05:00 local.
        #expect(weekdays.openUntil(Self.instant("2026-06-02T01:00:00Z")) == Self.instant("2026-06-02T03:00:00Z"))
        // 06:00 local: closed; the next opens Wednesday 01:00 local.
        #expect(weekdays.openUntil(Self.instant("2026-06-02T04:00:00Z")) == nil)
        #expect(weekdays.nextOpening(after: Self.instant("2026-06-02T04:00:00Z")) == Self.instant("2026-06-02T23:00:00Z"))
        // Saturday: Monday 01:00.
        #expect(weekdays.nextOpening(after: Self.instant("2026-06-06T10:00:00Z")) == Self.instant("2026-06-07T23:00:00Z"))
        // The spring-forward night (2026-03-29, 02:00 → 03:00): 01:00 CET to 05:00 CEST is 3 hours.
        let daily = try MaintenanceWindows(windows: [MaintenanceWindows.window("daily 01:00-05:00")], zone: oslo)
        #expect(daily.openUntil(Self.instant("2026-03-29T00:00:00Z")) == Self.instant("2026-03-29T03:00:00Z"))
        // Friday night past midnight, and two windows that touch are one.
        let night = try MaintenanceWindows(
            windows: [MaintenanceWindows.window("Fri 22:00-02:00"), MaintenanceWindows.window("Sat 02:00-04:00")], zone: .utc)
        #expect(night.openUntil(Self.instant("2026-06-05T23:30:00Z")) == Self.instant("2026-06-06T04:00:00Z"))
        #expect(night.openUntil(Self.instant("2026-06-06T01:00:00Z")) == Self.instant("2026-06-06T04:00:00Z"))
        #expect(night.openUntil(Self.instant("2026-06-05T21:00:00Z")) == nil)
        // Bounds: nothing after --end-at, nothing before --start-at.
        var bounded = daily
        bounded.startAt = Self.instant("2026-06-03T00:00:00Z")
        bounded.endAt = Self.instant("2026-06-03T22:30:00Z")
        #expect(bounded.nextOpening(after: Self.instant("2026-06-02T00:00:00Z")) == Self.instant("2026-06-02T23:00:00Z") + 3_600_000)
        #expect(bounded.nextOpening(after: Self.instant("2026-06-03T06:00:00Z")) == nil)
        // Words a person types wrong are refused with the form that works.
        for bad in ["Mon-Fri", "Mon-Fri 25:00-05:00", "Funday 01:00-02:00", "01:00-01:00", "Mon-Fri 1:00-5:00"] {
            #expect(throws: FieldOpsError.self, "\(bad)") { try MaintenanceWindows.window(bad) }
        }
    }

    @Test func aWindowThatEndsMidWavePausesAndTheNextGoesOnWithoutRewriting() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await RolloutTests().prepare(harness, count: 6, bootDelay: 0.3)
        let path = harness.home.path("Ålesund window.jsonl")
        // 01:00 UTC on a Tuesday, in a window until 01:30; the next opens at 01:30:08. The second
        // ONU's write is held, so an ONU is in flight when the test moves the clock to 01:30 —
        // however fast or slow the build, the window ends mid-rollout.
        let start = Self.instant("2026-06-02T01:00:00Z")
        let clock = WallClock(startingAt: start, adjustable: true)
        try await harness.emulator.injectFault(path: "/api/v1/onus/configs/*", method: "PUT", count: 1, after: 1, hold: true)
        let running = Task {
            await WallClock.$override.withValue(clock) {
                await RolloutTests().rollout(
                    harness, ids,
                    [
                        "--concurrency", "1", "--report", path, "--window", "daily 01:00-01:30", "--window", "daily 01:30:08-02:00",
                        "--window-zone", "UTC",
                    ])
            }
        }
        let deadline = Date().addingTimeInterval(120)
        while try await harness.emulator.heldCount() < 1, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(try await harness.emulator.heldCount() == 1)
        clock.set(now: Self.instant("2026-06-02T01:30:00Z"))
        try await harness.emulator.releaseHeld()
        let result = await running.value
        try await harness.emulator.clearFaults()
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("windows: daily 01:00-01:30, daily 01:30:08-02:00 (UTC); open now"), "\(result.stderr)")
        #expect(result.stderr.contains("outside the maintenance windows: paused until "), "\(result.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        let pauses = lines.enumerated().filter { $0.element["paused"] != nil }
        #expect(pauses.count == 1, "\(lines)")
        let pause = try #require(pauses.first)
        #expect(pause.element["paused"]?["resumes_at"]?.stringValue == "2026-06-02T01:30:08Z")
        let pausedAt = try #require(pause.element["paused"]?["at"]?.stringValue.flatMap { Timestamp.milliseconds($0) })
        #expect(pausedAt >= Self.instant("2026-06-02T01:30:00Z"))
        // Some ONUs before the pause (the held one finished first), the rest after, each written alike.
        let upgradedBefore = lines.prefix(pause.offset).filter { $0["outcome"]?.stringValue == "upgraded" }.count
        #expect(upgradedBefore >= 1 && upgradedBefore < 6, "\(lines)")
        let read = try RolloutReportFile(contentsOf: path)
        #expect(read.finished)
        #expect(ids.allSatisfy { read.last[$0]?.outcome == .upgraded })
        // The ONUs of either side of the pause were written alike: none twice.
        let writes = try await harness.writes().compactMap { $0["id"]?.stringValue }
        let counts = ids.map { id in writes.filter { $0 == id }.count }
        #expect(Set(counts).count == 1 && counts[0] >= 1, "\(counts)")
    }

    @Test func endAtLeavesTheRestNotStartedAndResumable() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await RolloutTests().prepare(harness, count: 4, bootDelay: 0.2)
        let path = harness.home.path("end.jsonl")
        let start = Self.instant("2026-06-02T01:00:00Z")
        let result = await WallClock.$override.withValue(WallClock(startingAt: start)) {
            await RolloutTests().rollout(harness, ids, ["--concurrency", "1", "--report", path, "--end-at", "2026-06-02T01:00:01Z"])
        }
        #expect(result.exitCode == 5, "\(result.stderr)")
        #expect(result.stderr.contains("none opens before --end-at"), "\(result.stderr)")
        #expect(result.stderr.contains("--resume"), "\(result.stderr)")
        let read = try RolloutReportFile(contentsOf: path)
        // However slow the plan (a sanitizer build), what did not start by --end-at is said so.
        let notStarted = ids.filter { read.last[$0]?.outcome == .notStarted }
        #expect(!notStarted.isEmpty, "\(read.last)")
        #expect(ids.allSatisfy { [.notStarted, .upgraded].contains(read.last[$0]?.outcome) }, "\(read.last)")
    }

    @Test func thePlanSaysTheWindowsAndHowManyAreNeeded() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await RolloutTests().prepare(harness, count: 6)
        let result = await WallClock.$override.withValue(WallClock(startingAt: Self.instant("2026-06-02T12:00:00Z"))) {
            await RolloutTests().rollout(
                harness, ids,
                ["--dry-run", "--window", "Mon-Fri 01:00-05:00", "--window-zone", "Europe/Oslo", "--rate", "1/min"])
        }
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("windows: Mon-Fri 01:00-05:00 (Europe/Oslo); the next opens "), "\(result.stderr)")
        #expect(result.stderr.contains("a window of 4 h starts up to 240 ONUs: about 1 window needed"), "\(result.stderr)")
        let zone = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + RolloutTests.image + ["--ids", ids[0], "--window-zone", "Europe/Oslo"])
        #expect(zone.exitCode == 2)
        let unknown = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + RolloutTests.image + [
                "--ids", ids[0], "--window", "daily 01:00-02:00", "--window-zone", "Mars/Olympus",
            ])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.contains("--window-zone Mars/Olympus"), "\(unknown.stderr)")
    }
}
