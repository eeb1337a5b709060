import FieldOpsCore
import FoundationEssentials

/// Decides a run of `il docs sync` from the three views of each document: the base both sides
/// last agreed on (the state), the file now, and the server's copy now.
///
/// Folders first, so each directory has a folder to map to; then the paired documents; then the
/// server's new documents (paired with a local file at the same path or with the same content,
/// else downloaded); then the local new files (uploaded). Every decision keeps every edit.
struct DocSyncPlanner {
    enum ConflictStyle: String, Sendable {
        case merge
        case keepBoth = "keep-both"
    }

    var tree: DocSyncLocal.Tree
    let local: DocSyncLocal
    let snapshot: DocSyncRemote.Snapshot
    let pairs: [DocSyncState.Pair]
    let stateFolders: [DocSyncState.Folder]
    /// The remote root of the sync: a folder id, or nil for the whole account.
    let rootFolder: String?
    let style: ConflictStyle
    /// Local time for conflict-copy names (`NAME.conflict-20261201-193000.md`).
    let stamp: String
    /// Fetches a document's content when the snapshot did not carry it.
    let fetch: (String) async throws -> DocSyncRemote.Document?
    /// Reads a pair's base from the state (only merges and restores need it).
    let loadBase: (String) throws -> String

    var plan = DocSyncPlan()
    /// Folder id → directory, after this run ("" for the sync root).
    var folderPath: [String: String] = [:]
    /// Directory → the folder it maps to.
    var directoryFolder: [String: FolderRef] = [:]
    /// Lowercased names taken in each directory (files and directories, now and planned).
    var taken: [String: Set<String>] = [:]
    /// Local files already accounted for (a pair's file, a rename's target, a pairing).
    var claimed: Set<String> = []
    /// Content and hash of the local files read so far.
    var contents: [String: (text: String, hash: String)] = [:]
    /// Directory moves done for remote renames: old prefix → new prefix.
    var moves: [(from: String, to: String)] = []

    var rootRef: FolderRef { rootFolder.map(FolderRef.id) ?? .root }

    // MARK: Entry

    mutating func decide() async throws -> DocSyncPlan {
        plan.ignored = tree.ignored
        for name in tree.unreadableNames {
            plan.skipped.append("\(name): the name is not UTF-8, which a document title cannot hold; rename the file to sync it")
        }
        for path in tree.files.keys { addTaken(path) }
        for path in tree.directories { addTaken(path) }
        decideFolders()
        pairPaths = Set(pairs.map { remapped($0.path) })
        try await decidePairs()
        try await decideRemoteNew()
        try decideLocalNew()
        decideFolderDeletions()
        return plan
    }

    // MARK: Folders

    func inScope(_ folderID: String?) -> Bool { directory(of: folderID) != nil }

    /// The directory of a folder in scope, or nil.
    func directory(of folderID: String?) -> String? {
        if folderID == rootFolder { return "" }
        guard let folderID else { return nil }
        return folderPath[folderID]
    }

    func folderRef(ofDirectory directory: String) -> FolderRef {
        if directory.isEmpty { return rootRef }
        return directoryFolder[directory] ?? .directory(directory)
    }

    /// The remote folders in scope, parents before children.
    func remoteFoldersInScope() -> [DocSyncRemote.Folder] {
        var depth: [String: Int] = [:]
        func depthOf(_ id: String, _ seen: Set<String>) -> Int? {
            if let known = depth[id] { return known }
            guard let folder = snapshot.folders[id], !seen.contains(id) else { return nil }
            let result: Int?
            if folder.parentID == rootFolder {
                result = 0
            } else if let parent = folder.parentID, let parentDepth = depthOf(parent, seen.union([id])) {
                result = parentDepth + 1
            } else {
                result = nil
            }
            depth[id] = result
            return result
        }
        return snapshot.folders.values
            .filter { $0.id != rootFolder }
            .compactMap { folder in depthOf(folder.id, []).map { (folder, $0) } }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
            .map(\.0)
    }

    mutating func decideFolders() {
        let known = Dictionary(stateFolders.map { ($0.folderID, $0) }, uniquingKeysWith: { first, _ in first })
        let statePaths = Set(stateFolders.map(\.path))
        var claimedDirectories: Set<String> = []
        for folder in remoteFoldersInScope() {
            let parentDirectory = directory(of: folder.parentID) ?? ""
            if let paired = known[folder.id] {
                let current = remapped(paired.path)
                let renamed = folder.name != paired.name || folder.parentID != paired.parentID
                var target = join(parentDirectory, last(current))
                if renamed || target != current {
                    target =
                        current == join(parentDirectory, DocSyncNames.safe(folder.name).name)
                        ? current
                        : join(
                            parentDirectory,
                            uniqueName(DocSyncNames.safe(folder.name).name, in: parentDirectory, directory: true, except: current))
                }
                if tree.directories.contains(current) {
                    if target != current {
                        plan.folders.append(
                            DocSyncFolderItem(
                                action: .moveDirectory(id: folder.id, from: current, name: folder.name, parentID: folder.parentID),
                                path: target))
                        remapTree(from: current, to: target)
                    } else if renamed {
                        // Records the new name.
                        plan.folders.append(
                            DocSyncFolderItem(
                                action: .makeDirectory(id: folder.id, name: folder.name, parentID: folder.parentID), path: target))
                    }
                    claimedDirectories.insert(target)
                    folderPath[folder.id] = target
                } else if !renamed, let moved = localRename(of: paired, among: statePaths.union(claimedDirectories)) {
                    // The person renamed or moved the directory: carry it to the folder.
                    let parent = folderRef(ofDirectory: parentOf(moved))
                    if case .directory = parent {
                        folderPath[folder.id] = current
                    } else {
                        let parentID: String? = if case .id(let id) = parent { id } else { nil }
                        plan.folders.append(
                            DocSyncFolderItem(action: .rename(id: folder.id, name: last(moved), parentID: parentID), path: moved))
                        remapPairs(from: paired.path, to: moved)
                        claimedDirectories.insert(moved)
                        folderPath[folder.id] = moved
                    }
                } else {
                    folderPath[folder.id] = target  // gone locally: its documents decide (deleted, or restored here)
                }
            } else {
                let exact = join(parentDirectory, DocSyncNames.safe(folder.name).name)
                if tree.directories.contains(exact), !claimedDirectories.contains(exact), !statePaths.contains(exact) {
                    plan.folders.append(
                        DocSyncFolderItem(action: .makeDirectory(id: folder.id, name: folder.name, parentID: folder.parentID), path: exact))
                    folderPath[folder.id] = exact
                } else {
                    let path = join(parentDirectory, uniqueName(DocSyncNames.safe(folder.name).name, in: parentDirectory, directory: true))
                    plan.folders.append(
                        DocSyncFolderItem(action: .makeDirectory(id: folder.id, name: folder.name, parentID: folder.parentID), path: path))
                    folderPath[folder.id] = path
                }
                claimedDirectories.insert(folderPath[folder.id]!)
            }
            directoryFolder[folderPath[folder.id]!] = .id(folder.id)
        }
        // Folders the server no longer has (deleted, or moved out of scope): forgotten once
        // their documents are decided; a restored document re-creates the folder.
        for folder in stateFolders where folderPath[folder.folderID] == nil {
            plan.folderDeletions.append(DocSyncFolderItem(action: .forget(id: folder.folderID), path: remapped(folder.path)))
        }
        // New local directories become folders, parents first.
        for directory in tree.directories.sorted(by: { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) })
        where directoryFolder[directory] == nil
            && !stateFolders.contains(where: { remapped($0.path) == directory && snapshot.folders[$0.folderID] == nil })
        {
            let parent = folderRef(ofDirectory: parentOf(directory))
            plan.folders.append(DocSyncFolderItem(action: .create(name: last(directory), parent: parent), path: directory))
            directoryFolder[directory] = .directory(directory)
        }
    }

    /// A new local directory holding the files of a folder whose directory is gone.
    mutating func localRename(of folder: DocSyncState.Folder, among known: Set<String>) -> String? {
        let hashes = Set(pairs.filter { parentOf($0.path) == folder.path && tree.files[$0.path] == nil }.map(\.hash))
        guard !hashes.isEmpty else { return nil }
        var best: (path: String, score: Int)?
        for directory in tree.directories.sorted() where !known.contains(directory) && directoryFolder[directory] == nil {
            let score = tree.files.keys.filter { parentOf($0) == directory && !claimed.contains($0) }
                .filter { path in (try? hashOf(path)).flatMap { $0 }.map(hashes.contains) ?? false }.count
            if score > 0, score > (best?.score ?? 0) { best = (directory, score) }
        }
        return best?.path
    }

    // MARK: Paired documents

    mutating func decidePairs() async throws {
        for pair in pairs.sorted(by: { $0.path < $1.path }) {
            try await decide(pair)
        }
    }

    /// The pair with its base read, when a decision needs the base's text.
    func withBase(_ pair: DocSyncState.Pair) throws -> DocSyncState.Pair {
        var full = pair
        full.base = try loadBase(pair.documentID)
        return full
    }

    enum LocalChange {
        case unchanged(DocSyncLocal.File)
        case modified(String, DocSyncLocal.File)
        case renamed(String, DocSyncLocal.File)
        case deleted
    }

    mutating func decide(_ statePair: DocSyncState.Pair) async throws {
        var pair = statePair
        let current = remapped(pair.path)
        let change: LocalChange
        if let file = tree.files[current] {
            claimed.insert(current)
            if file.size == pair.size && file.mtime == pair.mtime && !pair.conflicted {
                change = .unchanged(file)
            } else {
                guard let read = try content(current) else {
                    plan.skipped.append("\(current): the file is not UTF-8 text; it was left alone")
                    plan.holdsCursor = true
                    return
                }
                change = read.hash == pair.hash ? .unchanged(file) : .modified(read.text, file)
            }
        } else if let moved = try findMoved(pair, from: current) {
            claimed.insert(moved)
            change = .renamed(moved, tree.files[moved]!)
        } else {
            change = .deleted
        }

        var remote = snapshot.documents[pair.documentID].flatMap { inScope($0.folderID) ? $0 : nil }
        if var known = remote, known.updatedAt != nil, known.updatedAt != pair.remoteUpdatedAt, known.content == nil {
            if let fetched = try await fetch(known.id) {
                known = fetched
                remote = known
            }
        }
        let folder = FolderRef.from(pair.folderID, root: rootFolder)
        var item = DocSyncItem(kind: .paired, documentID: pair.documentID, path: current, title: pair.title, folder: folder)

        guard let remote else {
            // Gone on the server: an edit there is still here, and wins.
            switch change {
            case .unchanged(let file):
                if pair.conflicted { break }
                item.kind = .deletedLocal
                item.local = .delete(from: current)
                item.expected = file
                item.base = nil
            case .deleted:
                item.kind = .deletedLocal
                item.base = nil
                item.note = "deleted on both sides"
            case .modified(let text, _):
                item = restore(pair, path: current, content: text)
            case .renamed(let path, _):
                item = restore(pair, path: path, content: try loadBase(pair.documentID))
            }
            plan.items.append(item)
            return
        }

        let remoteContentChanged =
            remote.updatedAt != pair.remoteUpdatedAt && remote.hash != nil && remote.hash != pair.hash && remote.content != nil
        let remoteNameChanged = remote.title != pair.title || remote.folderID != pair.folderID
        if case .unchanged(let file) = change, !remoteContentChanged, !remoteNameChanged, file.size == pair.size, file.mtime == pair.mtime,
            !pair.conflicted
        {
            return  // the common case: nothing moved on either side, and the base is never read
        }
        pair = try withBase(pair)
        let remoteContent = remoteContentChanged ? remote.content! : pair.base
        item.remoteUpdatedAt = remote.updatedAt
        item.title = remote.title
        item.folder = FolderRef.from(remote.folderID, root: rootFolder)

        // Where the file is (`from`) and ends up (`path`), and what the server should be told.
        // Each side's own change is carried to the other; when both renamed (or both moved),
        // the local name (or directory) wins.
        var from = current
        var renamedHere = false
        var movedHere = false
        if case .renamed(let moved, _) = change {
            from = moved
            renamedHere = last(moved) != last(current)
            movedHere = parentOf(moved) != parentOf(current)
        }
        var targetDirectory = parentOf(from)
        if !movedHere, remote.folderID != pair.folderID, let moved = directory(of: remote.folderID) { targetDirectory = moved }
        var name = last(from)
        if !renamedHere, remote.title != pair.title {
            name = uniqueName(DocSyncNames.safe(remote.title).name, in: targetDirectory, directory: false, except: from)
        } else if targetDirectory != parentOf(from) {
            name = uniqueName(DocSyncNames.title(ofFile: from), in: targetDirectory, directory: false, except: from)
        }
        let path = join(targetDirectory, name)
        let wantTitle: String? = renamedHere ? DocSyncNames.title(ofFile: from) : nil
        let wantFolder: FolderRef? = movedHere ? folderRef(ofDirectory: parentOf(from)) : nil
        let sendTitle = wantTitle.flatMap { $0 == remote.title ? nil : $0 }
        let sendFolder = wantFolder.flatMap { $0 == item.folder ? nil : $0 }
        let sends = sendTitle != nil || sendFolder != nil
        if let sendTitle { item.title = sendTitle }
        if let sendFolder { item.folder = sendFolder }
        if (renamedHere && remote.title != pair.title) || (movedHere && remote.folderID != pair.folderID) {
            item.note = "renamed or moved on both sides; the local name \(from) wins"
        } else if path != current {
            item.note = "\(current) → \(path)"
        }
        let moveFrom: String? = path != from ? from : nil
        item.path = path

        switch change {
        case .deleted:
            if !remoteContentChanged && !remoteNameChanged {
                item.kind = .deletedRemote
                item.remote = .delete
                item.base = nil
            } else {
                item.kind = .restored
                item.local = .write(content: remoteContent, from: nil)
                item.expected = nil
                item.base = remoteContent
                item.note = "deleted here but changed on the server; the server's copy was restored"
            }
        case .unchanged(let file), .renamed(_, let file):
            item.expected = file
            item.base = remoteContent
            item.remote = sends ? .update(content: nil, title: sendTitle, folder: sendFolder) : .none
            if remoteContentChanged {
                item.kind = .updatedLocal
                item.local = .write(content: remoteContent, from: moveFrom)
                item.baseHash = remoteContent.isEmpty ? nil : remote.hash
            } else if sends {
                item.kind = .renamedRemote
                item.local = moveFrom.map { .move(from: $0) } ?? .none
            } else if let moveFrom {
                item.kind = .renamedLocal
                item.local = .move(from: moveFrom)
            } else if path != pair.path || remoteNameChanged || file.size != pair.size || file.mtime != pair.mtime || pair.conflicted {
                item.kind = .paired  // the same change on both sides, a touch, a resolution: record it
            } else {
                return
            }
        case .modified(let text, let file):
            item.expected = file
            if pair.conflicted && LineMerge.hasConflictMarkers(text) && !remoteContentChanged {
                item.kind = .conflict
                item.note = "still holds conflict markers; resolve them, then sync again"
                item.path = current
                item.base = pair.base
                item.conflicted = true
                item.remoteUpdatedAt = pair.remoteUpdatedAt
                item.title = pair.title
                item.folder = folder
                plan.items.append(item)
                return
            }
            if !remoteContentChanged {
                item.kind = .updatedRemote
                item.remote = .update(content: text, title: sendTitle, folder: sendFolder)
                item.local = moveFrom.map { .move(from: $0) } ?? .none
                item.base = text
            } else if LineMerge.same(text, remoteContent) {
                item.kind = .paired
                item.remote = sends ? .update(content: nil, title: sendTitle, folder: sendFolder) : .none
                item.local = moveFrom.map { .move(from: $0) } ?? .none
                item.base = text
            } else {
                merge(
                    into: &item, base: pair.base, mine: text, theirs: remoteContent, from: moveFrom, sendTitle: sendTitle,
                    sendFolder: sendFolder)
            }
        }
        plan.items.append(item)
    }

    /// A document deleted on the server but edited (or renamed) here: created again from the file.
    func restore(_ pair: DocSyncState.Pair, path: String, content: String) -> DocSyncItem {
        var item = DocSyncItem(
            kind: .restored, documentID: nil, path: path, title: DocSyncNames.title(ofFile: path),
            folder: folderRef(ofDirectory: parentOf(path)))
        item.remote = .create(title: item.title, content: content, folder: item.folder)
        item.base = content
        item.note = "deleted on the server but changed here; created again from \(path) (it replaces \(pair.documentID))"
        item.replaces = pair.documentID
        return item
    }

    mutating func merge(
        into item: inout DocSyncItem, base: String, mine: String, theirs: String, from move: String?,
        sendTitle: String?, sendFolder: FolderRef?
    ) {
        let merged = LineMerge.merge(base: base, mine: mine, theirs: theirs)
        if merged.conflicts == 0 {
            item.kind = .merged
            item.local = .write(content: merged.text, from: move)
            item.remote = .update(content: merged.text, title: sendTitle, folder: sendFolder)
            item.base = merged.text
            return
        }
        item.kind = .conflict
        switch style {
        case .merge:
            item.local = .write(content: merged.text, from: move)
            item.remote = (sendTitle != nil || sendFolder != nil) ? .update(content: nil, title: sendTitle, folder: sendFolder) : .none
            item.base = theirs
            item.conflicted = true
            item.note =
                "\(merged.conflicts) conflicting region\(merged.conflicts == 1 ? "" : "s") marked <<<<<<< / >>>>>>> in \(item.path); resolve them, then sync again"
        case .keepBoth:
            let directory = parentOf(item.path)
            let copy = join(
                directory, uniqueName(DocSyncNames.title(ofFile: item.path) + ".conflict-" + stamp, in: directory, directory: false))
            item.conflictCopy = (copy, mine)
            item.local = .write(content: theirs, from: move)
            item.remote = (sendTitle != nil || sendFolder != nil) ? .update(content: nil, title: sendTitle, folder: sendFolder) : .none
            item.base = theirs
            item.note = "the server's copy is in \(item.path); your edit is in \(copy)"
        }
    }

    /// The unclaimed local file that holds a vanished pair's base: a rename or move.
    mutating func findMoved(_ pair: DocSyncState.Pair, from current: String) throws -> String? {
        let candidates = tree.files.keys.filter { !claimed.contains($0) && !pairPaths.contains($0) }
            .sorted { (parentOf($0) == parentOf(current) ? 0 : 1, $0) < (parentOf($1) == parentOf(current) ? 0 : 1, $1) }
        for path in candidates where tree.files[path]?.size == pair.baseSize {
            if try hashOf(path) == pair.hash { return path }
        }
        return nil
    }

    /// The paths of every pair, after directory moves (set once the folders are decided).
    var pairPaths: Set<String> = []

    // MARK: New on one side

    mutating func decideRemoteNew() async throws {
        let paired = Set(pairs.map(\.documentID))
        let fresh = snapshot.documents.values.filter { !paired.contains($0.id) && inScope($0.folderID) }.sorted { $0.id < $1.id }
        for var document in fresh {
            guard let directory = directory(of: document.folderID) else { continue }
            if document.content == nil, let fetched = try await fetch(document.id) { document = fetched }
            let content = document.content ?? ""
            let stem = DocSyncNames.safe(document.title).name
            var item = DocSyncItem(
                kind: .downloaded, documentID: document.id, path: "", title: document.title,
                folder: FolderRef.from(document.folderID, root: rootFolder))
            item.remoteUpdatedAt = document.updatedAt
            // The same name here: the same document (a first run, or a create whose answer was lost).
            var copy = 1
            var path = ""
            while true {
                let candidate = join(directory, DocSyncNames.fileName(stem, copy: copy))
                if tree.files[candidate] != nil, !claimed.contains(candidate), !pairPaths.contains(candidate) {
                    path = candidate
                    break
                }
                if !isTaken(candidate) {
                    path = candidate
                    break
                }
                copy += 1
            }
            if tree.files[path] == nil, let same = try sameContent(document, in: directory) { path = same }
            item.path = path
            if let file = tree.files[path] {
                claimed.insert(path)
                guard let read = try self.content(path) else {
                    plan.skipped.append("\(path): the file is not UTF-8 text; it was left alone")
                    plan.holdsCursor = true
                    continue
                }
                item.expected = file
                if LineMerge.same(read.text, content) {
                    item.kind = .paired
                    item.base = content
                } else {
                    merge(
                        into: &item, base: LineMerge.commonLines(read.text, content), mine: read.text, theirs: content,
                        from: nil, sendTitle: nil, sendFolder: nil)
                }
            } else {
                addTaken(path)
                item.local = .write(content: content, from: nil)
                item.base = content
                item.baseHash = content.isEmpty ? nil : document.hash  // the server's hash of an empty content can be stale
                if DocSyncNames.safe(document.title).changed || copy > 1 {
                    item.note = "“\(document.title)” is named \(last(path)) here"
                }
            }
            plan.items.append(item)
        }
    }

    /// An unclaimed local file in `directory` whose content is the document's (a lost create's answer).
    mutating func sameContent(_ document: DocSyncRemote.Document, in directory: String) throws -> String? {
        guard let hash = document.hash else { return nil }
        for path in tree.files.keys.sorted() where parentOf(path) == directory && !claimed.contains(path) && !pairPaths.contains(path) {
            if try hashOf(path) == hash { return path }
        }
        return nil
    }

    mutating func decideLocalNew() throws {
        for path in tree.files.keys.filter({ !claimed.contains($0) && !pairPaths.contains($0) }).sorted() {
            guard let read = try content(path) else {
                plan.skipped.append("\(path): the file is not UTF-8 text; it was left alone")
                continue
            }
            let title = DocSyncNames.title(ofFile: path)
            var item = DocSyncItem(
                kind: .uploaded, documentID: nil, path: path, title: title, folder: folderRef(ofDirectory: parentOf(path)))
            item.remote = .create(title: title, content: read.text, folder: item.folder)
            item.expected = tree.files[path]
            item.base = read.text
            item.baseHash = read.hash
            plan.items.append(item)
        }
    }

    /// A folder whose directory is gone and whose documents all go: deleted on the server too
    /// (deepest first, so a parent whose subfolders all go goes in the same run).
    mutating func decideFolderDeletions() {
        let known = Set(stateFolders.map(\.folderID))
        let leaving = Set(plan.items.filter { $0.deletesRemote }.compactMap(\.documentID))
        let movedOut = Dictionary(
            plan.items.compactMap { item -> (String, FolderRef)? in
                guard let id = item.documentID, item.remote != .none else { return nil }
                return (id, item.folder)
            }, uniquingKeysWith: { first, _ in first })
        var deleting: Set<String> = []
        let candidates = folderPath.filter { known.contains($0.key) && !tree.directories.contains($0.value) }
            .sorted { ($0.value.split(separator: "/").count, $0.value) > ($1.value.split(separator: "/").count, $1.value) }
        for (id, path) in candidates {
            let remaining = snapshot.documents.values.contains { document in
                document.folderID == id && !leaving.contains(document.id) && (movedOut[document.id].map { $0 == .id(id) } ?? true)
            }
            let children = snapshot.folders.values.contains { $0.parentID == id && !deleting.contains($0.id) }
            let restoring = plan.items.contains { $0.base != nil && parentOf($0.path) == path }
            if !remaining && !children && !restoring {
                deleting.insert(id)
                plan.folderDeletions.append(DocSyncFolderItem(action: .delete(id: id), path: path))
            }
        }
    }

    // MARK: Files

    mutating func content(_ path: String) throws -> (text: String, hash: String)? {
        if let known = contents[path] { return known }
        guard let text = try local.read(path) else { return nil }
        let read = (text, SHA256.hex(text))
        contents[path] = read
        return read
    }

    mutating func hashOf(_ path: String) throws -> String? { try content(path)?.hash }

    // MARK: Paths

    func join(_ directory: String, _ name: String) -> String { directory.isEmpty ? name : directory + "/" + name }
    func parentOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
    func last(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    mutating func addTaken(_ path: String) { taken[parentOf(path), default: []].insert(last(path).lowercased()) }
    func isTaken(_ path: String) -> Bool { taken[parentOf(path)]?.contains(last(path).lowercased()) ?? false }

    mutating func uniqueName(_ stem: String, in directory: String, directory isDirectory: Bool, except: String? = nil) -> String {
        var names = taken[directory] ?? []
        if let except, parentOf(except) == directory { names.remove(last(except).lowercased()) }
        let name = DocSyncNames.unique(stem, directory: isDirectory, taken: &names)
        taken[directory, default: []].insert(name.lowercased())
        return name
    }

    /// A path after the directory moves planned so far.
    func remapped(_ path: String) -> String {
        var result = path
        for move in moves where result == move.from || result.hasPrefix(move.from + "/") {
            result = move.to + result.dropFirst(move.from.count)
        }
        return result
    }

    /// A directory moves (a remote folder rename): the tree as it will be after the move.
    mutating func remapTree(from: String, to: String) {
        func moved(_ path: String) -> String? {
            path == from || path.hasPrefix(from + "/") ? to + path.dropFirst(from.count) : nil
        }
        var files: [String: DocSyncLocal.File] = [:]
        for (path, file) in tree.files { files[moved(path) ?? path] = file }
        tree.files = files
        tree.directories = Set(tree.directories.map { moved($0) ?? $0 })
        moves.append((from, to))
        for path in tree.files.keys { addTaken(path) }
        for path in tree.directories { addTaken(path) }
    }

    /// A directory the person moved: the pairs inside are read at their new paths.
    mutating func remapPairs(from: String, to: String) {
        moves.append((from, to))
    }
}

extension FolderRef {
    static func from(_ folderID: String?, root: String?) -> FolderRef {
        guard let folderID else { return .root }
        return .id(folderID)
    }
}
