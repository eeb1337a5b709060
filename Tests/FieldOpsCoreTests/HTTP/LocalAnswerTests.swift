import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Inside `LocalAnswer.offered`, an unreachable server is not retried when a local copy answers;
/// everything else keeps the retry policy. Attempts are counted from the session's own trace.
@Suite struct LocalAnswerTests {
    /// The trace lines of one session, in order.
    final class TraceLines: Sendable {
        let lines = Locked<[String]>([])
        var sink: HTTPTraceSink { { line in self.lines.withLock { $0.append(line) } } }
        var retry: RetryTrace { RetryTrace(stderr: lines.withLock { $0.joined(separator: "\n") }) }
    }

    /// Counts a question about the local copy and answers yes.
    static func countAsk(_ asked: Locked<Int>) -> Bool {
        asked.withLock { $0 += 1 }
        return true
    }

    static func refusedRequest() throws -> HTTPRequest {
        HTTPRequest(baseURL: "http://127.0.0.1:\(try closedLoopbackPort())", path: ["api", "lists"])
    }

    // MARK: An unreachable server

    @Test func aRefusedConnectionIsNotRetriedWhenALocalCopyAnswers() async throws {
        let trace = TraceLines()
        let session = try testSession(HTTPSettings(timeout: 10, retries: 2), trace: trace.sink)
        let request = try Self.refusedRequest()
        let asked = Locked(0)
        await #expect {
            try await LocalAnswer.offered(if: Self.countAsk(asked)) { _ = try await session.send(request) }
        } throws: { error in
            guard case HTTPError.cannotConnect(_, let reason) = error else { return false }
            return reason.hasPrefix("connection refused")
        }
        #expect(trace.retry.attempts.count == 1 && trace.retry.retries.isEmpty && trace.retry.skipped.count == 1, "\(trace.lines)")
        #expect(asked.withLock { $0 } == 1)
    }

    @Test func aRefusedConnectionIsRetriedWithoutALocalCopy() async throws {
        for scoped in [false, true] {
            let trace = TraceLines()
            let session = try testSession(HTTPSettings(timeout: 10, retries: 2), trace: trace.sink)
            let request = try Self.refusedRequest()
            await #expect(throws: HTTPError.self) {
                if scoped {
                    try await LocalAnswer.offered(if: false) { _ = try await session.send(request) }
                } else {
                    _ = try await session.send(request)
                }
            }
            #expect(trace.retry.attempts.count == 3 && trace.retry.retries.count == 2 && trace.retry.skipped.isEmpty, "\(trace.lines)")
        }
    }

    @Test func anInnerScopeAddsToTheOuterOne() async throws {
        let trace = TraceLines()
        let session = try testSession(HTTPSettings(timeout: 10, retries: 2), trace: trace.sink)
        let request = try Self.refusedRequest()
        await #expect(throws: HTTPError.self) {
            try await LocalAnswer.offered(if: true) {
                try await LocalAnswer.offered(if: false) {
                    async let child = session.send(request)
                    _ = try await child
                }
            }
        }
        #expect(trace.retry.retries.isEmpty && trace.retry.skipped.count == 1, "\(trace.lines)")
    }

    // MARK: A server that answers

    @Test func aLiveAnswerNeverAsksForTheLocalCopy() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession(HTTPSettings(retries: 2))
            let asked = Locked(0)
            let response = try await LocalAnswer.offered(if: Self.countAsk(asked)) {
                try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            }
            #expect(response.status == 200)
            #expect(asked.withLock { $0 } == 0)
        }
    }

    @Test func aServerThatAnswers503IsStillRetriedWithALocalCopy() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/small", status: 503, count: 1, headers: ["Retry-After": "0"])
            let session = try testSession(HTTPSettings(retries: 2))
            let response = try await LocalAnswer.offered(if: true) {
                try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            }
            #expect(response.status == 200)
            #expect(try await emulator.requests().count == 2)
        }
    }

    // MARK: The notice

    @Test func theNoticeNamesTheTimeTheAgeAndWhy() {
        let saved: Int64 = 1_796_652_120_000  // 2026-12-07 14:02 UTC
        let line = LocalCopyNotice.line(
            savedAt: saved, now: saved + 3 * 60_000 + 59_000, reason: "cannot reach lists.sjøgata.no:443 (connection refused)")
        #expect(line.hasPrefix("showing the local copy from 2026-12-0"), "\(line)")
        #expect(line.hasSuffix(" (3 min old): cannot reach lists.sjøgata.no:443 (connection refused)"), "\(line)")
        #expect(!line.contains("\n"))
        #expect(LocalCopyNoticeText(stderr: line + "\n")?.age == "3 min old")
    }

    @Test func theAgeIsInMinutesThenHoursThenDays() {
        let now: Int64 = 1_796_652_120_000
        let seconds: [Int64] = [0, 59, 60, 7_140, 7_200, 169_200, 172_800, 2_592_000]
        let ages = seconds.map { LocalCopyNotice.age(savedAt: now - $0 * 1_000, now: now) }
        #expect(
            ages == [
                "less than a minute old", "less than a minute old", "1 min old", "119 min old", "2 h old", "47 h old", "2 days old",
                "30 days old",
            ])
        #expect(LocalCopyNotice.age(savedAt: now + 3_600_000, now: now) == "less than a minute old")
    }

    @Test func unreachableServersAreDescribedInAFewWords() {
        #expect(
            HTTPError.cannotConnect(host: "Ålesund.example:8443", reason: "no route to host [curl 7]").unreachableDescription
                == "cannot reach Ålesund.example:8443 (no route to host)")
        #expect(
            HTTPError.cannotConnect(host: "東京.example", reason: "the host name does not resolve (offline?)").unreachableDescription
                == "cannot reach 東京.example (the host name does not resolve)")
        #expect(
            HTTPError.timedOut(url: "https://lists.example:443/api/lists?limit=1", seconds: 30).unreachableDescription
                == "no answer from lists.example:443 within 30s")
        #expect(HTTPError.invalidURL("x").unreachableDescription == nil)
    }
}
