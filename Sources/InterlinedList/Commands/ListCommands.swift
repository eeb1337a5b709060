import FieldOpsCore
import FoundationEssentials

/// `il lists [--tree]`: every list, flat or as a tree with the folders.
public struct ListsCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "lists", abstract: "Show your lists, flat or as a tree with their folders.",
        discussion:
            "A parent of \"\" or null means the root. A parent cycle or a parent that does not exist is shown at the root with a warning on stderr.",
        examples: ["fieldops il lists", "fieldops il lists --tree", "fieldops il lists --tree --json"],
        options: [.flag("tree", help: "Folders and nested lists as a tree.")] + ILCommandTree.cacheOptions)

    public var tree: Bool
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) {
        tree = invocation.flag("tree")
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let reader = services.reader(noCache: noCache, refresh: refresh, warnings: context.output.stderr)
        // The folders are read beside the lists (both from the cache, or both over the network at once).
        async let folderRead = tree ? Self.folders(reader, services) : []
        let lists = try await reader.run(
            "lists", decode: ListRecordCodec.decode,
            fetch: {
                let lists = try await services.client().allLists().lists
                return (ListRecordCodec.encode(lists), lists)
            }
        ).value
        guard tree else {
            switch context.output.format {
            case .json: try context.output.emitJSON(lists)
            case .table, .plain:
                context.output.emit(ILTables.lists(lists))
            }
            return
        }
        let built = ListTree(lists: lists, folders: try await folderRead)
        for warning in built.warnings { context.output.warn(warning) }
        switch context.output.format {
        case .json: try context.output.emitJSON(built.jsonRoots)
        case .table, .plain: context.output.stdout.write(built.render(color: context.output.terminal.colorEnabled))
        }
    }

    static func folders(_ reader: CachedRead, _ services: ILServices) async throws -> [ILFolder] {
        try await reader.run("folders") { try await services.client().call(.listFolders, as: ILFoldersEnvelope.self) }.value.folders
    }
}

/// `il folders`: the list folders, flat.
public struct FoldersCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "folders", abstract: "Show your list folders.",
        examples: ["fieldops il folders"],
        options: ILCommandTree.cacheOptions)

    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) {
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let folders = try await services.reader(noCache: noCache, refresh: refresh, warnings: context.output.stderr)
            .run("folders") { try await services.client().call(.listFolders, as: ILFoldersEnvelope.self) }.value.folders
        switch context.output.format {
        case .json: try context.output.emitJSON(folders)
        case .table, .plain:
            context.output.emit(ILTables.folders(folders))
        }
    }
}
