import FieldOpsCore
import FoundationEssentials

/// `il doc edit ID [--file PATH | --file -]`: replaces a document's markdown, from a file, stdin,
/// or `$VISUAL`/`$EDITOR` opened on the current text.
///
/// The server never compares `contentHash` (the last write wins), so fieldops does: just before
/// writing it reads the document again, and when the hash moved since the edit began it refuses,
/// leaving a merge of both versions in a file to review.
public struct DocEditCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "edit", abstract: "Replace a document's markdown: $VISUAL/$EDITOR, --file PATH, or --file - (stdin).",
        discussion:
            "Refuses to overwrite when the server copy changed since it was read (contentHash), and leaves a merge of both to review.",
        examples: ["fieldops il doc edit d001", "fieldops il doc edit d001 --file readme.md"],
        options: [
            OptionSpec(
                "file", value: .file, valueName: "PATH", help: "The new markdown (- for stdin) instead of an editor.")
        ],
        arguments: [ILCommandTree.documentArgument])

    public var id: String
    public var file: String?

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il doc edit needs a document ID") }
        self.id = id
        file = invocation.value("file")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let original = try await client.call(.document(id), as: ILDocumentEnvelope.self).document
        let base = original.content ?? ""
        let edited: String
        switch file {
        case "-"?: edited = String(decoding: context.stdin.readAll(), as: UTF8.self)
        case let path?:
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FieldOpsError("cannot read \(path)", hint: "check that the file exists and is readable", exitCode: .usage)
            }
            edited = String(decoding: data, as: UTF8.self)
        case nil: edited = try ExternalEditor(environment: context.environment).edit(base, name: original.relativePath ?? "\(id).md")
        }
        guard edited != base else {
            context.output.stderr.line("no change to \(id); nothing was sent")
            return
        }
        let current = try await client.call(.document(id), as: ILDocumentEnvelope.self).document
        if current.contentHash != original.contentHash {
            let merged = LineMerge.merge(base: base, mine: edited, theirs: current.content ?? "", mineLabel: "yours")
            let path = services.profileCacheDirectory + "/interlinedlist/merge-\(ILMirror.fileSafe(id)).md"
            try FileManager.default.createDirectory(
                atPath: services.profileCacheDirectory + "/interlinedlist", withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(Data(merged.text.utf8), to: path, mode: 0o600)
            throw FieldOpsError(
                "document \(id) changed on the server while you edited it (contentHash \(Self.short(original.contentHash)) → \(Self.short(current.contentHash))); nothing was written",
                details: [
                    "the merged text is in \(path)"
                        + (merged.conflicts > 0
                            ? " with \(merged.conflicts) conflict\(merged.conflicts == 1 ? "" : "s") marked <<<<<<< / >>>>>>>"
                            : " (no conflicts)")
                ],
                hint: "review it, then: fieldops il doc edit \(id) --file \(path)")
        }
        let updated = try await client.call(
            .updateDocument(id), body: ILJSONBody(["content": .string(edited)]), as: ILDocumentEnvelope.self
        ).document
        services.record { $0.saved(document: updated) }
        switch context.output.format {
        case .json: try context.output.emitJSON(updated)
        case .plain: context.output.stdout.line(updated.id)
        case .table: context.output.stdout.line("updated document \(updated.id) “\(updated.title)”")
        }
    }

    static func short(_ hash: String?) -> String { hash.map { String($0.prefix(8)) } ?? "none" }
}

/// `$VISUAL`, else `$EDITOR`, else `vi`, run through `sh` on a private temporary copy.
struct ExternalEditor {
    var environment: [String: String]

    func edit(_ text: String, name: String) throws -> String {
        let command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let safeName = name.split(separator: "/").last.map(String.init).map { $0.isEmpty ? "document.md" : $0 } ?? "document.md"
        let file = directory.appendingPathComponent(safeName)
        try Data(text.utf8).write(to: file)
        let status: Int32
        do {
            status = try Subprocess(
                "/bin/sh", arguments: ["-c", command + " \"$1\"", "sh", file.path],
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
            ).run().status
        } catch {
            throw FieldOpsError(
                "cannot start the editor (\(command)): \(error.reason)", hint: "set $VISUAL or $EDITOR, or use --file PATH",
                exitCode: .usage)
        }
        guard status == 0 else {
            throw FieldOpsError("the editor (\(command)) exited with status \(status); nothing was sent")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw FieldOpsError("the edited file is gone; nothing was sent")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// `il doc delete ID`.
public struct DocDeleteCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "delete", abstract: "Delete a document (asks first; --yes off a terminal).",
        examples: ["fieldops --yes il doc delete d002"],
        arguments: [ILCommandTree.documentArgument])

    public var id: String

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il doc delete needs a document ID") }
        self.id = id
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let document = try await client.call(.document(id), as: ILDocumentEnvelope.self).document
        try context.prompter.confirm("delete document \(id) “\(document.title)”")
        _ = try await client.send(.deleteDocument(id))
        services.record { [id] in $0.deleted(documentID: id) }
        switch context.output.format {
        case .json: try context.output.emitJSON(["deleted": id])
        case .plain: context.output.stdout.line(id)
        case .table: context.output.stdout.line("deleted document \(id) “\(document.title)”")
        }
    }
}

/// `il doc search QUERY`: title or content, newest change first.
public struct DocSearchCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "search", abstract: "Find documents by title or content.",
        examples: ["fieldops il doc search spec"],
        arguments: [ArgumentSpec("QUERY", help: "Text to look for (case-insensitive).")])

    public var query: String

    public init(_ invocation: Invocation) throws {
        query = try ILClient.searchQuery(invocation, command: "il doc search")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let query = self.query
        let found = try await MirrorQueries.live(
            services, context.output,
            {
                try await services.client().allPages("documents") { ILEndpoint.searchDocuments(query, limit: $0, offset: $1) }
            },
            offline: { mirror in
                guard let (documents, savedAt) = MirrorQueries.documents(mirror) else { return nil }
                let needle = query.lowercased()
                let hits = documents.filter { $0.title.lowercased().contains(needle) || ($0.content ?? "").lowercased().contains(needle) }
                    .sorted { ($0.updatedAt ?? "") > ($1.updatedAt ?? "") }
                return (hits.compactMap { try? JSONValue(encoding: $0) }, savedAt)
            })
        if context.output.format == .json {
            context.output.emit(json: JSONValue.array(found))
            return
        }
        if found.isEmpty {
            context.output.sayEmpty("no document matches “\(query)”")
            return
        }
        var table = Table("id", "title", "folder", "updated")
        for item in found {
            table.append([
                item["id"]?.stringValue ?? "", item["title"]?.stringValue ?? "", item["folderId"]?.stringValue ?? "",
                item["updatedAt"]?.stringValue.map { RelativeTime.describe(iso: $0, now: services.now) } ?? "",
            ])
        }
        context.output.emit(table)
    }
}
