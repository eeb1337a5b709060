import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The JQC store on a real disk that fills up or turns read-only under it, and a `sudo` run in
/// the inspector's own data directory (#40, defects 4 and 9). Before, a full disk read as a
/// broken store ("disk I/O error (code 4874) … PRAGMA journal_mode = WAL"), `jqc status`
/// could not show what waited to be sent, and `doctor` advised moving the store with the
/// unsent work in it aside.
@Suite struct StoreDiskTests {
    /// A world whose profile data directory (the store and its photos) is a 2 MB disk of its
    /// own, with a draft and an issue waiting to be sent.
    static func withSmallStoreDisk(_ body: (JQCWorld, SmallDisk) async throws -> Void) async throws {
        try await withWorld { world in
            let disk = try SmallDisk(megabytes: 2, at: world.profileDataDirectory)
            defer { disk.remove() }
            try await world.ready()
            _ = try await world.startDraft()
            let flagged = await world.run([
                "jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "Sjøgata 5: “knust” rute",
            ])
            #expect(flagged.exitCode == 0, "\(flagged.stderr)")
            try await body(world, disk)
        }
    }

    @Test func aFullDiskIsSaidAsOneAndLosesNothing() async throws {
        try await Self.withSmallStoreDisk { world, disk in
            try disk.fill(leaving: 0)
            var words = ""
            for description in (1...40).map({ "Ålesundsvegen \($0): " + String(repeating: "søppel ", count: 400) }) {
                let flagged = await world.run([
                    "jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", description,
                ])
                if flagged.exitCode != 0 {
                    words = flagged.stderr
                    break
                }
            }
            #expect(words.contains("the disk holding the store at \(world.profileDataDirectory)/jqc.sqlite is full ("), "\(words)")
            #expect(words.contains("bytes free)"))
            #expect(words.contains("hint: free some disk space and run the command again; nothing in the store is lost"))
            #expect(!words.contains("disk I/O error") && !words.contains("PRAGMA"), "\(words)")

            let status = await world.run(["jqc", "status"], environment: ["NO_COLOR": "1"])
            #expect(status.exitCode == 0, "\(status.stderr)")
            #expect(status.stdout.contains("issues"), "\(status.stdout)")

            let doctor = await world.run(["doctor", "--offline"], environment: ["NO_COLOR": "1"])
            #expect(!doctor.stdout.contains("move \(world.profileDataDirectory)/jqc.sqlite aside"), "\(doctor.stdout)")

            disk.empty()
            let again = await world.run(["jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "Tromsø"])
            #expect(again.exitCode == 0, "\(again.stderr)")
            let pending = try world.store().outboxSummary().pending
            #expect(pending.issues >= 2, "the issue flagged before the disk filled is still there")
        }
    }

    @Test func aReadOnlyDiskIsSaidAsOneAndStatusStillShowsTheWork() async throws {
        try await Self.withSmallStoreDisk { world, disk in
            try disk.remount(readOnly: true)
            defer { try? disk.remount(readOnly: false) }
            let flagged = await world.run(["jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "Bryggen"])
            #expect(flagged.exitCode == 1)
            #expect(flagged.stderr.contains("cannot be written: the file system is read-only"), "\(flagged.stderr)")
            #expect(flagged.stderr.contains("remount it read-write"))

            let status = await world.run(["jqc", "status", "--json"])
            #expect(status.exitCode == 0, "\(status.stderr)")
            #expect(status.stderr.contains("shown read-only"), "\(status.stderr)")
            let pending = try JSONValue(parsing: status.stdout)["pending"]
            #expect(pending?["issues"] == 1 && pending?["inspections"] == 0, "\(status.stdout)")

            let doctor = await world.run(["doctor", "--offline"], environment: ["NO_COLOR": "1"])
            #expect(!doctor.stdout.contains("aside"), "\(doctor.stdout)")
        }
    }

    /// `sudo -E fieldops jqc issue flag …` in a data directory that belongs to the inspector:
    /// refused before anything is written, so no root-owned file breaks the inspector's next run.
    @Test func rootRefusesToWriteIntoAnotherUsersStore() async throws {
        try #require(geteuid() == 0, "the test suite runs as root on its machines; this case needs it")
        try await withWorld { world in
            try await world.ready()
            let directory = world.profileDataDirectory
            let owner: uid_t = 65534
            for entry in [directory]
                + ((try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []).map({ directory + "/" + $0 })
            {
                chown(entry, owner, owner)
            }
            let flagged = await world.run(["jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "Sjøgata"])
            #expect(flagged.exitCode == 1)
            #expect(flagged.stderr.contains("refusing to write into \(directory) as root: it belongs to"), "\(flagged.stderr)")
            #expect(flagged.stderr.contains("without sudo"))
            let rootOwned = ((try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []).filter { name in
                var info = stat()
                return stat(directory + "/" + name, &info) == 0 && info.st_uid == 0
            }
            #expect(rootOwned.isEmpty, "files made by root: \(rootOwned)")
        }
    }
}
