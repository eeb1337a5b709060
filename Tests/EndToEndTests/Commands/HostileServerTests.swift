import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Every backend's main commands, as the real binary, against every hostile-server mode of
/// the emulators (`Tests/Emulators/hostile.py`): no crash, no hang past the timeout, a clear
/// one-line error with a documented exit code, and no credential sent anywhere but the origin.
@Suite struct HostileServerTests {
    struct Service: Sendable, CustomTestStringConvertible {
        var script: String
        var backend: String
        var username: String
        var password: String
        var commands: [[String]]
        var emulatorArguments: [String] = []
        var testDescription: String { backend }
    }

    static let services: [Service] = [
        Service(
            script: "jqc_emulator", backend: "jqc", username: "inspector", password: "secret123",
            commands: [["jqc", "sync"], ["jqc", "history"], ["jqc", "notifications", "poll"]]),
        Service(
            script: "mcms_emulator", backend: "mcms", username: "tech@example.net", password: "pon-secret",
            commands: [["mcms", "dashboard"], ["mcms", "onu", "list"], ["mcms", "olt", "list"], ["mcms", "alarms"]],
            emulatorArguments: ["--onus", "6"]),
        Service(
            script: "interlinedlist_emulator", backend: "interlinedlist", username: "ada@example.com", password: "lovelace1",
            commands: [["il", "feed", "--refresh"], ["il", "lists", "--refresh"], ["il", "docs", "--refresh"]]),
    ]

    static let modes = [
        "html-200", "truncated-json", "huge-body", "gzip-bomb", "slow-drip", "mid-body-drop",
        "invalid-utf8", "deep-json", "huge-numbers", "cross-port", "huge-headers",
    ]

    /// Exit codes a command may end with against a broken server (DESIGN.md §6).
    static let documented: Set<Int32> = [0, 1, 2, 3, 4, 5]

    @Test(arguments: services)
    func everyModeFailsCleanly(_ service: Service) async throws {
        try await withEmulator(script: service.script, arguments: service.emulatorArguments) { emulator in
            try await withEmulator(script: "http_test_server") { capture in
                let home = try FieldOpsHome()
                defer { home.remove() }
                try home.writeProfile(
                    backend: service.backend, baseURL: emulator.baseURL, username: service.username,
                    http: "{ retries: 0, timeout: 3s, connect_timeout: 2s }")
                let login = try home.logIn(password: service.password)
                try #require(login.exitCode == 0, "\(login)")
                var failures: [String] = []
                for mode in Self.modes {
                    try await emulator.admin(
                        post: "hostile", json: ["mode": mode, "path": "/api/*", "target": capture.url("/echo/captured")])
                    for command in service.commands {
                        let label = "\(mode) \(command.joined(separator: " "))"
                        let outcome: CommandOutcome
                        do {
                            outcome = try home.runBinary(["-p", "p"] + command, timeout: 120)
                        } catch {
                            failures.append("\(label): \(error)")
                            continue
                        }
                        if !Self.documented.contains(outcome.exitCode) {
                            failures.append("\(label): exit \(outcome.exitCode)\n\(outcome.stderr)")
                        }
                        if outcome.exitCode != 0 {
                            let first = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
                            if !first.hasPrefix("fieldops: ") { failures.append("\(label): no clear error: \(outcome.stderr)") }
                            for leak in ["Fatal error", "SIGILL", "DecodingError", "Swift.", "FieldOpsCore.", "<html"]
                            where outcome.stderr.contains(leak) {
                                failures.append("\(label): the error shows internals (\(leak)): \(outcome.stderr)")
                            }
                        }
                    }
                }
                try await emulator.admin(post: "reset")
                #expect(failures.isEmpty, "\(failures.joined(separator: "\n---\n"))")
                for request in try await capture.requests() {
                    for name in ["Authorization", "Cookie", "X-CSRFToken"] {
                        #expect(request.header(name) == nil, "\(service.backend) sent \(name) to the capture port")
                    }
                }
            }
        }
    }
}
