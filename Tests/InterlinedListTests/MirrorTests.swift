import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

/// The offline mirror (a real SQLite file) and how reads use it: live first, mirror offline.
@Suite struct MirrorTests {
    let mirror: ILMirror
    let profileDirectory = NSTemporaryDirectory() + "il-mirror-\(UUID().uuidString)/p"
    let stderr = CapturedStream()
    let now: Int64 = 5_000_000_000
    let folders = ILFoldersEnvelope(folders: [ILFolder(id: "lf1", name: "Work")])
    let newer = ILFoldersEnvelope(folders: [ILFolder(id: "lf9", name: "New")])

    init() {
        mirror = ILMirror(profileDirectory: profileDirectory, userID: "u")
    }

    func reader(_ policy: ReadPolicy = .refresh) -> CachedRead {
        CachedRead(cache: mirror, policy: policy, now: now, warnings: stderr)
    }

    static func offline() throws -> ILFoldersEnvelope {
        throw ILError.offline(route: "GET /api/folders", reason: "connection refused")
    }

    // MARK: the store

    @Test func snapshotsSurviveReopeningAndPrefixesAreRemoved() throws {
        try mirror.store([("list-l001", Data("a".utf8)), ("list-l002", Data("b".utf8)), ("lists", Data("c".utf8))], savedAt: 42)
        let reopened = ILMirror(profileDirectory: profileDirectory, userID: "u")
        guard case .hit(let data, let savedAt) = reopened.load("list-l002") else {
            Issue.record("not kept")
            return
        }
        #expect((data, savedAt) == (Data("b".utf8), 42))
        #expect(reopened.names(prefix: "list-") == ["list-l001", "list-l002"])
        reopened.remove(prefix: "list-")
        #expect(reopened.names(prefix: "") == ["lists"])
        let mode = try FileManager.default.attributesOfItem(atPath: mirror.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aDamagedMirrorIsSetAsideWithAWarningAndStartedAgain() async throws {
        try FileManager.default.createDirectory(atPath: mirror.directory, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: mirror.path))
        let result = try await reader().run("folders") { newer }
        #expect(result.source == .server)
        #expect(stderr.text.contains("the offline mirror \(mirror.path) could not be read"), "\(stderr.text)")
        #expect(FileManager.default.fileExists(atPath: mirror.path + ".damaged"))
        guard case .hit = mirror.load("folders") else {
            Issue.record("the new mirror does not hold the answer")
            return
        }
    }

    // MARK: reads

    @Test func everyReadAsksTheServerAndRefreshesTheMirror() async throws {
        try mirror.store(folders, as: "folders", savedAt: now - 1_000)
        let result = try await reader().run("folders") { newer }
        #expect(result.value.folders.map(\.id) == ["lf9"])
        #expect(result.source == .server)
        guard case .hit(let stored, let savedAt) = mirror.load(ILFoldersEnvelope.self, "folders") else {
            Issue.record("not rewritten")
            return
        }
        #expect(stored.folders.map(\.id) == ["lf9"])
        #expect(savedAt == now)
    }

    @Test func offlineShowsTheMirrorWithItsAge() async throws {
        try mirror.store(folders, as: "folders", savedAt: now - 7 * 60_000)
        let result = try await reader().run("folders") { try Self.offline() }
        #expect(result.value.folders.map(\.id) == ["lf1"])
        #expect(result.source == .mirror(savedAt: now - 7 * 60_000))
        let notice = LocalCopyNoticeText(stderr: stderr.text)
        #expect(notice?.age == "7 min old", "\(stderr.text)")
        #expect(notice?.reason == "connection refused")
    }

    @Test func offlineWithoutAMirroredCopyIsANetworkError() async throws {
        await #expect(throws: ILError.offline(route: "GET /api/folders", reason: "connection refused")) {
            _ = try await reader().run("folders") { try Self.offline() }
        }
    }

    @Test func noCacheNeverAnswersFromTheMirror() async throws {
        try mirror.store(folders, as: "folders", savedAt: now - 1_000)
        await #expect(throws: ILError.self) {
            _ = try await reader(.liveOnly).run("folders") { try Self.offline() }
        }
        #expect(ReadPolicy.from(noCache: true, refresh: true) == .liveOnly)
        #expect(ReadPolicy.from(noCache: false, refresh: false) == .refresh)
    }

    @Test func loggedOutIsNotHiddenByTheMirror() async throws {
        try mirror.store(folders, as: "folders", savedAt: now - 600_000)
        await #expect(throws: ILError.loggedOut(profile: "p", route: "GET /api/folders")) {
            _ = try await reader().run("folders") { () throws -> ILFoldersEnvelope in
                throw ILError.loggedOut(profile: "p", route: "GET /api/folders")
            }
        }
        guard case .hit = mirror.load("folders") else {
            Issue.record("logged-out must keep the mirror")
            return
        }
    }
}
