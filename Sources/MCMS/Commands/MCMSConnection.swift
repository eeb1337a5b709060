import FieldOpsCore

/// The MCMS services of one command: the profile, its HTTP session and keyring entry, the
/// client, the paging of its collection reads and the completion cache. Built from the core's
/// services and the command's typed `MCMSReadOptions`; it never reads the command line.
struct MCMSConnection: Sendable {
    let profile: Profile
    let session: HTTPSession
    let store: MCMSSessionStore
    let client: MCMSClient
    /// `--chunk-size` or the profile's `chunk_size`, and the progress line of this command.
    let paging: MCMSPaging
    let cache: DeviceCache
    /// The profile's silences (`silences_file:`, else beside its stores).
    let silenceFile: SilenceFile
    /// Where the profile's stores are (the history of `mcms record`).
    let dataDirectory: String
    /// Where a completion cache that could not be written is traced (`-v`).
    let output: Output
    var repository: MCMSRepository { MCMSRepository(client: client, paging: paging) }

    /// - Parameter requireSession: refuse with "not logged in" (exit 3) before any request when
    ///   the keyring holds no session for the profile.
    init(
        context: CommandContext, profile: Profile, requireSession: Bool = true, concurrency: Int = 8,
        reading: MCMSReadOptions = MCMSReadOptions()
    ) throws {
        self.profile = profile
        output = context.output
        store = MCMSSessionStore(keyring: try context.keyring(), profile: profile.name)
        if requireSession, try !store.hasSession() {
            throw MCMSError.notLoggedIn(profile: profile.name)
        }
        session = try context.httpSession(for: profile, maxConcurrentTransfers: concurrency)
        client = MCMSClient(http: session, baseURL: profile.baseURL, profile: profile.name, store: store)
        cache = DeviceCache(directory: context.cacheDirectory(for: profile))
        silenceFile = SilenceFile.of(profile, context: context)
        dataDirectory = context.paths.dataDirectory(for: profile.name)
        paging = MCMSPaging(
            pageSize: try MCMSPaging.pageSize(option: reading.chunkSize, profile: profile),
            // Full screen, the progress line would draw over the watch.
            progress: ListingProgress(
                label: "listing", stream: context.output.stderr, quiet: context.output.quiet || reading.watching || reading.fanOut,
                width: context.output.terminal.width))
    }

    /// The connection of the profile selected for an `mcms` command.
    init(_ context: CommandContext, concurrency: Int = 8, reading: MCMSReadOptions = MCMSReadOptions()) throws {
        var profile = try context.profile(backend: "mcms")
        if reading.until, context.invocation.value("until-timeout") == nil, context.invocation.value("timeout") != nil {
            // The old spelling `--until … --timeout` bounds the watch, not each request: keep the
            // profile's own request time (WatchOptions says so on stderr).
            profile.http.timeout = try context.loadConfiguration().selectProfile(
                explicit: context.invocation.value("profile"), environment: context.environment, backend: "mcms"
            ).http.timeout
        }
        try self.init(context: context, profile: profile, concurrency: concurrency, reading: reading)
    }
}

/// How a command reads the fleet, from the options it declares: `--chunk-size` (listings and
/// bulk selections), and whether it watches (`--watch`/`--until`: no progress line, and with
/// `--until` and the old spelling `--timeout`, that is the watch's, not each request's).
struct MCMSReadOptions: Sendable {
    var chunkSize: Int?
    var watching = false
    var until = false
    /// One of several appliances read at once (`Appliances`): no progress line of its own.
    var fanOut = false

    init() {}

    init(_ invocation: Invocation) {
        if invocation.declares(MCMSPaging.option) { chunkSize = invocation.integer(MCMSPaging.option) }
        if invocation.declares("until") {
            until = invocation.value("until") != nil
            watching = WatchOptions.watches(invocation)
        }
    }
}
