import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc notifications poll | watch`, on the sync's cursor.
@Suite
struct NotificationCommandTests {
    @Test func pollPrintsNewOnesMarksThemReadAndAdvancesTheCursor() async throws {
        try await withWorld { world in
            try await world.login()
            let first = try await world.run(["jqc", "notifications", "poll", "--json"]).array()
            #expect(first.count == 2)
            let cursor = try #require(try world.store().notificationCursor())
            let notes = (try await world.serverState()["notifications"] as? [[String: Any]]) ?? []
            #expect(notes.filter { $0["user_id"] as? Int == 1 }.allSatisfy { $0["is_read"] as? Bool == true })

            let nothing = await world.run(["jqc", "notifications", "poll", "--json"])
            #expect(try nothing.array().isEmpty)

            try await world.admin(
                "notify", ["user": "inspector", "type": "issue_assigned", "title": "New issue", "body": "Look at issue 4", "issue_id": 4])
            let hookFile = world.home.path("hook.txt")
            let text = await world.run([
                "jqc", "notifications", "poll", "--exec",
                "printf '%s|%s|%s\\n' \"$FIELDOPS_NOTIFICATION_TYPE\" \"$FIELDOPS_NOTIFICATION_TITLE\" \"$FIELDOPS_NOTIFICATION_ISSUE_ID\" >> \(hookFile)",
            ])
            #expect(text.exitCode == 0, "\(text.stderr)")
            #expect(text.stdout.contains("[issue_assigned] New issue — Look at issue 4"))
            #expect(try String(contentsOfFile: hookFile, encoding: .utf8) == "issue_assigned|New issue|4\n")
            let polls = try await world.emulator.requests().filter { $0.path == "/api/v1/notifications" }
            #expect(polls.first?.query["since"] == nil)
            #expect(
                polls[1].query["since"] == [
                    JQCDate.format(try #require(JQCDate.parse(cursor)).addingTimeInterval(-Double(JQCStore.cursorOverlap)))
                ]
            )
        }
    }

    @Test func pollOfflineIsExit4AndKeepsTheCursor() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            try await world.login()
            #expect(await world.run(["jqc", "notifications", "poll"]).exitCode == 0)
            let cursor = try world.store().notificationCursor()
            // Two drops: libcurl silently retries a request whose reused connection died once.
            try await world.emulator.injectFault(path: "/api/v1/notifications", count: 2, drop: true)
            let result = await world.run(["jqc", "notifications", "poll"])
            #expect(result.exitCode == 4 && result.stderr.contains("cannot fetch notifications"), "\(result.exitCode): \(result.stderr)")
            #expect(try world.store().notificationCursor() == cursor)
        }
    }

    @Test func watchPrintsEachArrivalAndRidesOutTheServerGoingAway() async throws {
        try await withWorld(http: "{ retries: 0, timeout: 2 }") { world in
            try await world.login()
            #expect(await world.run(["jqc", "notifications", "poll"]).exitCode == 0)
            let out = world.home.path("watch.out")
            let err = world.home.path("watch.err")
            let process = try world.spawn(["jqc", "notifications", "watch", "--interval", "1s", "--json"], stdout: out, stderr: err)
            defer { if process.isRunning { process.terminate() } }

            func lines() -> [String] {
                ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }
            func waitFor(_ what: String, _ condition: () -> Bool) async throws {
                for _ in 0..<100 where !condition() { try await Task.sleep(nanoseconds: 100_000_000) }
                #expect(condition(), "\(what)")
            }

            try await world.admin("notify", ["user": "inspector", "type": "follow_up", "title": "First", "body": "one"])
            try await waitFor("the first notification") { lines().count == 1 }
            // The server goes away for a few polls, then comes back.
            try await world.emulator.injectFault(path: "/api/v1/notifications", count: 3, drop: true)
            try await waitFor("the outage noticed") {
                ((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").contains("cannot be reached")
            }
            try await world.admin("notify", ["user": "inspector", "type": "issue_assigned", "title": "Second", "body": "two"])
            try await waitFor("the second notification after the outage") { lines().count == 2 }
            #expect(((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").contains("reachable again"))

            // Then the server process itself stops answering (SIGSTOP) and resumes (SIGCONT).
            let server = try Self.listener(of: world.emulator.baseURL)
            kill(server, SIGSTOP)
            try await waitFor("the hang noticed") {
                ((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").components(separatedBy: "cannot be reached").count == 3
            }
            kill(server, SIGCONT)
            try await world.admin("notify", ["user": "inspector", "type": "follow_up", "title": "Third", "body": "three"])
            try await waitFor("the third notification after the hang") { lines().count == 3 }
            let titles = lines().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map {
                $0["title"] as? String
            }
            #expect(titles == ["First", "Second", "Third"])

            kill(process.processIdentifier, SIGINT)
            process.waitForExit()
            #expect(process.terminationStatus == 130)
            #expect(lines().count == 3)
        }
    }

    /// The pid of the process listening on `baseURL`'s port (the test's own emulator).
    static func listener(of baseURL: String) throws -> pid_t {
        let port = baseURL.split(separator: ":").last.map(String.init) ?? ""
        let result = try ProcessRunner.run("/usr/bin/ss", arguments: ["-ltnpH", "sport = :\(port)"], timeout: 10)
        guard let range = result.stdout.range(of: "pid="),
            let pid = pid_t(result.stdout[range.upperBound...].prefix(while: \.isNumber))
        else {
            throw TestSupportError("no listener on port \(port): \(result.stdout)")
        }
        return pid
    }
}
