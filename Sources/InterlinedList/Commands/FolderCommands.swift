import FieldOpsCore
import FoundationEssentials

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
    var noun: String { self == .list ? "folder" : "document folder" }
}

/// Which folders a generic folder command works on, as a type: `il folder` is
/// `FolderCreateCommand<ListFolders>` and the rest, `il doc-folder` the same over `DocumentFolders`.
public protocol ILFolderKindProtocol: Sendable {
    static var kind: ILFolderKind { get }
}

public enum ListFolders: ILFolderKindProtocol {
    public static let kind = ILFolderKind.list
}

public enum DocumentFolders: ILFolderKindProtocol {
    public static let kind = ILFolderKind.document
}

extension ILFolderKind {
    /// The group's name under `il`.
    var group: String { self == .list ? "folder" : "doc-folder" }
    /// The folder id the examples use.
    var exampleID: String { self == .list ? "lf1" : "df1" }
    /// The folder a rename, move or delete works on (document folders complete from the mirror).
    var idArgument: ArgumentSpec {
        ArgumentSpec("ID", help: "The folder id.", value: self == .list ? .string : .dynamic(ILCommandTree.documentFolderSource))
    }
}

/// `il folder create NAME [--parent ID]` (and `il doc-folder create`).
public struct FolderCreateCommand<Kind: ILFolderKindProtocol>: FieldOpsCommand {
    public static var definition: CommandSpec {
        let name = Kind.kind.group
        return CommandSpec(
            "create", abstract: "Create a folder, at the root or under --parent.",
            examples: ["fieldops il \(name) create Sites", "fieldops il \(name) create 'Site 4' --parent \(Kind.kind.exampleID)"],
            options: [OptionSpec("parent", valueName: "ID", help: "The parent folder (default: the root).")],
            arguments: [ArgumentSpec("NAME", help: "The folder's name.")])
    }

    public var kind: ILFolderKind { Kind.kind }
    public var name: String
    public var parentID: String?

    public init(_ invocation: Invocation) throws {
        let kind = Kind.kind
        guard let name = invocation.value("NAME"), !name.trimmingSpaces().isEmpty else {
            throw FieldOpsError.usage("\(kind.command) create needs a NAME")
        }
        if kind == .list, name.trimmingSpaces().count > 80 {
            throw FieldOpsError.usage("the folder name is longer than the 80 characters the server allows")
        }
        self.name = name
        parentID = invocation.value("parent").flatMap { $0.isEmpty || $0 == "root" ? nil : $0 }
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        // null, never "": the create routes look "" up as an id and answer 404.
        let body = ILJSONBody(["name": .string(name), "parentId": parentID.map { .string($0) } ?? .null])
        let folder = try await services.client().call(kind.create, body: body, as: FolderEnvelope.self).folder
        services.record { $0.saved(folder: folder, kind: kind) }
        try FolderOutput.print(folder, verb: "created", kind: kind, context.output)
    }
}

/// `il folder rename ID NAME` (and `il doc-folder rename`).
public struct FolderRenameCommand<Kind: ILFolderKindProtocol>: FieldOpsCommand {
    public static var definition: CommandSpec {
        CommandSpec(
            "rename", abstract: "Rename a folder.",
            examples: ["fieldops il \(Kind.kind.group) rename \(Kind.kind.exampleID) 'Work 2026'"],
            arguments: [Kind.kind.idArgument, ArgumentSpec("NAME", help: "The new name.")])
    }

    public var id: String
    public var name: String

    public init(_ invocation: Invocation) throws {
        id = try FolderUpdate.id(invocation, Kind.kind, verb: "rename")
        guard let name = invocation.value("NAME"), !name.trimmingSpaces().isEmpty else {
            throw FieldOpsError.usage("\(Kind.kind.command) rename needs the new NAME")
        }
        self.name = name
    }

    public func run(_ context: CommandContext) async throws {
        try await FolderUpdate.send(["name": .string(name)], to: id, Kind.kind, verb: "renamed", context)
    }
}

/// `il folder move ID --parent ID|root` (and `il doc-folder move`).
public struct FolderMoveCommand<Kind: ILFolderKindProtocol>: FieldOpsCommand {
    public static var definition: CommandSpec {
        CommandSpec(
            "move", abstract: "Move a folder under another, or to the root.",
            examples: ["fieldops il \(Kind.kind.group) move \(Kind.kind.exampleID) --parent root"],
            options: [OptionSpec("parent", valueName: "ID|root", help: "The new parent folder, or root.")],
            arguments: [Kind.kind.idArgument])
    }

    public var id: String
    /// The new parent; nil is the root.
    public var parentID: String?

    public init(_ invocation: Invocation) throws {
        id = try FolderUpdate.id(invocation, Kind.kind, verb: "move")
        guard let parent = invocation.value("parent") else {
            throw FieldOpsError.usage("\(Kind.kind.command) move needs --parent ID, or --parent root")
        }
        if parent == id { throw FieldOpsError.usage("a folder cannot be its own parent (\(id))") }
        parentID = parent.isEmpty || parent == "root" ? nil : parent
    }

    public func run(_ context: CommandContext) async throws {
        let parent: JSONValue = parentID.map { .string($0) } ?? .null
        try await FolderUpdate.send(["parentId": parent], to: id, Kind.kind, verb: "moved", context)
    }
}

/// What `rename` and `move` share: the folder they name, and one `PATCH` told apart by its body.
enum FolderUpdate {
    static func id(_ invocation: Invocation, _ kind: ILFolderKind, verb: String) throws -> String {
        guard let id = invocation.value("ID"), !id.isEmpty else {
            throw FieldOpsError.usage("\(kind.command) \(verb) needs a folder ID")
        }
        return id
    }

    static func send(_ body: JSONObject, to id: String, _ kind: ILFolderKind, verb: String, _ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let folder = try await services.client().call(kind.update(id), body: ILJSONBody(.object(body)), as: FolderEnvelope.self).folder
        services.record { $0.saved(folder: folder, kind: kind) }
        try FolderOutput.print(folder, verb: verb, kind: kind, context.output)
    }
}

/// `il folder delete ID` / `il doc-folder delete ID`: the question says what goes with it.
public struct FolderDeleteCommand<Kind: ILFolderKindProtocol>: FieldOpsCommand {
    public static var definition: CommandSpec {
        let kind = Kind.kind
        return CommandSpec(
            "delete",
            abstract: kind == .list
                ? "Delete a folder; its lists move to the root (asks first; --yes off a terminal)."
                : "Delete a folder and the documents in it (type its id to confirm; --yes off a terminal).",
            discussion: kind == .list
                ? "Its subfolders go with it; the lists in them move to the root and are kept."
                : "Its subfolders and every document in them are deleted with it (on a terminal you type the folder id).",
            examples: ["fieldops --yes il \(kind.group) delete \(kind.exampleID)"],
            arguments: [kind.idArgument])
    }

    public var kind: ILFolderKind { Kind.kind }
    public var id: String

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else {
            throw FieldOpsError.usage("\(Kind.kind.command) delete needs a folder ID")
        }
        self.id = id
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let folders = try await client.call(kind.listing, as: ILFoldersWithDocuments.self).folders
        guard let folder = folders.first(where: { $0.id == id }) else {
            throw FieldOpsError(
                "no \(kind.noun) \(id)", hint: kind == .list ? "see them: fieldops il folders" : "see them: fieldops il docs")
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
        try context.prompter.confirm(question, typing: kind == .document ? id : nil)
        _ = try await client.send(kind.delete(id))
        services.record { $0.deleted(folders: subtree, kind: kind) }
        switch context.output.format {
        case .json: try context.output.emitJSON(["deleted": id])
        case .plain: context.output.stdout.line(id)
        case .table: context.output.stdout.line(outcome)
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
    static func print(_ folder: ILFolder, verb: String, kind: ILFolderKind, _ output: Output) throws {
        switch output.format {
        case .json: try output.emitJSON(folder)
        case .plain: output.stdout.line(folder.id)
        case .table:
            output.stdout.line(
                "\(verb) \(kind.noun) \(folder.id) “\(folder.name)” " + (folder.parentFolderID.map { "under \($0)" } ?? "at the root"))
        }
    }
}
