import FieldOpsCore

/// Completion of list, row, folder and document ids from the offline mirror only (never the network).
///
/// Reads the snapshots the reads, `il sync` and every write (`ILMirror+Changes`) keep for the
/// profile's signed-in user; an absent or unreadable mirror completes nothing.
public enum ILCompletion {
    /// - Parameter listID: the list already on the line, whose rows a row id completes from.
    public static func candidates(for source: CompletionSource, cache: ILMirror, listID: String? = nil) -> [CompletionCandidate] {
        switch source {
        case ILCommandTree.rowSource:
            guard let listID, case .hit(let data, _) = cache.peek("list-" + listID), let raw = try? JSONValue(parsing: data),
                let detail = try? ListShowCommand.Detail(raw: raw)
            else { return [] }
            // A row is described by its first column, as the list shows it.
            let first = ILColumn.of(detail.list).first?.key
            return detail.rows.map { row in
                CompletionCandidate(row.id, description: first.flatMap { row.cells[$0] }.map(ILCell.text))
            }
        case ILCommandTree.listSource:
            guard case .hit(let data, _) = cache.peek("lists"), let lists = try? ListRecordCodec.decode(data) else { return [] }
            return lists.map { CompletionCandidate($0.id, description: $0.title) }
        case ILCommandTree.documentFolderSource:
            let folders = hits(cache, "document-folders", ILFoldersEnvelope.self)
                .flatMap { $0.folders.map { CompletionCandidate($0.id, description: $0.name) } }
            return folders + [CompletionCandidate("root", description: "the top level")]
        case ILCommandTree.documentSource:
            var seen = Set<String>()
            var out: [CompletionCandidate] = []
            for name in cache.names(prefix: "documents-") {
                for document in hits(cache, name, ILDocumentsEnvelope.self).flatMap(\.documents) where seen.insert(document.id).inserted {
                    out.append(CompletionCandidate(document.id, description: document.title))
                }
            }
            return out
        default:
            return []
        }
    }

    /// The cached value, read without deleting a damaged file (completion must stay silent).
    private static func hits<T: Decodable & Sendable>(_ cache: ILMirror, _ name: String, _ type: T.Type) -> [T] {
        guard case .hit(let data, _) = cache.peek(name), let value = try? ILJSON.decode(type, from: data) else { return [] }
        return [value]
    }
}
