import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Ids go into the path raw and are encoded exactly once (MCMS contract).
@Suite struct PercentEncodingTests {
    // MARK: Tables

    @Test(arguments: [
        ("70:b3:d5:52:31:27", "70:b3:d5:52:31:27"),
        ("ALPHe30cadcf", "ALPHe30cadcf"),
        ("a b", "a%20b"),
        ("a/b", "a%2Fb"),
        ("100%", "100%25"),
        ("%3A", "%253A"),
        ("café", "caf%C3%A9"),
        ("a?b#c", "a%3Fb%23c"),
        ("user@site", "user@site"),
        ("a+b=c", "a+b=c"),
        ("[x]", "%5Bx%5D"),
    ])
    func pathSegmentIsEncodedOnce(raw: String, encoded: String) {
        #expect(PercentEncoding.pathSegment(raw) == encoded)
    }

    @Test(arguments: [
        ("a b", "a%20b"),
        ("a+b", "a%2Bb"),
        ("x=1&y", "x%3D1%26y"),
        ("{\"ONU.Name\":1}", "%7B%22ONU.Name%22:1%7D"),
        ("70:b3:d5:52:31:27", "70:b3:d5:52:31:27"),
    ])
    func queryComponentIsEncodedOnce(raw: String, encoded: String) {
        #expect(PercentEncoding.queryComponent(raw) == encoded)
    }

    @Test func urlJoinsBaseSegmentsAndQuery() {
        let request = HTTPRequest(
            baseURL: "https://mcms.example/api/", path: ["v1", "olts", "70:b3:d5:52:31:27"],
            query: [.init("projection", "{\"OLT.Name\":1}"), .init("limit", "5")]
        )
        #expect(request.url == "https://mcms.example/api/v1/olts/70:b3:d5:52:31:27?projection=%7B%22OLT.Name%22:1%7D&limit=5")
    }

    // MARK: On the wire

    @Test func serverDecodesIdsBackToTheRawValue() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let request = HTTPRequest(
                baseURL: emulator.baseURL, path: ["echo", "70:b3:d5:52:31:27", "a b", "50%"],
                query: [.init("query", "{\"a\": \"b c\"}")]
            )
            let echo = try await session.send(request).decode(EchoReply.self)
            #expect(echo.rawPath == "/echo/70:b3:d5:52:31:27/a%20b/50%25")
            #expect(echo.path == "/echo/70:b3:d5:52:31:27/a b/50%")
            #expect(echo.query["query"] == "{\"a\": \"b c\"}")
        }
    }
}
