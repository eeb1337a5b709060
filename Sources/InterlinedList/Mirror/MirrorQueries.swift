import FieldOpsCore
import FoundationEssentials

/// Answers computed from the offline mirror for reads that have no snapshot of their own
/// (`il list search`, `il doc search`, `il row show`, `il list schema`): the mirrored lists,
/// documents and list details, searched and filtered here the way the server would.
enum MirrorQueries {
    /// Runs `live`; when the server cannot be reached, runs `offline` on the mirror instead and
    /// prints the local-copy notice. No mirror answer (nil) rethrows the offline error (exit 4).
    /// The mirror's answer, when there is one, comes at once: the session does not retry an
    /// unreachable server for it (`LocalAnswer`); `offline` runs once either way.
    static func live<T: Sendable>(
        _ services: ILServices, _ output: Output, _ live: () async throws -> T,
        offline: @escaping @Sendable (ILMirror) -> (T, savedAt: Int64)?
    ) async throws -> T {
        let mirror = services.cache
        let found = Locked<(T, savedAt: Int64)??>(nil)
        let local: @Sendable () -> (T, savedAt: Int64)? = {
            found.withLock { known in
                if let known { return known }
                let answer = mirror.flatMap(offline)
                known = .some(answer)
                return answer
            }
        }
        do {
            return try await LocalAnswer.offered(if: local() != nil) { try await live() }
        } catch let error as ILError where error.isOffline {
            guard let (value, savedAt) = local() else { throw error }
            output.stderr.line(LocalCopyNotice.line(savedAt: savedAt, now: services.now, reason: error.unreachableReason ?? error.summary))
            return value
        }
    }

    static func lists(_ mirror: ILMirror) -> ([ILList], savedAt: Int64)? {
        guard case .hit(let data, let savedAt) = mirror.load("lists"), let lists = try? ListRecordCodec.decode(data) else { return nil }
        return (lists, savedAt)
    }

    static func detail(_ mirror: ILMirror, _ listID: String) -> (ListShowCommand.Detail, savedAt: Int64)? {
        guard case .hit(let data, let savedAt) = mirror.load("list-" + listID),
            let raw = try? JSONValue(parsing: data), let detail = try? ListShowCommand.Detail(raw: raw)
        else { return nil }
        return (detail, savedAt)
    }

    /// Every mirrored document (with content), from the per-document snapshots `il sync` writes.
    static func documents(_ mirror: ILMirror) -> ([ILDocument], savedAt: Int64)? {
        var documents: [ILDocument] = []
        var oldest = Int64.max
        for name in mirror.names(prefix: "document-") where name != "document-folders" {
            guard case .hit(let data, let savedAt) = mirror.load(name), let document = try? ILJSON.decode(ILDocument.self, from: data)
            else { continue }
            documents.append(document)
            oldest = min(oldest, savedAt)
        }
        return documents.isEmpty ? nil : (documents, oldest)
    }
}
