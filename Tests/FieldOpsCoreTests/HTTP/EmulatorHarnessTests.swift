import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// The harness every backend test relies on: start, readiness, admin endpoints, stop.
@Suite struct EmulatorHarnessTests {
    // MARK: Lifecycle

    @Test func startsMinimalEmulatorAndReportsItsURL() async throws {
        try await withEmulator(script: "emulator_base") { emulator in
            #expect(emulator.baseURL.hasPrefix("http://127.0.0.1:"))
            #expect(emulator.isRunning)
            let session = try HTTPSession(version: "test")
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["nothing"]))
            #expect(response.status == 404)
        }
    }

    /// `withEmulator` gives the emulator back also when the body throws; the next lease gets the
    /// same process, reset: what the last test set up (faults, latency, its requests) is gone,
    /// and the handle the first test held can no longer stop it.
    @Test func aThrowingBodyGivesTheEmulatorBackAndTheNextLeaseFindsItReset() async throws {
        struct Deliberate: Error {}
        let pool = EmulatorPool(idleLimit: 2)
        let box = EmulatorBox()
        await #expect(throws: Deliberate.self) {
            try await withEmulator(script: "emulator_base", pool: pool) { emulator in
                box.emulator = emulator
                try await emulator.setLatency(milliseconds: 400)
                try await emulator.injectFault(path: "/ping", status: 503, count: 5)
                let session = try HTTPSession(settings: HTTPSettings(timeout: 10, retries: 0), version: "test")
                _ = try? await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["ping"]))
                throw Deliberate()
            }
        }
        let first = try #require(box.emulator)
        #expect(pool.idleCount == 1, "given back")
        try await withEmulator(script: "emulator_base", pool: pool) { again in
            #expect(again.baseURL == first.baseURL, "the same process, not a new one")
            #expect(first.stop() == -1, "a released handle stops nothing")
            #expect(again.isRunning)
            #expect(try await again.requests().isEmpty)
            #expect(try await again.stats().requests == 0)
            let session = try HTTPSession(settings: HTTPSettings(timeout: 10, retries: 0), version: "test")
            let settings = try await session.send(HTTPRequest(baseURL: again.baseURL, path: ["__admin", "settings"])).text
            #expect(settings.contains("\"latency_ms\": 0") && settings.contains("\"faults\": 0"), "\(settings)")
            let response = try await session.send(HTTPRequest(baseURL: again.baseURL, path: ["ping"]))
            #expect(response.status == 404, "no fault left: the base emulator has no /ping")
        }
        #expect(pool.idleCount == 1)
    }

    /// A leased emulator its test stopped (a server that went down) is not reused: the next lease
    /// starts another process.
    @Test func anEmulatorItsTestStoppedIsNotLeasedAgain() async throws {
        let pool = EmulatorPool(idleLimit: 2)
        let first = try await pool.lease(script: "emulator_base")
        let url = first.baseURL
        first.stop()
        first.release()
        #expect(pool.idleCount == 0)
        let second = try await pool.lease(script: "emulator_base")
        defer { second.release() }
        #expect(!first.isRunning && second.isRunning, "another process than the one stopped at \(url)")
    }

    /// Past its idle limit the pool stops the emulators that waited longest.
    @Test func thePoolKeepsNoMoreIdleEmulatorsThanItsLimit() async throws {
        let pool = EmulatorPool(idleLimit: 1)
        let first = try await pool.lease(script: "emulator_base")
        let second = try await pool.lease(script: "emulator_base", arguments: ["--clock-offset", "5"])
        let kept = second.baseURL
        first.release()
        second.release()
        #expect(pool.idleCount == 1)
        let again = try await pool.lease(script: "emulator_base", arguments: ["--clock-offset", "5"])
        defer { again.release() }
        #expect(again.baseURL == kept)
    }

    /// A test asking for another MCMS fleet gets the idle MCMS process, reset to that fleet:
    /// the same fleet a process started with those arguments serves, and no new process.
    @Test func anIdleMCMSEmulatorServesAnotherFleetAfterItsReset() async throws {
        struct Counts: Decodable {
            struct Inner: Decodable { var onus: Int, olts: Int }
            var counts: Inner
        }
        let pool = EmulatorPool(idleLimit: 4)
        let small = try await pool.lease(script: "mcms_emulator", arguments: ["--onus", "6", "--olts", "2"])
        let address = small.baseURL
        #expect(try await small.state(as: Counts.self).counts.onus == 6)
        small.release()
        let larger = try await pool.lease(script: "mcms_emulator", arguments: ["--onus", "30", "--olts", "3"])
        defer { larger.release() }
        #expect(larger.baseURL == address)
        #expect(larger.arguments == ["--onus", "30", "--olts", "3"])
        let counts = try await larger.state(as: Counts.self).counts
        #expect(counts.onus == 30 && counts.olts == 3)
        // What it cannot take again on a reset is a process of its own.
        let strict = try await pool.lease(script: "mcms_emulator", arguments: ["--onus", "6", "--strict-ids"])
        defer { strict.release() }
        #expect(strict.baseURL != address)
    }

    @Test func reportsStderrWhenTheEmulatorCannotStart() async throws {
        do {
            _ = try await Emulator.start(script: "emulator_base", arguments: ["--no-such-option"])
            Issue.record("an emulator with a bad option started")
        } catch let error as EmulatorError {
            #expect(error.reason.contains("before listening"))
            #expect(error.stderr.contains("unrecognized arguments"))
        }
    }

    @Test func rejectsAMissingScript() async throws {
        await #expect(throws: EmulatorError.self) {
            _ = try await Emulator.start(script: "no_such_emulator")
        }
    }

    @Test func emulatorLeavesWhenItsParentDies() async throws {
        // A shell stands in for a crashing test process: it starts the emulator, then is killed.
        let script = Emulator.scriptURL("emulator_base").path
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "python3 '\(script)' --port 0 --exit-with-parent 2>/dev/null & echo $!; wait"]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let reader = LineReader(output.fileHandleForReading.fileDescriptor)
        let pid = try #require(reader.next(timeout: 10).flatMap { Int32($0) })
        let ready = try #require(reader.next(timeout: 10))
        #expect(ready.hasPrefix("listening on "))
        #expect(kill(pid, 0) == 0)

        kill(shell.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while kill(pid, 0) == 0 && Date() < deadline {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let stillRunning = kill(pid, 0) == 0
        if stillRunning { kill(pid, SIGKILL) }
        #expect(!stillRunning)
    }

    // MARK: Admin endpoints

    @Test func adminHelpersReachTheEmulator() async throws {
        try await withEmulator(script: "emulator_base") { emulator in
            let session = try HTTPSession(version: "test")
            try await emulator.injectFault(path: "/flaky", status: 418, count: 1)
            let first = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["flaky"]))
            let second = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["flaky"]))
            #expect(first.status == 418)
            #expect(second.status == 404)

            let log = try await emulator.requests()
            #expect(log.map(\.path) == ["/flaky", "/flaky"])
            #expect(log.first?.header("user-agent") == "fieldops/test")
            let stats = try await emulator.stats()
            #expect(stats.requests == 2)

            try await emulator.reset()
            #expect(try await emulator.requests().isEmpty)
            let state = try JSONSerialization.jsonObject(with: try await emulator.state())
            #expect(state is [String: Any])
        }
    }
}

/// Carries the emulator out of the closure to check it was stopped.
final class EmulatorBox: @unchecked Sendable {
    // @unchecked: written once inside the awaited closure, read after it returns.
    var emulator: Emulator?
}

/// Reads lines from a file descriptor, giving up after a timeout instead of blocking forever.
struct LineReader {
    let descriptor: Int32
    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    func next(timeout: Double) -> String? {
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { return nil }
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }
}
