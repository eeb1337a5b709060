import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// The offline mirror through real commands: `auth login`/`il sync` fill it, live reads refresh
    /// it, and with the server gone every read answers from it, its own filters applied here.
    @Suite struct OfflineMirrorEndToEndTests {
        /// `XDG_CACHE_HOME` naming a file: the mirror cannot be made, and the error says where
        /// and why in words (it printed `CocoaError(code: …, userInfo: …)` before).
        @Test func aCacheHomeThatIsAFileIsAnErrorInWords() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let file = bed.home.path("Sjøgata-cache")
                try "not a directory".write(toFile: file, atomically: true, encoding: .utf8)
                for arguments in [["il", "sync"], ["il", "lists"]] {
                    let result = await bed.run(arguments, environment: ["XDG_CACHE_HOME": file])
                    #expect(!result.stderr.contains("CocoaError") && !result.stderr.contains("userInfo"), "\(result)")
                    if result.exitCode != 0 {
                        #expect(result.stderr.contains(file), "\(result)")
                    }
                }
            }
        }

        @Test func readsAreLiveEveryTimeWhileTheServerAnswers() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let before = try await bed.count("GET /api/folders")
                #expect(await bed.run(["il", "folders"]).exitCode == 0)
                #expect(await bed.run(["il", "folders"]).exitCode == 0)
                #expect(try await bed.count("GET /api/folders") == before + 2)
            }
        }

        @Test func everyReadAnswersOfflineFromTheMirrorWithItsFiltersAppliedLocally() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()  // auth login fills the mirror
                let tree = await bed.run(["il", "lists", "--tree"])
                let sync = await bed.run(["il", "sync"])
                #expect(sync.stdout == "mirrored 10 lists (3 rows), 3 folders, 5 documents in 3 folders, 70 feed messages\n", "\(sync)")
                bed.emulator.stop()

                let show = await bed.run(["il", "list", "show", "l001", "--where", "done=false", "--sort", "qty", "--desc"])
                #expect(show.exitCode == 0, "\(show)")
                #expect(show.stdout == "r003\tEggs\t12\tfalse\nr001\tMilk\t2\tfalse\n")
                #expect(LocalCopyNoticeText(stderr: show.stderr)?.age == "less than a minute old")
                #expect(await bed.run(["il", "lists", "--tree"]).stdout == tree.stdout)
                #expect(await bed.run(["il", "list", "show", "l006", "-o", "table"]).stdout.contains("Status  select"))
                #expect(await bed.run(["il", "docs", "--folder", "df1"]).stdout.contains("Meeting Notes"))
                #expect(await bed.run(["il", "doc", "show", "d004", "--raw"]).stdout == "# Spec\n")
                #expect(
                    await bed.run(["il", "row", "show", "l001", "r002"]).stdout == "Item\titem\tBread\nQty\tqty\t1\nDone\tdone\ttrue\n")
                #expect(await bed.run(["il", "list", "schema", "l001"]).stdout.hasPrefix("item\tItem\ttext\tyes\t\n"))
                let search = await bed.run(["il", "list", "search", "FICTION"])
                #expect(Set(search.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }) == ["l003", "l004"], "\(search)")
                #expect(LocalCopyNoticeText(stderr: search.stderr)?.age == "less than a minute old")
                let docs = await bed.run(["il", "doc", "search", "spec"])
                #expect(Set(docs.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }) == ["d004", "d005"], "\(docs)")

                // A feed query never asked before: the synced pages, filtered and paged here.
                let tagged = await bed.run(["il", "feed", "--tag", "swift", "--limit", "3", "--json"])
                #expect(tagged.exitCode == 0, "\(tagged)")
                let messages = try JSONValue(parsing: tagged.stdout)["messages"]?.arrayValue ?? []
                #expect(messages.count == 3)
                #expect(messages.allSatisfy { ($0["tags"]?.arrayValue ?? []).contains("swift") })
                #expect(LocalCopyNoticeText(stderr: tagged.stderr)?.age.hasPrefix("less than a minute old") == true, "\(tagged.stderr)")
                let mine = try JSONValue(parsing: await bed.run(["il", "feed", "--mine", "--json"]).stdout)["messages"]?.arrayValue ?? []
                #expect(!mine.isEmpty && mine.allSatisfy { $0["userId"] == "u_ada" })
            }
        }

        @Test func peopleThreadsOrganizationsAndNotificationsReadOnceAreShownOffline() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let reads = [
                    ["il", "followers"], ["il", "following", "carol"], ["il", "requests"], ["il", "message", "show", "m080"],
                    ["il", "orgs"], ["il", "org", "show", "org1"], ["il", "org", "members", "org1"], ["il", "notifications"],
                ]
                var live: [String] = []
                for read in reads {
                    let outcome = await bed.run(read)
                    #expect(outcome.exitCode == 0, "\(read): \(outcome)")
                    live.append(outcome.stdout)
                }
                bed.emulator.stop()
                for (read, expected) in zip(reads, live) {
                    let outcome = await bed.run(read)
                    #expect(outcome.exitCode == 0, "\(read): \(outcome)")
                    #expect(outcome.stdout == expected, "\(read)")
                    #expect(LocalCopyNoticeText(stderr: outcome.stderr) != nil, "\(read): \(outcome.stderr)")
                }
            }
        }

        @Test func userShowScheduledAndTheSchemaDSLReadOnceAreShownOffline() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "post", "Site 5 opens", "--at", "+2h"]).exitCode == 0)
                #expect(await bed.run(["il", "post", "Quarterly audit", "--at", "+3d"]).exitCode == 0)
                let reads = [
                    ["il", "user", "show", "ada"], ["il", "user", "show", "ada", "--json"], ["il", "scheduled"],
                    ["il", "scheduled", "--json"], ["il", "list", "schema", "l001", "--json"],
                ]
                var live: [String] = []
                for read in reads {
                    let outcome = await bed.run(read)
                    #expect(outcome.exitCode == 0, "\(read): \(outcome)")
                    live.append(outcome.stdout)
                }
                #expect(live[0].contains("list\tl003\tScience fiction\n"), "\(live[0])")
                #expect(live[2].contains("\tSite 5 opens\n") && live[2].contains("\tQuarterly audit\n"), "\(live[2])")
                #expect(try JSONValue(parsing: live[4])["fields"]?[0]?["key"] == "item", "\(live[4])")
                bed.emulator.stop()
                for (read, expected) in zip(reads, live) {
                    let outcome = await bed.run(read)
                    #expect(outcome.exitCode == 0, "\(read): \(outcome)")
                    #expect(outcome.stdout == expected, "\(read)")
                    #expect(LocalCopyNoticeText(stderr: outcome.stderr)?.age == "less than a minute old", "\(read): \(outcome.stderr)")
                }
                // A narrower range never read live: the month's posts, filtered here.
                let today = await bed.run(["il", "scheduled", "--range", "today"])
                #expect(today.exitCode == 0, "\(today)")
                #expect(today.stdout.contains("\tSite 5 opens\n") && !today.stdout.contains("Quarterly audit"), "\(today)")
                #expect(LocalCopyNoticeText(stderr: today.stderr)?.age == "less than a minute old")
                #expect(await bed.run(["il", "user", "show", "carol"]).exitCode == 4)
                #expect(await bed.run(["il", "list", "schema", "l999", "--json"]).exitCode == 4)
            }
        }

        @Test func theSchemaDSLAfterOnlyASyncIsRebuiltFromTheMirroredList() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let file = try bed.file(
                    "kit.json",
                    #"{"name":"Kit","fields":[{"key":"name","type":"text","label":"Name","required":true,"helpText":"What it is","placeholder":"drill"},{"key":"state","type":"priority","label":"State","defaultValue":"low","displayOrder":5},{"key":"note","type":"textarea","label":"Note","visible":false,"visibility":{"condition":{"field":"state","operator":"equals","value":"urgent"}}},{"key":"count","type":"number","label":"Count","validation":{"min":1,"max":9}}]}"#
                )
                let created = await bed.run(["il", "list", "create", "Kit", "--schema", file])
                #expect(created.exitCode == 0, "\(created)")
                let kit = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                let ids = ["l001", "l006", kit]
                var live: [String] = []
                for id in ids {
                    let outcome = await bed.run(["il", "list", "schema", id, "--json"])
                    #expect(outcome.exitCode == 0, "\(id): \(outcome)")
                    live.append(outcome.stdout)
                }
                #expect(live[2].contains("\"defaultValue\": \"low\"") && live[2].contains("\"urgent\""), "\(live[2])")
                // Only what il sync keeps: each list, not the answer of its schema route.
                #expect(await bed.run(["il", "sync"]).exitCode == 0)
                for id in ids { bed.cache().remove(exactly: "list-" + id + "-schema") }
                bed.emulator.stop()
                for (id, expected) in zip(ids, live) {
                    let outcome = await bed.run(["il", "list", "schema", id, "--json"])
                    #expect(outcome.exitCode == 0, "\(id): \(outcome)")
                    #expect(outcome.stdout == expected, "\(id)")
                    #expect(LocalCopyNoticeText(stderr: outcome.stderr)?.age == "less than a minute old", "\(id): \(outcome.stderr)")
                }
            }
        }

        @Test func offlineScheduledDropsPostsWhoseTimeHasCome() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "post", "Site 5 opens", "--at", "+2h"]).exitCode == 0)
                #expect(await bed.run(["il", "scheduled"]).exitCode == 0)
                guard case .hit(let payload, let savedAt) = bed.cache().load("scheduled-month"),
                    var items = try JSONValue(parsing: payload).arrayValue, let waiting = items.first?.objectValue
                else {
                    Issue.record("il scheduled did not mirror its answer")
                    return
                }
                // As if read before an earlier post went out: its time is now in the past.
                var published = waiting
                published["id"] = "m999"
                published["content"] = "Already out"
                published["scheduledAt"] = "2020-01-01T00:00:00.000Z"
                items.insert(.object(published), at: 0)
                try bed.cache().store(JSONValue.array(items).jsonData(), as: "scheduled-month", savedAt: savedAt)
                bed.emulator.stop()
                let offline = await bed.run(["il", "scheduled"])
                #expect(offline.exitCode == 0, "\(offline)")
                #expect(offline.stdout.contains("\tSite 5 opens\n") && !offline.stdout.contains("Already out"), "\(offline)")
            }
        }

        @Test func writesOfflineExitFourAndChangeNothing() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                bed.emulator.stop()
                let add = await bed.run(["il", "row", "add", "l001", "--set", "item=Tea"])
                #expect(add.exitCode == 4, "\(add)")
                #expect(add.stderr.contains("failed: cannot reach"))
                #expect(await bed.run(["--yes", "il", "list", "delete", "l001"]).exitCode == 4)
                // The mirror still shows the list as it was.
                #expect(await bed.run(["il", "list", "show", "l001"]).stdout.split(separator: "\n").count == 3)
            }
        }

        @Test func theAgeIsTheMirrorsAge() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                guard case .hit(let payload, _) = bed.cache().load("folders") else {
                    Issue.record("login did not mirror the folders")
                    return
                }
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                try bed.cache().store(payload, as: "folders", savedAt: now - 42 * 60_000)
                bed.emulator.stop()
                let offline = await bed.run(["il", "folders"])
                #expect(offline.exitCode == 0)
                #expect(LocalCopyNoticeText(stderr: offline.stderr)?.age == "42 min old", "\(offline)")
                #expect(offline.stdout.contains("lf1\tWork\t"))
            }
        }

        @Test func noCacheForcesLiveAndExitsFourOffline() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                bed.emulator.stop()
                let outcome = await bed.run(["il", "feed", "--no-cache"])
                #expect(outcome.exitCode == 4, "\(outcome)")
                #expect(outcome.stdout.isEmpty)
                #expect(outcome.stderr.contains("failed: cannot reach"))
                #expect(await bed.run(["il", "list", "show", "l999"]).exitCode == 4)
            }
        }

        @Test func aDamagedMirrorIsReplacedWithAWarning() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: bed.cache().path))
                let outcome = await bed.run(["il", "lists"])
                #expect(outcome.exitCode == 0)
                #expect(outcome.stderr.contains("could not be read"), "\(outcome)")
                #expect(outcome.stdout.contains("l001\tGroceries"))
                guard case .hit = bed.cache().load("lists") else {
                    Issue.record("the new mirror does not hold the lists")
                    return
                }
            }
        }

        @Test func changesAreAppliedToTheMirroredCopyOfWhatTheyChanged() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "lists"]).exitCode == 0)
                let created = await bed.run(["il", "list", "create", "Field kit", "--parent", "l005"])
                #expect(created.exitCode == 0, "\(created)")
                let id = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(await bed.run(["il", "list", "edit", "l004", "--title", "Faglitteratur"]).exitCode == 0)
                #expect(await bed.run(["--yes", "il", "list", "delete", "l008"]).exitCode == 0)
                bed.emulator.stop()
                // Offline, the mirror shows the lists as the writes left them: nothing stale.
                let offline = await bed.run(["il", "lists"])
                #expect(offline.exitCode == 0, "\(offline)")
                #expect(offline.stdout.contains("\(id)\tField kit"), "\(offline.stdout)")
                #expect(offline.stdout.contains("l004\tFaglitteratur"))
                #expect(!offline.stdout.contains("l008\t"))
                #expect(offline.stderr.contains("showing the local copy from"), "\(offline.stderr)")
            }
        }

        @Test func logoutRemovesTheProfilesMirror() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(FileManager.default.fileExists(atPath: bed.cache().path))
                let logout = await bed.run(["auth", "logout"])
                #expect(logout.exitCode == 0, "\(logout)")
                #expect(!FileManager.default.fileExists(atPath: bed.home.cacheDirectory + "/lists/interlinedlist"))
                let sessions = try await bed.state()["credentials"]?["u_ada"]?["sessions"]?.int64Value
                #expect(sessions == 0)
                #expect(await bed.run(["il", "feed"]).exitCode == 3)
            }
        }

        @Test func eachUserHasTheirOwnMirror() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                try await bed.login("bob@example.com", "builder22")
                let bobs = await bed.run(["il", "lists"])
                #expect(bobs.stdout == "l012\tBob's tools\t\t\tno\n", "\(bobs)")
                #expect(FileManager.default.fileExists(atPath: bed.cache(user: "u_bob").path))
                bed.emulator.stop()
                #expect(await bed.run(["il", "lists"]).stdout == "l012\tBob's tools\t\t\tno\n")
            }
        }
    }
}
