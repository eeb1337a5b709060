import FieldOpsCore
import Foundation

/// What an `il` command works with: the core's `output` and `prompter` (from its
/// `CommandContext`), its stdin as data, and the InterlinedList services of the profile — its
/// HTTP session, both stored credentials, the offline mirror and the clock.
public struct ILRuntime: Sendable {
    public var output: Output
    public var prompter: Prompter
    /// The command's input as data (`il doc edit ID -`, `il row import -`).
    public var stdin: any InputSource
    public var profile: String
    public var baseURL: String
    /// Makes (or returns) the profile's HTTP session. Lazy: a command answered from a fresh
    /// cache never pays for libcurl's set-up.
    public var session: @Sendable () throws -> HTTPSession
    public var credentials: ILStoredCredentials
    /// `$XDG_CACHE_HOME/fieldops/<profile>`.
    public var profileCacheDirectory: String
    /// `$XDG_DATA_HOME/fieldops/<profile>`: what must last (the docs sync state).
    public var profileDataDirectory: String
    /// Unix milliseconds when the command started.
    public var now: Int64
    /// Replaces the stored identity (never the secrets: a `$FIELDOPS_TOKEN` must not be saved).
    public var saveIdentity: @Sendable (ILUser) throws -> Void
    /// The command's environment (`$VISUAL`, `$EDITOR` for `il doc edit`).
    public var environment: [String: String]

    init(
        output: Output, prompter: Prompter, stdin: any InputSource, profile: String, baseURL: String,
        session: @escaping @Sendable () throws -> HTTPSession, credentials: ILStoredCredentials,
        profileCacheDirectory: String, profileDataDirectory: String, now: Int64,
        saveIdentity: @escaping @Sendable (ILUser) throws -> Void, environment: [String: String]
    ) {
        self.output = output
        self.prompter = prompter
        self.stdin = stdin
        self.profile = profile
        self.baseURL = baseURL
        self.session = session
        self.credentials = credentials
        self.profileCacheDirectory = profileCacheDirectory
        self.profileDataDirectory = profileDataDirectory
        self.now = now
        self.saveIdentity = saveIdentity
        self.environment = environment
    }

    /// The API client with the stored credentials.
    public func client() throws -> ILClient {
        ILClient(session: try session(), baseURL: baseURL, profile: profile, credentials: credentials)
    }

    /// The signed-in user's offline mirror; nil before the first login (nothing to mirror under).
    /// One per runtime, so the commands' reads share one SQLite connection.
    public var cache: ILMirror? {
        guard let user = credentials.user else { return nil }
        return mirrors.withLock { open in
            if let mirror = open[user.id] { return mirror }
            let mirror = ILMirror(profileDirectory: profileCacheDirectory, userID: user.id)
            open[user.id] = mirror
            return mirror
        }
    }
    private let mirrors = Locked<[String: ILMirror]>([:])

    /// Fails with "not logged in" unless a sync token is stored (or given in `FIELDOPS_TOKEN`).
    public func requireLogin() throws {
        guard credentials.syncToken != nil || credentials.sessionCookie != nil else {
            throw ILError.notLoggedIn(profile: profile)
        }
    }

    /// The reader for one command, from its `--no-cache` / `--refresh` flags.
    public func reader(noCache: Bool, refresh: Bool) -> CachedRead {
        CachedRead(cache: cache, policy: .from(noCache: noCache, refresh: refresh), now: now, warnings: output.stderr)
    }

    /// Forgets cached files whose names start with `prefix` after a change on the server, so the
    /// next read does not show the data from before the change.
    public func invalidate(_ prefixes: String...) {
        guard let cache else { return }
        for prefix in prefixes { cache.remove(prefix: prefix) }
    }
}
