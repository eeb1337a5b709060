import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// `fieldops auth …` through a backend defined in the tests, over real HTTP to the loopback test
/// server, with a real keyring file.
@Suite struct AuthCommandTests {
    func configure(_ home: FieldOpsHome, baseURL: String, keyring: String = "") throws {
        try home.writeConfig(
            """
            profiles:
              north:
                backend: widget
                base_url: \(baseURL)
                username: wendy
                shelf: top
            \(keyring)
            """)
    }

    @Test func loginStoresCredentialsOnlyInTheKeyring() async throws {
        try await withEmulator(script: "http_test_server.py") { server in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try configure(home, baseURL: server.baseURL)
            var outcome = await home.run(
                ["-p", "north", "auth", "login", "--password-stdin"], backends: testBackends, stdin: "open-sesame\n")
            #expect(outcome.exitCode == 0, "\(outcome)")
            #expect(outcome.stderr.contains("logged in to north (widget) as wendy"))

            let attributes = try FileManager.default.attributesOfItem(atPath: home.keyringFile)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            let keyring = try String(contentsOfFile: home.keyringFile, encoding: .utf8)
            #expect(keyring.contains("token-for-wendy"))
            #expect(!keyring.contains("open-sesame"), "the password is never stored")
            #expect(!(try String(contentsOfFile: home.configFile, encoding: .utf8)).contains("token"))

            outcome = await home.run(["-p", "north", "widget", "whoami"], backends: testBackends)
            #expect(outcome.exitCode == 0, "\(outcome)")
            #expect(outcome.stdout.contains(#""authorization" : "Bearer token-for-wendy""#))
            #expect(outcome.stdout.contains(#""cookie" : "widget_session=s-wendy""#), "the login cookie came back from the keyring")
            #expect(outcome.stdout.contains(#""shelf" : "top""#))

            outcome = await home.run(["-p", "north", "auth", "status", "--json"], backends: testBackends)
            let status = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]]
            #expect(status?.first?["logged_in"] as? Bool == true)
            #expect(status?.first?["encrypted"] as? Bool == false)
            #expect(status?.first?["secrets"] as? [String] == ["access_token", "cookies"])
            #expect((status?.first?["facts"] as? [String: String])?["role"] == "tester")
            #expect(!outcome.stdout.contains("token-for-wendy"), "status never prints a secret")

            outcome = await home.run(["-p", "north", "auth", "token"], backends: testBackends)
            #expect(outcome.stdout == "token-for-wendy\n")

            outcome = await home.run(["-p", "north", "auth", "logout"], backends: testBackends)
            #expect(outcome.exitCode == 0)
            outcome = await home.run(["-p", "north", "auth", "token"], backends: testBackends)
            #expect(outcome.exitCode == 3, "\(outcome)")
        }
    }

    @Test func environmentTokenOverridesTheKeyring() async throws {
        try await withEmulator(script: "http_test_server.py") { server in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try configure(home, baseURL: server.baseURL)
            let outcome = await home.run(
                ["widget", "whoami"], backends: testBackends, environment: ["FIELDOPS_TOKEN": "ci-token"])
            #expect(outcome.exitCode == 0, "\(outcome)")
            #expect(outcome.stdout.contains(#""authorization" : "Bearer ci-token""#))
            #expect(outcome.stdout.contains(#""source" : "$FIELDOPS_TOKEN""#))
        }
    }

    @Test func wrongPasswordStoresNothing() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try configure(home, baseURL: "http://127.0.0.1:9")
        let outcome = await home.run(
            ["-p", "north", "auth", "login", "--password-stdin"], backends: testBackends, stdin: "guess\n")
        #expect(outcome.exitCode == 3)
        #expect(!FileManager.default.fileExists(atPath: home.keyringFile))
    }

    @Test func passwordIsNeverReadFromAPipeWithoutTheFlag() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try configure(home, baseURL: "http://127.0.0.1:9")
        let outcome = await home.run(["-p", "north", "auth", "login"], backends: testBackends, stdin: "open-sesame\n")
        #expect(outcome.exitCode == 2)
        #expect(outcome.stderr.contains("--password-stdin"))
    }

    @Test func encryptedKeyringNeedsTheRightPassphrase() async throws {
        try await withEmulator(script: "http_test_server.py") { server in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try configure(home, baseURL: server.baseURL, keyring: "keyring:\n  encryption: passphrase\n")
            let right = ["FIELDOPS_KEYRING_PASSPHRASE": "correct horse"]
            var outcome = await home.run(
                ["-p", "north", "auth", "login", "--password-stdin"], backends: testBackends, stdin: "open-sesame\n",
                environment: right)
            #expect(outcome.exitCode == 0, "\(outcome)")
            #expect(!(try String(contentsOfFile: home.keyringFile, encoding: .utf8)).contains("token-for-wendy"))

            outcome = await home.run(["-p", "north", "auth", "status"], backends: testBackends, environment: right)
            #expect(outcome.stdout.contains("(encrypted)"), "\(outcome)")

            let before = try Data(contentsOf: URL(fileURLWithPath: home.keyringFile))
            outcome = await home.run(
                ["-p", "north", "auth", "token"], backends: testBackends, environment: ["FIELDOPS_KEYRING_PASSPHRASE": "not-it-x9q"])
            #expect(outcome.exitCode == 1, "\(outcome)")
            #expect(outcome.stderr.contains("passphrase"))
            #expect(!outcome.stderr.contains("not-it-x9q"), "the passphrase is never echoed")
            #expect(try Data(contentsOf: URL(fileURLWithPath: home.keyringFile)) == before)
        }
    }
}
