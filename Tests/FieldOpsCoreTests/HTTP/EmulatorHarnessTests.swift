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

    @Test func stopsTheProcessEvenWhenTheBodyThrows() async throws {
        struct Deliberate: Error {}
        let box = EmulatorBox()
        await #expect(throws: Deliberate.self) {
            try await withEmulator(script: "emulator_base") { emulator in
                box.emulator = emulator
                throw Deliberate()
            }
        }
        let emulator = try #require(box.emulator)
        #expect(!emulator.isRunning)
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
