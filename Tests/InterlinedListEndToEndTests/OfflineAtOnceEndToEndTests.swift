import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// Issue #39: with the server refusing connections, a read the mirror answers answers at once
    /// — the real binary, the profile's retries at their default of 2, the trace showing one
    /// attempt per request — with one local-copy line on stderr; a read the mirror cannot answer
    /// keeps the retries.
    @Suite struct OfflineAtOnceEndToEndTests {
        /// A list, rows and a post in the words people write: Norwegian streets, typographic
        /// quotes, CJK and emoji.
        static let listTitle = "Sjøgata 12 — “Varelager” 東京"
        static let rows = [("Ålesundsvegen 3: tau & kroker", "4"), ("Skiftenøkkel 🔧", "12"), ("東京の倉庫", "1")]
        static let post = "Mannskap B ferdig på Sjøgata — “alt i orden” 👷‍♀️ 東京"

        /// Fills the mirror the way a person does (the reads themselves), then stops the server.
        /// Returns the new list's id and the three reads' live outputs.
        static func warmMirrorThenRefuse(_ bed: ILTestBed) async throws -> (listID: String, live: [[String]: String]) {
            try await bed.login()
            let created = await bed.run(["il", "list", "create", listTitle, "--column", "item:text::required", "--column", "qty:number"])
            try #require(created.exitCode == 0, "\(created)")
            let listID = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            for (item, qty) in rows {
                let added = await bed.run(["il", "row", "add", listID, "--set", "item=\(item)", "--set", "qty=\(qty)"])
                try #require(added.exitCode == 0, "\(added)")
            }
            try #require(await bed.run(["il", "post", post]).exitCode == 0)
            var live: [[String]: String] = [:]
            for read in reads(listID) {
                let outcome = try bed.home.runBinary(["-p", ILTestBed.profile] + read)
                try #require(outcome.exitCode == 0, "\(read): \(outcome)")
                live[read] = outcome.stdout
            }
            bed.emulator.stop()
            return (listID, live)
        }

        static func reads(_ listID: String) -> [[String]] {
            [["il", "feed", "--json"], ["il", "lists"], ["il", "list", "show", listID]]
        }

        @Test func mirroredReadsAnswerAtOnceWhenTheServerRefusesConnections() async throws {
            try await ILTestBed.with(http: "{ retries: 2, timeout: 10s }") { bed in
                let (listID, live) = try await Self.warmMirrorThenRefuse(bed)
                #expect(live[["il", "list", "show", listID]]?.contains("Skiftenøkkel 🔧\t12") == true, "\(live)")
                #expect(live[["il", "feed", "--json"]]?.contains(Self.post) == true)
                for read in Self.reads(listID) {
                    let outcome = try bed.home.runBinary(["-p", ILTestBed.profile, "-v"] + read)
                    #expect(outcome.exitCode == 0, "\(read): \(outcome)")
                    #expect(outcome.stdout == live[read], "\(read): \(outcome.stdout)")
                    let notice = LocalCopyNoticeText(stderr: outcome.stderr)
                    #expect(notice?.age == "less than a minute old", "\(read): \(outcome.stderr)")
                    #expect(notice?.isRefusedLoopbackConnection == true, "\(read): \(outcome.stderr)")
                    #expect(notice?.otherLines == [], "\(read): \(outcome.stderr)")
                    let trace = RetryTrace(stderr: outcome.stderr)
                    #expect(!trace.attempts.isEmpty && trace.retries.isEmpty && !trace.repeatsAnyRequest, "\(read): \(outcome.stderr)")
                    #expect(!trace.skipped.isEmpty, "\(read): \(outcome.stderr)")
                }
            }
        }

        @Test func theNoticeIsTheOnlyLineOnStderrAndStdoutHoldsTheRecords() async throws {
            try await ILTestBed.with(http: "{ retries: 2, timeout: 10s }") { bed in
                let (listID, _) = try await Self.warmMirrorThenRefuse(bed)
                let show = try bed.home.runBinary(["-p", ILTestBed.profile, "il", "list", "show", listID, "--sort", "qty", "--desc"])
                #expect(show.exitCode == 0, "\(show)")
                let lines = show.stdout.split(separator: "\n")
                #expect(lines.count == 3 && lines.first?.hasSuffix("\tSkiftenøkkel 🔧\t12") == true, "\(show.stdout)")
                #expect(lines.last?.hasSuffix("\t東京の倉庫\t1") == true, "\(show.stdout)")
                #expect(!show.stdout.contains("local copy"))
                #expect(show.stderr.split(separator: "\n").count == 1, "\(show.stderr)")
                #expect(LocalCopyNoticeText(stderr: show.stderr)?.isRefusedLoopbackConnection == true, "\(show.stderr)")

                // lists and folders are two snapshots: still one line.
                let tree = try bed.home.runBinary(["-p", ILTestBed.profile, "il", "lists", "--tree"])
                #expect(tree.exitCode == 0, "\(tree)")
                #expect(tree.stdout.contains(Self.listTitle), "\(tree.stdout)")
                #expect(LocalCopyNoticeText(stderr: tree.stderr) != nil, "\(tree.stderr)")
            }
        }

        @Test func theAgeLineSaysHowOldTheCopyIs() async throws {
            try await ILTestBed.with(http: "{ retries: 2, timeout: 10s }") { bed in
                let (_, _) = try await Self.warmMirrorThenRefuse(bed)
                guard case .hit(let payload, _) = bed.cache().load("lists") else {
                    Issue.record("il lists did not mirror its answer")
                    return
                }
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                try bed.cache().store(payload, as: "lists", savedAt: now - 3 * 60 * 60_000)
                let lists = try bed.home.runBinary(["-p", ILTestBed.profile, "il", "lists"])
                #expect(lists.exitCode == 0, "\(lists)")
                #expect(LocalCopyNoticeText(stderr: lists.stderr)?.age == "3 h old", "\(lists.stderr)")
            }
        }

        @Test func aFeedQueryNeverReadIsAnsweredAtOnceFromTheSyncedPages() async throws {
            try await ILTestBed.with(http: "{ retries: 2, timeout: 10s }") { bed in
                try await bed.login()
                try #require(await bed.run(["il", "post", Self.post, "--tag", "sjøgata"]).exitCode == 0)
                try #require(await bed.run(["il", "sync"]).exitCode == 0)
                bed.emulator.stop()
                let tagged = try bed.home.runBinary(["-p", ILTestBed.profile, "-v", "il", "feed", "--tag", "sjøgata"])
                #expect(tagged.exitCode == 0, "\(tagged)")
                #expect(tagged.stdout.contains("Mannskap B ferdig på Sjøgata"), "\(tagged.stdout)")
                #expect(LocalCopyNoticeText(stderr: tagged.stderr)?.age == "less than a minute old; 1 of the synced messages matches")
                #expect(RetryTrace(stderr: tagged.stderr).retries.isEmpty, "\(tagged.stderr)")
            }
        }

        @Test func aReadTheMirrorCannotAnswerKeepsTheRetries() async throws {
            try await ILTestBed.with(http: "{ retries: 2, timeout: 10s }") { bed in
                let (_, _) = try await Self.warmMirrorThenRefuse(bed)
                let missing = try bed.home.runBinary(["-p", ILTestBed.profile, "-v", "il", "list", "show", "l999"])
                #expect(missing.exitCode == 4, "\(missing)")
                #expect(missing.stderr.contains("cannot reach 127.0.0.1:") && missing.stderr.contains("(connection refused)"))
                // Its requests (the list, its rows, the folders, the lists) run side by side: the
                // first to use up its two retries ends the others.
                let trace = RetryTrace(stderr: missing.stderr)
                let attempts = Dictionary(grouping: trace.attempts, by: { $0 }).mapValues(\.count)
                #expect(attempts.values.max() == 3 && trace.skipped.isEmpty, "\(missing.stderr)")
                // --no-cache never answers from the mirror, so it retries too.
                let live = try bed.home.runBinary(["-p", ILTestBed.profile, "-v", "il", "lists", "--no-cache"])
                #expect(live.exitCode == 4, "\(live)")
                #expect(RetryTrace(stderr: live.stderr).retries.count == 2, "\(live.stderr)")
            }
        }
    }
}
