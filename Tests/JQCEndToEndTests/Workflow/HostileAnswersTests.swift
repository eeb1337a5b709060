import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Answers files and store contents no inspector writes but a machine can hold: made-up photo
/// references, numbers beyond a double, special and oversized files, millions of unknown keys,
/// infinite scores, a store file cut short. Each is refused or shown, never crashes, and saves
/// nothing it should not.
@Suite struct HostileAnswersTests {
    static func ready(_ body: (JQCWorld, LocalInspection) async throws -> Void, template: Int = 1) async throws {
        try await withWorld { world in
            try await world.login()
            let sync = await world.run(["jqc", "sync"])
            try #require(sync.exitCode == 0, "\(sync.stderr)")
            let draft = try world.store().createDraft(templateID: template, facilityID: 1, areaID: 101, parent: nil)
            try await body(world, draft)
        }
    }

    func write(_ text: String, _ world: JQCWorld, name: String = "answers.json") throws -> String {
        let path = world.home.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anAnswersFileCannotMakeUpAPhoto() async throws {
        try await Self.ready { world, draft in
            let path = try write(#"{"7": "local://made-up-photo", "2": 4}"#, world)
            let fill = await world.run(["jqc", "inspect", "fill", draft.localID, "--answers", path])
            #expect(fill.exitCode == 2, "\(fill)")
            #expect(fill.stderr.contains("\"local://made-up-photo\" cannot come from an answers file"), "\(fill.stderr)")
            let stored = try world.store().inspection(localID: draft.localID)
            #expect(try stored?.formData().isEmpty == true, "nothing may be saved")
            // Not even the reference of a photo the draft really has: only attach sets one.
            let photo = try Outbox(world).jpeg("real.jpg")
            #expect(await world.run(["jqc", "inspect", "attach", draft.localID, "--field", "6", photo]).exitCode == 0)
            let value = try #require(try world.store().inspection(localID: draft.localID)?.formData()["7"]?.text)
            let again = try write(#"{"7": "\#(value)", "2": 4}"#, world, name: "again.json")
            let refill = await world.run(["jqc", "inspect", "fill", draft.localID, "--answers", again])
            #expect(refill.exitCode == 2, "\(refill)")
            #expect(try world.store().inspection(localID: draft.localID)?.formData()["7"]?.text == value)
        }
    }

    @Test func aNumberBeyondADoubleIsRefusedNamingTheField() async throws {
        try await Self.ready(
            { world, draft in
                let path = try write(#"{"f_1712_d02": 1e309}"#, world)
                let fill = await world.run(["jqc", "inspect", "fill", draft.localID, "--answers", path])
                #expect(fill.exitCode == 2, "\(fill)")
                #expect(
                    fill.stderr.contains("4. Occupants present (key \"f_1712_d02\"): 1e309 is beyond the numbers the server stores"),
                    "\(fill.stderr)")
                let show = await world.run(["jqc", "inspect", "show", draft.localID, "--json"])
                #expect(show.exitCode == 0, "\(show)")
            }, template: 2)
    }

    @Test func specialHugeAndKeyFloodedAnswersFilesAreRefusedCleanly() async throws {
        try await Self.ready { world, draft in
            let fifo = world.home.path("answers.fifo")
            #expect(mkfifo(fifo, 0o600) == 0)
            let binary = FieldOpsBinary.path
            let fromFIFO = try ProcessRunner.run(
                binary, arguments: ["jqc", "inspect", "fill", draft.localID, "--answers", fifo],
                environment: world.environment, timeout: 20)
            #expect(fromFIFO.exitCode == 2, "\(fromFIFO.stderr)")
            #expect(fromFIFO.stderr.contains("it is a FIFO (named pipe), not a regular file"))

            let huge = world.home.path("huge.json")
            try Data(("{\"2\": 4, \"pad\": \"" + String(repeating: "x", count: 17 << 20) + "\"}").utf8).write(
                to: URL(fileURLWithPath: huge))
            let tooBig = await world.run(["jqc", "inspect", "fill", draft.localID, "--answers", huge])
            #expect(tooBig.exitCode == 2)
            #expect(tooBig.stderr.contains("larger than the 16 MiB allowed"), "\(tooBig.stderr)")

            // A 10 MB unknown key, and 200,000 unknown keys: judged, refused, no did-you-mean storm.
            let longKey = try write("{\"" + String(repeating: "k", count: 10_000_000) + "\": 1}", world, name: "long.json")
            let long = await world.run(["jqc", "inspect", "fill", draft.localID, "--answers", longKey])
            #expect(long.exitCode == 2)
            #expect(long.stderr.contains("no field has this id or label"))
            var many = "{"
            for index in 0..<200_000 { many += "\"unknown-\(index)\": 1," }
            many += "\"2\": 4}"
            let flood = await world.run(["jqc", "inspect", "fill", draft.localID, "--answers", try write(many, world, name: "many.json")])
            #expect(flood.exitCode == 2)
            #expect(try world.store().inspection(localID: draft.localID)?.formData().isEmpty == true)
        }
    }

    @Test func anInfiniteScoreInTheStoreIsShownNotTrappedOn() async throws {
        try await Self.ready { world, _ in
            let inspection = try Outbox(world).completedInspection()
            let database = try Database(path: world.profileDataDirectory + "/" + JQCStore.fileName)
            try database.execute("UPDATE inspections SET overall_score = 9e999 WHERE local_id = ?", [inspection.localID])
            let list = await world.run(["-o", "table", "jqc", "inspect", "list"])
            #expect(list.exitCode == 0, "\(list)")
            #expect(list.stdout.contains("inf (out of range)"))
            let show = await world.run(["jqc", "inspect", "show", inspection.localID])
            #expect(show.exitCode == 0, "\(show)")
            #expect(show.stdout.contains("(out of range)"))
            let json = await world.run(["jqc", "inspect", "list", "--json"])
            #expect(json.exitCode == 0, "\(json)")
        }
    }

    @Test func aStoreFileCutShortIsRefusedAndLeftAlone() async throws {
        try await withWorld { world in
            try FileManager.default.createDirectory(atPath: world.profileDataDirectory, withIntermediateDirectories: true)
            for size in [0, 1] {
                let path = world.profileDataDirectory + "/" + JQCStore.fileName
                try Data(repeating: 0x53, count: size).write(to: URL(fileURLWithPath: path))
                let status = await world.run(["jqc", "status"])
                #expect(status.exitCode == 1, "\(status)")
                #expect(status.stderr.contains("was cut short"))
                #expect(status.stderr.contains("restore it from a backup"))
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == size)
            }
        }
    }
}
