import FieldOpsCore

/// Completion of list, folder and document ids from the offline mirror only (never the network).
///
/// Reads the snapshots the reads and `il sync` wrote for the profile's signed-in user; an absent
/// or unreadable mirror completes nothing.
public enum ILCompletion {
    public static func candidates(for source: CompletionSource, cache: ILMirror) -> [CompletionCandidate] {
        switch source {
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
