import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Login, logout, and the seed's 401/403 rules, against the emulator over real HTTP.
@Suite struct SessionTests {
    // MARK: Login and logout

    @Test func loginKeepsTheSessionCookiesInTheKeyringOnly() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let keyring = harness.keyringText()
        #expect(keyring.contains("cookies"))
        let config = try String(contentsOfFile: harness.home.path("config/fieldops/config.yaml"), encoding: .utf8)
        #expect(!config.contains("sessionid"))
        let mode = try FileManager.default.attributesOfItem(atPath: harness.home.path("data/fieldops/keyring"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Without --remember-password the password is not stored.
        let entry = try Keyring(path: harness.home.path("data/fieldops/keyring"), passphrase: PassphraseSource(environment: [:]))
            .entry(for: "lab")
        #expect(entry?.secrets[KeyringSecret.password] == nil)
        #expect(entry?.identity?["user"] == MCMSHarness.tech)
        let list = await harness.run(["mcms", "onu", "list"])
        #expect(list.exitCode == 0, "\(list.stderr)")
    }

    @Test func badPasswordIsNotAuthenticated() async throws {
        let harness = try await MCMSHarness()
        let result = await harness.run(["auth", "login", "--username", MCMSHarness.tech, "--password-stdin"], stdin: "wrong\n")
        #expect(result.exitCode == 3)
        #expect(result.stderr.contains("Invalid email or password"))
    }

    @Test func commandsBeforeLoginSayNotLoggedIn() async throws {
        let harness = try await MCMSHarness()
        let result = await harness.run(["mcms", "onu", "list"])
        #expect(result.exitCode == 3)
        #expect(result.stderr.contains("profile lab is not logged in"))
        #expect(try await harness.state()["counts"]?["sessions"] == 0)
    }

    @Test func logoutEndsTheServerSessionAndClearsTheKeyring() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        #expect(try await harness.state()["counts"]?["sessions"] == 1)
        let result = await harness.run(["auth", "logout"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try await harness.state()["counts"]?["sessions"] == 0)
        let entry = try Keyring(path: harness.home.path("data/fieldops/keyring"), passphrase: PassphraseSource(environment: [:]))
            .entry(for: "lab")
        #expect(entry == nil)
        #expect(await harness.run(["mcms", "onu", "list"]).exitCode == 3)
    }

    // MARK: 401 and 403

    @Test func expiredSessionIsExitThreeWithoutARememberedPassword() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        try await harness.expireSessions()
        let result = await harness.run(["mcms", "onu", "list"])
        #expect(result.exitCode == 3)
        #expect(result.stderr.contains("the session of profile lab has expired"))
        #expect(try await harness.state()["counts"]?["sessions"] == 0, "no silent re-login")
    }

    @Test func expiredSessionLogsInOnceAndRetriesWhenThePasswordIsRemembered() async throws {
        let harness = try await MCMSHarness()
        try await harness.login(options: ["--remember-password"])
        try await harness.expireSessions()
        let before = try await harness.emulator.requests().count
        let result = await harness.run(["mcms", "onu", "show", try await harness.onuIDs()[0]])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let requests = try await harness.emulator.requests().dropFirst(before)
        // Several requests run at once and all meet the 401; only one logs in again.
        #expect(requests.filter { $0.path.hasSuffix("/users/authenticate/") }.count == 1)
        #expect(try await harness.state()["counts"]?["sessions"] == 1)
        // The new cookies were saved: the next run needs no re-login.
        let again = try await harness.emulator.requests().count
        #expect(await harness.run(["mcms", "olt", "list"]).exitCode == 0)
        #expect(try await harness.emulator.requests().dropFirst(again).allSatisfy { !$0.path.hasSuffix("/authenticate/") })
    }

    @Test func reLoginHappensOnceAndTheRequestIsRetriedOnce() async throws {
        let harness = try await MCMSHarness()
        try await harness.login(options: ["--remember-password"])
        let id = try await harness.onuIDs()[0]
        // The config GET answers 401 twice: the first triggers one re-login, the retry's 401 is final.
        try await harness.emulator.injectFault(
            path: "/api/v1/onus/configs/\(id)/", method: "GET", status: 401, count: 2,
            body: #"{"status":"fail","details":{"message":"expired"}}"#, contentType: "application/json")
        let before = try await harness.emulator.requests().count
        let result = await harness.run(["mcms", "onu", "config", id])
        #expect(result.exitCode == 3)
        #expect(result.stderr.contains("the session of profile lab has expired"))
        let requests = try await harness.emulator.requests().dropFirst(before)
        #expect(requests.filter { $0.path.hasSuffix("/authenticate/") }.count == 1)
        #expect(requests.filter { $0.path == "/api/v1/onus/configs/\(id)/" }.count == 2)
    }

    @Test func forbiddenWriteIsNotALogout() async throws {
        let harness = try await MCMSHarness()
        try await harness.login(MCMSHarness.viewer)
        let id = try await harness.onuIDs()[0]
        let result = await harness.run(["mcms", "onu", "reset", id, "--yes"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("forbidden (permission or CSRF)"))
        #expect(!result.stderr.contains("has expired"))
        // Still logged in: the session and its keyring entry survive a 403.
        #expect(harness.keyringText().contains("cookies"))
        #expect(await harness.run(["mcms", "onu", "show", id]).exitCode == 0)
        #expect(try await harness.state()["counts"]?["sessions"] == 1)
    }

    // MARK: CSRF

    @Test func everyWriteCarriesTheCSRFTokenAndReferer() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let ids = try await harness.onuIDs()
        let olt = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        #expect(await harness.run(["mcms", "onu", "reset", ids[0], "--yes"]).exitCode == 0)
        #expect(await harness.run(["mcms", "olt", "reset", olt, "--yes"]).exitCode == 0)
        try await FirmwareCommandTests().arrange(harness, ids[5], statePointer: "0")
        #expect(
            await harness.run([
                "mcms", "onu", "firmware", ids[5], "--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1", "--no-verify", "--yes",
            ]).exitCode == 0)
        let writes = try await harness.writes()
        #expect(writes.count == 3)
        for write in writes {
            #expect(write["had_csrf"] == true)
            #expect(write["csrf_matches_cookie"] == true)
            #expect(write["had_referer"] == true)
            #expect(write["status"] == 200)
        }
        // The logout POST carries them too.
        let before = try await harness.emulator.requests().count
        _ = await harness.run(["auth", "logout"])
        let logout = try #require(try await harness.emulator.requests().dropFirst(before).first { $0.path.hasSuffix("/logout/") })
        #expect(logout.header("X-CSRFToken") != nil)
        #expect(logout.header("Referer") == harness.emulator.baseURL + "/")
    }

    // MARK: Transport

    @Test func hostPrefixedCookiesOverTLSWithTheProfilesCAAndHTTP11() async throws {
        let certificates = try TestCertificates.shared
        let harness = try await MCMSHarness(profileHTTP: #"{ version: "1.1" }"#, certificates: certificates)
        #expect(harness.emulator.baseURL.hasPrefix("https://"))
        #expect(try await harness.state()["cookie_names"] == ["__Host-sessionid", "__Host-csrftoken"])
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        #expect(await harness.run(["mcms", "onu", "reset", id, "--yes"]).exitCode == 0)
        #expect(try await harness.writes().first?["csrf_matches_cookie"] == true)
        let versions = try await harness.emulator.stats().httpVersions
        #expect(versions.keys.allSatisfy { $0 == "HTTP/1.1" }, "\(versions)")
    }

    @Test func withoutTheCAFileTLSFailsInsteadOfTrustingBlindly() async throws {
        let certificates = try TestCertificates.shared
        let harness = try await MCMSHarness(certificates: certificates)
        // Point the profile at no CA: the emulator's self-made CA is not in system trust.
        let config = harness.home.path("config/fieldops/config.yaml")
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "ca_file: \(certificates.caFile)", with: "timeout: 10s").utf8)
            .write(to: URL(fileURLWithPath: config))
        let result = await harness.run(["auth", "login", "--username", MCMSHarness.tech, "--password-stdin"], stdin: "pon-secret\n")
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("TLS"), "\(result.stderr)")
        #expect(try await harness.state()["counts"]?["sessions"] == 0)
    }
}
