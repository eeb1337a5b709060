import FieldOpsCore
import Foundation

/// `il lists [--tree]`: every list, flat or as a tree with the folders.
public struct ListsCommand: Sendable {
    public var tree: Bool
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) {
        tree = invocation.flag("tree")
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let reader = runtime.reader(noCache: noCache, refresh: refresh)
        // The folders are read beside the lists (both from the cache, or both over the network at once).
        async let folderRead = tree ? Self.folders(reader, runtime) : []
        let lists = try await reader.run(
            "lists", decode: ListRecordCodec.decode,
            fetch: {
                let lists = try await runtime.client().allLists().lists
                return (ListRecordCodec.encode(lists), lists)
            }
        ).value
        guard tree else {
            switch runtime.format {
            case .json: try runtime.printJSON(lists)
            case .table, .plain:
                runtime.stdout.write(ILTables.lists(lists).render(format: runtime.format, color: runtime.terminal.colorEnabled))
            }
            return
        }
        let built = ListTree(lists: lists, folders: try await folderRead)
        for warning in built.warnings { runtime.warn(warning) }
        switch runtime.format {
        case .json: try runtime.printJSON(built.jsonRoots)
        case .table, .plain: runtime.stdout.write(built.render(color: runtime.terminal.colorEnabled))
        }
    }

    static func folders(_ reader: CachedRead, _ runtime: ILRuntime) async throws -> [ILFolder] {
        try await reader.run("folders") { try await runtime.client().call(.listFolders, as: ILFoldersEnvelope.self) }.value.folders
    }
}

/// `il folders`: the list folders, flat.
public struct FoldersCommand: Sendable {
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) {
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let folders = try await runtime.reader(noCache: noCache, refresh: refresh)
            .run("folders") { try await runtime.client().call(.listFolders, as: ILFoldersEnvelope.self) }.value.folders
        switch runtime.format {
        case .json: try runtime.printJSON(folders)
        case .table, .plain:
            runtime.stdout.write(ILTables.folders(folders).render(format: runtime.format, color: runtime.terminal.colorEnabled))
        }
    }
}
