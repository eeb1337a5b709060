import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `il feed` and `il post` against the emulator.
    @Suite struct FeedEndToEndTests {
        @Test func feedShowsCardsOnATerminal() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "feed", "--limit", "2", "-o", "table"], environment: ["COLUMNS": "40"])
                #expect(outcome.exitCode == 0)
                #expect(
                    outcome.stdout == """
                        Dave Debugger · 2026-01-03  m080
                          Seeded message 80 from dave

                        Ada Lovelace · 2026-01-03  m079
                          Seeded message 79 from ada
                          #lists #cli

                        """, "\(outcome)")
                #expect(
                    outcome.stderr.contains("more: fieldops -p lists il feed --limit 2 -o table --offset 2, or --all"),
                    "the hint keeps every option given")
            }
        }

        @Test func jsonIsTheServersDocument() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "feed", "--limit", "3", "--json"])
                let json = try JSONValue(parsing: outcome.stdout)
                #expect(json["messages"]?.arrayValue?.map { $0["id"]?.stringValue } == ["m080", "m079", "m078"])
                #expect(json["messages"]?[0]?["crossPostUrls"] != nil)  // fields fieldops does not model survive
                #expect(json["pagination"]?["hasMore"]?.boolValue == true)
            }
        }

        @Test func allFollowsHasMoreToTheEnd() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let total = try JSONValue(parsing: await bed.run(["il", "feed", "--limit", "1", "--json"]).stdout)["pagination"]?["total"]?
                    .int64Value
                let outcome = await bed.run(["il", "feed", "--all", "--json"])
                let json = try JSONValue(parsing: outcome.stdout)
                let count = json["messages"]?.arrayValue?.count ?? 0
                #expect(count == Int(total ?? -1))
                #expect(count > FeedQuery.pageSizeForAll / 2)
                #expect(json["pagination"]?["hasMore"]?.boolValue == false)
                let pages = try await bed.requestLines().filter { $0 == "GET /api/messages" }
                #expect(pages.count >= 2)
            }
        }

        @Test func filtersGoToTheServer() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let mine = try JSONValue(parsing: await bed.run(["il", "feed", "--mine", "--json"]).stdout)
                #expect(mine["messages"]?.arrayValue?.allSatisfy { $0["user"]?["id"]?.stringValue == "u_ada" } == true)
                let tagged = try JSONValue(parsing: await bed.run(["il", "feed", "--tag", "swift", "--json"]).stdout)
                #expect(tagged["messages"]?.arrayValue?.allSatisfy { $0["tags"]?.arrayValue?.contains("swift") == true } == true)
            }
        }

        // MARK: Posting

        @Test func postSendsTagsAndPrivacyAndShowsUpInTheFeed() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "feed"]).exitCode == 0)
                let posted = await bed.run(["il", "post", "Crew B done at site 4", "--tag", "ops", "--tag", "#site4", "--private"])
                #expect(posted.exitCode == 0, "\(posted)")
                let last = try await bed.state()["messages"]?["lastCreated"]
                #expect(last?["content"]?.stringValue == "Crew B done at site 4")
                #expect(last?["publiclyVisible"]?.boolValue == false)
                #expect(last?["tags"]?.arrayValue?.compactMap(\.stringValue) == ["ops", "site4"])
                // The cached feed was forgotten, so the new message is there at once.
                let feed = await bed.run(["il", "feed", "--limit", "1"])
                #expect(feed.stdout.contains("Crew B done at site 4"), "\(feed)")
                #expect(try await bed.snakeCaseKeys().isEmpty)
            }
        }

        @Test func postReadsStdinForADash() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let posted = await bed.run(["il", "post", "-"], stdin: "from a pipe\nsecond line\n")
                #expect(posted.exitCode == 0, "\(posted)")
                let last = try await bed.state()["messages"]?["lastCreated"]
                #expect(last?["content"]?.stringValue == "from a pipe\nsecond line")
            }
        }

        @Test func postChecksTheProfilesLengthLimitBeforeSending() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "post", String(repeating: "x", count: 501)])
                #expect(outcome.exitCode == 2, "\(outcome)")
                #expect(outcome.stderr.contains("message is 501 characters; your profile allows at most 500"))
                let requests = try await bed.requestLines()
                #expect(!requests.contains("POST /api/messages"))
                #expect(await bed.run(["il", "post", String(repeating: "x", count: 500)]).exitCode == 0)
            }
        }
    }
}
