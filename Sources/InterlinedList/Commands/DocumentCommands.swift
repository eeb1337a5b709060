import FieldOpsCore
import FoundationEssentials

/// `il docs [--folder ID]`: the documents of the root or of one folder, after its subfolders.
public struct DocsCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "docs", abstract: "Show the documents (and subfolders) at the root or in a folder.",
        examples: ["fieldops il docs", "fieldops il docs --folder df1"],
        options: [
            OptionSpec(
                "folder", value: .dynamic(ILCommandTree.documentFolderSource), valueName: "ID",
                help: "A document folder (default: the root).")
        ] + ILCommandTree.cacheOptions,
        subcommands: [DocsSyncCommand.spec])

    public var folderID: String?
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) {
        folderID = invocation.value("folder").flatMap { $0.isEmpty || $0 == "root" ? nil : $0 }
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let reader = services.reader(noCache: noCache, refresh: refresh, warnings: context.output.stderr)
        let folderID = self.folderID
        let documents = try await reader.run("documents-" + (folderID ?? "root")) {
            try await services.client().documents(in: folderID)
        }.value.documents
        let folders = try await reader.run("document-folders") {
            try await services.client().call(.documentFolders, as: ILFoldersEnvelope.self)
        }.value.folders
        let subfolders = folders.filter { $0.parentFolderID == folderID }
        switch context.output.format {
        case .json:
            try context.output.emitJSON(ILDocumentsEnvelope(documents: documents))
        case .table, .plain:
            // Piped, the records of --json: the documents (the subfolders are the terminal's view).
            let table = ILTables.documents(
                documents, subfolders: context.output.format == .plain ? [] : subfolders, now: services.now)
            if table.rows.isEmpty {
                context.output.sayEmpty(folderID.map { "folder \($0) is empty" } ?? "no documents at the root")
                return
            }
            context.output.emit(table)
        }
    }
}

/// `il doc create --title T [--folder ID] (--file PATH | --content TEXT)`.
///
/// In a folder, the document is created through the folder's own route: the root route ignores
/// a `folderId` and would put the document at the root.
public struct DocCreateCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "create", abstract: "Create a markdown document at the root or in a folder.",
        examples: [
            "fieldops il doc create --title 'Site 4' --folder df1 --file site4.md",
            "fieldops il doc create --title Todo --content '- [ ] ladder'",
        ],
        options: [
            OptionSpec("title", valueName: "TITLE", help: "The document's title."),
            OptionSpec(
                "folder", value: .dynamic(ILCommandTree.documentFolderSource), valueName: "ID", help: "The folder to create it in."),
            OptionSpec("file", value: .file, valueName: "PATH", help: "Read the content from a file (- for stdin)."),
            OptionSpec("content", valueName: "TEXT", help: "The content, inline."),
        ])

    public var title: String
    public var content: Content
    public var folderID: String?

    /// Where the markdown comes from: a file or stdin is read when the command runs.
    public enum Content: Sendable, Equatable {
        case file(String)
        case stdin
        case inline(String)
    }

    public init(_ invocation: Invocation) throws {
        guard let title = invocation.value("title"), !title.trimmingSpaces().isEmpty else {
            throw FieldOpsError.usage("il doc create needs --title")
        }
        switch (invocation.value("file"), invocation.value("content")) {
        case (let path?, nil): content = path == "-" ? .stdin : .file(path)
        case (nil, let inline?): content = .inline(inline)
        default: throw FieldOpsError.usage("il doc create needs exactly one of --file PATH or --content TEXT")
        }
        self.title = title
        folderID = invocation.value("folder").flatMap { $0.isEmpty || $0 == "root" ? nil : $0 }
    }

    func text(_ stdin: any InputSource) throws -> String {
        switch content {
        case .stdin:
            return String(decoding: stdin.readAll(), as: UTF8.self)
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FieldOpsError("cannot read \(path)", hint: "check that the file exists and is readable", exitCode: .usage)
            }
            return String(decoding: data, as: UTF8.self)
        case .inline(let text):
            return text
        }
    }

    public var endpoint: ILEndpoint {
        folderID.map { ILEndpoint.createFolderDocument($0) } ?? .createRootDocument
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices(context)
        let body = ILNewDocument(title: title, content: try text(context.stdin))
        try services.requireLogin()
        let created = try await services.client().call(endpoint, body: body, as: ILDocumentEnvelope.self).document
        services.record { $0.saved(document: created) }
        switch context.output.format {
        case .json: try context.output.emitJSON(created)
        case .plain: context.output.stdout.line(created.id)
        case .table:
            context.output.stdout.line(
                "created document \(created.id) “\(created.title)” in " + (created.folderID.map { "folder \($0)" } ?? "the root"))
        }
    }
}

/// `il doc move ID --folder ID|root`: `PATCH /api/documents/{id}` with `{folderId}` (null = root).
public struct DocMoveCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "move", abstract: "Move a document to a folder, or to the root.",
        examples: ["fieldops il doc move d003 --folder df2", "fieldops il doc move d003 --folder root"],
        options: [
            OptionSpec(
                "folder", value: .dynamic(ILCommandTree.documentFolderSource), valueName: "ID|root",
                help: "The target folder, or root.")
        ],
        arguments: [ILCommandTree.documentArgument])

    public var id: String
    public var move: ILDocumentMove

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il doc move needs a document ID") }
        guard let folder = invocation.value("folder"), !folder.isEmpty else {
            throw FieldOpsError.usage("il doc move needs --folder ID, or --folder root")
        }
        self.id = id
        move = ILDocumentMove(folderId: folder == "root" ? nil : folder)
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let moved = try await services.client().call(.updateDocument(id), body: move, as: ILDocumentEnvelope.self).document
        services.record { $0.saved(document: moved) }
        switch context.output.format {
        case .json: try context.output.emitJSON(moved)
        case .plain: context.output.stdout.line(moved.id)
        case .table: context.output.stdout.line("moved \(moved.id) to " + (moved.folderID.map { "folder \($0)" } ?? "the root"))
        }
    }
}

/// `il doc show ID`: a document's facts, then its markdown.
public struct DocShowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "show", abstract: "Show a document's markdown.",
        examples: ["fieldops il doc show d001", "fieldops il doc show d001 --raw > readme.md"],
        options: [.flag("raw", help: "Only the markdown, exactly as stored.")],
        arguments: [ILCommandTree.documentArgument])

    public var id: String
    /// `--raw`: the markdown exactly as stored, nothing else, whatever the output format.
    public var raw: Bool

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il doc show needs a document ID") }
        self.id = id
        raw = invocation.flag("raw")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let documentID = id
        let document = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
            "document-" + documentID
        ) {
            try await services.client().call(.document(documentID), as: ILDocumentEnvelope.self).document
        }.value
        if raw {
            context.output.stdout.write(document.content ?? "")
            return
        }
        switch context.output.format {
        case .json:
            try context.output.emitJSON(document)
        case .plain:
            context.output.stdout.write(document.content ?? "")
        case .table:
            let color = context.output.terminal.colorEnabled
            context.output.stdout.line(
                Style.bold.apply(document.title, enabled: color) + "  " + Style.dim.apply(document.id, enabled: color))
            var facts = [
                document.relativePath ?? "", document.folderID.map { "folder \($0)" } ?? "root",
                document.isPublic == true ? "public" : "private",
            ]
            if let updated = document.updatedAt { facts.append("updated " + RelativeTime.describe(iso: updated, now: services.now)) }
            context.output.stdout.line(Style.dim.apply(facts.filter { !$0.isEmpty }.joined(separator: " · "), enabled: color))
            context.output.stdout.line()
            let content = document.content ?? ""
            context.output.stdout.write(content.hasSuffix("\n") || content.isEmpty ? content : content + "\n")
        }
    }
}
