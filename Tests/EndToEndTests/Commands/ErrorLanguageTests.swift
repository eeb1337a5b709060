import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// One error language: the same broken answer from each service reads the same, with the same
/// hint and exit code (issue #16), whichever backend met it.
@Suite struct ErrorLanguageTests {
    struct Service: Sendable, CustomTestStringConvertible {
        var script: String
        var backend: String
        var name: String
        var username: String
        var password: String
        var listing: [String]
        /// A command asking for one record that does not exist, and the words it must use.
        var missing: (command: [String], says: String)?
        var emulatorArguments: [String] = []
        var testDescription: String { backend }
    }

    static let services: [Service] = [
        Service(
            script: "jqc_emulator", backend: "jqc", name: "JQC", username: "inspector", password: "secret123",
            listing: ["jqc", "history"], missing: (["jqc", "issue", "status", "999", "resolved"], "no issue 999 on p")),
        Service(
            script: "mcms_emulator", backend: "mcms", name: "MCMS", username: "tech@example.net", password: "pon-secret",
            listing: ["mcms", "onu", "list"], missing: (["mcms", "onu", "show", "NOPE"], "no ONU NOPE on p"),
            emulatorArguments: ["--onus", "6"]),
        Service(
            script: "interlinedlist_emulator", backend: "interlinedlist", name: "InterlinedList", username: "ada@example.com",
            password: "lovelace1", listing: ["il", "lists", "--refresh"],
            missing: (["il", "list", "show", "l999", "--no-cache"], "no list l999 on p")),
    ]

    @Test(arguments: services)
    func theSameFailureReadsTheSameEverywhere(_ service: Service) async throws {
        try await withEmulator(script: service.script, arguments: service.emulatorArguments) { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.writeConfig(
                """
                profiles:
                  p:
                    backend: \(service.backend)
                    base_url: \(emulator.baseURL)
                    username: \(service.username)
                    http: { retries: 0, timeout: 5s }
                """)
            let wrong = try home.runBinary(["-p", "p", "auth", "login", "--password-stdin"], stdin: "not-the-password\n")
            #expect(wrong.exitCode == 3, "a wrong password is exit 3 everywhere: \(wrong)")
            let login = try home.runBinary(["-p", "p", "auth", "login", "--password-stdin"], stdin: service.password + "\n")
            try #require(login.exitCode == 0, "\(login)")

            // Not the service: an HTML page where the API should be.
            try await emulator.admin(post: "hostile", json: ["mode": "html-200", "path": "/api/*"])
            let html = try home.runBinary(["-p", "p"] + service.listing)
            #expect(html.exitCode == 1, "\(html)")
            #expect(html.stderr.contains("did not answer as \(service.name) does: it sent an HTML page instead of JSON"), "\(html.stderr)")
            #expect(html.stderr.contains("hint: check the base_url of profile p"), "\(html.stderr)")
            try await emulator.admin(post: "reset")
            try await emulator.clearFaults()

            // A server error with the id the server gave the request.
            let relogin = try home.runBinary(["-p", "p", "auth", "login", "--password-stdin"], stdin: service.password + "\n")
            try #require(relogin.exitCode == 0, "\(relogin)")
            try await emulator.injectFault(
                path: "/api/*", status: 500, count: 20, body: #"{"error": "database down"}"#,
                headers: ["X-Request-Id": "req-42"])
            let broken = try home.runBinary(["-p", "p"] + service.listing)
            #expect(broken.exitCode == 1, "\(broken)")
            #expect(broken.stderr.contains("failed: HTTP 500 Internal Server Error"), "\(broken.stderr)")
            #expect(broken.stderr.contains("request id req-42"), "\(broken.stderr)")
            #expect(broken.stderr.contains("hint: the server had a problem; try again later"), "\(broken.stderr)")
            #expect(!broken.stderr.contains("http://"), "raw URLs only under -v: \(broken.stderr)")
            try await emulator.clearFaults()

            // Not authenticated: every request refused with 401.
            try await emulator.injectFault(path: "/api/*", status: 401, count: 20)
            let refused = try home.runBinary(["-p", "p"] + service.listing)
            #expect(refused.exitCode == 3, "\(refused)")
            try await emulator.clearFaults()

            if let missing = service.missing {
                let relogin = try home.runBinary(["-p", "p", "auth", "login", "--password-stdin"], stdin: service.password + "\n")
                try #require(relogin.exitCode == 0, "\(relogin)")
                let absent = try home.runBinary(["-p", "p"] + missing.command)
                #expect(absent.exitCode == 1, "\(absent)")
                #expect(absent.stderr.hasPrefix("fieldops: " + missing.says), "\(absent.stderr)")
            }
        }
    }

    @Test func aServerThatIsNotJQCIsNoPartialFailureOfTheSync() async throws {
        try await withEmulator(script: "jqc_emulator") { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.writeConfig(
                "profiles:\n  p: { backend: jqc, base_url: \(emulator.baseURL), username: inspector, http: { retries: 0 } }\n")
            try #require(try home.runBinary(["-p", "p", "auth", "login", "--password-stdin"], stdin: "secret123\n").exitCode == 0)
            try #require(try home.runBinary(["-p", "p", "jqc", "sync"]).exitCode == 0)
            try await emulator.admin(post: "hostile", json: ["mode": "html-200", "path": "/api/*"])
            let sync = try home.runBinary(["-p", "p", "jqc", "sync"])
            #expect(sync.exitCode == 1, "not 5: nothing went through, and no item is to blame: \(sync)")
            #expect(sync.stderr.contains("did not answer as JQC does"), "\(sync.stderr)")
        }
    }
}
