import FieldOpsCore
import FoundationEssentials

/// The server side of `il docs sync`: what the documents look like now, and the writes, each
/// confirmed by reading the document back.
///
/// The delta route has no tombstones and a race (`lastSyncAt` is stamped after its queries), so
/// a snapshot is the delta since the stored cursor minus an overlap, de-duplicated by id and
/// `updatedAt`, plus a full listing (folders with their documents' ids, and the root) that shows
/// deletions as absences. The first run asks the delta for everything instead.
struct DocSyncRemote: Sendable {
    struct Document: Sendable, Equatable {
        var id: String
        var title: String
        var folderID: String?
        var relativePath: String?
        /// Known when the delta carried the document.
        var content: String?
        var hash: String?
        var updatedAt: String?
    }

    struct Folder: Sendable, Equatable {
        var id: String
        var name: String
        var parentID: String?
    }

    struct Snapshot: Sendable {
        var documents: [String: Document]
        var folders: [String: Folder]
        /// The server's `lastSyncAt` of this snapshot's delta: the next cursor.
        var cursor: String?
    }

    /// How far before the stored cursor the delta asks, to catch writes that landed in the
    /// server's race window between its queries and its `lastSyncAt`.
    static let overlapMilliseconds: Int64 = 3_000

    let client: ILClient
    /// The offline mirror, told of every write confirmed here and every deletion, so offline
    /// reads and shell completion show them at once (`ILMirror+Changes`).
    var mirror: ILMirror? = nil

    // MARK: Reading

    func snapshot(cursor: String?) async throws -> Snapshot {
        guard let cursor else {
            let everything = try await delta(since: nil)
            return Snapshot(documents: everything.documents, folders: everything.folders, cursor: everything.cursor)
        }
        let since = Self.minus(cursor, milliseconds: Self.overlapMilliseconds)
        async let changed = delta(since: since)
        async let folders = listFolders()
        async let root = listRoot()
        var documents: [String: Document] = [:]
        let (listedFolders, inFolders) = try await folders
        for document in inFolders { documents[document.id] = document }
        for document in try await root { documents[document.id] = document }
        let recent = try await changed
        for (id, document) in recent.documents where documents[id] != nil {
            documents[id] = document  // listed now, and its content is fresh
        }
        return Snapshot(documents: documents, folders: listedFolders, cursor: recent.cursor)
    }

    func delta(since: String?) async throws -> (documents: [String: Document], folders: [String: Folder], cursor: String?) {
        let body = try await json(.documentDelta(since: since))
        var documents: [String: Document] = [:]
        for item in body["documents"]?.arrayValue ?? [] {
            if let document = Self.document(item) { documents[document.id] = document }
        }
        var folders: [String: Folder] = [:]
        for item in body["folders"]?.arrayValue ?? [] {
            if let folder = Self.folder(item) { folders[folder.id] = folder }
        }
        return (documents, folders, body["lastSyncAt"]?.stringValue)
    }

    /// Every live folder, and the id, title and folder of every document in one.
    func listFolders() async throws -> ([String: Folder], [Document]) {
        let body = try await json(.documentFolders)
        var folders: [String: Folder] = [:]
        var documents: [Document] = []
        for item in body["folders"]?.arrayValue ?? [] {
            guard let folder = Self.folder(item) else { continue }
            folders[folder.id] = folder
            for entry in item["documents"]?.arrayValue ?? [] {
                guard let id = entry["id"]?.stringValue, !id.isEmpty else { continue }
                documents.append(
                    Document(
                        id: id, title: entry["title"]?.stringValue ?? "", folderID: folder.id,
                        relativePath: entry["relativePath"]?.stringValue))
            }
        }
        return (folders, documents)
    }

    func listRoot() async throws -> [Document] {
        let body = try await json(.rootDocuments)
        return (body["documents"]?.arrayValue ?? []).compactMap(Self.document).map { document in
            var rootDocument = document
            rootDocument.folderID = nil
            return rootDocument
        }
    }

    func fetch(_ id: String) async throws -> Document? {
        do {
            let body = try await json(.document(id))
            return body["document"].flatMap(Self.document)
        } catch ILError.notFound {
            return nil
        }
    }

    // MARK: Writing

    /// What a write asked for, to be seen in the read-back.
    struct Expectation: Sendable {
        var hash: String?
        var title: String?
        var folderID: String??
    }

    enum WriteError: Error, Sendable {
        /// The server answered success but the read-back does not show the change.
        case notKept(String)
        /// A name the server refuses to re-create in this folder (its uniqueness counts deleted documents).
        case nameTaken
    }

    /// Creates a document in `folderID` (nil: the root) and returns it as read back.
    func create(title: String, content: String, folderID: String?, relativePath: String? = nil) async throws -> Document {
        let (id, expected) = try await sendCreate(title: title, content: content, folderID: folderID, relativePath: relativePath)
        return try await confirm(id, expected)
    }

    /// Creates a document and returns its id and what a read-back must show; nothing is confirmed yet.
    func sendCreate(
        title: String, content: String, folderID: String?, relativePath: String? = nil,
        hash: String? = nil
    ) async throws -> (String, Expectation) {
        var body: JSONObject = ["title": .string(title), "content": .string(content)]
        if let relativePath { body["relativePath"] = .string(relativePath) }
        let endpoint: ILEndpoint = folderID.map { .createFolderDocument($0) } ?? .createRootDocument
        let answer: JSONValue
        do {
            answer = try await json(endpoint, body: .object(body))
        } catch ILError.server(_, 500, _) where folderID != nil {
            throw WriteError.nameTaken
        }
        guard let id = answer["document"]?["id"]?.stringValue else {
            throw ILError.unexpectedResponse(route: endpoint.description, detail: "no document id in the answer")
        }
        return (id, Expectation(hash: hash ?? SHA256.hex(content), title: title, folderID: .some(folderID)))
    }

    /// Patches content, title and/or folder, then reads the document back.
    func update(_ id: String, content: String? = nil, title: String? = nil, folderID: String?? = nil) async throws -> Document {
        try await confirm(id, try await sendUpdate(id, content: content, title: title, folderID: folderID))
    }

    /// Patches content, title and/or folder and returns what a read-back must show.
    func sendUpdate(_ id: String, content: String? = nil, title: String? = nil, folderID: String?? = nil) async throws -> Expectation {
        var body = JSONObject()
        if let content { body["content"] = .string(content) }
        if let title { body["title"] = .string(title) }
        if let folderID { body["folderId"] = folderID.map(JSONValue.string) ?? .null }
        do {
            _ = try await json(.updateDocument(id), body: .object(body))
        } catch ILError.server(_, 500, _) where folderID != nil {
            throw WriteError.nameTaken
        }
        return Expectation(hash: content.map(SHA256.hex), title: title, folderID: folderID)
    }

    func delete(_ id: String) async throws {
        do {
            _ = try await client.send(.deleteDocument(id))
        } catch ILError.notFound {
            mirror?.deleted(documentID: id)
            return  // already gone: what was wanted
        }
        if try await fetch(id) != nil { throw WriteError.notKept("document \(id) is still there after DELETE") }
        mirror?.deleted(documentID: id)
    }

    func createFolder(name: String, parentID: String?) async throws -> Folder {
        let body: JSONObject = ["name": .string(name), "parentId": parentID.map(JSONValue.string) ?? .null]
        let answer: JSONValue
        do {
            answer = try await json(.createDocumentFolder, body: .object(body))
        } catch ILError.server(_, 500, _) where parentID != nil {
            throw WriteError.nameTaken
        }
        guard let folder = answer["folder"].flatMap(Self.folder) else {
            throw ILError.unexpectedResponse(route: ILEndpoint.createDocumentFolder.description, detail: "no folder in the answer")
        }
        let check = try await json(.documentFolder(folder.id))
        guard let kept = check["folder"].flatMap(Self.folder), kept.name == folder.name else {
            throw WriteError.notKept("folder \(folder.id) was not kept")
        }
        mirror?.saved(folder: ILFolder(id: kept.id, name: kept.name, parentId: kept.parentID), kind: .document)
        return kept
    }

    func renameFolder(_ id: String, name: String, parentID: String?) async throws -> Folder {
        let body: JSONObject = ["name": .string(name), "parentId": parentID.map(JSONValue.string) ?? .null]
        _ = try await json(.updateDocumentFolder(id), body: .object(body))
        let check = try await json(.documentFolder(id))
        guard let kept = check["folder"].flatMap(Self.folder), kept.name == name, kept.parentID == parentID else {
            throw WriteError.notKept("folder \(id) was not renamed")
        }
        mirror?.saved(folder: ILFolder(id: kept.id, name: kept.name, parentId: kept.parentID), kind: .document)
        return kept
    }

    func deleteFolder(_ id: String) async throws {
        do {
            _ = try await client.send(.deleteDocumentFolder(id))
        } catch ILError.notFound {
            mirror?.deleted(folders: [id], kind: .document)
            return
        }
        mirror?.deleted(folders: [id], kind: .document)
    }

    /// Reads back many writes at once: one delta since before they were sent carries every
    /// document they touched, content hash included; a document it lacks is read on its own.
    /// A few writes are read one by one (cheaper than a delta that may carry others' changes).
    func confirmAll(_ expected: [(id: String, expectation: Expectation)], since: String?) async -> [String: Result<Document, any Error>] {
        var results: [String: Result<Document, any Error>] = [:]
        var recent: [String: Document] = [:]
        if expected.count > 4, let since, let delta = try? await delta(since: Self.minus(since, milliseconds: Self.overlapMilliseconds)) {
            recent = delta.documents
        }
        for (id, expectation) in expected {
            do {
                if let document = recent[id], (try? check(document, expectation)) != nil {
                    results[id] = .success(mirrored(document))
                } else {
                    results[id] = .success(try await confirm(id, expectation))
                }
            } catch {
                results[id] = .failure(error)
            }
        }
        return results
    }

    /// Reads the document back and checks that the server kept what was sent: the batch route
    /// and a misbehaving proxy alike can answer 200 for a write that never happened.
    func confirm(_ id: String, _ expected: Expectation) async throws -> Document {
        guard let document = try await fetch(id) else { throw WriteError.notKept("document \(id) does not exist after the write") }
        return mirrored(try check(document, expected))
    }

    /// `document`, after putting it in the mirror.
    private func mirrored(_ document: Document) -> Document {
        var kept = ILDocument(
            id: document.id, title: document.title, content: document.content, relativePath: document.relativePath,
            folderId: document.folderID, updatedAt: document.updatedAt)
        kept.contentHash = document.hash
        mirror?.saved(document: kept)
        return document
    }

    func check(_ document: Document, _ expected: Expectation) throws -> Document {
        let id = document.id
        if let hash = expected.hash, document.hash != hash {
            throw WriteError.notKept(
                "document \(id) has contentHash \(document.hash.map { String($0.prefix(8)) } ?? "none"), not the \(hash.prefix(8)) sent")
        }
        if let title = expected.title, document.title != title.trimmingSpaces() {
            throw WriteError.notKept("document \(id) is titled “\(document.title)”, not “\(title)”")
        }
        if let folderID = expected.folderID, document.folderID != folderID {
            throw WriteError.notKept("document \(id) is in folder \(document.folderID ?? "root"), not \(folderID ?? "root")")
        }
        return document
    }

    // MARK: Decoding

    private func json(_ endpoint: ILEndpoint, body: JSONValue? = nil) async throws -> JSONValue {
        let response = try await client.send(endpoint, body: body.map(ILJSONBody.init))
        do {
            return try JSONValue(parsing: response.body)
        } catch {
            throw NotTheServiceError(
                route: endpoint.description, service: "InterlinedList", profile: client.profile,
                body: response.body, contentType: response.headers["Content-Type"])
        }
    }

    static func document(_ item: JSONValue) -> Document? {
        guard let id = item["id"]?.stringValue, !id.isEmpty else { return nil }
        let content = item["content"]?.stringValue
        return Document(
            id: id, title: item["title"]?.stringValue ?? "",
            folderID: ParentReference.normalized(item["folderId"]?.stringValue),
            relativePath: item["relativePath"]?.stringValue, content: content,
            hash: item["contentHash"]?.stringValue ?? content.map(SHA256.hex),
            updatedAt: item["updatedAt"]?.stringValue)
    }

    static func folder(_ item: JSONValue) -> Folder? {
        guard let id = item["id"]?.stringValue, !id.isEmpty else { return nil }
        return Folder(id: id, name: item["name"]?.stringValue ?? "", parentID: ParentReference.normalized(item["parentId"]?.stringValue))
    }

    /// `cursor` moved back by `milliseconds`, in the server's own ISO form; an unreadable cursor
    /// is sent unchanged (the server then answers with everything, which is safe).
    static func minus(_ cursor: String, milliseconds: Int64) -> String {
        guard let instant = Timestamp.milliseconds(cursor, zonelessIsUTC: true) else { return cursor }
        return Timestamp.isoUTC(milliseconds: instant - milliseconds)
    }
}
