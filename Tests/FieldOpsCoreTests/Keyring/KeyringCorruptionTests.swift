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
}
