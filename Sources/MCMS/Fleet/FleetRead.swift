import FieldOpsCore

/// A watchable read across several appliances: every refresh asks each appliance for its part
/// (`part`), at most `--max-parallel` at once, and `merge` makes one frame of the parts that
/// answered. Run once, the appliances that failed are lines on stderr and the command then
/// exits 5 (`conclude`); watched, they are lines in the frame and the watch goes on, retrying
/// them at the next refresh.
final class FleetRead<Part: Sendable>: Sendable {
    let appliances: Appliances
    let context: CommandContext
    /// What the command reads, for "not found on any appliance" (`ONU ALPH0067dba8`).
    let what: String
    private let part: @Sendable (MCMSConnection) async throws -> Part
    private let merge: @Sendable ([(profile: String, value: Part)]) throws -> WatchFrame
    private let last = Locked<Outcomes<Part>?>(nil)

    init(
        _ appliances: Appliances, context: CommandContext, what: String,
        part: @escaping @Sendable (MCMSConnection) async throws -> Part,
        merge: @escaping @Sendable ([(profile: String, value: Part)]) throws -> WatchFrame
    ) {
        self.appliances = appliances
        self.context = context
        self.what = what
        self.part = part
        self.merge = merge
    }

    /// One refresh: every appliance asked, the answers merged. When none answered, the first
    /// failure is thrown (a watch retries it when waiting can cure it).
    func fetch() async throws -> WatchFrame {
        let outcomes = await appliances.each(context, quiet: appliances.reading.watching, part)
        last.withLock { $0 = outcomes }
        let answered = outcomes.answered
        if answered.isEmpty {
            if appliances.reading.watching, let first = outcomes.failed.first { throw first.error }
            try outcomes.conclude(what: what)
        }
        var frame = try merge(answered)
        frame.problems = outcomes.failed.map { failure in
            (failure.profile, (failure.error as? any UserFacingError)?.summary ?? failure.error.summaryText)
        }
        return frame
    }

    /// The source `WatchRunner` runs, with the command's title, metrics and trends.
    func source(title: String, metrics: [String], states: [String] = [], trends: [WatchTrend] = []) -> WatchSource {
        WatchSource(title: title, metrics: metrics, states: states, trends: trends) { try await self.fetch() }
    }

    /// Runs the read once or watched, then — run once — exits 5 when some appliance failed.
    func run(title: String, metrics: [String], states: [String] = [], trends: [WatchTrend] = []) async throws {
        try await WatchRunner.run(source(title: title, metrics: metrics, states: states, trends: trends), context: context)
        if !appliances.reading.watching { try last.withLock { $0 }?.conclude(what: what) }
    }
}
