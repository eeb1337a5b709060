import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Ids go into the path raw and are encoded exactly once (MCMS contract).
@Suite struct PercentEncodingTests {
    /// Every byte against RFC 3986's classes, written out here independently of the encoder.
    @Test func everyByteIsClassedAsTheRFCSays() {
        func isUnreserved(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || "-._~".utf8.contains(byte)
        }
        for value in 0...255 {
            let byte = UInt8(value)
            let text = String(decoding: [byte], as: UTF8.self)
            guard byte < 0x80 else {
                // One byte that is not UTF-8 on its own: U+FFFD, always escaped.
                #expect(PercentEncoding.pathSegment(text) == "%EF%BF%BD")
                continue
            }
            let escaped = "%" + String(format: "%02X", value)
            let inPath = isUnreserved(byte) || "!$&'()*+,;=:@".utf8.contains(byte)
            let inQuery = isUnreserved(byte) || "!$'()*,;:@/?".utf8.contains(byte)
            let inMinimal = (0x21...0x7E).contains(byte) && !"\"<>\\^`{|}".utf8.contains(byte)
            #expect(PercentEncoding.pathSegment(text) == (inPath ? text : escaped), "path, byte \(value)")
            #expect(PercentEncoding.queryComponent(text) == (inQuery ? text : escaped), "query, byte \(value)")
            #expect(PercentEncoding.minimal(text) == (inMinimal ? text : escaped), "minimal, byte \(value)")
        }
    }

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
