import Foundation
import Testing

@testable import FieldOpsCore

@Suite struct KeyringEntriesTests {
    // MARK: round trip

    @Test func updateThenReadBackThenRemove() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        #expect(try keyring.entry(for: "site-a") == nil)
        #expect(try keyring.profiles() == [])

        let before = Date().addingTimeInterval(-1)
        try keyring.update(profile: "site-a") { entry in
            entry.secrets["access_token"] = "tok-123"
            entry.identity = ["user_id": "42", "role": "inspector"]
        }
        try keyring.update(profile: "lists") { $0.secrets["access_token"] = "il-9" }
        let entry = try #require(try fixture.keyring().entry(for: "site-a"))
        #expect(entry.secrets == ["access_token": "tok-123"])
        #expect(entry.identity == ["user_id": "42", "role": "inspector"])
        #expect(entry.updatedAt >= before.addingTimeInterval(-1) && entry.updatedAt <= Date())
        #expect(try keyring.profiles() == ["lists", "site-a"])

        try keyring.update(profile: "site-a") { $0.secrets["refresh_token"] = "r-1" }
        #expect(try keyring.entry(for: "site-a")?.secrets == ["access_token": "tok-123", "refresh_token": "r-1"])

        try keyring.remove(profile: "site-a")
        #expect(try keyring.entry(for: "site-a") == nil)
        #expect(try keyring.profiles() == ["lists"])
    }

    /// A keyring read several times in one command decodes the file once, yet sees another
    /// process's write at once and still checks the file's mode on every read.
    /// Another profile's update rewrites the whole file: every entry must come back as it was
    /// read, a date before the Gregorian reform and one with milliseconds included (found by
    /// FuzzKeyring: Foundation's `.iso8601` writer moved 1013-05-01 by days and dropped fractions).
    @Test func anUpdateGivesTheOtherEntriesBackAsTheyWereRead() throws {
        let fixture = try KeyringFixture()
        let file = """
            {"format": "fieldops-keyring", "version": 1, "encryption": "none", "entries": {
              "old": {"secrets": {"password": "p"}, "updatedAt": "1013-05-01T08:30:00Z"},
              "precise": {"secrets": {"password": "q"}, "updatedAt": "2026-05-01T08:29:59.250+02:00"},
              "early": {"secrets": {"password": "r"}, "updatedAt": "0033-01-01T00:00:00Z"}
            }}
            """
        try fixture.write(Data(file.utf8))
        let before = try ["old", "precise", "early"].map { try fixture.keyring().entry(for: $0) }
        try fixture.keyring().update(profile: "new") { $0.secrets["access_token"] = "t" }
        let after = try ["old", "precise", "early"].map { try fixture.keyring().entry(for: $0) }
        #expect(after == before)
        let written = String(decoding: try fixture.bytes(), as: UTF8.self)
        for text in ["1013-05-01T08:30:00Z", "2026-05-01T06:29:59.250Z", "0033-01-01T00:00:00Z"] {
            #expect(written.contains(text), "\(text) in \(written)")
        }
    }

    /// An instant whose UTC year has five digits could not be written back: the file is refused
    /// as corrupt rather than read and then rewritten into one that no longer reads.
    @Test func anInstantPastYear9999InUTCIsRefused() throws {
        let fixture = try KeyringFixture()
        let file = """
            {"format": "fieldops-keyring", "version": 1, "encryption": "none", "entries": {
              "late": {"secrets": {"password": "p"}, "updatedAt": "9999-12-31T23:00:00-14:00"}
            }}
            """
        try fixture.write(Data(file.utf8))
        #expect(fixture.failure { _ = try fixture.keyring().entry(for: "late") }?.kind == .corrupt)
    }

    @Test func repeatedReadsSeeOtherWritersAndStillCheckTheMode() throws {
        let fixture = try KeyringFixture()
        let mine = fixture.keyring()
        try mine.update(profile: "p") { $0.secrets["access_token"] = "one" }
        #expect(try mine.entry(for: "p")?.secrets["access_token"] == "one")
        #expect(try mine.entry(for: "p")?.secrets["access_token"] == "one")
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "two" }
        #expect(try mine.entry(for: "p")?.secrets["access_token"] == "two")
        chmod(fixture.path, 0o644)
        #expect(throws: KeyringError.self) { try mine.entry(for: "p") }
        chmod(fixture.path, 0o600)
        try FileManager.default.removeItem(atPath: fixture.path)
        #expect(try mine.entry(for: "p") == nil)
    }

    @Test func fileIsVersionedJSONWithAFormatTag() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "t" }
        let json = try #require(try JSONSerialization.jsonObject(with: fixture.bytes()) as? [String: Any])
        #expect(json["format"] as? String == "fieldops-keyring")
        #expect(json["version"] as? Int == 1)
        #expect(json["encryption"] as? String == "none")
    }

    @Test func aThrowingChangeWritesNothing() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        try keyring.update(profile: "p") { $0.secrets["access_token"] = "t" }
        let before = try fixture.bytes()
        struct Abort: Error {}
        #expect(throws: Abort.self) { try keyring.update(profile: "p") { _ in throw Abort() } }
        #expect(try fixture.bytes() == before)
    }

    @Test func storageReportsPathAndEncryption() throws {
        let fixture = try KeyringFixture()
        #expect(try fixture.keyring().storage() == KeyringStorage(path: fixture.path, exists: false, encrypted: false))
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "t" }
        #expect(try fixture.keyring().storage() == KeyringStorage(path: fixture.path, exists: true, encrypted: false))
    }

    // MARK: secrets stay secret

    @Test func descriptionsRedactSecretValues() throws {
        let entry = KeyringEntry(secrets: ["access_token": "s3cr3t-value", "password": "hunter2"], identity: ["display_name": "Ana"])
        var dumped = ""
        dump(entry, to: &dumped)
        for text in ["\(entry)", String(reflecting: entry), dumped] {
            #expect(!text.contains("s3cr3t-value"))
            #expect(!text.contains("hunter2"))
            #expect(text.contains("access_token"))
        }
        #expect("\(entry)".contains("Ana"))
    }

    // MARK: credential lookup

    @Test func environmentTokenOverridesTheKeyring() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        try keyring.update(profile: "p") { $0.secrets["access_token"] = "tok-unique-77" }
        let fromEnv = try CredentialLookup.token(for: "p", environment: ["FIELDOPS_TOKEN": "ci-token"], keyring: keyring)
        #expect(fromEnv == CredentialLookup.Token(value: "ci-token", source: "$FIELDOPS_TOKEN"))
        let stored = try CredentialLookup.token(for: "p", environment: [:], keyring: keyring)
        #expect(stored == CredentialLookup.Token(value: "tok-unique-77", source: "keyring \(fixture.path)"))
        #expect(!"\(try #require(stored))".contains("tok-unique-77"))
        #expect(try CredentialLookup.token(for: "other", environment: [:], keyring: keyring) == nil)
        #expect(try CredentialLookup.token(for: "p", environment: ["FIELDOPS_TOKEN": "x"], keyring: nil)?.value == "x")
    }
}
