import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `il docs sync`: scan both sides, plan, check the plan is safe, then carry it out —
/// the server's side first and confirmed by reading back, then the file, then the state — so a
/// run stopped anywhere (Ctrl-C, `kill -9`, a lost network) leaves every file either as it was
/// or fully synced, and the next run converges.
struct DocSyncEngine: Sendable {
    struct Options: Sendable {
        var dryRun = false
        var yes = false
        var maxDeletePercent = 50.0
        var style = DocSyncPlanner.ConflictStyle.merge
        /// How many server writes run at once.
        var width = 8
    }

    let local: DocSyncLocal
    let remote: DocSyncRemote
    let state: DocSyncState
    let rootFolder: String?
    let options: Options
    /// Asks before a first run into a non-empty directory (`--yes` skips it).
    let confirm: @Sendable (String) throws -> Void
    /// Shows the plan before asking.
    let show: @Sendable (DocSyncReport) -> Void

    func run() async throws -> DocSyncReport {
        let missing = !FileManager.default.fileExists(atPath: local.root)
        if !options.dryRun { try local.makeDirectories(local.root) }
        let pairs = try state.pairs()
        let folders = try state.folders()
        let cursor = try state.meta("cursor")
        let tree = options.dryRun && missing ? DocSyncLocal.Tree() : try local.scan(cleanTemporaries: !options.dryRun)
        let snapshot = try await remote.snapshot(cursor: cursor)
        let fetch: (String) async throws -> DocSyncRemote.Document? = { [remote] id in try await remote.fetch(id) }
        var planner = DocSyncPlanner(
            tree: tree, local: local, snapshot: snapshot, pairs: pairs, stateFolders: folders,
            rootFolder: rootFolder, style: options.style, stamp: Self.conflictStamp(), fetch: fetch,
            loadBase: { [state] id in try state.base(of: id) })
        let plan = try await planner.decide()
        try check(plan, pairs: pairs, tree: planner.tree, snapshot: snapshot, planner: planner)
        var report = DocSyncReport(plan: plan, dryRun: options.dryRun)
        if options.dryRun || plan.isEmpty {
            if !options.dryRun, let next = snapshot.cursor, !plan.holdsCursor { try state.setMeta("cursor", next) }
            return report
        }
        if pairs.isEmpty && cursor == nil && !tree.files.isEmpty && !options.yes {
            show(DocSyncReport(plan: plan, dryRun: true))  // the plan, worded as what will happen
            try confirm("sync \(local.root) with the server as planned above")
        }
        report = try await execute(plan, snapshot: snapshot)
        if report.failed.isEmpty && !plan.holdsCursor, let next = snapshot.cursor {
            try state.setMeta("cursor", next)
        }
        return report
    }

    // MARK: Safety

    func check(
        _ plan: DocSyncPlan, pairs: [DocSyncState.Pair], tree: DocSyncLocal.Tree, snapshot: DocSyncRemote.Snapshot,
        planner: DocSyncPlanner
    ) throws {
        guard !pairs.isEmpty, !options.yes else { return }
        let scope = rootFolder.map { "folder \($0)" } ?? "the server"
        if tree.files.isEmpty {
            throw DocSyncError.refused(
                "\(local.root) holds no markdown files, but \(pairs.count) were synced from it before; nothing was changed",
                hint: "if the directory is on a drive that is not mounted, mount it; if you really deleted them all, run again with --yes")
        }
        let remoteCount = snapshot.documents.values.filter { planner.inScope($0.folderID) }.count
        if remoteCount == 0 {
            throw DocSyncError.refused(
                "\(scope) holds no documents, but \(pairs.count) were synced before; nothing was changed",
                hint: "check that this is the right profile and folder; if they were really all deleted, run again with --yes")
        }
        let limit = Double(pairs.count) * options.maxDeletePercent / 100
        for (count, side) in [(plan.localDeletions, "local files"), (plan.remoteDeletions, "documents on \(scope)")]
        where Double(count) > limit {
            throw DocSyncError.refused(
                "the sync would delete \(count) of \(pairs.count) \(side), more than --max-delete \(Self.percent(options.maxDeletePercent)); nothing was changed",
                hint: "look with --dry-run; if that is what you want, run again with --yes or a higher --max-delete")
        }
    }

    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }

    // MARK: Carrying out

    func execute(_ plan: DocSyncPlan, snapshot: DocSyncRemote.Snapshot) async throws -> DocSyncReport {
        var report = DocSyncReport(plan: plan, dryRun: false)
        report.items = []
        var folders = FolderMap(state: state, remote: remote, local: local, rootFolder: rootFolder)
        try folders.load()
        await apply(plan.folders, to: &folders, reporting: &report)
        // Every folder a document goes to exists before the documents move.
        var resolved: [String: String?] = [:]
        for item in plan.items {
            for case .directory(let path) in [item.folder] where resolved[path] == nil {
                do {
                    resolved[path] = try await folders.ensure(path)
                } catch {
                    report.failed.append("\(path)/: \(DocSyncReport.describe(error))")
                }
            }
        }
        let folderIDs = folders.ids
        let localOnly = plan.items.filter { $0.remote == .none }
        let withServer = plan.items.filter { $0.remote != .none }
        var batch: [DocSyncState.Pair] = []
        // Plain writes (downloads, mostly) share one flush; the rest go one by one.
        let plain = localOnly.filter { item in
            guard case .write(_, let from) = item.local, from == nil || from == item.path else { return false }
            return item.conflictCopy == nil && item.documentID != nil && item.base != nil
        }
        let written = local.writeAll(
            plain.map { item in
                guard case .write(let content, _) = item.local else { return (item.path, "", item.expected) }
                return (item.path, content, item.expected)
            })
        for (item, result) in zip(plain, written) {
            switch result {
            case .success(let file):
                batch.append(pair(for: item, file: file, folderID: try resolve(item.folder, folderIDs)))
                report.items.append(item)
            case .failure(let error):
                report.failed.append("\(item.path): \(DocSyncReport.describe(error))")
            }
        }
        let plainPaths = Set(plain.map(\.path))
        for item in localOnly where !plainPaths.contains(item.path) {
            do {
                try applyLocal(item, remoteDocument: nil, folderIDs: folderIDs, save: true)  // a removal goes from the state at once
                report.items.append(item)
            } catch {
                report.failed.append("\(item.path): \(DocSyncReport.describe(error))")
            }
        }
        try state.save(batch)
        // The server's part first, 8 at a time; then one read-back for all of them; then each
        // file and, in one transaction, the pairs.
        var sent: [Sent] = []
        try await withThrowingTaskGroup(of: (DocSyncItem, Result<Sent, any Error>).self) { group in
            var queue = withServer[...]
            func startNext() {
                guard let item = queue.popFirst() else { return }
                group.addTask { [self] in
                    do {
                        return (item, .success(try await send(item, folderIDs: folderIDs)))
                    } catch {
                        return (item, .failure(error))
                    }
                }
            }
            for _ in 0..<max(1, options.width) { startNext() }
            while let (item, result) = try await group.next() {
                switch result {
                case .success(let done): sent.append(done)
                case .failure(let error): report.failed.append("\(item.path): \(DocSyncReport.describe(error))")
                }
                startNext()
            }
        }
        let confirmations = await remote.confirmAll(
            sent.compactMap { done in done.expectation.map { (done.item.documentID ?? "", $0) } },
            since: snapshot.cursor)
        var saves: [DocSyncState.Pair] = []
        var removals: [String] = []
        for var done in sent.map(\.item) {
            do {
                var document: DocSyncRemote.Document?
                if let id = done.documentID, let confirmed = confirmations[id] {
                    document = try confirmed.get()
                    done.remoteUpdatedAt = document?.updatedAt
                    done.title = document?.title ?? done.title
                }
                if let pair = try applyLocal(done, remoteDocument: document, folderIDs: folderIDs, save: false) {
                    saves.append(pair)
                } else if let id = done.documentID {
                    removals.append(id)
                }
                if let replaced = done.replaces { removals.append(replaced) }
                report.items.append(done)
            } catch {
                report.failed.append("\(done.path): \(DocSyncReport.describe(error))")
            }
        }
        try state.apply(saves: saves, removals: removals)
        await apply(plan.folderDeletions, to: &folders, reporting: &report)
        report.items.sort { $0.path < $1.path }
        return report
    }

    /// Folder work, one item after another (parents first); a failure is reported, not fatal.
    func apply(_ items: [DocSyncFolderItem], to folders: inout FolderMap, reporting report: inout DocSyncReport) async {
        for item in items {
            do {
                try await folders.apply(item)
                if let line = folders.describe(item) { report.folderLines.append(line) }
            } catch {
                report.failed.append("\(item.path)/: \(DocSyncReport.describe(error))")
            }
        }
    }

    /// A server write sent, with what its read-back must show (nil for a deletion, which
    /// `DocSyncRemote.delete` has already seen gone).
    struct Sent: Sendable {
        var item: DocSyncItem
        var expectation: DocSyncRemote.Expectation?
    }

    /// The server's part of an item, not yet confirmed.
    func send(_ item: DocSyncItem, folderIDs: [String: String]) async throws -> Sent {
        var done = item
        switch item.remote {
        case .none:
            return Sent(item: done, expectation: nil)
        case .delete:
            if let id = item.documentID { try await remote.delete(id) }
            return Sent(item: done, expectation: nil)
        case .update(let content, let title, let folder):
            guard let id = item.documentID else { return Sent(item: done, expectation: nil) }
            let folderID: String?? = try folder.map { try resolve($0, folderIDs) }
            return Sent(item: done, expectation: try await remote.sendUpdate(id, content: content, title: title, folderID: folderID))
        case .create(let title, let content, let folder):
            let folderID = try resolve(folder, folderIDs)
            let created: (String, DocSyncRemote.Expectation)
            do {
                created = try await remote.sendCreate(title: title, content: content, folderID: folderID, hash: item.baseHash)
            } catch DocSyncRemote.WriteError.nameTaken {
                // The server keeps deleted documents' names in a folder: a new server path, same title.
                let path =
                    DocSyncNames.safe(title).name.lowercased().replacingEvery(" ", with: "-")
                    + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16) + ".md"
                created = try await remote.sendCreate(
                    title: title, content: content, folderID: folderID, relativePath: path, hash: item.baseHash)
                done.note =
                    (done.note.map { $0 + "; " } ?? "")
                    + "the server keeps a deleted document's name in this folder, so it was created under the server path \(path)"
            }
            done.documentID = created.0
            return Sent(item: done, expectation: created.1)
        }
    }

    /// The file's part of an item, then (with `save`) the pair; returns the pair to record.
    @discardableResult
    func applyLocal(_ item: DocSyncItem, remoteDocument: DocSyncRemote.Document?, folderIDs: [String: String], save: Bool) throws
        -> DocSyncState.Pair?
    {
        if let copy = item.conflictCopy {
            _ = try local.write(copy.content, to: copy.path, expected: nil)
        }
        var final: DocSyncLocal.File?
        switch item.local {
        case .none:
            final = item.base == nil ? nil : local.stat(item.path)
        case .write(let content, let from):
            var expected = item.expected
            if let from, from != item.path, let scanned = item.expected {
                try local.move(from, to: item.path, expected: scanned)
                expected = local.stat(item.path)
            }
            final = try local.write(content, to: item.path, expected: expected)
        case .move(let from):
            guard let scanned = item.expected else { throw DocSyncError.changedDuringSync(from) }
            if from != item.path { try local.move(from, to: item.path, expected: scanned) }
            final = local.stat(item.path)
        case .delete(let from):
            guard let scanned = item.expected else { throw DocSyncError.changedDuringSync(from) }
            try local.remove(from, expected: scanned)
            removeEmptyParents(of: from)
        }
        guard item.base != nil, item.documentID != nil else {
            if let id = item.documentID, save { try state.removePair(id) }
            return nil
        }
        guard let file = final else { throw DocSyncError.changedDuringSync(item.path) }
        let folderID: String? = try {
            if let remoteDocument { return remoteDocument.folderID }
            return try resolve(item.folder, folderIDs)
        }()
        let pair = pair(for: item, file: file, folderID: folderID)
        if save { try state.save(pair) }
        return pair
    }

    func pair(for item: DocSyncItem, file: DocSyncLocal.File, folderID: String?) -> DocSyncState.Pair {
        let base = item.base ?? ""
        return DocSyncState.Pair(
            documentID: item.documentID ?? "", path: item.path, folderID: folderID, title: item.title, base: base,
            baseSize: Int64(base.utf8.count), hash: item.baseHash ?? SHA256.hex(base), remoteUpdatedAt: item.remoteUpdatedAt,
            size: file.size, mtime: file.mtime, conflicted: item.conflicted)
    }

    func resolve(_ folder: FolderRef, _ ids: [String: String]) throws -> String? {
        switch folder {
        case .root: return nil
        case .id(let id): return id
        case .directory(let path):
            guard let id = ids[path] else { throw DocSyncError.localIO("no folder could be made for the directory \(path)") }
            return id
        }
    }

    /// After a file goes, its directories go too if nothing is left in them (never the root).
    func removeEmptyParents(of path: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            let directory = parts.joined(separator: "/")
            guard (try? state.folders().contains { $0.path == directory }) == false else { return }
            guard local.removeDirectoryIfEmpty(directory) else { return }
            parts = parts.dropLast()
        }
    }

    /// `20261201-193000`, local time, for conflict-copy names.
    static func conflictStamp() -> String {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
        return String(cBuffer: buffer)
    }
}

/// Directory ↔ folder for one run: the state's pairs, and the folders this run makes.
struct FolderMap {
    let state: DocSyncState
    let remote: DocSyncRemote
    let local: DocSyncLocal
    let rootFolder: String?
    /// Directory → folder id.
    var ids: [String: String] = [:]
    var records: [String: DocSyncState.Folder] = [:]

    mutating func load() throws {
        for folder in try state.folders() {
            ids[folder.path] = folder.folderID
            records[folder.folderID] = folder
        }
    }

    func parentID(of path: String) -> String? {
        let parent = path.split(separator: "/").dropLast().joined(separator: "/")
        return parent.isEmpty ? rootFolder : ids[parent]
    }

    mutating func apply(_ item: DocSyncFolderItem) async throws {
        switch item.action {
        case .create:
            _ = try await ensure(item.path)
        case .makeDirectory(let id, let remoteName, let remoteParent):
            try local.makeDirectories(local.root + "/" + item.path)
            try record(DocSyncState.Folder(folderID: id, path: item.path, name: remoteName, parentID: remoteParent))
        case .moveDirectory(let id, let from, let remoteName, let remoteParent):
            if rename(local.root + "/" + from, local.root + "/" + item.path) != 0 && errno != ENOENT {
                throw DocSyncError.localIO("cannot rename the directory \(from) to \(item.path): \(String(cString: strerror(errno)))")
            }
            try rewritePairs(from: from, to: item.path)
            try record(DocSyncState.Folder(folderID: id, path: item.path, name: remoteName, parentID: remoteParent))
        case .rename(let id, let newName, let parentID):
            let kept = try await remote.renameFolder(id, name: newName, parentID: parentID)
            if let old = records[id] { try rewritePairs(from: old.path, to: item.path) }
            try record(DocSyncState.Folder(folderID: id, path: item.path, name: kept.name, parentID: kept.parentID))
        case .delete(let id):
            try await remote.deleteFolder(id)
            try forget(id)
        case .forget(let id):
            _ = local.removeDirectoryIfEmpty(item.path)
            try forget(id)
        }
    }

    /// The folder of a directory, created (parents first) when it has none yet.
    mutating func ensure(_ path: String) async throws -> String? {
        if path.isEmpty { return rootFolder }
        if let id = ids[path] { return id }
        let parentPath = path.split(separator: "/").dropLast().joined(separator: "/")
        let parent = try await ensure(parentPath)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let folder: DocSyncRemote.Folder
        do {
            folder = try await remote.createFolder(name: name, parentID: parent)
        } catch DocSyncRemote.WriteError.nameTaken {
            // The server keeps a deleted folder's name under its parent: the directory keeps its name.
            folder = try await remote.createFolder(name: name + " (restored)", parentID: parent)
        }
        try record(DocSyncState.Folder(folderID: folder.id, path: path, name: folder.name, parentID: folder.parentID))
        return folder.id
    }

    mutating func record(_ folder: DocSyncState.Folder) throws {
        if let previous = records[folder.folderID], previous.path != folder.path { ids[previous.path] = nil }
        ids[folder.path] = folder.folderID
        records[folder.folderID] = folder
        try state.save(folder)
    }

    mutating func forget(_ id: String) throws {
        if let previous = records[id] { ids[previous.path] = nil }
        records[id] = nil
        try state.removeFolder(id)
    }

    /// Pairs and subfolders under a moved directory take the new prefix, in the same breath as
    /// the folder.
    mutating func rewritePairs(from: String, to: String) throws {
        try state.movePaths(from: from, to: to)
        for (id, var folder) in records where folder.path.hasPrefix(from + "/") {
            ids[folder.path] = nil
            folder.path = to + folder.path.dropFirst(from.count)
            ids[folder.path] = id
            records[id] = folder
        }
    }

    func describe(_ item: DocSyncFolderItem) -> String? {
        switch item.action {
        case .create: "created folder for \(item.path)/"
        case .makeDirectory: nil
        case .moveDirectory(_, let from, _, _): "renamed directory \(from)/ → \(item.path)/ (renamed on the server)"
        case .rename: "renamed folder on the server → \(item.path)/"
        case .delete: "deleted folder on the server \(item.path)/"
        case .forget: nil
        }
    }
}
