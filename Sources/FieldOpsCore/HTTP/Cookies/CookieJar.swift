import FoundationEssentials

/// The cookies of one session, kept by our own rules so they can be exported to the keyring.
///
/// libcurl's cookie engine is not used: export/restore and the cross-host rules must be ours.
/// A cookie is only ever sent to a URL it matches (§5.4), so a redirect to another host
/// cannot carry the old host's cookies.
public final class CookieJar: Sendable {
    private let storage = Locked<[Cookie]>([])
    /// False for a session whose backend sends its cookies itself (`CookiePersistence.none`):
    /// answers' `Set-Cookie` headers are dropped, so the jar stays empty.
    public let accepts: Bool

    public init(accepting accepts: Bool = true) {
        self.accepts = accepts
    }

    /// Restores a jar from `export()`'s text. Expired cookies are dropped.
    public convenience init(restoring text: String, now: Date = Date()) throws {
        self.init()
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let file = try decoder.decode(ExportFile.self, from: Data(text.utf8))
        guard file.version == 1 else {
            throw FieldOpsError("the stored cookies use an unknown format (version \(file.version))", hint: "log in again")
        }
        storage.withLock { $0 = file.cookies.filter { !$0.isExpired(at: now) } }
    }

    /// All cookies still valid, session cookies included, as compact JSON text.
    public func export(now: Date = Date()) -> String {
        let cookies = storage.withLock { $0.filter { !$0.isExpired(at: now) } }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(ExportFile(version: 1, cookies: cookies))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    public var cookies: [Cookie] {
        storage.withLock { $0 }
    }

    /// The value of the named cookie valid for `url` (e.g. the CSRF token to echo in a header).
    public func value(named name: String, for url: String, now: Date = Date()) -> String? {
        guard let target = CookieURL(url) else { return nil }
        return storage.withLock { cookies in
            cookies.first { $0.name == name && $0.matches(target, at: now) }?.value
        }
    }

    public func removeAll() {
        storage.withLock { $0 = [] }
    }

    /// Stores every acceptable `Set-Cookie` of a response from `url` (§5.3).
    public func store(setCookieHeaders headers: [String], from url: String, now: Date = Date()) {
        guard accepts else { return }
        guard !headers.isEmpty, let origin = CookieURL(url) else { return }
        let parsed = headers.compactMap { SetCookieParser.parse($0, from: origin, at: now) }
        guard !parsed.isEmpty else { return }
        storage.withLock { cookies in
            for cookie in parsed {
                var cookie = cookie
                if let index = cookies.firstIndex(where: {
                    $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path && $0.port == cookie.port
                }) {
                    // §5.3 step 11: a replacement keeps the original creation time.
                    cookie.created = cookies[index].created
                    cookies.remove(at: index)
                }
                if !cookie.isExpired(at: now) { cookies.append(cookie) }
            }
        }
    }

    /// The `Cookie` header for a request to `url`, or nil when no cookie matches.
    /// Longer paths first, then older cookies first (§5.4 step 2).
    public func cookieHeader(for url: String, now: Date = Date()) -> String? {
        guard !storage.withLock({ $0.isEmpty }), let target = CookieURL(url) else { return nil }
        let matching = storage.withLock { cookies in
            cookies.filter { $0.matches(target, at: now) }
        }
        guard !matching.isEmpty else { return nil }
        let ordered = matching.sorted { a, b in
            a.path.count != b.path.count ? a.path.count > b.path.count : a.created < b.created
        }
        return ordered.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    private struct ExportFile: Codable {
        var version: Int
        var cookies: [Cookie]
    }
}
