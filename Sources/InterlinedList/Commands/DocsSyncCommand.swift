import FieldOpsCore
import FoundationEssentials

/// `il docs sync DIR [--folder ID|root] [--dry-run] [--watch] [--max-delete PERCENT]
/// [--conflict merge|keep-both] [--yes]`: a directory of markdown files kept in two-way sync
/// with the documents (see `DocSyncEngine` for the guarantees).
public struct DocsSyncCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "sync", abstract: "Keep a directory of markdown files in two-way sync with the documents.",
        discussion: """
            Folders are directories and documents are .md files named from their titles. Both sides' \
            changes are carried across: edits, new files, deletions, renames and moves. When both sides \
            changed a file, a three-way merge keeps both edits; changes to the same lines are kept \
            between conflict markers (--conflict merge) or as a second file (--conflict keep-both), and \
            the command exits 5. An edit always wins over a deletion. Every server write is read back \
            before it counts, and a run stopped at any point (Ctrl-C, kill -9, a lost network) loses \
            nothing: the next run converges. The sync refuses to run when one side is suddenly empty or \
            when it would delete more than --max-delete of the files (--yes overrides both).
            """,
        examples: [
            "fieldops il docs sync ~/notes", "fieldops il docs sync ~/site-docs --folder df1 --dry-run",
            "fieldops il docs sync ~/notes --watch", "fieldops il docs sync ~/notes --conflict keep-both --json",
        ],
        options: [
            OptionSpec(
                "folder", value: .dynamic(ILCommandTree.documentFolderSource), valueName: "ID|root",
                help: "The document folder the directory mirrors (default: root, every document)."),
            .flag("dry-run", help: "Print what would happen on each side and change nothing."),
            .flag("watch", help: "Keep syncing: on every local change, and every --interval on the server, until Ctrl-C."),
            OptionSpec(
                "interval", value: .duration, valueName: "DURATION",
                help: "With --watch: how often to poll the server (default 60s, at least 30s)."),
            OptionSpec(
                "max-delete", valueName: "PERCENT",
                help: "Refuse when a run would delete more than this share of the synced files on either side (default 50)."),
            OptionSpec(
                "conflict", value: .choice(["merge", "keep-both"]), valueName: "STYLE",
                help:
                    "Overlapping edits: merge (conflict markers in the file, the default) or keep-both (the server's copy plus NAME.conflict-TIME.md)."
            ),
        ],
        arguments: [ArgumentSpec("DIR", help: "The directory (created if missing).", value: .directory)])

    public var directory: String
    public var folder: String?
    public var dryRun: Bool
    public var watch: Bool
    public var yes: Bool
    public var maxDelete: Double
    public var style: String
    public var interval: Duration

    static let minimumInterval = Duration.seconds(30)

    public init(_ invocation: Invocation) throws {
        guard let raw = invocation.value("DIR"), !raw.isEmpty else { throw FieldOpsError.usage("il docs sync needs a directory") }
        let absolute = raw.hasPrefix("/") ? raw : FileManager.default.currentDirectoryPath + "/" + raw
        directory = URL(fileURLWithPath: absolute).standardizedFileURL.path
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        folder = invocation.value("folder").flatMap { $0.isEmpty || $0 == "root" ? nil : $0 }
        dryRun = invocation.flag("dry-run")
        watch = invocation.flag("watch")
        yes = invocation.flag("yes")
        if dryRun && watch { throw FieldOpsError.usage("--dry-run and --watch cannot be used together") }
        let percent = invocation.value("max-delete").map { $0.hasSuffix("%") ? String($0.dropLast()) : $0 } ?? "50"
        guard let value = Double(percent), value >= 0, value <= 100 else {
            throw FieldOpsError.usage("--max-delete must be a percentage from 0 to 100, not \(invocation.value("max-delete") ?? "")")
        }
        maxDelete = value
        style = invocation.value("conflict") ?? "merge"
        guard DocSyncPlanner.ConflictStyle(rawValue: style) != nil else {
            throw FieldOpsError.usage("--conflict must be merge or keep-both, not \(style)")
        }
        if let text = invocation.value("interval") {
            guard let seconds = DurationText.seconds(text) else {
                throw FieldOpsError.usage("--interval must be a duration such as 60s or 2m, not \(text)")
            }
            interval = .milliseconds(Int64(seconds * 1000))
            guard interval >= Self.minimumInterval else {
                throw FieldOpsError.usage("--interval must be at least 30s: the server is polled no more often than that")
            }
        } else {
            interval = .seconds(60)
        }
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let statePath = DocSyncState.location(dataDirectory: services.profileDataDirectory, directory: directory, root: folder)
        let exists = FileManager.default.fileExists(atPath: statePath)
        if !exists, !FileManager.default.fileExists(atPath: directory), dryRun {
            context.output.stderr.line("\(directory) does not exist yet; the first sync will create it")
        }
        let lock: ProcessLock?
        if dryRun {
            lock = nil
        } else {
            let opened = try ProcessLock(path: statePath + ".lock")
            guard try opened.tryLock() == .acquired else {
                throw FieldOpsError(
                    "another il docs sync is running on \(directory)",
                    hint: "wait for it to finish (or stop its --watch), then run again")
            }
            lock = opened
        }
        defer { lock?.unlock() }
        let state = try DocSyncState(path: dryRun && !exists ? ":memory:" : statePath)
        if !dryRun, try state.pairs().isEmpty == false, !FileManager.default.fileExists(atPath: directory), !yes {
            throw DocSyncError.refused(
                "\(directory) is missing, but documents were synced into it before; nothing was changed",
                hint: "if it is on a drive that is not mounted, mount it; to sync into it afresh, run again with --yes")
        }
        var options = DocSyncEngine.Options()
        options.dryRun = dryRun
        options.yes = yes
        options.maxDeletePercent = maxDelete
        options.style = DocSyncPlanner.ConflictStyle(rawValue: style) ?? .merge
        let engine = DocSyncEngine(
            local: DocSyncLocal(root: directory), remote: DocSyncRemote(client: client, mirror: services.cache), state: state,
            rootFolder: folder,
            options: options,
            confirm: { question in try context.prompter.confirm(question) },
            show: { report in
                for line in report.lines() { context.output.stderr.line("  " + line) }
            })
        if watch {
            try await DocsWatchLoop(engine: engine, output: context.output, interval: interval).run()
            return
        }
        let report = try await engine.run()
        print(report, context.output)
        if report.needsPerson || !report.failed.isEmpty {
            let what =
                report.needsPerson
                ? report.conflicts.count == 1 ? "1 conflict needs a person" : "\(report.conflicts.count) conflicts need a person"
                : "\(report.failed.count) change\(report.failed.count == 1 ? "" : "s") could not be synced"
            context.output.deferError(
                FieldOpsError(
                    "\(what) in \(directory)",
                    hint: report.needsPerson
                        ? "edit the files named above, remove the conflict markers, then run the sync again"
                        : "the reasons are above; the next run tries again", exitCode: .partialFailure))
        }
    }

    func print(_ report: DocSyncReport, _ output: Output) {
        switch output.format {
        case .json:
            output.emit(json: report.json)
        case .plain, .table:
            if !output.quiet {
                for line in report.lines() { output.stdout.line(line) }
            }
            output.stdout.line(report.summary())
        }
    }
}

/// `--watch`: a sync on every settled local change and on every remote poll, until Ctrl-C or
/// SIGTERM. A lost network pauses it (retried with a growing wait, never longer than the poll
/// interval) and it carries on once the server answers; a 429 waits as long as `Retry-After` says.
struct DocsWatchLoop {
    let engine: DocSyncEngine
    let output: Output
    let interval: Duration
    let debounce = Duration.milliseconds(500)

    func run() async throws {
        let watcher = try DirectoryWatcher(root: engine.local.root, debounce: debounce)
        defer { watcher.stop() }
        var offlineWait: Duration?
        output.stderr.line("watching \(engine.local.root) (the server every \(Self.text(interval))); Ctrl-C to stop")
        while !Task.isCancelled {
            var wait = interval
            do {
                // The sync's own renames wake the watch once more: a run with nothing to do. Events
                // are never thrown away, so an edit made while a run was under way is not lost.
                let report = try await engine.run()
                if offlineWait != nil { output.stderr.line("\(Self.clockText()) the server answers again; syncing resumed") }
                offlineWait = nil
                if report.items.contains(where: { $0.kind != .paired }) || !report.failed.isEmpty || !report.folderLines.isEmpty {
                    for line in report.lines() { output.stdout.line("\(Self.clockText()) \(line)") }
                    output.stdout.line("\(Self.clockText()) \(report.summary())")
                }
            } catch is CancellationError {
                return
            } catch ILError.offline(_, let reason) {
                wait = min((offlineWait ?? .seconds(2.5)) * 2, interval)
                if offlineWait == nil {
                    output.stderr.line("\(Self.clockText()) offline (\(reason)); paused, retrying until the server answers")
                }
                offlineWait = wait
            } catch ILError.rateLimited(_, let retryAfter) {
                wait = max(Duration.seconds(retryAfter ?? 60), interval)
                output.stderr.line("\(Self.clockText()) the server asked to wait (429); next try in \(Self.text(wait))")
            } catch {
                if Task.isCancelled { return }
                output.stderr.line(
                    "\(Self.clockText()) \(DocSyncReport.describe(error))"
                        + ((error as? any UserFacingError)?.hint.map { "\n  hint: \($0)" } ?? ""))
            }
            let nanoseconds = UInt64(wait.components.seconds) * 1_000_000_000 + UInt64(wait.components.attoseconds / 1_000_000_000)
            if await watcher.next(until: DirectoryWatcher.now() + nanoseconds) == .cancelled { return }
        }
    }

    static func text(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
    }

    static func clockText() -> String {
        Timestamp.localText(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    }
}
