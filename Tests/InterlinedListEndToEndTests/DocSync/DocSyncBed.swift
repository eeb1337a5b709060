import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

#if canImport(Glibc)
    import Glibc
#endif

/// A directory synced by `il docs sync` inside an `ILTestBed` home, and the two views of it a
/// scenario compares: the files (relative path → content) and ada's live documents on the
/// emulator (folder path + title + ".md" → content), so each expectation is one dictionary.
struct DocSyncBed: Sendable {
    let bed: ILTestBed
    /// The synced directory (absolute).
    let directory: String

    /// The seeded documents of ada as a first sync lays them out; the server view names them the same.
    static let seeded: [String: String] = [
        "Readme.md": "# Readme\n",
        "Todo.md": "# Todo\n",
        "Work/Meeting Notes.md": "# Meeting Notes\n",
        "Work/Projects/Spec.md": "# Spec\n",
        "Archive/Old Spec.md": "# Old Spec\n",
    ]

    /// The seeded tree with `changes` applied: a path to nil removes that file.
    static func seeded(changing changes: [String: String?]) -> [String: String] {
        var tree = seeded
        for (path, content) in changes { tree[path] = content }
        return tree
    }

    /// An emulator and a signed-in home; with `firstSync` the seeded documents are downloaded
    /// first (and checked), so the scenario starts from a synced pair of trees.
    static func with(firstSync: Bool = true, _ body: (DocSyncBed) async throws -> Void) async throws {
        try await ILTestBed.with { bed in
            try await bed.login()
            let sync = DocSyncBed(bed: bed, directory: bed.home.directory.path("notes"))
            if firstSync {
                let first = await sync.sync()
                try #require(first.exitCode == 0, "\(first)")
                try #require(try sync.localTree() == seeded)
                try #require(try await sync.serverTree() == seeded)
            }
            try await body(sync)
        }
    }

    // MARK: Running

    /// `fieldops -p lists il docs sync DIR ARGS…`, in-process.
    func sync(_ arguments: [String] = [], stdin: String = "") async -> CommandOutcome {
        await bed.run(["il", "docs", "sync", directory] + arguments, stdin: stdin)
    }

    /// The same with `--json`, its stdout parsed.
    func syncJSON(_ arguments: [String] = []) async throws -> (outcome: CommandOutcome, report: JSONValue) {
        let outcome = await sync(["--json"] + arguments)
        let report = try JSONValue(parsing: outcome.stdout)
        return (outcome, report)
    }

    /// The built `fieldops` running `il docs sync DIR ARGS…` as a child process with the home's
    /// environment; its stdout and stderr go to the files given.
    func spawn(_ arguments: [String], stdout: String, stderr: String) throws -> Process {
        try bed.spawn(["il", "docs", "sync", directory] + arguments, stdout: stdout, stderr: stderr)
    }

    // MARK: The local side

    struct LocalError: Error, CustomStringConvertible {
        var description: String
    }

    /// Every regular file under the directory (dot-files and dot-directories skipped) with its
    /// text; a name that is not UTF-8 is shown escaped (`bad\xff.md`).
    func localTree() throws -> [String: String] {
        var files: [String: String] = [:]
        var directories: Set<String> = []
        try walk([], relative: "", files: &files, directories: &directories)
        return files
    }

    /// Every directory under the synced one (relative), dot-directories skipped.
    func localDirectories() throws -> Set<String> {
        var files: [String: String] = [:]
        var directories: Set<String> = []
        try walk([], relative: "", files: &files, directories: &directories)
        return directories
    }

    private func walk(_ relativeBytes: [UInt8], relative: String, files: inout [String: String], directories: inout Set<String>) throws {
        let absolute = Array(directory.utf8) + (relativeBytes.isEmpty ? [] : [UInt8(ascii: "/")] + relativeBytes)
        guard let handle = Self.withCPath(absolute, { opendir($0) }) else {
            throw LocalError(description: "cannot read \(String(decoding: absolute, as: UTF8.self)): \(String(cString: strerror(errno)))")
        }
        defer { closedir(handle) }
        var children: [(bytes: [UInt8], name: String, isDirectory: Bool)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name.first == UInt8(ascii: ".") { continue }
            let childBytes = relativeBytes.isEmpty ? name : relativeBytes + [UInt8(ascii: "/")] + name
            var info = stat()
            guard Self.withCPath(Array(directory.utf8) + [UInt8(ascii: "/")] + childBytes, { lstat($0, &info) }) == 0 else { continue }
            let shown = String(validating: name, as: UTF8.self) ?? DocSyncLocal.escaped(name)
            switch info.st_mode & S_IFMT {
            case S_IFDIR: children.append((childBytes, shown, true))
            case S_IFREG: children.append((childBytes, shown, false))
            default: continue
            }
        }
        for child in children {
            let path = relative.isEmpty ? child.name : relative + "/" + child.name
            if child.isDirectory {
                directories.insert(path)
                try walk(child.bytes, relative: path, files: &files, directories: &directories)
            } else {
                let data = try Self.contents(Array(directory.utf8) + [UInt8(ascii: "/")] + child.bytes)
                files[path] = String(decoding: data, as: UTF8.self)
            }
        }
    }

    /// Calls `body` with a NUL-terminated copy of `bytes` (a path that need not be UTF-8).
    static func withCPath<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    static func contents(_ path: [UInt8]) throws -> Data {
        let descriptor = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw LocalError(description: "cannot open \(String(decoding: path, as: UTF8.self))") }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    func path(_ relative: String) -> String { directory + "/" + relative }

    /// Writes `text` at `relative`, making its directories (a plain write: the watcher sees a close-write).
    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes a file whose name is the raw `name` bytes (which need not be UTF-8) in the synced directory.
    func writeRaw(name: [UInt8], _ text: String) throws {
        let descriptor = Self.withCPath(Array(directory.utf8) + [UInt8(ascii: "/")] + name) {
            open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            throw LocalError(description: "cannot create \(DocSyncLocal.escaped(name)): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw LocalError(description: "short write to \(DocSyncLocal.escaped(name))")
        }
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    /// Renames or moves a file or directory (its target directory made first).
    func move(_ from: String, to: String) throws {
        let target = URL(fileURLWithPath: path(to))
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path(from), toPath: target.path)
    }

    func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    // MARK: The sync's state

    /// The pairs recorded for the directory (the one state file of the profile's docsync).
    func statePairs() throws -> [DocSyncState.Pair] {
        let folder = bed.profileDataDirectory + "/docsync"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }
        guard files.count == 1, let file = files.first else {
            throw LocalError(description: "expected one docsync state in \(folder), found \(files)")
        }
        return try DocSyncState(path: folder + "/" + file).pairs()
    }

    // MARK: The server side

    struct ServerDocument: Sendable, Equatable {
        var id: String
        var title: String
        var folderID: String?
        var relativePath: String
        var content: String
        var deleted: Bool
    }

    struct ServerFolder: Sendable, Equatable {
        var id: String
        var name: String
        var parentID: String?
        var deleted: Bool
    }

    /// Every document and folder of ada, deleted ones included (`GET /__admin/documents`).
    func serverRows() async throws -> (documents: [ServerDocument], folders: [ServerFolder]) {
        let body = try JSONValue(parsing: try await bed.adminRequest(.get, ["documents"], query: [.init("userId", "u_ada")]).body)
        let documents = (body["documents"]?.arrayValue ?? []).map { item in
            ServerDocument(
                id: item["id"]?.stringValue ?? "", title: item["title"]?.stringValue ?? "",
                folderID: item["folderId"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                relativePath: item["relativePath"]?.stringValue ?? "", content: item["content"]?.stringValue ?? "",
                deleted: item["deleted"]?.boolValue ?? false)
        }
        let folders = (body["folders"]?.arrayValue ?? []).map { item in
            ServerFolder(
                id: item["id"]?.stringValue ?? "", name: item["name"]?.stringValue ?? "",
                parentID: item["parentId"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                deleted: item["deleted"]?.boolValue ?? false)
        }
        return (documents, folders)
    }

    /// The live documents.
    func liveDocuments() async throws -> [ServerDocument] {
        try await serverRows().documents.filter { !$0.deleted }
    }

    /// ada's live documents as `folder path/title.md` → content. A second document under the
    /// same key shows up as `KEY #2` (so a duplicate fails the comparison), one in a folder
    /// that is not live as `?FOLDERID/…`.
    func serverTree() async throws -> [String: String] {
        let rows = try await serverRows()
        let paths = Self.folderPaths(rows.folders)
        var tree: [String: String] = [:]
        for document in rows.documents.filter({ !$0.deleted }).sorted(by: { $0.id < $1.id }) {
            let prefix = document.folderID.map { id in (paths[id] ?? "?\(id)") + "/" } ?? ""
            var key = prefix + document.title + ".md"
            var copy = 2
            while tree[key] != nil {
                key = prefix + document.title + ".md #\(copy)"
                copy += 1
            }
            tree[key] = document.content
        }
        return tree
    }

    /// The live folders' paths (`Work/Projects`).
    func serverFolders() async throws -> Set<String> {
        Set(Self.folderPaths(try await serverRows().folders).values)
    }

    /// Live folder id → its path of names from the root.
    static func folderPaths(_ folders: [ServerFolder]) -> [String: String] {
        let live = Dictionary(folders.filter { !$0.deleted }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var paths: [String: String] = [:]
        for folder in live.values {
            var names: [String] = []
            var current: ServerFolder? = folder
            var seen: Set<String> = []
            while let step = current, seen.insert(step.id).inserted {
                names.insert(step.name, at: 0)
                current = step.parentID.flatMap { live[$0] }
                if step.parentID != nil && current == nil { names.insert("?", at: 0) }
            }
            paths[folder.id] = names.joined(separator: "/")
        }
        return paths
    }

    // MARK: Another device

    /// `POST /__admin/document-op`: the row the op wrote.
    @discardableResult
    func op(_ fields: [String: Any]) async throws -> JSONValue {
        let answer = try await adminPost("document-op", fields)
        return answer["document"] ?? answer["folder"] ?? .null
    }

    func edit(_ id: String, _ content: String) async throws { try await op(["op": "edit", "id": id, "content": content]) }
    func rename(_ id: String, _ title: String) async throws { try await op(["op": "rename", "id": id, "title": title]) }
    func moveDocument(_ id: String, to folder: String?) async throws {
        try await op(["op": "move", "id": id, "folderId": folder.map { $0 as Any } ?? NSNull()])
    }
    func delete(_ id: String) async throws { try await op(["op": "delete", "id": id]) }

    /// Creates a document as another device; returns its id.
    @discardableResult
    func create(_ title: String, _ content: String, in folder: String? = nil) async throws -> String {
        var fields: [String: Any] = ["op": "create", "title": title, "content": content]
        if let folder { fields["folderId"] = folder }
        return try await op(fields)["id"]?.stringValue ?? ""
    }

    @discardableResult
    func createFolder(_ name: String, in parent: String? = nil) async throws -> String {
        var fields: [String: Any] = ["op": "create-folder", "name": name]
        if let parent { fields["parentId"] = parent }
        return try await op(fields)["id"]?.stringValue ?? ""
    }

    func renameFolder(_ id: String, _ name: String) async throws { try await op(["op": "rename-folder", "id": id, "name": name]) }

    /// `POST /__admin/document-quirks`.
    func quirks(_ fields: [String: Any]) async throws {
        try await adminPost("document-quirks", fields)
    }

    @discardableResult
    func adminPost(_ path: String, _ fields: [String: Any]) async throws -> JSONValue {
        let body = try JSONSerialization.data(withJSONObject: fields)
        return try JSONValue(parsing: try await bed.adminRequest(.post, [path], body: .json(body)).body)
    }

    /// The requests the emulator received that change documents or folders (not GETs), as `METHOD /path`.
    func writeRequests() async throws -> [String] {
        try await bed.emulator.requests()
            .filter { $0.method != "GET" && $0.path.hasPrefix("/api/documents") }
            .map { "\($0.method) \($0.path)" }
    }
}
