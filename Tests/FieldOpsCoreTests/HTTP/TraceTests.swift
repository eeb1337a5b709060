import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// The `-v` trace shows what happened and never a secret.
@Suite struct TraceTests {
    @Test func traceShowsTheExchangeWithSecretsRedacted() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let recorder = TraceRecorder()
            let session = try testSession(trace: recorder.sink)
            try await emulator.injectFault(path: "/small", status: 200, headers: ["Set-Cookie": "sessionid=cookie-secret; Path=/"])
            try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"])).requireSuccess()
            let body = Data("{\"email\":\"ana@example.org\",\"password\":\"pw-secret\",\"nested\":{\"refresh_token\":\"rt-secret\"}}".utf8)
            let request = HTTPRequest(
                .post, baseURL: emulator.baseURL, path: ["small"], query: [.init("access_token", "qs-secret"), .init("page", "2")],
                headers: ["Authorization": "Bearer bearer-secret", "X-CSRFToken": "csrf-secret", "X-Request": "visible"],
                body: .json(body)
            )
            try await session.send(request).requireSuccess()

            let lines = recorder.all
            let text = lines.joined(separator: "\n")
            for secret in ["cookie-secret", "pw-secret", "rt-secret", "bearer-secret", "csrf-secret", "qs-secret"] {
                #expect(!text.contains(secret), "trace leaked \(secret)")
            }
            #expect(lines.contains("> POST \(emulator.url("/small"))?access_token=<redacted>&page=2"))
            #expect(lines.contains("> Authorization: <redacted>"))
            #expect(lines.contains("> X-CSRFToken: <redacted>"))
            #expect(lines.contains("> X-Request: visible"))
            #expect(lines.contains("> Cookie: <redacted>"))
            #expect(lines.contains("< Set-Cookie: <redacted>"))
            #expect(text.contains("\"email\":\"ana@example.org\""))
            #expect(text.contains("\"password\":\"<redacted>\""))
            #expect(lines.contains { $0.hasPrefix("< HTTP/1.1 200 (") && $0.contains(" ms, ") })
            // The secrets did go out: only the trace hides them.
            let sent = try #require(try await emulator.requests().last)
            #expect(sent.header("Authorization") == "Bearer bearer-secret")
            #expect(sent.header("Cookie") == "sessionid=cookie-secret")
        }
    }

    @Test func tokenFieldsAreRedactedInJSONText() {
        let redacted = HTTPTraceRedaction.json("{\"token\": \"abc\", \"access_token\":\"d\\\"e\", \"keep\":\"x\"}")
        #expect(redacted == "{\"token\": \"<redacted>\", \"access_token\":\"<redacted>\", \"keep\":\"x\"}")
    }
}
