import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

#if canImport(Glibc)
    import Glibc
#endif

extension InterlinedListEndToEnd {
    /// `il docs sync --watch` as a real process: a local change reaches the server within two
    /// seconds, and SIGTERM ends it cleanly.
    @Suite struct DocsSyncWatchTests {
        /// How long to wait for something that should come at once before calling it missing
        /// (not a requirement: only the 2 s of a local edit is one).
        static let giveUp = Duration.seconds(30)
        /// The server poll of `startWatching`. An edit that arrives in well under it was carried
        /// by the watcher; how long it took is printed as a figure, not asserted (a sanitizer
        /// build or a loaded machine makes a cycle several times slower).
        static let poll = Duration.seconds(30)

        /// A watching process, its output files, and a kill on the way out if it still runs.
        struct Watch {
            let process: Process
            let stdout: String
            let stderr: String

            func output() -> (stdout: String, stderr: String) {
                ((try? String(contentsOfFile: stdout, encoding: .utf8)) ?? "", (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "")
            }

            func killIfRunning() {
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitForExit()
                }
            }
        }

        /// Starts `--watch` (the server polled every 30 s, so only the watcher wakes it early)
        /// and waits for its first cycle: "watching …" on stderr and the cycle's summary on
        /// stdout (a server edit made before it gives the first cycle something to print).
        static func startWatching(_ sync: DocSyncBed) async throws -> Watch {
            try await sync.edit("d001", "# Readme\n\nbefore the watch\n")
            let watch = Watch(
                process: try sync.spawn(
                    ["--watch", "--interval", "\(poll.components.seconds)s"],
                    stdout: sync.bed.home.directory.path("watch.out"),
                    stderr: sync.bed.home.directory.path("watch.err")),
                stdout: sync.bed.home.directory.path("watch.out"), stderr: sync.bed.home.directory.path("watch.err"))
            let ready = try await waitFor(giveUp) {
                let (out, err) = watch.output()
                return err.contains("watching \(sync.directory) (the server every 30s); Ctrl-C to stop")
                    && out.contains("synced: 1 updated here")
            }
            if !ready { watch.killIfRunning() }
            try #require(ready, "the watch never finished its first cycle: \(watch.output())")
            #expect(try sync.read("Readme.md") == "# Readme\n\nbefore the watch\n")
            return watch
        }

        /// Polls `condition` every 50 ms until it holds (true) or `limit` passes (false).
        static func waitFor(_ limit: Duration, _ condition: () async throws -> Bool) async throws -> Bool {
            let deadline = ContinuousClock.now + limit
            while ContinuousClock.now < deadline {
                if try await condition() { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return try await condition()
        }

        /// The moment, after `written`, when the server first shows `content` for document `id`
        /// (polled every 50 ms), or nil after `giveUp`.
        static func arrival(
            of content: String, in id: String?, title: String? = nil, _ sync: DocSyncBed,
            within limit: Duration = giveUp
        ) async throws -> ContinuousClock.Instant? {
            var seen: ContinuousClock.Instant?
            _ = try await waitFor(limit) {
                let documents = try await sync.liveDocuments()
                if documents.contains(where: { ($0.id == id || $0.title == title) && $0.content == content }) {
                    seen = ContinuousClock.now
                    return true
                }
                return false
            }
            return seen
        }

        /// SIGTERM: the watch stops as after Ctrl-C, exit 130.
        static func stop(_ watch: Watch) async throws {
            kill(watch.process.processIdentifier, SIGTERM)
            let ended = try await waitFor(giveUp) { !watch.process.isRunning }
            if !ended { watch.killIfRunning() }
            #expect(ended, "the watch did not stop on SIGTERM: \(watch.output())")
            #expect(watch.process.terminationReason == .exit)
            #expect(watch.process.terminationStatus == 130, "\(watch.output())")
        }

        @Test func aLocalEditReachesTheServerBeforeThePollAndSIGTERMStopsTheWatch() async throws {
            try await DocSyncBed.with { sync in
                let watch = try await Self.startWatching(sync)
                defer { watch.killIfRunning() }

                let edit = "# Todo\n\n- written while watching\n"
                let written = ContinuousClock.now
                try sync.write("Todo.md", edit)
                let arrived = try #require(
                    try await Self.arrival(of: edit, in: "d002", sync), "the edit never reached the server: \(watch.output())")
                #expect(arrived - written < Self.poll / 3, "the edit took \(arrived - written) to reach the server")
                print("DocsSyncWatchTests: a local edit reached the server \(arrived - written) after the write")

                // A new directory with a file in it: the watcher follows new directories.
                try sync.write("Field/Visit.md", "# Visit\n")
                let visit = try await Self.arrival(of: "# Visit\n", in: nil, title: "Visit", sync)
                #expect(visit != nil, "the new file never reached the server: \(watch.output())")
                #expect(try await sync.serverFolders().contains("Field"))

                // One sync per directory at a time: a second one is turned away while the watch runs.
                let second = await sync.sync()
                #expect(second.exitCode == 1, "\(second)")
                #expect(second.stderr.contains("another il docs sync is running on \(sync.directory)"), "\(second)")

                try await Self.stop(watch)
                let lines = watch.output().stdout.split(separator: "\n")
                #expect(lines.contains { $0.hasSuffix(" updated on the server: Todo.md") }, "\(watch.output())")
                #expect(lines.contains { $0.hasSuffix(" uploaded: Field/Visit.md") }, "\(watch.output())")
                let expected = DocSyncBed.seeded(changing: [
                    "Readme.md": "# Readme\n\nbefore the watch\n", "Todo.md": edit, "Field/Visit.md": "# Visit\n",
                ])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
            }
        }

        @Test func anEditMadeWhileACycleRunsIsSyncedRightAfterIt() async throws {
            try await DocSyncBed.with { sync in
                let watch = try await Self.startWatching(sync)
                defer { watch.killIfRunning() }

                // A slow server keeps the next cycle busy long enough to edit during it.
                try await sync.quirks(["delayMs": 1000])
                let requestsBefore = try await sync.bed.emulator.requests().count
                try sync.write("Todo.md", "# Todo\n\n- first edit\n")
                // The cycle has scanned the directory once it asks the server for its snapshot.
                let busy = try await Self.waitFor(Self.giveUp) {
                    try await sync.bed.emulator.requests().dropFirst(requestsBefore).contains { $0.path == "/api/documents/sync" }
                }
                try #require(busy, "the first edit never started a cycle: \(watch.output())")
                let second = "# Readme\n\n- edited while the cycle ran\n"
                try sync.write("Readme.md", second)
                try await sync.quirks(["delayMs": 0])
                let first = try #require(try await Self.arrival(of: "# Todo\n\n- first edit\n", in: "d002", sync), "\(watch.output())")
                // A third of the poll is far more than a debounce and a cycle, and far less than the poll.
                let then = try await Self.arrival(of: second, in: "d001", sync, within: Self.poll / 3)
                do {
                    #expect(then != nil, "the edit made during a cycle did not reach the server: \(watch.output())")
                    if let then {
                        print("DocsSyncWatchTests: the edit made during a cycle reached the server \(then - first) after that cycle's")
                    }
                }
                try await Self.stop(watch)
            }
        }
    }
}
