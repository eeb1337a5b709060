import Foundation
import Testing

@testable import InterlinedList

/// The watch loop's wait on a real inotify descriptor: a wait ends on a settled change, at its
/// deadline, or at once when the task is cancelled — also when the cancellation came first.
@Suite struct DirectoryWatcherTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "fieldops-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A SIGTERM during a sync run cancels the task before the loop waits again: that wait must
    /// end at once. (It used to miss the cancellation and sleep until the server poll.)
    @Test func aWaitStartedByACancelledTaskEndsAtOnce() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try DirectoryWatcher(root: root, debounce: .milliseconds(50))
        defer { watcher.stop() }
        let wait = Task {
            while !Task.isCancelled { await Task.yield() }
            return await watcher.next(until: DirectoryWatcher.now() + 20_000_000_000)
        }
        wait.cancel()
        #expect(await wait.value == .cancelled)
    }

    @Test func aCancellationDuringTheWaitEndsIt() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try DirectoryWatcher(root: root, debounce: .milliseconds(50))
        defer { watcher.stop() }
        let wait = Task { await watcher.next(until: DirectoryWatcher.now() + 20_000_000_000) }
        try await Task.sleep(for: .milliseconds(100))
        wait.cancel()
        #expect(await wait.value == .cancelled)
    }

    @Test func aSettledChangeWakesTheWaitAndDotFilesDoNot() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try DirectoryWatcher(root: root, debounce: .milliseconds(50))
        defer { watcher.stop() }
        try "temporary".write(toFile: root + "/.sync-tmp", atomically: false, encoding: .utf8)
        #expect(await watcher.next(until: DirectoryWatcher.now() + 300_000_000) == .deadline)
        try "# Note\n".write(toFile: root + "/Note.md", atomically: false, encoding: .utf8)
        #expect(await watcher.next(until: DirectoryWatcher.now() + 20_000_000_000) == .localChange)
    }
}
