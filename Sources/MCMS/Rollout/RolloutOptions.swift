import FieldOpsCore

#if canImport(Glibc)
    import Glibc
#endif

/// The safety rails of a staged rollout, read from `firmware-bulk`'s options.
public struct RolloutOptions: Sendable, Equatable {
    /// When failures reach this, the rollout halts.
    public enum FailureLimit: Sendable, Equatable {
        case count(Int)
        case percent(Double)

        /// The number of failures that halts a rollout of `total` ONUs (at least 1).
        public func threshold(of total: Int) -> Int {
            switch self {
            case .count(let n): max(1, n)
            case .percent(let p): max(1, Int((p / 100 * Double(total)).rounded(.up)))
            }
        }

        public var text: String {
            switch self {
            case .count(let n): String(n)
            case .percent(let p): Units.trimmed(p) + "%"
            }
        }
    }

    public var concurrency = 8
    /// ONUs upgraded and verified first, before any wave (0: none).
    public var canary = 0
    /// With a canary: wait this long after it verified, instead of asking.
    public var soak: Double?
    /// Cumulative shares of the ONUs to upgrade, ending at 1 (`1%,10%,100%` → 0.01, 0.1, 1).
    public var waves: [Double] = [1]
    public var maxFailures: FailureLimit?
    /// At most this many ONUs of one OLT upgrading at once.
    public var perOLT: Int?
    /// At most this many ONUs started per minute.
    public var ratePerMinute: Double?
    public var rollbackFailed = false
    public var models: Set<String> = []
    /// Registration states an ONU must be in to be upgraded (default: registered only).
    public var states: Set<RegistrationState> = [.registered]
    /// `--window`, `--window-zone`, `--start-at`, `--end-at`: when ONUs may start; nil: any time.
    public var windows: MaintenanceWindows?

    public init() {}

    static let defaultConcurrency = 8

    init(_ invocation: Invocation) throws(FieldOpsError) {
        // Bounds are checked by the parser (the options' declared kinds).
        if let n = invocation.integer("concurrency") { concurrency = n }
        if let n = invocation.integer("canary") { canary = n }
        soak = invocation.seconds("soak")
        if soak != nil, canary == 0 { throw FieldOpsError.usage("--soak needs --canary N: it is how long to watch the canary") }
        if let text = invocation.value("waves") { waves = try Self.waves(text) }
        if let text = invocation.value("max-failures") { maxFailures = try Self.failureLimit(text) }
        if let n = invocation.integer("per-olt") { perOLT = n }
        if let text = invocation.value("rate") { ratePerMinute = try Self.rate(text) }
        rollbackFailed = invocation.flag("rollback-failed")
        models = Set(
            invocation.all("model").flatMap { $0.split(separator: ",").map { $0.trimmingSpaces() } }.filter {
                !$0.isEmpty
            })
        windows = try Self.windows(invocation)
        let stateWords = invocation.all("state").flatMap { $0.split(separator: ",").map(String.init) }
        if !stateWords.isEmpty {
            states = []
            for word in stateWords {
                guard let state = RegistrationState.allCases.first(where: { $0.word == word.lowercased() }) else {
                    throw invocation.invalidChoice("--state", value: word, choices: RegistrationState.allCases.map(\.word))
                }
                states.insert(state)
            }
        }
    }

    /// The maintenance windows the command line gives, nil when it gives none.
    static func windows(_ invocation: Invocation) throws(FieldOpsError) -> MaintenanceWindows? {
        let texts = invocation.all("window")
        let zoneName = invocation.value("window-zone")
        let startText = invocation.value("start-at")
        let endText = invocation.value("end-at")
        guard !texts.isEmpty || startText != nil || endText != nil else {
            if zoneName != nil {
                throw FieldOpsError.usage(
                    "--window-zone applies to --window", hint: "e.g. --window 'Mon-Fri 01:00-05:00' --window-zone Europe/Oslo")
            }
            return nil
        }
        let zone: ZoneInfo
        if let zoneName {
            do {
                zone = try ZoneInfo.named(zoneName)
            } catch {
                throw FieldOpsError.usage(
                    "--window-zone \(zoneName): \(error)", hint: "an IANA zone such as Europe/Oslo (ls \(ZoneInfo.databaseDirectory))")
            }
        } else {
            zone = ZoneInfo.machine(environment: getenv("TZ").map { ["TZ": String(cString: $0)] } ?? [:])
        }
        var windows: [MaintenanceWindows.Window] = []
        for text in texts { windows.append(try MaintenanceWindows.window(text)) }
        let now = WallClock.nowMilliseconds
        func instant(_ text: String?, _ option: String) throws(FieldOpsError) -> Int64? {
            guard let text else { return nil }
            guard let instant = SinceText.milliseconds(text, now: now) else {
                throw FieldOpsError.usage("invalid value '\(text)' for '--\(option)': expected a time such as 2026-06-02T01:00 or a day")
            }
            return instant
        }
        let startAt = try instant(startText, "start-at")
        let endAt = try instant(endText, "end-at")
        if let startAt, let endAt, endAt <= startAt {
            throw FieldOpsError.usage("--end-at must come after --start-at")
        }
        return MaintenanceWindows(windows: windows, zone: zone, startAt: startAt, endAt: endAt)
    }

    /// `1%,10%,50%,100%`: rising cumulative percentages; the last must be 100%.
    static func waves(_ text: String) throws(FieldOpsError) -> [Double] {
        var shares: [Double] = []
        for part in text.split(separator: ",").map({ $0.trimmingSpaces() }) {
            let digits = part.hasSuffix("%") ? String(part.dropLast()) : part
            guard let percent = Double(digits), percent.isFinite, percent > 0, percent <= 100 else {
                throw FieldOpsError.usage("--waves: \(part) is not a share of the ONUs (1% to 100%)", hint: "e.g. --waves 1%,10%,50%,100%")
            }
            guard shares.last.map({ percent / 100 > $0 }) ?? true else {
                throw FieldOpsError.usage(
                    "--waves must rise: each share is of the whole selection (cumulative), not \(text)",
                    hint: "e.g. --waves 1%,10%,50%,100%")
            }
            shares.append(percent / 100)
        }
        guard shares.last == 1 else {
            throw FieldOpsError.usage("--waves must end at 100%, not \(text)", hint: "e.g. --waves 1%,10%,50%,100%")
        }
        return shares
    }

    static func failureLimit(_ text: String) throws(FieldOpsError) -> FailureLimit {
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent.isFinite, percent > 0, percent <= 100 else {
                throw FieldOpsError.usage("--max-failures \(text): a percentage must be above 0% and at most 100%")
            }
            return .percent(percent)
        }
        guard let n = Int(text), n >= 1 else {
            throw FieldOpsError.usage("--max-failures must be a count (1 or more) or a percentage such as 2%, not \(text)")
        }
        return .count(n)
    }

    /// `30/min`, `30` (per minute) or `2/s`.
    static func rate(_ text: String) throws(FieldOpsError) -> Double {
        var number = Substring(text)
        var perSecond = false
        if text.hasSuffix("/min") {
            number = text.dropLast(4)
        } else if text.hasSuffix("/s") {
            number = text.dropLast(2)
            perSecond = true
        }
        guard let value = Double(number), value.isFinite, value > 0, value <= 100_000 else {
            throw FieldOpsError.usage("--rate must be starts per minute such as 30/min, not \(text)")
        }
        return perSecond ? value * 60 : value
    }
}
