import FieldOpsCore
import FoundationEssentials

/// The InterlinedList services of one profile, as an `il` command (or `fieldops api`, `auth
/// login`, `doctor`) uses them: its HTTP session, both stored credentials, the offline mirror,
/// the directories and the clock. The terminal side — output, prompter, stdin, environment — is
/// the command's `CommandContext`, never copied here.
public struct ILServices: Sendable {
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

    /// The services of `profile`, or of the context's InterlinedList profile: its stored
    /// credentials (`$FIELDOPS_TOKEN` wins over the stored token), its HTTP session and the cache.
    public init(_ context: CommandContext, profile chosen: Profile? = nil) throws {
        let profile = try chosen ?? context.profile(backend: "interlinedlist")
        let keyring = try context.keyring()
        let entry = try keyring.entry(for: profile.name)
        credentials = ILStoredCredentials(secrets: entry?.secrets ?? [:], identity: entry?.identity)
        if let token = CredentialLookup.environmentToken(in: context.environment) {
            credentials.syncToken = token
        }
        let profileName = profile.name
        self.profile = profileName
        baseURL = profile.baseURL
        session = { try context.httpSession(for: profile) }
        profileCacheDirectory = context.cacheDirectory(for: profile)
        profileDataDirectory = context.dataDirectory(for: profile)
        now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        saveIdentity = { user in
            try keyring.update(profile: profileName) { entry in
                entry.identity = ILStoredCredentials(user: user).identity
            }
        }
    }

    /// The API client with the stored credentials.
    public func client() throws -> ILClient {
        ILClient(session: try session(), baseURL: baseURL, profile: profile, credentials: credentials)
    }

    /// The signed-in user's offline mirror; nil before the first login (nothing to mirror under).
    /// One per command, so its reads share one SQLite connection.
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

    /// The services of a command that needs a login: "not logged in" (exit 3) before anything
    /// else when the profile holds no credential.
    public static func signedIn(_ context: CommandContext) throws -> ILServices {
        let services = try ILServices(context)
        try services.requireLogin()
        return services
    }

    /// Fails with "not logged in" unless a sync token is stored (or given in `FIELDOPS_TOKEN`).
    public func requireLogin() throws {
        guard credentials.syncToken != nil || credentials.sessionCookie != nil else {
            throw ILError.notLoggedIn(profile: profile)
        }
    }

    /// The reader for one command, from its `--no-cache` / `--refresh` flags; the offline notice
    /// and an unreadable mirror are reported on `warnings` (the command's stderr).
    public func reader(noCache: Bool, refresh: Bool, warnings: any TextStream) -> CachedRead {
        CachedRead(cache: cache, policy: .from(noCache: noCache, refresh: refresh), now: now, warnings: warnings)
    }

    /// Applies a change the server just accepted to the mirror (`ILMirror+Changes`), so offline
    /// reads and shell completion show it at once; nothing before the first login.
    public func record(_ change: (ILMirror) -> Void) {
        if let cache { change(cache) }
    }

    /// Forgets cached files whose names start with `prefix` after a change on the server, so the
    /// next read does not show the data from before the change.
    public func invalidate(_ prefixes: String...) {
        guard let cache else { return }
        for prefix in prefixes { cache.remove(prefix: prefix) }
    }
}
