import FieldOpsCore

/// One refresh of a watchable command: what a person sees, what a script gets, and the named
/// numbers and words `--until` and the trend lines read.
struct WatchFrame: Sendable {
    /// The command's `--json` output for this refresh (one NDJSON record's `data` when watching),
    /// built only when asked for.
    var json: JSONValue { makeJSON() }
    private var makeJSON: @Sendable () -> JSONValue
    /// The command's text for a person; `.table` on a terminal (its tables made to `fit` it),
    /// `.plain` piped.
    var render: @Sendable (_ format: OutputFormat, _ color: Bool, _ fit: TableFit?) -> String
    /// Named readings (`rx`, `alarms`, `count`); a reading the device did not send is absent.
    var metrics: [String: Double] = [:]
    /// Words that hold now (`registered`).
    var states: Set<String> = []
    /// Set when the result is empty: what a terminal says instead of an empty table
    /// ("no active alarms"); piped it prints nothing, and `--json` prints `json` (`[]`).
    var emptyMessage: String?
    /// Appliances of a read across several that could not be read this refresh, one line each
    /// (`profile site-b: cannot reach …`): shown above the frame while watching, and as
    /// `errors` in each piped record.
    var problems: [(profile: String, text: String)] = []

    init(
        json: @autoclosure @escaping @Sendable () -> JSONValue,
        render: @escaping @Sendable (_ format: OutputFormat, _ color: Bool, _ fit: TableFit?) -> String,
        metrics: [String: Double] = [:], states: Set<String> = [], emptyMessage: String? = nil
    ) {
        makeJSON = json
        self.render = render
        self.metrics = metrics
        self.states = states
        self.emptyMessage = emptyMessage
    }
}

/// A command that can run once or be watched: how to fetch one frame, and what `--until` and
/// the trend lines may name.
struct WatchSource: Sendable {
    /// The command line as the header shows it (`mcms onu show ALPHe30cadcf`).
    var title: String
    /// Metric names `--until` accepts (each frame's `metrics` uses the same names).
    var metrics: [String]
    /// State words `--until` accepts.
    var states: [String] = []
    /// Metrics drawn as sparklines while watching, in order.
    var trends: [WatchTrend] = []
    var fetch: @Sendable () async throws -> WatchFrame
}

/// One sparkline of a watch: which metric, its label, and how to print its latest value.
struct WatchTrend: Sendable {
    var metric: String
    var label: String
    var format: @Sendable (Double) -> String
}
