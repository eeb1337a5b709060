import Foundation
import Testing

@testable import FieldOpsCore

/// A damaged or foreign keyring is named in the error and never overwritten.
@Suite struct KeyringCorruptionTests {
    /// Writes `bytes` as the keyring, then checks that reading and every write path fail with
    /// `kind` and leave the file byte-for-byte unchanged.
    private func expectRefused(_ bytes: Data, kind: KeyringError.Kind, passphrase: String? = nil) throws {
        let fixture = try KeyringFixture()
        try fixture.write(bytes)
        let keyring = fixture.keyring(encryption: passphrase == nil ? .none : .passphrase, passphrase: passphrase)

        let read = fixture.failure { _ = try keyring.entry(for: "p") }
        #expect(read?.kind == kind)
        #expect(read?.summary.contains(fixture.path) == true)
        #expect(read?.hint != nil)
        #expect(fixture.failure { try keyring.update(profile: "p") { $0.secrets["access_token"] = "new" } }?.kind == kind)
        #expect(fixture.failure { try keyring.remove(profile: "p") }?.kind == kind)
        #expect(try fixture.bytes() == bytes)
    }

    private func validFile() throws -> Data {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "t" }
        try fixture.keyring().update(profile: "q") { $0.secrets["access_token"] = "u" }
        return try fixture.bytes()
    }

    @Test func truncatedFileIsRefused() throws {
        let valid = try validFile()
        try expectRefused(valid.prefix(valid.count / 2), kind: .corrupt)
    }

    @Test func emptyFileIsRefused() throws {
        try expectRefused(Data(), kind: .corrupt)
    }

    @Test func nonJSONFileIsForeign() throws {
        try expectRefused(Data("-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n".utf8), kind: .foreign)
    }

    @Test func jsonWithAnotherFormatTagIsForeign() throws {
        try expectRefused(Data(#"{"format":"something-else","version":1,"entries":{}}"#.utf8), kind: .foreign)
        try expectRefused(Data(#"{"name":"package.json"}"#.utf8), kind: .foreign)
    }

    @Test func futureVersionIsRefusedWithAnUpgradeHint() throws {
        try expectRefused(
            Data(#"{"format":"fieldops-keyring","version":2,"encryption":"none","entries":{}}"#.utf8), kind: .unsupportedVersion)
    }

    @Test func unknownEncryptionIsCorrupt() throws {
        try expectRefused(Data(#"{"format":"fieldops-keyring","version":1,"encryption":"rot13","entries":{}}"#.utf8), kind: .corrupt)
    }

    @Test func alteredCiphertextIsRefused() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring(encryption: .passphrase, passphrase: "correct horse").update(profile: "p") { $0.secrets["access_token"] = "t" }
        var json = try #require(try JSONSerialization.jsonObject(with: fixture.bytes()) as? [String: Any])
        let encoded = try #require(json["ciphertext"] as? String)
        var ciphertext = try #require(Data(base64Encoded: encoded))
        ciphertext[ciphertext.count / 2] ^= 0x01
        json["ciphertext"] = ciphertext.base64EncodedString()
        try expectRefused(try JSONSerialization.data(withJSONObject: json), kind: .wrongPassphrase, passphrase: "correct horse")

        json["ciphertext"] = "not base64 !!"
        try expectRefused(try JSONSerialization.data(withJSONObject: json), kind: .corrupt, passphrase: "correct horse")
    }

    /// Codable's rules, kept by the core's own decoder: a field of another type makes the file
    /// corrupt; a missing or null optional field is simply absent.
    @Test func aFieldOfAnotherTypeIsCorruptAndANullOptionalIsAbsent() throws {
        let header = #"{"format":"fieldops-keyring","version":1,"encryption":"none","#
        try expectRefused(
            Data((header + #""entries":{"p":{"secrets":{"access_token":7},"updatedAt":"2026-12-01T10:00:00Z"}}}"#).utf8), kind: .corrupt)
        try expectRefused(Data((header + #""entries":{"p":{"secrets":{},"updatedAt":"yesterday"}}}"#).utf8), kind: .corrupt)
        try expectRefused(Data((header + #""entries":[]}"#).utf8), kind: .corrupt)
        try expectRefused(Data(#"{"format":"fieldops-keyring","version":"1","encryption":"none","entries":{}}"#.utf8), kind: .corrupt)

        let fixture = try KeyringFixture()
        try fixture.write(
            Data(
                (header
                    + #""kdf":null,"entries":{"p":{"secrets":{"access_token":"t"},"identity":null,"updatedAt":"2026-12-01T10:00:00Z"}}}"#)
                    .utf8))
        let entry = try #require(try fixture.keyring().entry(for: "p"))
        #expect(entry.secrets == ["access_token": "t"])
        #expect(entry.identity == nil)
        #expect(entry.updatedAt == Date(timeIntervalSince1970: 1_796_119_200))
    }

    /// What the encoder writes, the decoder reads back whole: secrets, identity and the time.
    @Test func whatIsWrittenReadsBackTheSame() throws {
        let fixture = try KeyringFixture()
        let before = Date().timeIntervalSince1970.rounded(.down)
        try fixture.keyring().update(profile: "p") {
            $0 = KeyringEntry(secrets: ["access_token": "a\"b\u{1F511}", "cookie": "x=1"], identity: ["name": "Ada"])
        }
        let entry = try #require(try fixture.keyring().entry(for: "p"))
        #expect(entry.secrets == ["access_token": "a\"b\u{1F511}", "cookie": "x=1"])
        #expect(entry.identity == ["name": "Ada"])
        // The update stamps whole seconds, which the ISO 8601 text on disk keeps exactly.
        #expect(entry.updatedAt.timeIntervalSince1970 >= before)
        #expect(entry.updatedAt.timeIntervalSince1970 == entry.updatedAt.timeIntervalSince1970.rounded(.down))
    }
}
