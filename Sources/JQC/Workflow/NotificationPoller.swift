import FieldOpsCore
import FoundationEssentials

/// One notification fetch for `jqc notifications poll|watch`, through the sync engine's own
/// notification step (`pollNewNotifications`): the same session check, server-time cursor,
/// storage and mark-read, so a poll and a sync never disagree about what is new.
struct NotificationPoller {
    let store: JQCStore
    let client: JQCClient

    /// Why a fetch did not happen.
    enum Failure: Error {
        /// The server could not be reached (a watch waits and tries again).
        case unreachable(String)
        /// The server answered, but refused (a watch reports it and tries again).
        case refused(String)
    }

    /// Fetches what arrived since the cursor and returns the notifications this fetch added,
    /// oldest first. Session problems and cancellation are thrown as they are.
    func fetch() async throws -> [APINotification] {
        let engine = SyncEngine(store: store, client: client, concurrency: 1)
        do {
            return try await engine.pollNewNotifications()
        } catch JQCError.offline(_, _, let reason), JQCError.connectionLost(_, _, let reason) {
            throw Failure.unreachable(reason)
        } catch let error as FieldOpsError {
            throw Failure.refused(error.summary)
        }
    }
}

/// How a notification is shown, and handed to a hook command.
enum NotificationText {
    /// `2026-12-06 23:51:02 CET  [notice] Issue assigned — …`: the server's stamp in local time.
    static func line(_ note: APINotification, zone: ServerZone) -> String {
        var text = "\(note.createdAt.map(zone.personText) ?? "")  [\(note.type ?? "notice")] \(note.title ?? "")"
        if let body = note.body, !body.isEmpty { text += " — " + body }
        if let link = note.link, !link.isEmpty { text += "  <\(link)>" }
        return text
    }

    /// `FIELDOPS_NOTIFICATION_*` variables for `--exec`: every field, and the whole as JSON.
    static func environment(_ note: APINotification) -> [String: String] {
        var env: [String: String] = ["FIELDOPS_NOTIFICATION_ID": String(note.id)]
        let fields: [(String, String?)] = [
            ("TYPE", note.type), ("TITLE", note.title), ("BODY", note.body), ("LINK", note.link),
            ("CREATED_AT", note.createdAt), ("ISSUE_ID", note.issueID.map(String.init)),
            ("INSPECTION_ID", note.inspectionID.map(String.init)),
        ]
        for (name, value) in fields { env["FIELDOPS_NOTIFICATION_" + name] = value ?? "" }
        env["FIELDOPS_NOTIFICATION_JSON"] = (try? JSONValue(encoding: note).jsonString()) ?? ""
        return env
    }
}

/// Runs `--exec CMD` through `/bin/sh -c` once per notification, with its fields in the
/// environment; the command's output goes where fieldops's own goes.
struct NotificationHook {
    let command: String
    let baseEnvironment: [String: String]

    /// Runs the hook and waits for it; returns its exit status.
    func run(for note: APINotification) throws -> Int32 {
        var process = Subprocess(
            "/bin/sh", arguments: ["-c", command],
            environment: baseEnvironment.merging(NotificationText.environment(note)) { _, new in new })
        process.stdin = .null
        return try process.run().status
    }
}
