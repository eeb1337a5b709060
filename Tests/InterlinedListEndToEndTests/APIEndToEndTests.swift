import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `fieldops api` against the InterlinedList emulator: the credential each route accepts,
    /// fields, bodies, paging and answers printed byte for byte.
    @Suite struct APIEndToEndTests {
        @Test func aGetIsPrintedByteForByteWhenPiped() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = try bed.home.runBinary(["-p", ILTestBed.profile, "api", "/api/messages/m080"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                // The same route asked without fieldops, with the same token: the very same bytes.
                let token = await bed.run(["auth", "token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                let direct = try await bed.http.send(
                    HTTPRequest(
                        .get, baseURL: bed.emulator.url("/api/messages/m080"),
                        headers: ["Authorization": "Bearer " + token]))
                #expect(outcome.stdout == direct.text)
                #expect(!outcome.stdout.hasSuffix("\n") || direct.text.hasSuffix("\n"))
            }
        }

        @Test func typedFieldsKeepBigIntegersExactlyBothWays() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let created = await bed.run([
                    "api", "/api/lists/l001/data", "-f", "data[item]=Rice", "-F", "data[qty]=18446744073709551615", "-F",
                    "data[done]=false",
                ])
                #expect(created.exitCode == 0, "\(created)")
                #expect(try await bed.requestLines().contains("POST /api/lists/l001/data"))
                // -f with -X GET is a query parameter (without -X, fields make a POST, as in gh).
                let rows = await bed.run(["api", "-X", "GET", "/api/lists/l001/data", "-f", "limit=10"])
                #expect(rows.stdout.contains("18446744073709551615"), "\(rows)")
                #expect(!rows.stdout.contains("18446744073709552000"))
                #expect(try await bed.state()["rows"] == 4)
                let row = try #require(try JSONValue(parsing: rows.stdout)["rows"]?.arrayValue?.first { $0["rowData"]?["item"] == "Rice" })
                #expect(row["rowData"]?["done"] == .bool(false))
            }
        }

        @Test func eachRouteGetsTheCredentialItAccepts() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["api", "/api/lists?limit=1"]).exitCode == 0)
                let orgs = await bed.run(["api", "/api/user/organizations"])
                #expect(orgs.exitCode == 0, "\(orgs)")
                let log = try await bed.credentialLog()
                let lists = try #require(log.last { $0.path == "/api/lists" })
                #expect(lists.presented == ["bearer"], "\(lists)")
                let cookieOnly = try #require(log.last { $0.path == "/api/user/organizations" })
                #expect(cookieOnly.presented == ["cookie"], "\(cookieOnly)")
            }
        }

        @Test func paginateSlurpMergesEveryPageOnce() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["api", "/api/lists?limit=5", "--paginate", "--slurp"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let items = try #require(try JSONValue(parsing: outcome.stdout).arrayValue)
                let ids = items.compactMap { $0["id"]?.stringValue }
                #expect(ids.count == Set(ids).count)
                let total = await bed.run(["api", "-X", "GET", "/api/lists", "-f", "limit=1000"])
                let all = try JSONValue(parsing: total.stdout)["lists"]?.arrayValue ?? []
                #expect(Set(ids) == Set(all.compactMap { $0["id"]?.stringValue }))
                let offsets = try await bed.emulator.requests().filter { $0.path == "/api/lists" && $0.query["limit"] == ["5"] }
                    .compactMap { $0.query["offset"]?.last }
                #expect(offsets == ["5"], "\(offsets)")
                // Without --slurp each page is printed as it came.
                let pages = await bed.run(["api", "/api/lists?limit=4", "--paginate"])
                #expect(pages.stdout.components(separatedBy: "\"pagination\"").count - 1 == 3, "\(pages)")
            }
        }

        @Test func includeInputAndErrors() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let head = await bed.run(["api", "-i", "/api/lists/l002"])
                #expect(head.stdout.hasPrefix("HTTP/1.1 200 OK\n"), "\(head)")
                #expect(head.stdout.lowercased().contains("content-type: application/json"))
                let file = NSTemporaryDirectory() + "fieldops-api-\(UUID().uuidString).json"
                defer { try? FileManager.default.removeItem(atPath: file) }
                try Data(#"{"title": "Books and more", "description": null}"#.utf8).write(to: URL(fileURLWithPath: file))
                let put = await bed.run(["api", "-X", "PUT", "/api/lists/l002", "--input", file])
                #expect(put.exitCode == 0, "\(put)")
                let lists = try await bed.state()["lists"]?.arrayValue ?? []
                #expect(lists.contains { $0["id"] == "l002" && $0["title"] == "Books and more" })
                let missing = await bed.run(["api", "/api/lists/nope"])
                #expect(missing.exitCode == 1)
                #expect(missing.stderr.contains("HTTP 404"), "\(missing)")
                #expect(missing.stderr.contains("List not found"))
                #expect(missing.stdout.contains("List not found"))
                let elsewhere = await bed.run(["api", "http://evil.example/api/lists"])
                #expect(elsewhere.exitCode == 2)
                #expect(try await bed.credentialLog().allSatisfy { !$0.path.contains("evil") })
            }
        }
    }
}

extension InterlinedListEndToEnd {
    /// The exact forms of IL listings.
    @Suite struct ListingFormatTests {
        @Test func listsAndFeedAsCSVNDJSONAndFields() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let json = try #require(try JSONValue(parsing: await bed.run(["il", "lists", "--json"]).stdout).arrayValue)
                let csv = try PythonCSV.parse(await bed.run(["il", "lists", "-o", "csv", "--fields", "title,id"]).stdout)
                #expect(csv == [["title", "id"]] + json.map { [$0["title"]?.stringValue ?? "", $0["id"]?.stringValue ?? ""] })
                // The feed's JSON is {messages, pagination}: its records are the messages.
                let feed = await bed.run(["il", "feed", "--limit", "3", "-o", "ndjson", "--fields", "id,user.username"])
                let lines = feed.stdout.split(separator: "\n").map { try? JSONValue(parsing: String($0)) }
                #expect(lines.count == 3, "\(feed)")
                #expect(lines.allSatisfy { $0?.objectValue?.keys == ["id", "user.username"] })
                let bad = await bed.run(["il", "lists", "--fields", "titel"])
                #expect(bad.exitCode == 2)
                #expect(bad.stderr.contains("title"), "\(bad)")
            }
        }
    }
}
