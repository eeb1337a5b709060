import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Connection reuse, protocol version, identity, bounded concurrency and cancellation.
@Suite struct ConnectionTests {
    // MARK: Reuse and protocol

    @Test func secondRequestReusesTheConnection() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            for _ in 0..<3 {
                try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"])).requireSuccess()
            }
            let connections = try await emulator.requests().map(\.connection)
            #expect(connections.count == 3)
            #expect(Set(connections).count == 1)
        }
    }

    @Test func forcedHTTP1_1IsWhatTheServerSees() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession(HTTPSettings(version: .http11, retries: 0))
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["echo"]))
            #expect(response.httpVersion == "1.1")
            let logged = try #require(try await emulator.requests().first)
            #expect(logged.httpVersion == "HTTP/1.1")
            #expect(logged.header("Upgrade") == nil)
        }
    }

    @Test func versionTwoReachesLibcurlAsAnUpgradeOffer() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            // In clear text, HTTP/2 can only be offered with `Upgrade: h2c`; the server declines.
            let session = try testSession(HTTPSettings(version: .http2, retries: 0))
            try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["echo"])).requireSuccess()
            let logged = try #require(try await emulator.requests().first)
            #expect(logged.header("Upgrade") == "h2c")
        }
    }

    @Test func sendsUserAgentWithTheGivenVersion() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try HTTPSession(version: "1.2.3")
            let echo = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["echo"])).decode(EchoReply.self)
            #expect(echo.header("User-Agent") == "fieldops/1.2.3")
        }
    }

    // MARK: Concurrency

    @Test func boundsTheTransfersInFlight() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.setLatency(milliseconds: 200)
            let session = try testSession(maxConcurrentTransfers: 2)
            let started = Date()
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"])).status }
                }
                for try await status in group { #expect(status == 200) }
            }
            let elapsed = Date().timeIntervalSince(started)
            // Six 200 ms requests two at a time take at least three rounds.
            #expect(elapsed >= 0.55)
            let connections = Set(try await emulator.requests().map(\.connection))
            #expect(connections.count <= 2)
        }
    }

    @Test func runsConcurrentRequestsInParallel() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.setLatency(milliseconds: 500)
            let session = try testSession(maxConcurrentTransfers: 8)
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"])).status }
                }
                for try await status in group { #expect(status == 200) }
            }
            // In flight together, not one after the other on one connection: HTTP/1.1 needs a
            // connection per request in flight, and the server saw several.
            let connections = Set(try await emulator.requests().map(\.connection))
            #expect(connections.count > 1, "8 requests went over \(connections.count) connection(s): they were not concurrent")
        }
    }

    // MARK: Cancellation

    @Test func cancellationStopsTheTransferPromptly() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            // The server holds its answer for a minute: a cancel that did not stop the transfer
            // would end in that answer, not in `cancelled`.
            try await emulator.injectFault(path: "/echo", delayMs: 60_000)
            let session = try testSession(HTTPSettings(timeout: 120, retries: 0))
            let task = Task { try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["echo"])) }
            // In flight: the server has the request (it logs on arrival, before the delay).
            while try await emulator.requests().isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
            task.cancel()
            let result = await task.result
            #expect(throws: HTTPError.cancelled) { try result.get() }
            #expect(HTTPError.cancelled.exitCode == .interrupted)

            // The session is intact afterwards.
            let after = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            #expect(after.status == 200)
        }
    }

    @Test func cancelledBeforeSendingNeverReachesTheServer() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            }
            await #expect(throws: HTTPError.cancelled) { try await task.value }
            #expect(try await emulator.requests().isEmpty)
        }
    }
}
