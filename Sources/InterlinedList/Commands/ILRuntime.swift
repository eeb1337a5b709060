import FieldOpsCore
import Foundation

/// What an `il` command works with, taken from its `CommandContext`: the profile and its HTTP
/// session, both stored credentials, the cache, the output streams and the clock.
public struct ILRuntime: Sendable {
    public var profile: String
    public var baseURL: String
    /// Makes (or returns) the profile's HTTP session. Lazy: a command answered from a fresh
    /// cache never pays for libcurl's set-up.
    public var session: @Sendable () throws -> HTTPSession
    public var credentials: ILStoredCredentials
    /// `$XDG_CACHE_HOME/fieldops/<profile>`.
    public var profileCacheDirectory: String
    /// `$XDG_DATA_HOME/fieldops/<profile>`: what must last (the docs sync state).
    public var profileDataDirectory = ""
    public var stdout: any TextStream
    public var stderr: any TextStream
    public var stdin: any InputSource
    public var format: OutputFormat
    /// `-o csv|ndjson` and `--fields` (set from the command's context).
    public var structured = StructuredOutput(kind: .json, fields: nil)
    /// Reports an output error (an unknown `--fields` name) with its exit code once the command ends.
    public var deferError: @Sendable (any Error) -> Void = { _ in }
    public var terminal: TerminalInfo
    /// Unix milliseconds when the command started.
    public var now: Int64
    /// Replaces the stored identity (never the secrets: a `$FIELDOPS_TOKEN` must not be saved).
    public var saveIdentity: @Sendable (ILUser) throws -> Void
    /// Asks before a destructive action (`CommandContext.confirm`): `--yes` proceeds, a terminal
    /// asks (the second argument, when given, must be typed), anything else refuses.
    public var confirm: @Sendable (String, String?) throws -> Void
    /// `--quiet` was given.
    public var quiet = false
    /// The command's environment (`$VISUAL`, `$EDITOR` for `il doc edit`).
    public var environment: [String: String] = [:]

    public init(
        profile: String, baseURL: String, session: @escaping @Sendable () throws -> HTTPSession, credentials: ILStoredCredentials,
        profileCacheDirectory: String,
        stdout: any TextStream, stderr: any TextStream, stdin: any InputSource, format: OutputFormat,
        terminal: TerminalInfo, now: Int64,
        saveIdentity: @escaping @Sendable (ILUser) throws -> Void,
        confirm: @escaping @Sendable (String, String?) throws -> Void = { question, _ in
            throw FieldOpsError.usage("refusing to \(question) without confirmation", hint: "add --yes")
        }
    ) {
        self.profile = profile
        self.baseURL = baseURL
        self.session = session
        self.credentials = credentials
        self.profileCacheDirectory = profileCacheDirectory
        self.stdout = stdout
        self.stderr = stderr
        self.stdin = stdin
        self.format = format
        self.terminal = terminal
        self.now = now
        self.saveIdentity = saveIdentity
        self.confirm = confirm
    }

    /// An empty listing's message, as every backend says it (`EmptyListing`).
    public func sayEmpty(_ message: String) {
        EmptyListing.say(message, format: format, quiet: quiet, stderr: stderr)
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
        CachedRead(cache: cache, policy: .from(noCache: noCache, refresh: refresh), now: now, warnings: stderr)
    }

    /// Writes `value` as indented JSON on stdout (or as `-o csv|ndjson`/`--fields` ask).
    public func printJSON<T: Encodable>(_ value: T) throws {
        if !structured.transformsJSON {
            stdout.write(String(decoding: try ILJSON.encodePretty(value), as: UTF8.self) + "\n")
        } else {
            printRawJSON(try ILJSON.encode(value))
        }
    }

    /// Writes raw JSON bytes from the server (or the cache) on stdout, ending with a newline.
    public func printRawJSON(_ data: Data) {
        if structured.transformsJSON, let value = try? JSONValue(parsing: data) {
            do {
                stdout.write(bytes: try structured.render(value, color: terminal.colorEnabled))
                return
            } catch {
                deferError(error)
                return
            }
        }
        var text = String(decoding: data, as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        stdout.write(text)
    }

    public func warn(_ text: String) {
        stderr.line("fieldops: warning: " + text)
    }

    /// Forgets cached files whose names start with `prefix` after a change on the server, so the
    /// next read does not show the data from before the change.
    public func invalidate(_ prefixes: String...) {
        guard let cache else { return }
        for prefix in prefixes { cache.remove(prefix: prefix) }
    }
}
