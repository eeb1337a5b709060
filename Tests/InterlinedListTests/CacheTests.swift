import Foundation
import Testing
@testable import InterlinedList

/// The offline cache: per profile and user, atomic, and never fatal when damaged.
@Suite struct CacheTests {
    let home: String

    init() throws {
        home = NSTemporaryDirectory() + "il-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    func cache(_ profile: String = "lists", _ user: String = "u_ada") -> ILCache {
        ILCache(profileDirectory: home + "/fieldops/" + profile, userID: user)
    }

    func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    // MARK: Round trip

    @Test func storesAndLoadsWithTheSaveTime() throws {
        let folders = ILFoldersEnvelope(folders: [ILFolder(id: "lf1", name: "Work", parentId: "")])
        try cache().store(folders, as: "folders", savedAt: 1_000)
        guard case .hit(let loaded, let savedAt) = cache().load(ILFoldersEnvelope.self, "folders") else {
            Issue.record("expected a hit")
            return
        }
        #expect(loaded.folders == folders.folders)
        #expect(savedAt == 1_000)
    }

    @Test func livesUnderTheProfileAndUserWithPrivatePermissions() throws {
        try cache().store(Data("{}".utf8), as: "feed", savedAt: 1)
        let file = home + "/fieldops/lists/interlinedlist/u_ada/feed.cache"
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(home + "/fieldops/lists/interlinedlist/u_ada") == 0o700)
    }

    @Test func usersAndProfilesNeverShareFiles() throws {
        try cache("lists", "u_ada").store(Data(#"{"a":1}"#.utf8), as: "feed", savedAt: 1)
        guard case .miss = cache("lists", "u_bob").load("feed") else { Issue.record("bob saw ada's cache"); return }
        guard case .miss = cache("other", "u_ada").load("feed") else { Issue.record("profiles shared a cache"); return }
    }

    @Test func replacingLeavesNoTemporaryFiles() throws {
        for round in 0..<5 {
            try cache().store(Data("{\"round\":\(round)}".utf8), as: "feed", savedAt: Int64(round))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: cache().directory)
        #expect(names == ["feed.cache"])
        guard case .hit(let data, 4) = cache().load("feed") else { Issue.record("expected the last write"); return }
        #expect(String(decoding: data, as: UTF8.self) == #"{"round":4}"#)
    }

    @Test func hostileNamesStayInsideTheDirectory() {
        let path = cache("lists", "../u").path(of: "../passwd")
        #expect(!path.contains("/../"))
        #expect(path.hasPrefix(home + "/fieldops/lists/interlinedlist/"))
    }

    // MARK: Damage

    @Test func aTruncatedFileIsDiscardedWithAWarning() throws {
        try cache().store(Data(#"{"folders":[]}"#.utf8), as: "folders", savedAt: 5)
        let file = cache().path(of: "folders")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: file))
        guard case .discarded(let warning) = cache().load("folders") else { Issue.record("expected discard"); return }
        #expect(warning.contains(file))
        #expect(!FileManager.default.fileExists(atPath: file))
        guard case .miss = cache().load("folders") else { Issue.record("expected a miss after discard"); return }
    }

    @Test func garbageAndEditedFilesAreDiscarded() throws {
        try FileManager.default.createDirectory(atPath: cache().directory, withIntermediateDirectories: true)
        try Data("not a cache at all".utf8).write(to: URL(fileURLWithPath: cache().path(of: "feed")))
        guard case .discarded = cache().load("feed") else { Issue.record("garbage accepted"); return }

        try cache().store(Data(#"{"x":"abc"}"#.utf8), as: "feed", savedAt: 1)
        let file = cache().path(of: "feed")
        let edited = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "abc", with: "abd")
        try edited.write(toFile: file, atomically: false, encoding: .utf8)
        guard case .discarded(let warning) = cache().load("feed") else { Issue.record("edit accepted"); return }
        #expect(warning.contains("checksum"))
    }

    @Test func peekingNeverDeletesADamagedFile() throws {
        try FileManager.default.createDirectory(atPath: cache().directory, withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: cache().path(of: "lists")))
        guard case .discarded = cache().peek("lists") else { Issue.record("junk accepted"); return }
        #expect(FileManager.default.fileExists(atPath: cache().path(of: "lists")))
    }

    @Test func listsCachedNamesByPrefix() throws {
        for name in ["documents-root", "documents-df1", "document-folders", "lists"] {
            try cache().store(Data("{}".utf8), as: name, savedAt: 1)
        }
        #expect(cache().names(prefix: "documents-") == ["documents-df1", "documents-root"])
    }

    @Test func aPayloadThatNoLongerDecodesIsDiscarded() throws {
        try cache().store(Data(#"{"unexpected":true}"#.utf8), as: "lists", savedAt: 1)
        guard case .discarded = cache().load(ILFoldersEnvelope.self, "lists") else { Issue.record("expected discard"); return }
        #expect(!FileManager.default.fileExists(atPath: cache().path(of: "lists")))
    }

    @Test func aChangeForgetsEveryFileOfThatKind() throws {
        for name in ["feed", "feed-l5-o0", "feed-all", "lists", "documents-root"] {
            try cache().store(Data("{}".utf8), as: name, savedAt: 1)
        }
        cache().remove(prefix: "feed")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache().directory).sorted()
        #expect(names == ["documents-root.cache", "lists.cache"])
    }

    // MARK: Logout and age

    @Test func removingAProfileDeletesEveryUsersCache() throws {
        try cache("lists", "u_ada").store(Data("{}".utf8), as: "feed", savedAt: 1)
        try cache("lists", "u_bob").store(Data("{}".utf8), as: "feed", savedAt: 1)
        try cache("keep", "u_ada").store(Data("{}".utf8), as: "feed", savedAt: 1)
        try ILCache.removeProfile(profileDirectory: home + "/fieldops/lists")
        #expect(!FileManager.default.fileExists(atPath: home + "/fieldops/lists/interlinedlist"))
        guard case .hit = cache("keep", "u_ada").load("feed") else { Issue.record("other profile lost its cache"); return }
        try ILCache.removeProfile(profileDirectory: home + "/fieldops/never-existed")
    }

    @Test func describesTheAgeForTheOfflineNotice() {
        let now: Int64 = 10_000_000
        #expect(CacheAge.offlineNotice(savedAt: now - 20_000, now: now) == "offline — cached less than a minute ago")
        #expect(CacheAge.describe(savedAt: now - 60_000, now: now) == "cached 1 minute ago")
        #expect(CacheAge.describe(savedAt: now - 7 * 60_000, now: now) == "cached 7 minutes ago")
        #expect(CacheAge.describe(savedAt: now - 3 * 3_600_000, now: now) == "cached 3 hours ago")
        #expect(CacheAge.describe(savedAt: now - 3 * 86_400_000, now: now + 0) == "cached 3 days ago")
    }
}
