import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// A token refresh while the keyring's disk cannot be written (#40, defect 2). The server
/// rotates the refresh token as it hands out the new pair; a pair that could not be stored
/// was lost, and with it the session, even after the disk was freed.
@Suite struct UnwritableKeyringTests {
    /// A logged-in world whose keyring lives on a 1 MB disk of its own, and a runtime directory.
    static func withKeyringOnSmallDisk(_ body: (JQCWorld, SmallDisk, String) async throws -> Void) async throws {
        try await withWorld { world in
            let disk = try SmallDisk(megabytes: 1, at: world.home.path("nøkler"))
            defer { disk.remove() }
            let config = try String(contentsOfFile: world.home.configFile, encoding: .utf8)
            try world.home.writeConfig(config + "keyring:\n  path: \(disk.file("keyring"))\n")
            let runtime = world.home.path("run")
            try FileManager.default.createDirectory(
                atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try await world.ready()
            #expect(FileManager.default.fileExists(atPath: disk.file("keyring")))
            try await body(world, disk, runtime)
        }
    }

    static func keyring(_ disk: SmallDisk) throws -> KeyringEntry? {
        try Keyring(path: disk.file("keyring"), passphrase: PassphraseSource(environment: [:])).entry(for: "site")
    }

    @Test(arguments: ["full", "read-only"])
    func aRotatedPairIsKeptElsewhereAndComesHome(fault: String) async throws {
        try await Self.withKeyringOnSmallDisk { world, disk, runtime in
            let before = try #require(try Self.keyring(disk))
            if fault == "full" { try disk.fill(leaving: 0) } else { try disk.remount(readOnly: true) }
            try await world.admin("expire-tokens")
            let environment = ["XDG_RUNTIME_DIR": runtime, "NO_COLOR": "1"]

            let first = await world.run(["jqc", "sync"], environment: environment)
            #expect(first.exitCode == 0, "\(first.stderr)")
            #expect(first.stderr.contains("cannot be written"), "\(first.stderr)")
            #expect(first.stderr.contains("the credentials are kept in \(runtime)/fieldops/keyring-pending-"), "\(first.stderr)")
            let pending = try FileManager.default.contentsOfDirectory(atPath: runtime + "/fieldops").filter {
                $0.hasPrefix("keyring-pending-")
            }
            #expect(pending.count == 1)
            let mode = try FileManager.default.attributesOfItem(atPath: runtime + "/fieldops/" + pending[0])[.posixPermissions] as? Int
            #expect(mode == 0o600)

            // The next command, disk still unwritable, works with the kept pair (no new login).
            try await world.admin("expire-tokens")
            let second = await world.run(["jqc", "sync"], environment: environment)
            #expect(second.exitCode == 0, "\(second.stderr)")

            if fault == "full" { disk.empty() } else { try disk.remount(readOnly: false) }
            let third = await world.run(["jqc", "sync"], environment: environment)
            #expect(third.exitCode == 0, "\(third.stderr)")
            #expect(third.stderr.contains("kept outside the keyring are in \(disk.file("keyring")) again"), "\(third.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: runtime + "/fieldops").filter { $0.hasPrefix("keyring-pending-") }
                    .isEmpty)
            let after = try #require(try Self.keyring(disk))
            #expect(after.secrets["refresh_token"] != before.secrets["refresh_token"], "the rotated pair is in the keyring")
            #expect(await world.run(["jqc", "sync"]).exitCode == 0, "and it works without the runtime directory")
        }
    }

    /// No place to keep a new pair: the refresh is not asked for, the server keeps the old
    /// refresh token, and once the disk has room the session goes on.
    @Test func withNowhereToKeepItTheRefreshWaitsAndTheSessionSurvives() async throws {
        try await Self.withKeyringOnSmallDisk { world, disk, _ in
            try disk.fill(leaving: 0)
            try await world.admin("expire-tokens")
            let refused = await world.run(["jqc", "sync"], environment: ["NO_COLOR": "1"], unset: ["XDG_RUNTIME_DIR"])
            #expect(refused.exitCode == 1, "\(refused.stderr)")
            #expect(
                refused.stderr.contains("not refreshing the session of profile site: the new tokens could be stored nowhere"),
                "\(refused.stderr)")
            #expect(refused.stderr.contains("the current ones are kept and stay valid"))
            #expect(try await world.emulator.requests().filter { $0.path == "/api/v1/auth/refresh" }.isEmpty, "nothing was rotated")

            disk.empty()
            let again = await world.run(["jqc", "sync"], unset: ["XDG_RUNTIME_DIR"])
            #expect(again.exitCode == 0, "\(again.stderr)")
        }
    }
}
