import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Retries happen only where safe, back off, and honour Retry-After.
@Suite struct RetryTests {
    @Test func retriesOn503HonouringRetryAfter() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/small", status: 503, count: 1, headers: ["Retry-After": "1"])
            let session = try testSession(HTTPSettings(retries: 2))
            let started = Date()
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            #expect(response.status == 200)
            #expect(Date().timeIntervalSince(started) >= 0.95)
            #expect(try await emulator.requests().count == 2)
        }
    }

    @Test func nonIdempotentPostIsNotRetried() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/echo", method: "POST", status: 503, count: 1, headers: ["Retry-After": "0"])
            let session = try testSession(HTTPSettings(retries: 2))
            let request = HTTPRequest(.post, baseURL: emulator.baseURL, path: ["echo"], body: .json(Data("{\"a\":1}".utf8)))
            let response = try await session.send(request)
            #expect(response.status == 503)
            #expect(try await emulator.requests().count == 1)
        }
    }

    @Test func postMarkedIdempotentIsRetried() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/echo", method: "POST", status: 502, count: 1)
            let session = try testSession(HTTPSettings(retries: 2))
            let request = HTTPRequest(
                .post, baseURL: emulator.baseURL, path: ["echo"], body: .json(Data("{\"local_id\":\"x\"}".utf8)), isIdempotent: true)
            let echo = try await session.send(request).decode(EchoReply.self)
            #expect(echo.body == "{\"local_id\":\"x\"}")
            #expect(try await emulator.requests().count == 2)
        }
    }

    @Test func retriesStopAtTheProfileLimit() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/small", status: 429, count: 10, headers: ["Retry-After": "0"])
            let session = try testSession(HTTPSettings(retries: 2))
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            #expect(response.status == 429)
            #expect(try await emulator.requests().count == 3)
        }
    }

    @Test func droppedConnectionIsRetriedForGet() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/small", count: 1, drop: true)
            let session = try testSession(HTTPSettings(retries: 1))
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            #expect(response.status == 200)
        }
    }

    @Test func clientErrorsAreNotRetried() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/small", status: 500, count: 1)
            let session = try testSession(HTTPSettings(retries: 3))
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            #expect(response.status == 500)
            #expect(try await emulator.requests().count == 1)
        }
    }

    @Test(arguments: [("0", 0.0), ("7", 7.0), ("-3", 0.0)])
    func retryAfterSecondsAreParsed(header: String, seconds: Double) {
        #expect(RetryAfter.seconds(header, now: Date()) == seconds)
    }

    @Test func retryAfterHTTPDateIsParsed() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let later = now.addingTimeInterval(90)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let seconds = try #require(RetryAfter.seconds(formatter.string(from: later), now: now))
        #expect(abs(seconds - 90) < 1)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
    }
}
