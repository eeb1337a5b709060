import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Each backend's server redirects a request to another port of the same host (a capture
/// server): the real binary follows it, and no credential of any kind arrives there — no
/// `Authorization`, no `Cookie` (the MCMS session and CSRF cookies included), no CSRF header.
@Suite struct CrossOriginCredentialTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var script: String
        var backend: String
        var username: String
        var password: String
        /// The requests the command makes first, redirected by the fault.
        var faultPath: String
        var command: [String]
        var emulatorArguments: [String] = []
        var testDescription: String { backend }
    }

    static let cases: [Case] = [
        Case(
            script: "jqc_emulator", backend: "jqc", username: "inspector", password: "secret123",
            faultPath: "/api/v1/auth/me", command: ["jqc", "sync"]),
        Case(
            script: "mcms_emulator", backend: "mcms", username: "tech@example.net", password: "pon-secret",
            faultPath: "/api/v1/onus/*", command: ["mcms", "onu", "list"], emulatorArguments: ["--onus", "3"]),
        Case(
            script: "interlinedlist_emulator", backend: "interlinedlist", username: "ada@example.com", password: "lovelace1",
            faultPath: "/api/*", command: ["il", "feed", "--refresh"]),
    ]

    @Test(arguments: cases)
    func redirectToAnotherPortCarriesNoCredential(_ item: Case) async throws {
        try await withEmulator(script: item.script, arguments: item.emulatorArguments) { service in
            try await withEmulator(script: "http_test_server") { capture in
                let home = try FieldOpsHome()
                defer { home.remove() }
                try home.writeConfig(
                    """
                    profiles:
                      p:
                        backend: \(item.backend)
                        base_url: \(service.baseURL)
                        username: \(item.username)
                        http: { retries: 0 }
                    """)
                let login = try home.runBinary(["-p", "p", "auth", "login", "--password-stdin"], stdin: item.password + "\n")
                #expect(login.exitCode == 0, "\(login)")
                try await service.injectFault(
                    path: item.faultPath, method: "GET", status: 302, count: 5, headers: ["Location": capture.url("/echo/captured")])
                _ = try home.runBinary(["-p", "p"] + item.command)

                let captured = try await capture.requests().filter { $0.path.hasPrefix("/echo") }
                #expect(!captured.isEmpty, "the redirect was not followed")
                for request in captured {
                    for name in ["Authorization", "Cookie", "X-CSRFToken", "Proxy-Authorization"] {
                        #expect(request.header(name) == nil, "\(item.backend) sent \(name) to another port: \(request.header(name) ?? "")")
                    }
                    let secrets = ["secret123", "pon-secret", "lovelace1", "sessionid", "csrftoken"]
                    for secret in secrets { #expect(!request.body.contains(secret) && !request.rawPath.contains(secret)) }
                }
            }
        }
    }
}
