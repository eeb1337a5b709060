import FieldOpsCore
import FoundationEssentials

/// Runs one reading command's fetch under a `ReadPolicy`: the server first, its answer saved in
/// the offline mirror, and the mirror's copy with the local-copy notice (`LocalCopyNotice`) when
/// the server cannot be reached — at once, without the session's retries, when the mirror holds
/// the copy (`LocalAnswer`). An unreadable mirror is reported on `warnings`, never fatal.
public struct CachedRead: Sendable {
    public var cache: ILMirror?
    public var policy: ReadPolicy
    public var now: Int64
    /// Where notices and warnings go (stderr).
    public var warnings: any TextStream
    /// Whether this reader printed the local-copy notice: a command reading two snapshots offline
    /// (`il lists --tree`: lists and folders) says so in one line.
    private let noticed = Locked(false)

    public init(cache: ILMirror?, policy: ReadPolicy, now: Int64, warnings: any TextStream) {
        self.cache = cache
        self.policy = policy
        self.now = now
        self.warnings = warnings
    }

    /// Where the value came from.
    public enum Source: Sendable, Equatable {
        case server
        case mirror(savedAt: Int64)
    }

    /// Reads `name`. `decode` turns a payload (mirrored or fetched) into the value; `fetch`
    /// returns the payload to keep and its value.
    public func run<Value: Sendable>(
        _ name: String,
        decode: (Data) throws -> Value,
        fetch: () async throws -> (payload: Data, value: Value)
    ) async throws -> (value: Value, source: Source) {
        do {
            let mirror = policy.fallsBackToMirror ? cache : nil
            let fetched = try await LocalAnswer.offered(if: mirror?.contains(name) == true) { try await fetch() }
            if let cache {
                do {
                    try cache.store(fetched.payload, as: name, savedAt: now)
                    if let warning = cache.takeDamageWarning() { warnings.line("fieldops: warning: " + warning) }
                } catch {
                    warnings.line("fieldops: warning: could not update the offline mirror: \(error.summaryText)")
                }
            }
            return (fetched.value, .server)
        } catch let error as ILError where error.isOffline {
            guard policy.fallsBackToMirror, let cache else { throw error }
            switch cache.load(name) {
            case .miss:
                throw error
            case .discarded(let warning):
                warnings.line("fieldops: warning: " + warning)
                throw error
            case .hit(let data, let savedAt):
                let value: Value
                do {
                    value = try decode(data)
                } catch {
                    warnings.line("fieldops: warning: " + cache.discard(name, reason: "its data does not decode"))
                    throw error
                }
                notice(savedAt: savedAt, error)
                return (value, .mirror(savedAt: savedAt))
            }
        }
    }

    /// Prints the local-copy notice for a copy saved at `savedAt`, unless this reader printed it.
    func notice(savedAt: Int64, _ error: ILError) {
        guard
            noticed.withLock({ printed in
                defer { printed = true }
                return !printed
            })
        else { return }
        warnings.line(LocalCopyNotice.line(savedAt: savedAt, now: now, reason: error.unreachableReason ?? error.summary))
    }

    /// The same for a value the cache keeps as `ILJSON`-encoded `Value`.
    public func run<Value: Codable & Sendable>(_ name: String, fetch: () async throws -> Value) async throws -> (
        value: Value, source: Source
    ) {
        try await run(
            name, decode: { try ILJSON.decode(Value.self, from: $0) },
            fetch: {
                let value = try await fetch()
                return (try ILJSON.encode(value), value)
            })
    }
}
