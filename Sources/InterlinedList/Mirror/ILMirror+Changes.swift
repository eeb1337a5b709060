import FieldOpsCore
import FoundationEssentials

/// A write the server accepted, applied to the mirror in the same step: the snapshots that hold
/// what was created, renamed, moved or deleted are edited in place, so an offline read and shell
/// completion (`ILCompletion`, which reads these snapshots) show the change at once — a new
/// list completes right after `il list create`, a deleted row no longer does.
///
/// Each snapshot keeps the time it was saved: only the changed entry is newer, and the offline
/// notice must not claim the rest is. A snapshot that is absent stays absent (a partial one
/// would hide the entries never fetched), except a new list's own detail, which is whole by
/// definition. A snapshot that no longer decodes is dropped, as before these edits.
extension ILMirror {
    // MARK: Lists

    /// A list created or edited: its entry in the list of lists, and for a new list an empty
    /// detail, so its rows complete as they are added. `changed` is the body the edit sent,
    /// copied into the list's detail (the edit's answer lacks the schema the detail holds).
    func saved(list: ILList, changed: JSONObject? = nil) {
        reviseLists { lists in
            if let index = lists.firstIndex(where: { $0.id == list.id }) {
                lists[index] = list
            } else {
                lists.append(list)
            }
        }
        if let changed {
            reviseDetail(list.id) { detail in
                guard var record = detail["list"]?.objectValue else { return }
                for member in changed { record[member.key] = member.value }
                detail["list"] = .object(record)
            }
        } else if let detail = newDetail(of: list) {
            try? store(detail.jsonData(), as: "list-" + list.id, savedAt: Self.now())
        }
        if let parent = list.parentListID {
            reviseDetail(parent) { detail in
                var children = detail["children"]?.arrayValue ?? []
                guard !children.contains(where: { $0["id"]?.stringValue == list.id }) else { return }
                children.append(.object(JSONObject([("id", .string(list.id)), ("title", .string(list.title))])))
                detail["children"] = .array(children)
            }
        }
    }

    /// A list deleted: gone from the list of lists with its detail; its sublists are at the root now.
    func deleted(listID: String) {
        reviseLists { lists in
            lists.removeAll { $0.id == listID }
            for index in lists.indices where lists[index].parentListID == listID { lists[index].parentId = nil }
        }
        remove(exactly: "list-" + listID)
    }

    /// The detail a list just created has: its fields, no rows, its folder when the mirror
    /// knows it (nil — no detail — when it does not).
    private func newDetail(of list: ILList) -> JSONValue? {
        var folder = JSONValue.null
        if let folderID = list.folderID {
            guard case .hit(let data, _) = load("folders"), let folders = try? ILJSON.decode(ILFoldersEnvelope.self, from: data),
                let known = folders.folders.first(where: { $0.id == folderID }), let encoded = try? JSONValue(encoding: known)
            else { return nil }
            folder = encoded
        }
        guard let record = try? JSONValue(encoding: list) else { return nil }
        return .object(JSONObject([("list", record), ("rows", .array([])), ("folder", folder), ("children", .array([]))]))
    }

    // MARK: Rows

    /// Rows added or edited (as the server answered them), in place of the old ones by id.
    func saved(rows: [JSONValue], inList listID: String) {
        reviseRows(listID) { current in
            for row in rows {
                guard let id = row["id"]?.stringValue else { continue }
                if let index = current.firstIndex(where: { $0["id"]?.stringValue == id }) {
                    current[index] = row
                } else {
                    current.append(row)
                }
            }
        }
    }

    /// Rows deleted.
    func deleted(rows ids: [String], inList listID: String) {
        let gone = Set(ids)
        reviseRows(listID) { current in current.removeAll { gone.contains($0["id"]?.stringValue ?? "") } }
    }

    /// Every row of the list, read again after a bulk import.
    func replaced(rows: [JSONValue], inList listID: String) {
        reviseRows(listID) { current in current = rows }
    }

    // MARK: Folders

    /// A folder created, renamed or moved. A new document folder is also an empty listing of
    /// its own, so the documents created in it complete.
    func saved(folder: ILFolder, kind: ILFolderKind) {
        var isNew = false
        reviseFolders(kind) { folders in
            if let index = folders.firstIndex(where: { $0.id == folder.id }) {
                folders[index] = folder
            } else {
                folders.append(folder)
                isNew = true
            }
        }
        if kind == .document, isNew, let empty = try? ILJSON.encode(ILDocumentsEnvelope(documents: [])) {
            try? store(empty, as: "documents-" + folder.id, savedAt: Self.now())
        }
    }

    /// Folders deleted (one and its subfolders): a list folder's lists are at the root now; a
    /// document folder's documents went with it.
    func deleted(folders subtree: Set<String>, kind: ILFolderKind) {
        reviseFolders(kind) { folders in folders.removeAll { subtree.contains($0.id) } }
        switch kind {
        case .list:
            reviseLists { lists in
                for index in lists.indices where lists[index].folderID.map(subtree.contains) == true { lists[index].folderId = nil }
            }
        case .document:
            for folder in subtree {
                if case .hit(let data, _) = load("documents-" + folder),
                    let documents = try? ILJSON.decode(ILDocumentsEnvelope.self, from: data)
                {
                    for document in documents.documents { remove(exactly: "document-" + document.id) }
                }
                remove(exactly: "documents-" + folder)
            }
        }
    }

    // MARK: Documents

    /// A document created, edited or moved, as the server answered it: listed in its folder's
    /// snapshot and no other; its own snapshot replaced when the answer has the content, else dropped.
    func saved(document: ILDocument) {
        let home = "documents-" + (document.folderID ?? "root")
        for name in names(prefix: "documents-") where name != home {
            reviseDocuments(name) { documents in documents.removeAll { $0.id == document.id } }
        }
        reviseDocuments(home) { documents in
            if let index = documents.firstIndex(where: { $0.id == document.id }) {
                documents[index] = document
            } else {
                documents.append(document)
            }
        }
        if document.content != nil, let data = try? ILJSON.encode(document) {
            try? store(data, as: "document-" + document.id, savedAt: Self.now())
        } else {
            remove(exactly: "document-" + document.id)
        }
    }

    /// A document deleted.
    func deleted(documentID: String) {
        for name in names(prefix: "documents-") {
            reviseDocuments(name) { documents in documents.removeAll { $0.id == documentID } }
        }
        remove(exactly: "document-" + documentID)
    }

    // MARK: Editing one snapshot

    private func reviseLists(_ change: (inout [ILList]) -> Void) {
        revise("lists") { data in
            var lists = try ListRecordCodec.decode(data)
            change(&lists)
            return ListRecordCodec.encode(lists)
        }
    }

    private func reviseDetail(_ listID: String, _ change: (inout JSONObject) -> Void) {
        revise("list-" + listID) { data in
            guard var detail = try JSONValue(parsing: data).objectValue else { throw ILMirrorEditError() }
            change(&detail)
            return JSONValue.object(detail).jsonData()
        }
    }

    private func reviseRows(_ listID: String, _ change: (inout [JSONValue]) -> Void) {
        reviseDetail(listID) { detail in
            var rows = detail["rows"]?.arrayValue ?? []
            change(&rows)
            detail["rows"] = .array(rows)
        }
    }

    private func reviseFolders(_ kind: ILFolderKind, _ change: (inout [ILFolder]) -> Void) {
        revise(kind == .list ? "folders" : "document-folders") { data in
            var envelope = try ILJSON.decode(ILFoldersEnvelope.self, from: data)
            change(&envelope.folders)
            return try ILJSON.encode(envelope)
        }
    }

    private func reviseDocuments(_ name: String, _ change: (inout [ILDocument]) -> Void) {
        revise(name) { data in
            var envelope = try ILJSON.decode(ILDocumentsEnvelope.self, from: data)
            change(&envelope.documents)
            return try ILJSON.encode(envelope)
        }
    }

    /// Rewrites the snapshot `name` through `change` in one transaction, keeping its `saved_at`.
    /// Nothing happens when it is absent; one `change` cannot read is dropped instead.
    private func revise(_ name: String, _ change: (Data) throws -> Data) {
        guard let store = try? store(create: false) else { return }
        _ = try? store.write { database in
            guard let row = try database.queryOne("SELECT payload FROM snapshots WHERE name = ?", [name]) else { return }
            do {
                let revised = try change(try row.decode("payload", as: Data.self))
                try database.execute("UPDATE snapshots SET payload = ? WHERE name = ?", [revised, name])
            } catch {
                try database.execute("DELETE FROM snapshots WHERE name = ?", [name])
            }
        }
    }

    private static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}

/// A snapshot whose payload is not the shape its name promises.
private struct ILMirrorEditError: Error {}
