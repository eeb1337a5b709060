import FieldOpsCore

/// What an MCMS command works with: the profile, its HTTP session and keyring entry, the client.
struct MCMSConnection: Sendable {
    let context: CommandContext
    let profile: Profile
    let session: HTTPSession
    let store: MCMSSessionStore
    let client: MCMSClient
    /// `--chunk-size` or the profile's `chunk_size`, and the progress line of this command.
    let paging: MCMSPaging
    var repository: MCMSRepository { MCMSRepository(client: client, paging: paging) }
    var cache: DeviceCache { DeviceCache(directory: context.cacheDirectory(for: profile)) }

    /// - Parameter requireSession: refuse with "not logged in" (exit 3) before any request when
    ///   the keyring holds no session for the profile.
    init(context: CommandContext, profile: Profile, requireSession: Bool = true, concurrency: Int = 8) throws {
        self.context = context
        self.profile = profile
        store = MCMSSessionStore(keyring: try context.keyring(), profile: profile.name)
        if requireSession, try !store.hasSession() {
            throw MCMSError.notLoggedIn(profile: profile.name)
        }
        session = try context.httpSession(for: profile, maxConcurrentTransfers: concurrency)
        client = MCMSClient(http: session, baseURL: profile.baseURL, profile: profile.name, store: store)
        paging = MCMSPaging(
            pageSize: try MCMSPaging.pageSize(option: context.invocation.integer(MCMSPaging.option), profile: profile),
            // Full screen, the progress line would draw over the watch.
            progress: ListingProgress(
                label: "listing", stream: context.output.stderr,
                quiet: context.output.quiet || context.invocation.flag("watch") || context.invocation.value("until") != nil))
    }

    /// The connection of the profile selected for an `mcms` command.
    init(_ context: CommandContext, concurrency: Int = 8) throws {
        var profile = try context.profile(backend: "mcms")
        if context.invocation.value("until") != nil {
            // On a watch, --timeout bounds --until, not each request: keep the profile's own.
            profile.http.timeout = try context.loadConfiguration().selectProfile(
                explicit: context.invocation.value("profile"), environment: context.environment, backend: "mcms"
            ).http.timeout
        }
        try self.init(context: context, profile: profile, concurrency: concurrency)
    }
}
