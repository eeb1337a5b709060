import Foundation
import Testing

@testable import FieldOpsCore

@Suite struct KeyringEncryptionTests {
    @Test func encryptedRoundTripKeepsSecretsOffDisk() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring(encryption: .passphrase, passphrase: "correct horse")
        try keyring.update(profile: "lab") { entry in
            entry.secrets["access_token"] = "very-secret-token"
            entry.identity = ["display_name": "Noc Tech"]
        }
        let text = String(decoding: try fixture.bytes(), as: UTF8.self)
        #expect(!text.contains("very-secret-token"))
        #expect(!text.contains("Noc Tech"))
        #expect(!text.contains("lab"))
        let json = try #require(try JSONSerialization.jsonObject(with: fixture.bytes()) as? [String: Any])
        #expect(json["encryption"] as? String == "passphrase")
        let kdf = try #require(json["kdf"] as? [String: Any])
        #expect(kdf["algorithm"] as? String == "argon2id13")
        #expect(kdf["opslimit"] as? Int == KeyringCipher.interactiveOpsLimit)
        #expect(kdf["memlimit"] as? Int == KeyringCipher.interactiveMemLimit)

        let reopened = fixture.keyring(encryption: .passphrase, passphrase: "correct horse")
        #expect(try reopened.entry(for: "lab")?.secrets["access_token"] == "very-secret-token")
        #expect(try reopened.storage().encrypted)
    }

    @Test func wrongPassphraseIsAClearErrorAndTheFileIsUntouched() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring(encryption: .passphrase, passphrase: "correct horse").update(profile: "p") { $0.secrets["access_token"] = "t" }
        let before = try fixture.bytes()
        let wrong = fixture.keyring(encryption: .passphrase, passphrase: "battery staple")
        let read = fixture.failure { _ = try wrong.entry(for: "p") }
        #expect(read?.kind == .wrongPassphrase)
        #expect(read?.exitCode == .failure)
        #expect(read?.summary.contains(fixture.path) == true)
        #expect(read?.summary.contains("battery") == false)
        #expect(fixture.failure { try wrong.update(profile: "q") { $0.secrets["access_token"] = "u" } }?.kind == .wrongPassphrase)
        #expect(try fixture.bytes() == before)
    }

    @Test func tamperedHeaderFailsAuthentication() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring(encryption: .passphrase, passphrase: "pw").update(profile: "p") { $0.secrets["access_token"] = "t" }
        var json = try #require(try JSONSerialization.jsonObject(with: fixture.bytes()) as? [String: Any])
        var kdf = try #require(json["kdf"] as? [String: Any])
        kdf["opslimit"] = KeyringCipher.interactiveOpsLimit + 1
        json["kdf"] = kdf
        let tampered = try JSONSerialization.data(withJSONObject: json)
        try fixture.write(tampered)
        #expect(
            fixture.failure { _ = try fixture.keyring(encryption: .passphrase, passphrase: "pw").entry(for: "p") }?.kind == .wrongPassphrase
        )
        #expect(try fixture.bytes() == tampered)
    }

    @Test func passphraseCommandOutputIsTrimmedAndUsed() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring(encryption: .passphrase, passphrase: "from the command").update(profile: "p") {
            $0.secrets["access_token"] = "t"
        }
        let viaCommand = fixture.keyring(encryption: .passphrase, command: "printf 'from the command\\n'")
        #expect(try viaCommand.entry(for: "p")?.secrets["access_token"] == "t")

        let failing = fixture.keyring(encryption: .passphrase, command: "echo secret-ish; exit 3")
        let error = fixture.failure { _ = try failing.entry(for: "p") }
        #expect(error?.kind == .passphraseCommandFailed)
        #expect(error?.summary.contains("secret-ish") == false)
    }

    @Test func environmentPassphraseWinsOverTheCommand() throws {
        let fixture = try KeyringFixture()
        let keyring = Keyring(
            path: fixture.path, encryption: .passphrase,
            passphrase: PassphraseSource(environment: ["FIELDOPS_KEYRING_PASSPHRASE": "env"], command: "exit 1", allowsPrompt: false))
        try keyring.update(profile: "p") { $0.secrets["access_token"] = "t" }
        #expect(try fixture.keyring(encryption: .passphrase, passphrase: "env").entry(for: "p") != nil)
    }

    @Test func noPassphraseSourceWithoutATerminalIsAClearError() throws {
        let fixture = try KeyringFixture()
        let error = fixture.failure { try fixture.keyring(encryption: .passphrase).update(profile: "p") { _ in } }
        #expect(error?.kind == .passphraseUnavailable)
        #expect(error?.hint?.contains("FIELDOPS_KEYRING_PASSPHRASE") == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
    }

    // Only meaningful when the test run's standard input is not a terminal (CI, `make test < /dev/null`).
    @Test(.enabled(if: isatty(STDIN_FILENO) == 0))
    func promptIsNotAttemptedWhenStandardInputIsNotATerminal() throws {
        let fixture = try KeyringFixture()
        let keyring = Keyring(
            path: fixture.path, encryption: .passphrase, passphrase: PassphraseSource(environment: [:], allowsPrompt: true))
        #expect(fixture.failure { try keyring.update(profile: "p") { _ in } }?.kind == .passphraseUnavailable)
    }

    @Test func plainKeyringIsEncryptedOnTheNextWriteWhenConfigured() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "plain-token" }
        try fixture.keyring(encryption: .passphrase, passphrase: "pw").update(profile: "q") { $0.secrets["access_token"] = "u" }
        #expect(!String(decoding: try fixture.bytes(), as: UTF8.self).contains("plain-token"))
        #expect(try fixture.keyring(passphrase: "pw").entry(for: "p")?.secrets["access_token"] == "plain-token")
    }

    @Test func encryptedKeyringStaysEncryptedWhenConfigurationSaysNone() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring(encryption: .passphrase, passphrase: "pw").update(profile: "p") { $0.secrets["access_token"] = "t" }
        try fixture.keyring(encryption: .none, passphrase: "pw").update(profile: "q") { $0.secrets["access_token"] = "u-token" }
        #expect(!String(decoding: try fixture.bytes(), as: UTF8.self).contains("u-token"))
        #expect(try fixture.keyring(passphrase: "pw").profiles() == ["p", "q"])
    }
}
