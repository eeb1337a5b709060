import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// The keyring on a disk that fills up: updates go to the pending file in the runtime
/// directory (same encryption), or, for a rotated pair with nowhere else to go, stay in memory;
/// anything else is an error that says what fixes it.
@Suite struct KeyringPendingTests {
    final class Warnings: Sendable {
        let lines = Locked<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    static func keyring(on disk: SmallDisk, pending: String?, warnings: Warnings, encrypted: Bool = false) -> Keyring {
        Keyring(
            path: disk.file("keyring"), encryption: encrypted ? .passphrase : .none,
            passphrase: PassphraseSource(environment: ["FIELDOPS_KEYRING_PASSPHRASE": "Sjøgata-hemmelig"], allowsPrompt: false),
            pendingDirectory: pending, warn: { warnings.add($0) })
    }

    @Test(arguments: [false, true])
    func aFullDiskSendsUpdatesToThePendingFileAndTheyComeHome(encrypted: Bool) throws {
        let disk = try SmallDisk(megabytes: 1)
        defer { disk.remove() }
        let runtime = try TemporaryDirectory(prefix: "fieldops-run")
        defer { runtime.remove() }
        let warnings = Warnings()
        let keyring = Self.keyring(on: disk, pending: runtime.path("fieldops"), warnings: warnings, encrypted: encrypted)
        try keyring.update(profile: "ålesund") { $0.secrets["refresh_token"] = "first" }
        try disk.fill(leaving: 0)

        try keyring.update(profile: "ålesund") { $0.secrets["refresh_token"] = "rotated-“2”" }
        #expect(try keyring.entry(for: "ålesund")?.secrets["refresh_token"] == "rotated-“2”")
        let pending = try #require(keyring.pendingPath)
        let text = try String(contentsOfFile: pending, encoding: .utf8)
        #expect(text.contains("rotated") == !encrypted, "the pending file is encrypted as the keyring is")
        #expect(warnings.all.contains { $0.contains("the credentials are kept in \(pending)") })
        // Another process (a fresh Keyring) reads the kept pair too.
        #expect(
            try Self.keyring(on: disk, pending: runtime.path("fieldops"), warnings: Warnings(), encrypted: encrypted).entry(for: "ålesund")?
                .secrets["refresh_token"] == "rotated-“2”")

        disk.empty()
        let later = Self.keyring(on: disk, pending: runtime.path("fieldops"), warnings: warnings, encrypted: encrypted)
        #expect(try later.entry(for: "ålesund")?.secrets["refresh_token"] == "rotated-“2”")
        #expect(!FileManager.default.fileExists(atPath: pending), "folded into the keyring")
        let plain = Self.keyring(on: disk, pending: nil, warnings: Warnings(), encrypted: encrypted)
        #expect(try plain.entry(for: "ålesund")?.secrets["refresh_token"] == "rotated-“2”")
    }

    @Test func withNowhereToGoALoginFailsSayingWhatFreesItAndARotatedPairStaysInMemory() throws {
        let disk = try SmallDisk(megabytes: 1)
        defer { disk.remove() }
        let warnings = Warnings()
        let keyring = Self.keyring(on: disk, pending: nil, warnings: warnings)
        try keyring.update(profile: "sjogata") { $0.secrets["refresh_token"] = "first" }
        try disk.fill(leaving: 0)

        do {
            try keyring.update(profile: "sjogata") { $0.secrets["access_token"] = "login" }
            Issue.record("an update that could be stored nowhere succeeded")
        } catch let error as KeyringError {
            #expect(error.summary.contains("No space left on device"), "\(error.summary)")
            #expect(error.hint?.hasPrefix("free space on the disk that holds") == true, "\(error.hint ?? "")")
        }
        #expect(keyring.storageProblem()?.contains("there is no runtime directory") == true)

        try keyring.update(profile: "sjogata", orElseInMemory: true) { $0.secrets["refresh_token"] = "rotated" }
        #expect(try keyring.entry(for: "sjogata")?.secrets["refresh_token"] == "rotated")
        #expect(warnings.all.contains { $0.contains("the new credentials last only until this command ends") })
    }
}
