import FieldOpsCore

/// `--watch`, `--interval`, `--until` and `--until-timeout`, as every watchable command declares
/// them. The global `--timeout` keeps its one meaning (each HTTP request's time); the give-up
/// time of `--until` was once spelled `--timeout` too, which is still read, with a note.
struct WatchOptions: Sendable {
    static let defaultInterval = 2.0
    static let minimumInterval = 1.0

    static let specs: [OptionSpec] = [
        .flag(
            "watch", short: "w",
            help:
                "Refresh until q or Ctrl-C: full screen with changes highlighted on a terminal, one JSON object per refresh (NDJSON) when piped."
        ),
        OptionSpec(
            "interval", value: .duration, valueName: "DURATION", help: "Time between refreshes while watching (default 2s, at least 1s)."),
        OptionSpec(
            "until", valueName: "CONDITION",
            help:
                "Watch until CONDITION holds, then exit 0: a state (registered, !registered) or a threshold on a reading ('rx>-25', 'alarms==0')."
        ),
        OptionSpec(
            "until-timeout", value: .duration, valueName: "DURATION",
            help: "With --until: give up after DURATION and exit 1 (default: wait as long as it takes)."
        ),
    ]

    var watching: Bool
    var interval: Double
    var until: UntilCondition?
    var timeout: Double?
    /// Said on stderr when the old spelling (`--until … --timeout`) was used.
    var deprecationNote: String?

    /// Reads the options; `--until` implies `--watch`.
    init(_ invocation: Invocation, source: WatchSource) throws(FieldOpsError) {
        interval = invocation.seconds("interval") ?? Self.defaultInterval
        guard interval >= Self.minimumInterval else {
            throw FieldOpsError.usage(
                "--interval must be at least 1s, not \(invocation.value("interval") ?? "")",
                hint: "a shared appliance serves every NOC screen; 2s is the default")
        }
        until = try invocation.value("until").map { text throws(FieldOpsError) in
            try UntilCondition(parsing: text, metrics: source.metrics, states: source.states)
        }
        timeout = until == nil ? nil : invocation.seconds("until-timeout")
        if until != nil, timeout == nil, let old = invocation.seconds("timeout") {
            timeout = old
            deprecationNote =
                "fieldops: --timeout with --until is now --until-timeout (--timeout is the time allowed for each HTTP request); read as --until-timeout this time"
        }
        watching = Self.watches(invocation)
    }

    /// Whether the command line watches: `--watch`, or `--until`, which implies it.
    static func watches(_ invocation: Invocation) -> Bool {
        invocation.flag("watch") || invocation.value("until") != nil
    }
}
