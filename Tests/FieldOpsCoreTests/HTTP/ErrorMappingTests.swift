import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Failures become a small set of errors a person can act on, each with its exit code.
@Suite struct ErrorMappingTests {
    // MARK: Transport failures

    @Test func closedPortIsReportedAsOffline() async throws {
        let port = try closedLoopbackPort()
        let session = try testSession()
        do {
            _ = try await session.send(HTTPRequest(baseURL: "http://127.0.0.1:\(port)", path: ["x"]))
            Issue.record("a closed port answered")
        } catch {
            guard case .cannotConnect(let host, _) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(host == "127.0.0.1:\(port)")
            #expect(error.exitCode == .network)
            #expect(error.summary.contains("[curl 7]"))
            // libcurl 7.88 says only "Couldn't connect to server"; the system's errno names it.
            #expect(error.summary == "cannot reach 127.0.0.1:\(port): connection refused [curl 7]", "\(error.summary)")
            #expect(error.unreachableDescription == "cannot reach 127.0.0.1:\(port) (connection refused)")
        }
    }

    @Test func slowServerTimesOut() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/small", delayMs: 3000)
            let session = try testSession()
            // The server answers after 3 s: a timed-out error can only come from the 0.5 s timeout.
            await #expect(throws: HTTPError.timedOut(url: emulator.url("/small"), seconds: 0.5)) {
                _ = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"], timeout: 0.5))
            }
            #expect(HTTPError.timedOut(url: "u", seconds: 1).exitCode == .network)
        }
    }

    @Test func connectionDroppedMidBodyIsReported() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let request = HTTPRequest(
                baseURL: emulator.baseURL, path: ["truncated"], query: [.init("declared", "5000"), .init("sent", "100")])
            do {
                _ = try await session.send(request)
                Issue.record("a truncated body was accepted")
            } catch let error as HTTPError {
                guard case .connectionLost = error else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(error.exitCode == .network)
            }
        }
    }

    @Test func responseOverTheCapFailsCleanly() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession(maxResponseBytes: 1 << 20)
            let url = emulator.url("/bytes?n=\(2 << 20)")
            await #expect(throws: HTTPError.responseTooLarge(url: url, limit: 1 << 20)) {
                _ = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["bytes"], query: [.init("n", "\(2 << 20)")]))
            }
            // Under the cap is fine, and a per-request cap overrides the session's.
            let small = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["bytes"], query: [.init("n", "1000")]))
            #expect(small.body.count == 1000)
            await #expect(throws: HTTPError.self) {
                _ = try await session.send(
                    HTTPRequest(baseURL: emulator.baseURL, path: ["bytes"], query: [.init("n", "1000")], maxResponseBytes: 999))
            }
        }
    }

    @Test func compressedAnswerOverTheCapIsStoppedWhileDecoding() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            // About 2 KB on the wire, 4 MiB decoded: only the running count can catch it.
            let session = try testSession(maxResponseBytes: 1 << 20)
            let request = HTTPRequest(baseURL: emulator.baseURL, path: ["bytes"], query: [.init("n", "\(4 << 20)"), .init("gzip", "1")])
            await #expect(throws: HTTPError.responseTooLarge(url: request.url, limit: 1 << 20)) {
                _ = try await session.send(request)
            }
            let small = try await session.send(
                HTTPRequest(baseURL: emulator.baseURL, path: ["bytes"], query: [.init("n", "5000"), .init("gzip", "1")]))
            #expect(small.body == Data(repeating: UInt8(ascii: "x"), count: 5000))
        }
    }

    @Test func notAURLIsAUsageError() async throws {
        let session = try testSession()
        await #expect(throws: HTTPError.invalidURL("ftp://example.org/x")) {
            _ = try await session.send(HTTPRequest(baseURL: "ftp://example.org", path: ["x"]))
        }
        #expect(HTTPError.invalidURL("x").exitCode == .usage)
    }

    // MARK: Status failures

    @Test func htmlErrorPageIsNamedAsSuch() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(
                path: "/small", status: 502, body: "<!DOCTYPE html><html><body>Bad gateway</body></html>", contentType: "text/html")
            let session = try testSession()
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            do {
                try response.requireSuccess()
                Issue.record("a 502 passed")
            } catch let error as HTTPError {
                #expect(error.summary.contains("HTTP 502"))
                #expect(error.summary.contains("the server answered HTML instead of JSON"))
                #expect(error.summary.contains("/small"))
            }
        }
    }

    @Test(arguments: [
        ("{\"status\":\"fail\",\"details\":{\"message\":\"invalid id\"}}", "invalid id"),
        ("{\"error\":\"token expired\"}", "token expired"),
        ("{\"message\":\"no such inspection\"}", "no such inspection"),
        ("{\"detail\":\"CSRF Failed\"}", "CSRF Failed"),
    ])
    func serverMessageIsExtractedFromJSON(body: String, message: String) {
        let response = HTTPResponse(status: 400, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: "http://h/x")
        #expect(throws: HTTPError.self) { try response.requireSuccess() }
        let failure = HTTPStatusFailure(response)
        #expect(failure.serverMessage == message)
        #expect(HTTPError.status(failure).summary == "GET /x failed: HTTP 400 Bad Request: \(message)")
    }

    @Test func unauthorizedMapsToNotAuthenticated() {
        let response = HTTPResponse(status: 401, body: Data("{\"detail\":\"x\"}".utf8), url: "http://h/")
        #expect(HTTPError.status(HTTPStatusFailure(response)).exitCode == .notAuthenticated)
        let forbidden = HTTPResponse(status: 403, url: "http://h/")
        #expect(HTTPError.status(HTTPStatusFailure(forbidden)).exitCode == .failure)
    }
}
