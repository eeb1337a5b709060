import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// One error language (issues #16 and #39): each kind of failure — usage, not found on the
/// server and in a local store, not logged in, not the service, a server error with its request
/// id, offline, partial — provoked in each backend, read the same way: the same exit code, one
/// sentence shape (what failed, on what) and hints that end in a whole `fieldops …` command.
@Suite struct ErrorLanguageTests {
    enum Partial: Sendable {
        /// `mcms onu reset --ids REAL,NOPE`.
        case resetOneRealOneMissing
        /// `il row delete l001 r001 r999`.
        case deleteOneRealOneMissing
        /// `jqc sync` whose pull of the areas fails.
        case syncWithAFailedPull
    }

    struct Service: Sendable, CustomTestStringConvertible {
        var script: String
        var backend: String
        var name: String
        var username: String
        var password: String
        var listing: [String]
        /// A command asking the server for one record that does not exist, and its words.
        var missing: (command: [String], says: String)
        /// A value that is not one of an option's choices, typed in capitals.
        var badChoice: [String]
        var partial: Partial
        /// A look-up in a local store that finds nothing, where the backend has one.
        var localMissing: (command: [String], says: String)?
        var emulatorArguments: [String] = []
        var testDescription: String { backend }
    }

    static let services: [Service] = [
        Service(
            script: "jqc_emulator", backend: "jqc", name: "JQC", username: "inspector", password: "secret123",
            listing: ["jqc", "history"], missing: (["jqc", "issue", "status", "999", "resolved"], "no issue 999 on profile p (HTTP 404"),
            badChoice: ["jqc", "issue", "flag", "--severity", "CRIT", "--facility", "1", "--description", "Søl i trappen"],
            partial: .syncWithAFailedPull,
            localMissing: (["jqc", "inspect", "show", "zzzz"], "no inspection zzzz in the local store of profile p")),
        Service(
            script: "mcms_emulator", backend: "mcms", name: "MCMS", username: "tech@example.net", password: "pon-secret",
            listing: ["mcms", "onu", "list"], missing: (["mcms", "onu", "show", "NOPE"], "no ONU NOPE on profile p (HTTP 404"),
            badChoice: ["mcms", "alarms", "--severity", "CRIT"], partial: .resetOneRealOneMissing, emulatorArguments: ["--onus", "6"]),
        Service(
            script: "interlinedlist_emulator", backend: "interlinedlist", name: "InterlinedList", username: "ada@example.com",
            password: "lovelace1", listing: ["il", "lists", "--refresh"],
            missing: (["il", "list", "show", "l999", "--no-cache"], "no list l999 on profile p (HTTP 404"),
            badChoice: ["il", "scheduled", "--range", "YEAR"], partial: .deleteOneRealOneMissing),
    ]

    /// What is wrong with the hint lines of `stderr`: a command in backticks or quotes, or a
    /// command without the `fieldops` that makes it runnable.
    static func hintProblems(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("hint: ") }.compactMap { line in
            if line.contains("`") { return "backticks: \(line)" }
            if line.contains("'fieldops") { return "quoted command: \(line)" }
            let words = line.split(whereSeparator: { " (:;,".contains($0) }).map(String.init)
            for (index, word) in words.enumerated() where ["jqc", "mcms", "il", "auth", "profile"].contains(word) {
                let before = words[..<index]
                if index + 1 < words.count, words[index + 1].first?.isLowercase == true, !before.contains("fieldops"),
                    !before.contains("of"), !before.contains("a")
                {
                    return "a command without fieldops: \(line)"
                }
            }
            return nil
        }
    }

    /// Exit code, the first words, and the hint's form of one failure.
    static func check(
        _ outcome: CommandOutcome, exit code: Int32, says words: String, _ what: String, service: Service
    ) {
        #expect(outcome.exitCode == code, "\(service.backend) \(what): \(outcome)")
        #expect(outcome.stderr.hasPrefix("fieldops: " + words), "\(service.backend) \(what): \(outcome.stderr)")
        #expect(hintProblems(outcome.stderr).isEmpty, "\(service.backend) \(what): \(hintProblems(outcome.stderr))")
    }

    @Test(arguments: services)
    func theSameFailureReadsTheSameEverywhere(_ service: Service) async throws {
        try await withEmulator(script: service.script, arguments: service.emulatorArguments) { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.writeProfile(backend: service.backend, baseURL: emulator.baseURL, username: service.username)
            func login() throws {
                let login = try home.logIn(password: service.password)
                try #require(login.exitCode == 0, "\(login)")
            }
            // Not logged in yet, then a wrong password: exit 3, and the way to log in.
            let never = try home.runBinary(["-p", "p"] + service.listing)
            Self.check(never, exit: 3, says: "profile p is not logged in", "not logged in", service: service)
            #expect(never.stderr.contains("fieldops -p p auth login"), "\(never.stderr)")
            let wrong = try home.logIn(password: "not-the-password")
            #expect(wrong.exitCode == 3, "a wrong password is exit 3 everywhere: \(wrong)")
            try login()

            // Usage: a value that is not one of the choices, in the parser's words.
            let usage = try home.runBinary(["-p", "p"] + service.badChoice)
            Self.check(usage, exit: 2, says: "invalid value '", "bad choice", service: service)
            #expect(usage.stderr.contains("expected one of"), "\(usage.stderr)")
            #expect(usage.stderr.contains("hint: see the usage: fieldops "), "\(usage.stderr)")

            // Not found, on the server and in a local store: exit 1, `no KIND ID on profile p`.
            let absent = try home.runBinary(["-p", "p"] + service.missing.command)
            Self.check(absent, exit: 1, says: service.missing.says, "not found", service: service)
            if let local = service.localMissing {
                Self.check(
                    try home.runBinary(["-p", "p"] + local.command), exit: 1, says: local.says, "not in the store", service: service)
            }

            // `api` speaks to whichever service the profile is: its every error names profile and host.
            let api = try home.runBinary(["-p", "p", "api", "/no-such-route/1"])
            #expect(api.exitCode == 1, "\(api)")
            #expect(api.stderr.hasPrefix("fieldops: profile p (\(service.backend) at http://127.0.0.1:"), "\(api.stderr)")

            // Not the service: an HTML page where the API should be.
            try await emulator.admin(post: "hostile", json: ["mode": "html-200", "path": "/api/*"])
            let html = try home.runBinary(["-p", "p"] + service.listing)
            #expect(html.exitCode == 1, "\(html)")
            #expect(html.stderr.contains("did not answer as \(service.name) does: it sent an HTML page instead of JSON"), "\(html.stderr)")
            #expect(html.stderr.contains("check the base_url: fieldops profile show p"), "\(html.stderr)")
            #expect(Self.hintProblems(html.stderr).isEmpty, "\(Self.hintProblems(html.stderr))")
            try await emulator.admin(post: "reset")
            try await emulator.clearFaults()
            try login()

            // A server error with the id the server gave the request.
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
            #expect(Self.hintProblems(refused.stderr).isEmpty, "\(Self.hintProblems(refused.stderr))")
            try await emulator.clearFaults()
            try login()

            // Partial: some items of a bulk command failed, exit 5.
            let partial: CommandOutcome
            switch service.partial {
            case .resetOneRealOneMissing:
                let ids = try home.runBinary(["-p", "p", "mcms", "onu", "list", "-o", "plain", "--fields", "id"])
                let real = try #require(ids.stdout.split(separator: "\n").first.map(String.init), "\(ids)")
                partial = try home.runBinary(["-p", "p", "--yes", "mcms", "onu", "reset", "--ids", "\(real),NOPE00000000"])
            case .deleteOneRealOneMissing:
                partial = try home.runBinary(["-p", "p", "--yes", "il", "row", "delete", "l001", "r001", "r999"])
            case .syncWithAFailedPull:
                try await emulator.injectFault(path: "/api/v1/areas", status: 500, count: 1)
                partial = try home.runBinary(["-p", "p", "jqc", "sync"])
            }
            #expect(partial.exitCode == 5, "\(service.backend) partial: \(partial)")
            #expect(Self.hintProblems(partial.stderr).isEmpty, "\(Self.hintProblems(partial.stderr))")
            try await emulator.clearFaults()

            // Offline: the server is gone (connection refused), exit 4, the profile named.
            emulator.stop()
            let offline = try home.runBinary(["-p", "p"] + service.listing + (service.backend == "interlinedlist" ? ["--no-cache"] : []))
            #expect(offline.exitCode == 4, "\(service.backend) offline: \(offline)")
            #expect(
                offline.stderr.contains("(profile p)") && offline.stderr.contains("cannot reach"),
                "\(service.backend) offline: \(offline.stderr)")
            #expect(Self.hintProblems(offline.stderr).isEmpty, "\(Self.hintProblems(offline.stderr))")
        }
    }

    @Test func aServerThatIsNotJQCIsNoPartialFailureOfTheSync() async throws {
        try await withEmulator(script: "jqc_emulator") { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.syncJQC(at: emulator.baseURL)
            try await emulator.admin(post: "hostile", json: ["mode": "html-200", "path": "/api/*"])
            let sync = try home.runBinary(["-p", "p", "jqc", "sync"])
            #expect(sync.exitCode == 1, "not 5: nothing went through, and no item is to blame: \(sync)")
            #expect(sync.stderr.contains("did not answer as JQC does"), "\(sync.stderr)")
        }
    }
}
