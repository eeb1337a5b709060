import FieldOpsCore
import FoundationEssentials

/// What a run of `il docs sync` did (or, with `--dry-run`, would do): a line per change, a
/// summary, and the same as JSON.
struct DocSyncReport: Sendable {
    var items: [DocSyncItem]
    var folderLines: [String] = []
    var skipped: [String]
    var failed: [String] = []
    var ignored: Int
    var dryRun: Bool

    init(plan: DocSyncPlan, dryRun: Bool) {
        items = plan.items
        skipped = plan.skipped
        ignored = plan.ignored
        self.dryRun = dryRun
        if dryRun {
            folderLines = plan.folders.compactMap(Self.describeFolder) + plan.folderDeletions.compactMap(Self.describeFolder)
        }
    }

    static func describeFolder(_ item: DocSyncFolderItem) -> String? {
        switch item.action {
        case .create: "create folder for \(item.path)/"
        case .makeDirectory: "make directory \(item.path)/"
        case .moveDirectory(_, let from, _, _): "rename directory \(from)/ → \(item.path)/"
        case .rename: "rename folder on the server → \(item.path)/"
        case .delete: "delete folder on the server \(item.path)/"
        case .forget: nil
        }
    }

    var conflicts: [DocSyncItem] { items.filter { $0.kind == .conflict } }
    var needsPerson: Bool { !conflicts.isEmpty }

    func count(_ kind: DocSyncItem.Kind) -> Int { items.filter { $0.kind == kind }.count }

    static let labels: [(DocSyncItem.Kind, String, String)] = [
        (.uploaded, "uploaded", "upload"), (.downloaded, "downloaded", "download"),
        (.updatedRemote, "updated on the server", "update on the server"), (.updatedLocal, "updated here", "update here"),
        (.merged, "merged", "merge"), (.conflict, "conflict", "conflict"),
        (.renamedLocal, "renamed here", "rename here"), (.renamedRemote, "renamed on the server", "rename on the server"),
        (.deletedLocal, "deleted here", "delete here"), (.deletedRemote, "deleted on the server", "delete on the server"),
        (.restored, "restored", "restore"), (.paired, "paired", "pair"),
    ]

    func lines() -> [String] {
        var out = folderLines
        for item in items {
            if item.kind == .paired && item.note == nil { continue }
            if item.kind == .deletedLocal && item.local == .none { continue }  // gone on both sides: nothing to say
            let label = Self.labels.first { $0.0 == item.kind }.map { dryRun ? $0.2 : $0.1 } ?? item.kind.rawValue
            out.append("\(label): \(item.path)" + (item.note.map { " (\($0))" } ?? ""))
        }
        for line in skipped { out.append("skipped: \(line)") }
        for line in failed { out.append("failed: \(line)") }
        return out
    }

    func summary() -> String {
        let parts = [
            (DocSyncItem.Kind.uploaded, "uploaded"), (.downloaded, "downloaded"), (.updatedRemote, "updated on the server"),
            (.updatedLocal, "updated here"), (.merged, "merged"), (.renamedLocal, "renamed here"),
            (.renamedRemote, "renamed on the server"), (.restored, "restored"),
            (.deletedLocal, "deleted here"), (.deletedRemote, "deleted on the server"),
        ]
        .compactMap { kind, label -> String? in
            let n = kind == .deletedLocal ? items.filter { $0.kind == kind && $0.local != .none }.count : count(kind)
            return n > 0 ? "\(n) \(label)" : nil
        }
        var text = (dryRun ? "would sync: " : "synced: ") + (parts.isEmpty ? "nothing to do" : parts.joined(separator: ", "))
        if !conflicts.isEmpty {
            text +=
                "; \(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s") to resolve: "
                + conflicts.map(\.path).joined(separator: ", ")
        }
        if !failed.isEmpty { text += "; \(failed.count) failed (retried on the next run)" }
        if ignored > 0 {
            text +=
                ignored == 1
                ? "; ignored 1 file that is not markdown or is hidden" : "; ignored \(ignored) files that are not markdown or are hidden"
        }
        return text
    }

    var json: JSONValue {
        func paths(_ kind: DocSyncItem.Kind) -> JSONValue {
            .array(items.filter { $0.kind == kind && !(kind == .deletedLocal && $0.local == .none) }.map { .string($0.path) })
        }
        let conflictObjects: [JSONValue] = conflicts.map { item in
            var object: JSONObject = ["path": .string(item.path)]
            if let copy = item.conflictCopy { object["copy"] = .string(copy.path) }
            if let note = item.note { object["note"] = .string(note) }
            return .object(object)
        }
        return .object([
            "dryRun": .bool(dryRun),
            "uploaded": paths(.uploaded), "downloaded": paths(.downloaded),
            "updatedRemote": paths(.updatedRemote), "updatedLocal": paths(.updatedLocal),
            "merged": paths(.merged), "conflicts": .array(conflictObjects),
            "renamedLocal": paths(.renamedLocal), "renamedRemote": paths(.renamedRemote), "restored": paths(.restored),
            "deletedLocal": paths(.deletedLocal), "deletedRemote": paths(.deletedRemote),
            "folders": .array(folderLines.map(JSONValue.string)),
            "skipped": .array(skipped.map(JSONValue.string)), "failed": .array(failed.map(JSONValue.string)),
            "ignored": .number(JSONNumber(Int64(ignored))),
        ])
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as DocSyncRemote.WriteError:
            switch error {
            case .notKept(let detail): "the server answered success but did not keep the change (\(detail)); nothing was recorded"
            case .nameTaken: "the server refused the name in this folder"
            }
        case let error as any UserFacingError: error.summary
        default: error.summaryText
        }
    }
}
