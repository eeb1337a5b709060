import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// People, messages, documents, organizations and notifications against the emulator.
    @Suite struct SocialEndToEndTests {
        // MARK: people

        @Test func followCarolByUsername() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let unfollow = await bed.run(["il", "unfollow", "carol", "-o", "table"])
                #expect(unfollow.stdout == "no longer following @carol (u_carol)\n", "\(unfollow)")
                let follow = await bed.run(["il", "follow", "@carol", "-o", "table"])
                #expect(follow.stdout == "following @carol (u_carol)\n", "\(follow)")
                #expect(try await bed.count("POST /api/follow/u_carol") == 1)
                // erin has no public list or post: found through the user search of ada's own list.
                let erin = await bed.run(["il", "follow", "erin", "-o", "table"])
                #expect(erin.stdout == "follow request sent to @erin (u_erin) (private account: pending approval)\n", "\(erin)")
                let nobody = await bed.run(["il", "follow", "nobody"])
                #expect(nobody.exitCode == 1)
                #expect(nobody.stderr.contains("no user with the username or id nobody"), "\(nobody)")
            }
        }

        @Test func followersFollowingAndRequests() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let followers = await bed.run(["il", "followers"])
                // Pending requesters are included by default (bob).
                #expect(
                    Set(followers.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }) == ["@carol", "@dave", "@bob"],
                    "\(followers)")
                let following = await bed.run(["il", "following", "carol"])
                #expect(
                    Set(following.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }) == ["@ada", "@erin"], "\(following)")
                let requests = await bed.run(["il", "requests"])
                #expect(requests.stdout.hasPrefix("u_bob\t@bob\tBob Builder\t"), "\(requests)")
                let approve = await bed.run(["il", "requests", "approve", "bob", "-o", "table"])
                #expect(approve.stdout == "approved the follow request of bob\n", "\(approve)")
                let again = await bed.run(["il", "requests", "reject", "bob"])
                #expect(again.exitCode == 1)
                #expect(again.stderr.contains("no pending follow request from bob"))
            }
        }

        @Test func userShowListsPublicListsAndDocuments() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let ada = await bed.run(["il", "user", "show", "ada"])
                #expect(ada.stdout.contains("list\tl003\tScience fiction\n"), "\(ada)")
                #expect(ada.stdout.contains("document\td005\tOld Spec\n"))
                #expect(!ada.stdout.contains("Groceries"))
            }
        }

        // MARK: messages

        @Test func messageShowPrintsTheThreadAndReplyAddsToIt() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let reply = await bed.run(["il", "reply", "m080", "On my way"])
                #expect(reply.exitCode == 0, "\(reply)")
                let thread = await bed.run(["il", "message", "show", "m080"])
                #expect(thread.stdout.contains("Seeded message 80 from dave"), "\(thread)")
                let lines = thread.stdout.split(separator: "\n")
                #expect(lines.contains { $0.hasPrefix("    Carol Compiler") })
                #expect(lines.contains("      On my way"))
                let json = try JSONValue(parsing: await bed.run(["il", "message", "show", "m080", "--json"]).stdout)
                #expect(json["replies"]?.arrayValue?.count == 3)
            }
        }

        @Test func messageDeleteCountsTheRepliesThatGoWithIt() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let refused = await bed.run(["il", "message", "delete", "m079"])
                #expect(refused.exitCode == 2)
                #expect(refused.stderr.contains("delete message m079 for good, with its 1 reply (replies by others go too)"), "\(refused)")
                let deleted = await bed.run(["--yes", "il", "message", "delete", "m079"])
                #expect(deleted.exitCode == 0, "\(deleted)")
                #expect(await bed.run(["il", "message", "show", "m083"]).exitCode == 1)
            }
        }

        @Test func digUndigSearchAndScheduledPosts() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "dig", "m079"]).stdout == "2\n")
                #expect(await bed.run(["il", "undig", "m079"]).stdout == "1\n")
                let notDug = await bed.run(["il", "undig", "m077"])
                #expect(notDug.stderr.contains("you have not dug message m077"), "\(notDug)")
                let search = await bed.run(["il", "feed", "--search", "message 7", "--json"])
                let found = try JSONValue(parsing: search.stdout)["messages"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
                #expect(found.contains("m070") && found.contains("m007"), "\(search)")
                let past = await bed.run(["il", "post", "late", "--at", "2020-01-01T00:00:00Z"])
                #expect(past.exitCode == 2)
                let scheduled = await bed.run(["il", "post", "Site 5 opens", "--at", "+2h", "-o", "table"])
                #expect(scheduled.stdout.hasPrefix("scheduled m"), "\(scheduled)")
                let list = await bed.run(["il", "scheduled"])
                #expect(list.stdout.contains("\tSite 5 opens\n"), "\(list)")
            }
        }

        // MARK: documents

        @Test func docEditReplacesFromAFileAndRefusesWhenTheServerCopyChanged() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let file = try bed.file("readme.md", "# Readme\nnew text\n")
                let edited = await bed.run(["il", "doc", "edit", "d001", "--file", file])
                #expect(edited.exitCode == 0, "\(edited)")
                #expect(await bed.run(["il", "doc", "show", "d001", "--raw"]).stdout == "# Readme\nnew text\n")
                // The editor's run is when another device changes the document.
                let editor = try bed.file(
                    "editor.py",
                    """
                    import json, sys, urllib.request
                    body = json.dumps({"id": "d001", "content": "# Readme\\ntheirs\\n"}).encode()
                    urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/__admin/touch-document", body, {"Content-Type": "application/json"}))
                    open(sys.argv[2], "w").write("# Readme\\nmine\\n")

                    """)
                let conflict = await bed.run(
                    ["il", "doc", "edit", "d001"], environment: ["EDITOR": "python3 \(editor) \(bed.emulator.baseURL)"])
                #expect(conflict.exitCode == 1, "\(conflict)")
                #expect(conflict.stderr.contains("document d001 changed on the server while you edited it"))
                #expect(await bed.run(["il", "doc", "show", "d001", "--raw"]).stdout == "# Readme\ntheirs\n")
                let mergedPath =
                    conflict.stderr.split(separator: "\n").first { $0.contains("the merged text is in ") }
                    .map { String($0.split(separator: " ").first { $0.hasSuffix(".md") } ?? "") } ?? ""
                let merged = try String(contentsOfFile: mergedPath, encoding: .utf8)
                #expect(merged == "# Readme\n<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> server\n")
            }
        }

        @Test func docDeleteAndSearch() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let search = await bed.run(["il", "doc", "search", "spec"])
                #expect(Set(search.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }) == ["d004", "d005"], "\(search)")
                #expect(await bed.run(["il", "doc", "delete", "d002"]).exitCode == 2)
                #expect(await bed.run(["--yes", "il", "doc", "delete", "d002"]).exitCode == 0)
                #expect(await bed.run(["il", "doc", "show", "d002"]).exitCode == 1)
            }
        }

        // MARK: organizations and notifications

        @Test func orgShowMembersJoinLeaveAndNotificationDelete() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let show = await bed.run(["il", "org", "show", "lovelace-labs"])
                #expect(show.stdout.contains("userRole\towner\n"), "\(show)")
                let members = await bed.run(["il", "org", "members", "org1"])
                #expect(members.stdout == "u_ada\t@ada\tAda Lovelace\towner\nu_carol\t@carol\tCarol Compiler\tmember\n", "\(members)")
                #expect(await bed.run(["il", "org", "join", "org3"]).exitCode == 0)
                #expect(await bed.run(["--yes", "il", "org", "leave", "org3"]).exitCode == 0)
                let lastOwner = await bed.run(["--yes", "il", "org", "leave", "org1"])
                #expect(lastOwner.stderr.contains("Cannot remove the last owner"), "\(lastOwner)")
                let deleted = await bed.run(["il", "notifications", "delete", "n002"])
                #expect(deleted.exitCode == 0, "\(deleted)")
                #expect(await bed.run(["il", "notifications"]).stdout.contains("n002") == false)
            }
        }
    }
}
