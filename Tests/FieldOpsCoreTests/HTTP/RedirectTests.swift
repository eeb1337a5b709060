import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Redirects: GET/HEAD only, bounded, and never carrying credentials to another origin.
@Suite struct RedirectTests {
    @Test func redirectToAnotherPortDropsAuthorization() async throws {
        try await withEmulator(script: "http_test_server") { first in
            try await withEmulator(script: "http_test_server") { second in
                let session = try testSession()
                let request = HTTPRequest(
                    baseURL: first.baseURL, path: ["redirect"], query: [.init("to", second.url("/echo"))],
                    headers: ["Authorization": "Bearer secret", "X-Trace": "kept"]
                )
                let response = try await session.send(request)
                let echo = try response.decode(EchoReply.self)
                #expect(response.url == second.url("/echo"))
                #expect(echo.header("Authorization") == nil)
                #expect(echo.header("X-Trace") == "kept")
                let log = try await second.requests()
                #expect(log.count == 1)
                #expect(log.first?.header("Authorization") == nil)
            }
        }
    }

    @Test func sameOriginRedirectKeepsAuthorization() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let request = HTTPRequest(
                baseURL: emulator.baseURL, path: ["redirect"], query: [.init("to", "/echo"), .init("status", "301")],
                headers: ["Authorization": "Bearer secret"]
            )
            let echo = try await session.send(request).decode(EchoReply.self)
            #expect(echo.path == "/echo")
            #expect(echo.header("Authorization") == "Bearer secret")
        }
    }

    @Test func cookiesOfTheOldHostStayBehind() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            try await session.send(
                HTTPRequest(baseURL: emulator.baseURL, path: ["set-cookie"], query: [.init("c", "sessionid=abc; Path=/")])
            ).requireSuccess()
            let otherHost = emulator.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let request = HTTPRequest(baseURL: emulator.baseURL, path: ["redirect"], query: [.init("to", otherHost + "/cookies")])
            let seen = try await session.send(request).decode(CookieEcho.self)
            #expect(seen.cookies.isEmpty)
            let log = try await emulator.requests()
            #expect(log.first { $0.path == "/redirect" }?.header("Cookie") == "sessionid=abc")
            #expect(log.last?.path == "/cookies")
        }
    }

    @Test func postIsNotRedirected() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let request = HTTPRequest(
                .post, baseURL: emulator.baseURL, path: ["redirect"], query: [.init("to", "/echo")], body: .json(Data("{}".utf8)))
            let response = try await session.send(request)
            #expect(response.status == 302)
            #expect(try await emulator.requests().count == 1)
        }
    }

    @Test func redirectLoopsAreBounded() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            try await emulator.injectFault(path: "/loop", status: 302, count: 100, headers: ["Location": "/loop"])
            let session = try HTTPSession(version: "test", maxRedirects: 3)
            let loop = emulator.url("/loop")
            await #expect(throws: HTTPError.tooManyRedirects(url: loop, limit: 3)) {
                _ = try await session.send(HTTPRequest(baseURL: loop))
            }
            #expect(try await emulator.requests().count == 4)
        }
    }
}
