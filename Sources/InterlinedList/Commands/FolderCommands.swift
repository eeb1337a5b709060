import FieldOpsCore
import Foundation

/// Which folders a folder command works on: list folders (`il folder`) or document folders
/// (`il doc-folder`). Same four verbs, different routes and a different delete: a list folder's
/// lists move to the root, a document folder's documents are deleted with it.
public enum ILFolderKind: String, Sendable {
    case list
    case document

    var command: String { self == .list ? "il folder" : "il doc-folder" }
    var listing: ILEndpoint { self == .list ? .listFolders : .documentFolders }
    var create: ILEndpoint { self == .list ? .createListFolder : .createDocumentFolder }
    func update(_ id: String) -> ILEndpoint { self == .list ? .updateListFolder(id) : .updateDocumentFolder(id) }
    func delete(_ id: String) -> ILEndpoint { self == .list ? .deleteListFolder(id) : .deleteDocumentFolder(id) }
    var cachePrefixes: [String] { self == .list ? ["folders", "lists"] : ["document-folders", "documents"] }
    var noun: String { self == .list ? "folder" : "document folder" }
}

/// `il folder create NAME [--parent ID]` (and `il doc-folder create`).
public struct FolderCreateCommand: Sendable {
    public var kind: ILFolderKind
    public var name: String
    public var parentID: String?

    public init(_ invocation: Invocation, kind: ILFolderKind) throws {
        guard let name = invocation.value("NAME"), !name.trimmingSpaces().isEmpty else {
            throw FieldOpsError.usage("\(kind.command) create needs a NAME")
        }
        if kind == .list, name.trimmingSpaces().count > 80 {
            throw FieldOpsError.usage("the folder name is longer than the 80 characters the server allows")
        }
        self.kind = kind
        self.name = name
        parentID = invocation.value("parent").flatMap { $0.isEmpty || $0 == "root" ? nil : $0 }
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        // null, never "": the create routes look "" up as an id and answer 404.
        let body = ILJSONBody(["name": .string(name), "parentId": parentID.map { .string($0) } ?? .null])
        let folder = try await runtime.client().call(kind.create, body: body, as: FolderEnvelope.self).folder
        for prefix in kind.cachePrefixes { runtime.invalidate(prefix) }
        try FolderOutput.print(folder, verb: "created", kind: kind, runtime)
    }
}

/// `il folder rename ID NAME` and `il folder move ID --parent ID|root` (and the doc-folder ones).
public struct FolderUpdateCommand: Sendable {
    public var kind: ILFolderKind
    public var id: String
    public var body: JSONObject
    public var verb: String

    public init(_ invocation: Invocation, kind: ILFolderKind, rename: Bool) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else {
            throw FieldOpsError.usage("\(kind.command) \(rename ? "rename" : "move") needs a folder ID")
        }
        self.kind = kind
        self.id = id
        if rename {
            guard let name = invocation.value("NAME"), !name.trimmingSpaces().isEmpty else {
                throw FieldOpsError.usage("\(kind.command) rename needs the new NAME")
            }
            body = ["name": .string(name)]
            verb = "renamed"
        } else {
            guard let parent = invocation.value("parent") else {
                throw FieldOpsError.usage("\(kind.command) move needs --parent ID, or --parent root")
            }
            if parent == id { throw FieldOpsError.usage("a folder cannot be its own parent (\(id))") }
            body = ["parentId": parent.isEmpty || parent == "root" ? .null : .string(parent)]
            verb = "moved"
        }
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let folder = try await runtime.client().call(kind.update(id), body: ILJSONBody(.object(body)), as: FolderEnvelope.self).folder
        for prefix in kind.cachePrefixes { runtime.invalidate(prefix) }
        try FolderOutput.print(folder, verb: verb, kind: kind, runtime)
    }
}

/// `il folder delete ID` / `il doc-folder delete ID`: the question says what goes with it.
public struct FolderDeleteCommand: Sendable {
    public var kind: ILFolderKind
    public var id: String

    public init(_ invocation: Invocation, kind: ILFolderKind) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("\(kind.command) delete needs a folder ID") }
        self.kind = kind
        self.id = id
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let client = try runtime.client()
        let folders = try await client.call(kind.listing, as: ILFoldersWithDocuments.self).folders
        guard let folder = folders.first(where: { $0.id == id }) else {
            throw FieldOpsError("no \(kind.noun) \(id)", hint: kind == .list ? "il folders lists them" : "il docs lists them")
        }
        let subtree = Self.subtree(of: id, in: folders.map { ($0.id, ParentReference.normalized($0.parentId)) })
        let subfolders = subtree.count - 1
        let question: String
        let outcome: String
        switch kind {
        case .list:
            let lists = try await client.allLists().lists.filter { $0.folderID.map(subtree.contains) == true }.count
            question =
                "delete folder \(id) “\(folder.name)”"
                + (subfolders > 0 ? " and its \(subfolders) subfolder\(subfolders == 1 ? "" : "s")" : "")
                + ": its \(lists) list\(lists == 1 ? "" : "s") move to the root (they are not deleted)"
            outcome = "deleted folder \(id) “\(folder.name)”; \(lists) list\(lists == 1 ? "" : "s") moved to the root"
        case .document:
            let documents = folders.filter { subtree.contains($0.id) }.reduce(0) { $0 + ($1.documents?.count ?? 0) }
            question =
                "delete document folder \(id) “\(folder.name)”"
                + (subfolders > 0 ? " with its \(subfolders) subfolder\(subfolders == 1 ? "" : "s")" : "")
                + " and the \(documents) document\(documents == 1 ? "" : "s") in \(subfolders > 0 ? "them" : "it")"
            outcome = "deleted document folder \(id) “\(folder.name)” and \(documents) document\(documents == 1 ? "" : "s")"
        }
        try runtime.prompter.confirm(question, typing: kind == .document ? id : nil)
        _ = try await client.send(kind.delete(id))
        for prefix in kind.cachePrefixes { runtime.invalidate(prefix) }
        switch runtime.output.format {
        case .json: try runtime.output.emitJSON(["deleted": id])
        case .plain: runtime.output.stdout.line(id)
        case .table: runtime.output.stdout.line(outcome)
        }
    }

    /// `id` and every folder under it (a parent cycle in the data cannot loop this).
    static func subtree(of id: String, in folders: [(id: String, parent: String?)]) -> Set<String> {
        var found: Set<String> = [id]
        var frontier: Set<String> = [id]
        while !frontier.isEmpty {
            let next = Set(folders.filter { $0.parent.map(frontier.contains) == true }.map(\.id)).subtracting(found)
            found.formUnion(next)
            frontier = next
        }
        return found
    }
}

/// `{message, folder}` from the folder write routes.
struct FolderEnvelope: Codable, Sendable { var folder: ILFolder }

/// `{folders}` where document folders carry their documents' ids.
struct ILFoldersWithDocuments: Codable, Sendable {
    struct Folder: Codable, Sendable {
        struct Document: Codable, Sendable { var id: String }
        var id: String
        var name: String
        var parentId: String?
        var documents: [Document]?
    }
    var folders: [Folder]
}

enum FolderOutput {
    static func print(_ folder: ILFolder, verb: String, kind: ILFolderKind, _ runtime: ILRuntime) throws {
        switch runtime.output.format {
        case .json: try runtime.output.emitJSON(folder)
        case .plain: runtime.output.stdout.line(folder.id)
        case .table:
            runtime.output.stdout.line(
                "\(verb) \(kind.noun) \(folder.id) “\(folder.name)” " + (folder.parentFolderID.map { "under \($0)" } ?? "at the root"))
        }
    }
}
