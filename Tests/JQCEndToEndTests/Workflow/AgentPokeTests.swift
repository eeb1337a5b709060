import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

#if canImport(Glibc)
    import Glibc
#endif

/// Every command that queues work pokes the profile's agent after committing it; commands that
/// queue nothing stay quiet. The test stands in for the agent: it binds the agent's socket.
@Suite
struct AgentPokeTests {
    /// A bound unix datagram socket at the agent's path, counting the pokes that arrive.
    final class FakeAgent {
        let fd: Int32

        init(path: String) throws {
            unlink(path)
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { throw TestSupportError("socket: \(errno)") }
            let bound = AgentWake.withSocketAddress(path) { address, length in bind(fd, address, length) }
            guard bound == 0 else { throw TestSupportError("bind \(path): \(errno)") }
        }

        deinit { close(fd) }

        /// The pokes received since the last call (each already queued when its command returned).
        func pokes() -> Int {
            var count = 0
            var buffer = [UInt8](repeating: 0, count: 64)
            while buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 { count += 1 }
            return count
        }
    }

    @Test func commandsThatQueueWorkPokeTheAgentAndOthersDoNot() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            try await world.ready()
            let path = try #require(
                AgentWake.socketPath(
                    profile: world.profile, paths: ConfigPaths(environment: world.environment), environment: world.environment))
            let agent = try FakeAgent(path: path)
            func pokes(_ arguments: [String], stdin: String = "") async -> Int {
                let result = await world.run(arguments, stdin: stdin)
                #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
                return agent.pokes()
            }

            let draft = try await world.startDraft()
            #expect(agent.pokes() == 0, "a draft is not work to send")
            #expect(
                await pokes(
                    ["jqc", "inspect", "fill", draft, "--answers", "-"], stdin: #"{"2": 4, "3": 5, "4": true, "5": "Pass", "6": "Good"}"#)
                    == 0)
            #expect(await pokes(["jqc", "issue", "flag", "--inspection", draft, "--severity", "low", "--description", "Smudge"]) == 1)
            #expect(await pokes(["jqc", "inspect", "submit", draft]) == 1)
            #expect(await pokes(["jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "Door"]) == 1)
            // Online, the status change is made on the server at once: nothing is queued.
            #expect(await pokes(["jqc", "issue", "status", "1", "in_progress"]) == 0)
            try await world.emulator.injectFault(path: "/api/v1/issues/*", method: "PATCH", count: 2, drop: true)
            #expect(await pokes(["jqc", "issue", "status", "1", "resolved"]) == 1, "queued offline")
            try await world.emulator.clearFaults()
            #expect(await pokes(["jqc", "issue", "list"]) == 0)
            #expect(await pokes(["jqc", "notifications", "read", "--all"]) == 0)
            #expect(await pokes(["jqc", "prune", "--dry-run"]) == 0)

            let failed = try Outbox(world).completedInspection()
            for _ in 0..<SyncStatus.maxAttempts {
                try world.store().recordFailure(.inspection, localID: failed.localID, error: "HTTP 422", counts: true)
            }
            #expect(await pokes(["jqc", "inspect", "reopen", failed.localID]) == 0, "reopening takes work out of the queue")
            #expect(await pokes(["jqc", "inspect", "submit", failed.localID]) == 1)
            for _ in 0..<SyncStatus.maxAttempts {
                try world.store().recordFailure(.inspection, localID: failed.localID, error: "HTTP 422", counts: true)
            }
            #expect(await pokes(["jqc", "retry", failed.localID]) == 1)
            #expect(await pokes(["jqc", "retry", "--all-failed"]) == 0, "nothing was failed, nothing queued")
        }
    }

    /// `XDG_RUNTIME_DIR` set to a file: the agent could not bind there and every wake-up was
    /// dropped. Both ends now use the socket beside the store, and the poke arrives.
    @Test(arguments: [false, true])
    func aRuntimeDirectoryThatIsNotOneFallsBackToTheStore(isDirectory: Bool) throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        // Short: a socket address holds 107 bytes, and a longer runtime path is passed over too.
        var template = Array("/tmp/rt-XXXXXX".utf8CString)
        let runtime = String(cString: try #require(mkdtemp(&template)))
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        if !isDirectory {
            try FileManager.default.removeItem(atPath: runtime)
            try "not a directory: Sjøgata".write(toFile: runtime, atomically: true, encoding: .utf8)
        }
        var environment = home.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        let paths = ConfigPaths(environment: environment)
        let path = try #require(AgentWake.socketPath(profile: "alesund", paths: paths, environment: environment))
        if isDirectory {
            #expect(path.hasPrefix(runtime + "/fieldops/jqc-agent-alesund-"))
        } else {
            #expect(path == paths.dataDirectory(for: "alesund") + "/agent.sock")
        }
        try FileManager.default.createDirectory(atPath: PathText.parent(of: path), withIntermediateDirectories: true)
        let agent = try FakeAgent(path: path)
        AgentWake.poke(profile: "alesund", paths: paths, environment: environment)
        #expect(agent.pokes() == 1)
    }
}
