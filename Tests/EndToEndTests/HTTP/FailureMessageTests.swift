import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Failures a hostile or misconfigured server causes read as what happened and what to do,
/// never as a libcurl code or a bare status line.
@Suite struct FailureMessageTests {
    @Test func hugeResponseHeadersAreNamedAsSuch() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/small", status: 200, headers: ["X-Padding": String(repeating: "a", count: 2_000_000)])
            let session = try HTTPSession(settings: HTTPSettings(retries: 0), version: "test")
            do {
                _ = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
                Issue.record("a 2 MB header was accepted")
            } catch let error as HTTPError {
                #expect(error.summary.contains("response headers are larger than the 100 KB libcurl accepts"), "\(error.summary)")
                #expect(!error.summary.contains("[curl 27]"))
            }
        }
    }

    @Test func aRedirectAnsweringAPostNamesItsTarget() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/echo", method: "POST", status: 302, headers: ["Location": "https://login.example/sso"])
            let session = try HTTPSession(settings: HTTPSettings(retries: 0), version: "test")
            let response = try await session.send(
                HTTPRequest(.post, baseURL: emulator.baseURL, path: ["echo"], body: .json(Data("{}".utf8))))
            do {
                try response.requireSuccess()
                Issue.record("a 302 passed as success")
            } catch let error as HTTPError {
                #expect(error.summary.contains("redirected to https://login.example/sso"), "\(error.summary)")
                #expect(error.summary.contains("a POST is never sent on to another address"))
                #expect(error.hint?.contains("base_url") == true)
            }
        }
    }

    @Test func absurdDurationsAreUsageErrors() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        for (value, message) in [("99999999999999h", "a duration of at most a year"), ("1e999", "a duration such as 30s")] {
            let outcome = try home.runBinary(["jqc", "notifications", "watch", "--interval", value])
            #expect(outcome.exitCode == 2, "\(value): \(outcome)")
            #expect(outcome.stderr.contains(message), "\(value): \(outcome)")
        }
        #expect(DurationText.seconds("8784h") == Double(8784 * 3600))
        #expect(DurationText.seconds("8785h") == nil)
    }
}
