import FieldOpsCore
import Foundation

/// Runs one reading command's fetch under a `ReadPolicy`: cached data first when fresh, the
/// server otherwise, and the cached copy with an "offline — cached N minutes ago" notice when the
/// server cannot be reached. Damaged cache files are reported on `warnings` and never fatal.
public struct CachedRead: Sendable {
    public var cache: ILCache?
    public var policy: ReadPolicy
    public var now: Int64
    /// Where notices and warnings go (stderr).
    public var warnings: any TextStream
    /// Notices already printed by this reader: a command reading two files offline says so once.
    private let printed = Locked<Set<String>>([])

    public init(cache: ILCache?, policy: ReadPolicy, now: Int64, warnings: any TextStream) {
        self.cache = cache
        self.policy = policy
        self.now = now
        self.warnings = warnings
    }

    /// Where the value came from.
    public enum Source: Sendable, Equatable {
        case server
        case freshCache(savedAt: Int64)
        case offlineCache(savedAt: Int64)
    }

    /// Reads `name`. `decode` turns a payload (cached or fetched) into the value; `fetch` returns
    /// the payload to cache and its value.
    public func run<Value: Sendable>(
        _ name: String,
        decode: (Data) throws -> Value,
        fetch: () async throws -> (payload: Data, value: Value)
    ) async throws -> (value: Value, source: Source) {
        var cached: (value: Value, savedAt: Int64)?
        if let cache, policy != .liveOnly {
            switch cache.load(name) {
            case .miss: break
            case .discarded(let warning): warnings.line("fieldops: warning: " + warning)
            case .hit(let data, let savedAt):
                do {
                    cached = (try decode(data), savedAt)
                } catch {
                    warnings.line("fieldops: warning: " + cache.discard(name, reason: "its data does not decode"))
                }
            }
        }
        if case .showCache = policy.firstStep(cachedAt: cached?.savedAt, now: now), let cached {
            return (cached.value, .freshCache(savedAt: cached.savedAt))
        }
        do {
            let fetched = try await fetch()
            if let cache {
                do {
                    try cache.store(fetched.payload, as: name, savedAt: now)
                } catch {
                    warnings.line("fieldops: warning: could not update the offline cache: \(error)")
                }
            }
            return (fetched.value, .server)
        } catch let error as ILError where error.isOffline {
            guard let cached, policy != .liveOnly else { throw error }
            let notice = CacheAge.offlineNotice(savedAt: cached.savedAt, now: now)
            if printed.withLock({ $0.insert(notice).inserted }) { warnings.line(notice) }
            return (cached.value, .offlineCache(savedAt: cached.savedAt))
        }
    }

    /// The same for a value the cache keeps as `ILJSON`-encoded `Value`.
    public func run<Value: Codable & Sendable>(_ name: String, fetch: () async throws -> Value) async throws -> (value: Value, source: Source) {
        try await run(name, decode: { try ILJSON.decode(Value.self, from: $0) }, fetch: {
            let value = try await fetch()
            return (try ILJSON.encode(value), value)
        })
    }
}
