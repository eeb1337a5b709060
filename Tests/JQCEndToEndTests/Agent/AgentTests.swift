import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `fieldops jqc agent` as a real process against the emulator with a real store: woken by
/// queued work, by the network coming back (in a network namespace of the test's own), and
/// stopped by signals, without losing or duplicating anything.
@Suite struct AgentTests {
    /// A running agent: the process and the file its stderr log goes to.
    final class Agent: Sendable {
        let process: Process
        let logFile: String

        init(_ world: JQCWorld, arguments: [String] = [], launcher: [String] = []) throws {
            logFile = world.home.path("agent-\(UUID().uuidString).log")
            #expect(FileManager.default.createFile(atPath: logFile, contents: nil))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: launcher.isEmpty ? FieldOpsBinary.path : "/usr/bin/env")
            process.arguments = (launcher.isEmpty ? [] : launcher + [FieldOpsBinary.path]) + ["jqc", "agent"] + arguments
            process.environment = world.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: logFile)
            process.standardInput = FileHandle.nullDevice
            try process.run()
            self.process = process
        }

        var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

        /// How many log lines contain `text` so far.
        func occurrences(_ text: String) -> Int {
            log.components(separatedBy: "\n").filter { $0.contains(text) }.count
        }

        /// Waits (bounded) until the log has `count` lines containing `text`.
        func waitForLog(_ text: String, count: Int = 1, within seconds: Double = 30) async throws {
            try await AgentTests.eventually("agent log to show \"\(text)\" \(count)×", within: seconds) {
                self.log.components(separatedBy: "\n").filter { $0.contains(text) }.count >= count
            }
        }

        func terminate(_ signal: Int32 = SIGTERM) -> Int32 {
            kill(process.processIdentifier, signal)
            process.waitForExit()
            return process.terminationStatus
        }
    }

    /// Polls `condition` until it holds, failing after `seconds` (a bound for a broken build,
    /// not a speed assertion: the figures live in `make bench`).
    static func eventually(_ what: String, within seconds: Double = 30, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw TestSupportError("timed out waiting for \(what)")
    }

    /// A world logged in with reference data pulled, ready for inspections of template 1.
    static func readyWorld(_ body: (JQCWorld) async throws -> Void, emulatorArguments: [String] = []) async throws {
        try await withWorld(emulatorArguments: emulatorArguments, http: "{ retries: 0, timeout: 10s, connect_timeout: 2s }") { world in
            try await world.ready()
            try await body(world)
        }
    }

    @Test func workSubmittedWhileOnlineReachesTheServerWithNoSyncCommand() async throws {
        try await Self.readyWorld { world in
            let agent = try Agent(world, arguments: ["--interval", "1h"])
            defer { _ = agent.terminate() }
            try await agent.waitForLog("synced:")
            let draft = try Outbox(world).answeredDraft()
            let submit = await world.run(["jqc", "inspect", "submit", draft.localID])
            #expect(submit.exitCode == 0, "\(submit.stderr)")
            try await Self.eventually("the inspection on the server") {
                try await world.serverInspections()[draft.localID] != nil
            }
            #expect(try await world.postCounts("inspections")[draft.localID] == 1)
            #expect(agent.log.contains("work queued: syncing"))
            let status = await world.run(["jqc", "status", "--json"])
            let view = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            let running = try #require(view?["agent"] as? [String: Any])
            #expect(running["pid"] as? Int == Int(agent.process.processIdentifier))
            #expect((running["last_outcome"] as? String)?.hasPrefix("synced") == true)
            #expect(agent.terminate() == 0)
            let after = await world.run(["jqc", "status", "-o", "table"])
            #expect(after.stdout.contains("agent: not running"))
            // Piped, the same fact as a record: no agent.
            #expect(await world.run(["jqc", "status"]).stdout.contains("agent\t\n"))
        }
    }

    @Test func aSecondAgentRefusesAndNamesTheFirst() async throws {
        try await Self.readyWorld { world in
            let first = try Agent(world, arguments: ["--interval", "1h"])
            defer { _ = first.terminate() }
            try await first.waitForLog("started")
            let second = try Agent(world)
            second.process.waitForExit()
            #expect(second.process.terminationStatus == 1)
            #expect(second.log.contains("an agent for profile site is already running (pid \(first.process.processIdentifier))"))
            #expect(first.process.isRunning)
        }
    }

    @Test func sigtermDuringASyncFinishesTheRequestInFlightAndExitsZero() async throws {
        try await Self.readyWorld { world in
            let outbox = try Outbox(world)
            let queued = try (0..<6).map { _ in try outbox.completedInspection() }
            // The server holds the first submission for a while: the agent is mid-sync then.
            try await world.emulator.injectFault(path: "/api/v1/inspections", method: "POST", count: 1, delayMs: 1500)
            let agent = try Agent(world, arguments: ["--interval", "1h"])
            try await Self.eventually("a submission in flight") {
                try await world.emulator.requests().contains { $0.method == "POST" && $0.path == "/api/v1/inspections" }
            }
            #expect(agent.terminate() == 0)
            #expect(agent.log.contains("stopped"))
            let sync = await world.run(["jqc", "sync"])
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            let server = try await world.serverInspections()
            for inspection in queued { #expect(server[inspection.localID] != nil) }
            #expect(server.count == queued.count)
        }
    }

    @Test func killNineAtRandomPointsLosesAndDuplicatesNothing() async throws {
        try await Self.readyWorld { world in
            let outbox = try Outbox(world)
            var queued: [String] = []
            for trial in 0..<20 {
                for _ in 0..<2 { queued.append(try outbox.completedInspection(photo: trial % 3 == 0).localID) }
                try await world.emulator.setLatency(milliseconds: Int.random(in: 0...40))
                let agent = try Agent(world, arguments: ["--interval", "1h"])
                try await Task.sleep(nanoseconds: UInt64.random(in: 20_000_000...400_000_000))
                _ = agent.terminate(SIGKILL)
            }
            try await world.emulator.setLatency(milliseconds: 0)
            let sync = await world.run(["jqc", "sync"])
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            let server = try await world.serverInspections()
            #expect(server.count == queued.count)
            for localID in queued { #expect(server[localID] != nil, "\(localID) lost") }
            let pending = try world.store().pendingCounts()
            #expect(pending.total == 0)
        }
    }

    @Test func installWritesAUnitSystemdAccepts() async throws {
        try await Self.readyWorld { world in
            // No user manager answers in a test: the commands to run are printed instead.
            let install = await world.run(["jqc", "agent", "install"])
            #expect(install.exitCode == 0, "\(install.stderr)")
            let unit = world.home.path("config") + "/systemd/user/fieldops-jqc-agent@.service"
            let text = try String(contentsOfFile: unit, encoding: .utf8)
            #expect(text.contains("ExecStart=/"))
            #expect(text.contains("--profile %i jqc agent"))
            #expect(install.stdout.contains("fieldops-jqc-agent@site.service"))
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
                let instance = world.home.path("units") + "/fieldops-jqc-agent@site.service"
                try FileManager.default.createDirectory(atPath: world.home.path("units"), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: unit, toPath: instance)
                let verify = try ProcessRunner.run(
                    "/usr/bin/systemd-analyze", arguments: ["verify", "--user", instance],
                    environment: world.environment.merging(["SYSTEMD_LOG_LEVEL": "err"]) { _, new in new })
                #expect(!verify.stderr.contains("fieldops-jqc-agent"), "\(verify.stderr)")
            }
            let shipped = try String(
                contentsOf: Emulator.packageRoot.appendingPathComponent("config/systemd/fieldops-jqc-agent@.service"), encoding: .utf8)
            #expect(shipped.contains("ExecStart=fieldops --profile %i jqc agent"))
            let uninstall = await world.run(["jqc", "agent", "uninstall"])
            #expect(uninstall.exitCode == 0, "\(uninstall.stderr)")
            #expect(!FileManager.default.fileExists(atPath: unit))
        }
    }

    @Test func intervalIsRangeChecked() async throws {
        try await Self.readyWorld { world in
            let agent = try Agent(world, arguments: ["--interval", "1s"])
            agent.process.waitForExit()
            #expect(agent.process.terminationStatus == 2)
            #expect(agent.log.contains("--interval must be a duration from 10s to 24h"))
        }
    }
}

/// The agent in a network namespace made by the test (`ip netns`, as root): the emulator and
/// the agent share its loopback, the test takes the link down and up with `ip link`.
@Suite struct AgentNetworkTests {
    static func ip(_ arguments: [String]) throws {
        let result = try ProcessRunner.run("/usr/bin/env", arguments: ["ip"] + arguments)
        guard result.exitCode == 0 else { throw TestSupportError("ip \(arguments.joined(separator: " ")): \(result.stderr)") }
    }

    @Test func linkDownThenUpDeliversEverythingOnceWithNoSyncCommand() async throws {
        guard getuid() == 0 else {
            Issue.record("network namespace tests need root (ip netns add); run make test as root")
            return
        }
        let namespace = "fieldops-agent-\(getpid())"
        try Self.ip(["netns", "add", namespace])
        defer { try? Self.ip(["netns", "delete", namespace]) }
        let inside = ["ip", "netns", "exec", namespace]
        try Self.ip(["netns", "exec", namespace, "ip", "link", "set", "lo", "up"])

        let emulator = try await Emulator.start(script: "jqc_emulator", launcher: inside)
        defer { emulator.stop() }
        let world = try JQCWorld.start(existing: emulator, http: "{ retries: 0, timeout: 10s, connect_timeout: 2s }")
        defer { world.home.remove() }
        // Log in and pull reference data inside the namespace (its loopback is the emulator's).
        for arguments in [["auth", "login", "--username", "inspector", "--password-stdin"], ["jqc", "sync"]] {
            let result = try ProcessRunner.run(
                "/usr/bin/env", arguments: inside + [FieldOpsBinary.path] + arguments, environment: world.environment,
                stdin: Data("secret123\n".utf8))
            guard result.exitCode == 0 else { throw TestSupportError("\(arguments): \(result.stderr)") }
        }

        let agent = try AgentTests.Agent(world, arguments: ["--interval", "1h"], launcher: inside)
        defer { _ = agent.terminate() }
        try await agent.waitForLog("synced:")

        try Self.ip(["netns", "exec", namespace, "ip", "link", "set", "lo", "down"])
        let downAt = Date()
        let logBeforeDown = agent.log.count
        let outbox = try Outbox(world)
        var queued: [String] = []
        for index in 0..<10 {
            let inspection = try outbox.completedInspection(photo: index % 2 == 0)
            try outbox.issue(on: inspection, photo: index % 3 == 0)
            queued.append(inspection.localID)
        }
        // What `inspect submit` does after committing: the poke crosses namespaces (a unix socket).
        let failuresBefore = agent.occurrences("sync failed:")
        AgentWake.poke(profile: world.profile, paths: ConfigPaths(environment: world.environment), environment: world.environment)
        try await agent.waitForLog("sync failed:", count: failuresBefore + 1)
        // More work while unreachable: no new attempt, it waits for the network.
        AgentWake.poke(profile: world.profile, paths: ConfigPaths(environment: world.environment), environment: world.environment)
        try await agent.waitForLog("work queued while the server is unreachable")
        let whileDown = String(agent.log.dropFirst(logBeforeDown))
        let failedWhileDown = whileDown.components(separatedBy: "\n").filter { $0.contains("sync failed:") }.count
        let downSeconds = Date().timeIntervalSince(downAt)
        // The documented probes and no more: the first poke's attempt, then backoff attempts at
        // 5 s, 10 s, 20 s … (each at least 4 s, 8 s, 16 s … with jitter). A slow machine only
        // makes `downSeconds` longer, which allows more: this bound cannot be beaten by load.
        var allowed = 1
        var schedule = 4.0
        var elapsed = schedule
        while elapsed <= downSeconds {
            allowed += 1
            schedule *= 2
            elapsed += schedule
        }
        #expect(failedWhileDown >= 1 && failedWhileDown <= allowed, "\(failedWhileDown) attempts in \(downSeconds) s:\n\(whileDown)")

        let changesBefore = agent.occurrences("network change: trying the server")
        try Self.ip(["netns", "exec", namespace, "ip", "link", "set", "lo", "up"])
        try await agent.waitForLog("network change: trying the server", count: changesBefore + 1)
        try await AgentTests.eventually("every inspection on the server") {
            let inspections = try JSONSerialization.jsonObject(with: try await emulator.state()) as? [String: Any]
            let byLocal = inspections?["inspections"] as? [String: Any] ?? [:]
            return queued.allSatisfy { byLocal[$0] != nil }
        }
        try await AgentTests.eventually("the outbox empty") { try world.store().pendingCounts().total == 0 }
        let state = try JSONSerialization.jsonObject(with: try await emulator.state()) as? [String: Any]
        let counts = (state?["post_counts"] as? [String: Any])?["inspections"] as? [String: Int] ?? [:]
        for localID in queued { #expect(counts[localID] == 1, "\(localID) posted \(counts[localID] ?? 0)×") }
        let issues = (state?["issues"] as? [[String: Any]] ?? []).compactMap { $0["local_id"] as? String }
        #expect(issues.count == Set(issues).count)
        #expect(issues.count >= queued.count)
    }
}
