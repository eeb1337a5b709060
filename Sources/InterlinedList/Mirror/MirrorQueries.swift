import FieldOpsCore
import FoundationEssentials

/// Answers computed from the offline mirror for reads that have no snapshot of their own
/// (`il list search`, `il doc search`, `il row show`, `il list schema`): the mirrored lists,
/// documents and list details, searched and filtered here the way the server would.
enum MirrorQueries {
    /// Runs `live`; when the server cannot be reached, runs `offline` on the mirror instead and
    /// prints the mirror's age. No mirror answer (nil) rethrows the offline error (exit 4).
    static func live<T>(_ services: ILServices, _ output: Output, _ live: () async throws -> T, offline: (ILMirror) -> (T, savedAt: Int64)?)
        async throws -> T
    {
        do {
            return try await live()
        } catch let error as ILError where error.isOffline {
            guard let mirror = services.cache, let (value, savedAt) = offline(mirror) else { throw error }
            output.stderr.line(CacheAge.offlineNotice(savedAt: savedAt, now: services.now))
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
