import FieldOpsCore
import Foundation
import Testing
@testable import InterlinedList

/// A reading command's cache behaviour: fresh cache first, server next, cache when offline.
@Suite struct CachedReadTests {
    let cache: ILCache
    let stderr = CapturedStream()
    let now: Int64 = 5_000_000_000
    let folders = ILFoldersEnvelope(folders: [ILFolder(id: "lf1", name: "Work")])
    let newer = ILFoldersEnvelope(folders: [ILFolder(id: "lf9", name: "New")])

    init() {
        cache = ILCache(profileDirectory: NSTemporaryDirectory() + "il-read-\(UUID().uuidString)/p", userID: "u")
    }

    func reader(_ policy: ReadPolicy) -> CachedRead {
        CachedRead(cache: cache, policy: policy, now: now, warnings: stderr)
    }

    static func offline() throws -> ILFoldersEnvelope {
        throw ILError.offline(route: "GET /api/folders", reason: "connection refused")
    }

    @Test func freshCacheIsShownWithoutFetching() async throws {
        try cache.store(folders, as: "folders", savedAt: now - 1_000)
        let result = try await reader(.cacheFirst(maxAge: 60_000)).run("folders") { () throws -> ILFoldersEnvelope in
            Issue.record("fetched although the cache was fresh")
            return newer
        }
        #expect(result.value.folders == folders.folders)
        #expect(result.source == .freshCache(savedAt: now - 1_000))
    }

    @Test func staleCacheIsRefreshedAndRewritten() async throws {
        try cache.store(folders, as: "folders", savedAt: now - 600_000)
        let result = try await reader(.cacheFirst(maxAge: 60_000)).run("folders") { newer }
        #expect(result.value.folders == newer.folders)
        #expect(result.source == .server)
        guard case .hit(let stored, let savedAt) = cache.load(ILFoldersEnvelope.self, "folders") else {
            Issue.record("cache not rewritten")
            return
        }
        #expect(stored.folders == newer.folders && savedAt == now)
    }

    @Test func offlineShowsTheCacheWithItsAge() async throws {
        try cache.store(folders, as: "folders", savedAt: now - 7 * 60_000)
        let result = try await reader(.refresh).run("folders") { try Self.offline() }
        #expect(result.value.folders == folders.folders)
        #expect(result.source == .offlineCache(savedAt: now - 7 * 60_000))
        #expect(stderr.text == "offline — cached 7 minutes ago\n")
    }

    @Test func offlineWithoutCacheIsANetworkError() async throws {
        await #expect(throws: ILError.offline(route: "GET /api/folders", reason: "connection refused")) {
            _ = try await reader(.refresh).run("folders") { try Self.offline() }
        }
    }

    @Test func noCacheForcesLiveEvenWhenACopyExists() async throws {
        try cache.store(folders, as: "folders", savedAt: now - 1_000)
        let error = await #expect(throws: ILError.self) {
            _ = try await reader(.liveOnly).run("folders") { try Self.offline() }
        }
        #expect(error?.exitCode == .network)
    }

    @Test func loggedOutIsNotHiddenByTheCache() async throws {
        try cache.store(folders, as: "folders", savedAt: now - 600_000)
        await #expect(throws: ILError.loggedOut(profile: "p", route: "GET /api/folders")) {
            _ = try await reader(.refresh).run("folders") { () throws -> ILFoldersEnvelope in
                throw ILError.loggedOut(profile: "p", route: "GET /api/folders")
            }
        }
        guard case .hit = cache.load("folders") else { Issue.record("logged-out must keep the cache"); return }
    }

    @Test func aCorruptCacheIsDiscardedWithAWarningAndFetched() async throws {
        try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
        try Data("fieldops-il-cache 1 1 5 0000000000000000\n{\"x\"".utf8).write(to: URL(fileURLWithPath: cache.path(of: "folders")))
        let result = try await reader(.cacheFirst(maxAge: 60_000)).run("folders") { newer }
        #expect(result.source == .server)
        #expect(stderr.text.contains("warning: discarded a damaged cache file"))
    }
}
