import FieldOpsCore

/// How fieldops reads an MCMS collection: pages of `pageSize` documents, a few in flight.
///
/// A 100,000-ONU appliance answering one request with every document is slow at best and times
/// out or truncates at worst, so every collection read asks for `limit` documents at a time, as
/// kubectl asks for `--chunk-size` (500) objects at a time.
public struct MCMSPaging: Sendable {
    /// kubectl's `--chunk-size` default.
    public static let defaultPageSize = 500
    /// The most documents fieldops asks of the appliance in one request.
    public static let maximumPageSize = 1000
    /// Each page after the first starts on the previous page's last document (that is how a
    /// device added or removed between two pages is noticed), so a page needs room for one more.
    public static let minimumPageSize = 2
    /// Pages of one collection requested at once: enough that the appliance always has the next
    /// page to serve while fieldops reads one (with 2, a 100,000-ONU listing left the emulator
    /// idle a quarter of the time: 0.42 s against 0.34 s with 4), few enough not to load a shared
    /// appliance.
    public static let defaultPagesInFlight = 4

    public var pageSize: Int
    public var pagesInFlight: Int
    /// Told after every page read, for the progress line of a long listing.
    public var progress: ListingProgress?

    public init(
        pageSize: Int = MCMSPaging.defaultPageSize, pagesInFlight: Int = MCMSPaging.defaultPagesInFlight,
        progress: ListingProgress? = nil
    ) {
        self.pageSize = pageSize
        self.pagesInFlight = max(1, pagesInFlight)
        self.progress = progress
    }

    /// The profile key that sets the page size for every listing of the profile.
    public static let profileKey = "chunk_size"
    /// The option that sets it for one command.
    public static let option = "chunk-size"

    /// `--chunk-size`, else the profile's `chunk_size`, else 500; anything outside 2…1,000 is a
    /// usage error naming where it came from.
    public static func pageSize(option: Int?, profile: Profile) throws(FieldOpsError) -> Int {
        // The option's bounds are checked by the parser (MCMSCommands.chunkSize).
        if let option { return option }
        if let size = profile.int(profileKey) {
            guard (minimumPageSize...maximumPageSize).contains(size) else {
                throw FieldOpsError(
                    "\(profileKey): \(size) in profile \(profile.name) (\(profile.origin)) is outside \(minimumPageSize)…\(maximumPageSize)",
                    hint: "set chunk_size to at most \(maximumPageSize) documents per request", exitCode: .usage)
            }
            return size
        }
        return defaultPageSize
    }
}
