import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

@Suite struct KeyringPermissionsTests {
    /// The umask is the process's: a process of its own, so no test beside it creates files under 0.
    @Test(.inItsOwnProcess) func firstWriteCreatesA0700DirectoryAndA0600File() throws {
        let fixture = try KeyringFixture()
        let saved = umask(0)
        defer { umask(saved) }
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "t" }
        #expect(fixture.mode(fixture.directory) == 0o700)
        #expect(fixture.mode(fixture.path) == 0o600)
        #expect(fixture.mode(fixture.path + ".lock") == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660])
    func groupOrOtherAccessIsRefusedWithAChmodHint(mode: Int) throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "t" }
        chmod(fixture.path, mode_t(mode))
        let before = try fixture.bytes()

        let read = fixture.failure { _ = try fixture.keyring().entry(for: "p") }
        #expect(read?.kind == .insecurePermissions)
        #expect(read?.summary.contains(fixture.path) == true)
        #expect(read?.hint == "run: chmod 600 \(fixture.path)")
        #expect(read?.exitCode == .failure)

        let write = fixture.failure { try fixture.keyring().update(profile: "q") { $0.secrets["access_token"] = "u" } }
        #expect(write?.kind == .insecurePermissions)
        #expect(try fixture.bytes() == before)
        #expect(fixture.mode(fixture.path) == mode_t(mode))
    }

    @Test func groupWritableDirectoryIsRefused() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "t" }
        chmod(fixture.directory, 0o770)
        let before = try fixture.bytes()
        let error = fixture.failure { try fixture.keyring().update(profile: "q") { _ in } }
        #expect(error?.kind == .insecureDirectory)
        #expect(error?.hint == "run: chmod 700 \(fixture.directory)")
        #expect(fixture.failure { _ = try fixture.keyring().profiles() }?.kind == .insecureDirectory)
        #expect(try fixture.bytes() == before)
    }

    /// A keyring linked into a directory anyone may write (a shared /tmp folder) is refused:
    /// another account could swap the file behind the link. A link into a private directory
    /// (a dotfile manager's) works as before.
    @Test(arguments: [(mode_t(0o777), true), (0o700, false)])
    func aKeyringReachedThroughALinkIsCheckedWhereItLives(mode: mode_t, refused: Bool) throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "sjøgata") { $0.secrets["access_token"] = "t" }
        let elsewhere = fixture.root + "/Ålesund delt"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        chmod(elsewhere, mode)
        #expect(rename(fixture.path, elsewhere + "/keyring") == 0)
        #expect(symlink(elsewhere + "/keyring", fixture.path) == 0)
        let error = fixture.failure { _ = try fixture.keyring().entry(for: "sjøgata") }
        if refused {
            #expect(error?.kind == .insecureDirectory)
            #expect(error?.summary.contains("keyring directory \(elsewhere) is writable by other users (mode 0777)") == true)
            #expect(error?.summary.contains("the keyring is a link to \(elsewhere)/keyring") == true, "\(error?.summary ?? "")")
        } else {
            #expect(error == nil)
            #expect(try fixture.keyring().entry(for: "sjøgata")?.secrets["access_token"] == "t")
        }
    }

    // chown to another user needs root; the check itself runs for everyone.
    @Test(.enabled(if: geteuid() == 0))
    func fileOwnedByAnotherUserIsRefused() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "p") { $0.secrets["access_token"] = "t" }
        chown(fixture.path, 65534, 65534)
        let before = try fixture.bytes()
        let error = fixture.failure { _ = try fixture.keyring().entry(for: "p") }
        #expect(error?.kind == .notOwned)
        #expect(error?.summary.contains(fixture.path) == true)
        #expect(fixture.failure { try fixture.keyring().remove(profile: "p") }?.kind == .notOwned)
        #expect(try fixture.bytes() == before)
    }
}
