import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Methods, bodies and headers reach the server exactly as described.
@Suite struct RequestShapeTests {
    @Test func methodsAndBodiesArriveAsDescribed() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let patch = try await session.send(
                HTTPRequest(.patch, baseURL: emulator.baseURL, path: ["echo"], body: .json(Data("{\"Name\":\"ONU 7\"}".utf8)))
            ).decode(EchoReply.self)
            #expect(patch.method == "PATCH")
            #expect(patch.body == "{\"Name\":\"ONU 7\"}")
            #expect(patch.header("Content-Type") == "application/json")

            let emptyPost = try await session.send(HTTPRequest(.post, baseURL: emulator.baseURL, path: ["echo"])).decode(EchoReply.self)
            #expect(emptyPost.method == "POST")
            #expect(emptyPost.header("Content-Length") == "0")

            let delete = try await session.send(HTTPRequest(.delete, baseURL: emulator.baseURL, path: ["echo", "x"])).decode(EchoReply.self)
            #expect(delete.method == "DELETE")
            #expect(delete.bodyLength == 0)

            let bytes = try await session.send(
                HTTPRequest(.put, baseURL: emulator.baseURL, path: ["echo"], body: .bytes(Data("a\u{0}b".utf8), contentType: "text/plain"))
            ).decode(EchoReply.self)
            #expect(bytes.bodyLength == 3)
            #expect(bytes.header("Content-Type") == "text/plain")

            let head = try await session.send(HTTPRequest(.head, baseURL: emulator.baseURL, path: ["echo"]))
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["Content-Length"] != nil)
        }
    }

    @Test func headersAreSentVerbatimAndEmptyValuesSurvive() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let request = HTTPRequest(
                baseURL: emulator.baseURL, path: ["echo"], headers: ["Referer": "https://mcms.example/", "X-Empty": ""])
            let echo = try await session.send(request).decode(EchoReply.self)
            #expect(echo.header("Referer") == "https://mcms.example/")
            #expect(echo.header("X-Empty") == "")
            #expect(echo.header("Expect") == nil)
        }
    }

    @Test(arguments: ["a\r\nInjected: yes", "a\nInjected: yes", "a\rb"])
    func headerWithALineBreakIsRefused(value: String) async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let request = HTTPRequest(baseURL: emulator.baseURL, path: ["echo"], headers: ["X-Bad": value])
            await #expect(throws: HTTPError.transport(url: request.url, reason: "header \"X-Bad\" contains a line break")) {
                _ = try await session.send(request)
            }
            #expect(try await emulator.requests().isEmpty)
        }
    }
}
