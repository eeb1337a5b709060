import FieldOpsCore

/// Which ONUs drifted against their own past: an RX level that fell, or an error counter that
/// rose faster, compared with the ONU's baseline — the median of the baseline window.
///
/// A change counts only when it holds over the last `hold` samples (3), so a single-sample
/// blip (a reading taken during a reboot) is never a drift. ONUs that drifted together on one
/// OLT port are grouped: a fault shared by one splitter or feeder shows as one line.
///
/// The baseline is read from the hourly roll-ups of the window (168 points an ONU for 7 days,
/// not 2,016), or from the samples themselves while fewer than `minimumHours` hours are rolled up.
struct DriftAnalysis {
    struct Options {
        var baseline: Int64 = 7 * HistoryStore.day
        /// In centi-dB: 2 dB is 200.
        var rxDrop: Int = 200
        /// FEC corrected per hour more than the baseline's rate; nil: not checked.
        var fecRise: Double?
        var hold = 3
        var minimumHours = 6
    }

    struct Finding: Sendable {
        var id: String
        var name: String
        var olt: String?
        var oltName: String?
        var port: Int?
        /// Centi-dBm.
        var baseline: Int?
        var current: Int?
        /// Centi-dB fallen (positive), when the RX level drifted.
        var rxDrop: Int?
        /// FEC corrected per hour: the baseline's and the last samples'.
        var fecBaselineRate: Double?
        var fecRecentRate: Double?
        var fecRose = false
        /// The first point of the run of points past the threshold.
        var since: Int64?
    }

    struct Group: Sendable {
        var olt: String
        var oltName: String?
        var port: Int
        var findings: [Finding]
    }

    struct Result: Sendable {
        var findings: [Finding]
        var groups: [Group]
        var onusCompared: Int
        var baselinePoints: Int
        var baselineHourly: Bool
        var latest: Int64
    }

    enum Failure: Error {
        case tooFewSamples(Int)
    }

    let store: HistoryStore
    let options: Options

    func run(now: Int64) throws -> Result {
        let recent = try store.lastSamples(options.hold, until: now)
        guard recent.count == options.hold, let latest = recent.first else { throw Failure.tooFewSamples(recent.count) }
        let devices = try store.knownDevices(olt: false)
        let maxRef = Int(devices.keys.max() ?? 0)
        let windowStart = now - options.baseline
        var hourly = true
        var window = try store.samples(hourly: true, since: windowStart, until: now)
        if window.count < options.minimumHours {
            hourly = false
            window = try store.samples(hourly: false, since: windowStart, until: now)
        }
        // Per ONU (by ref): the baseline's RX levels, and its first and last FEC reading.
        var levels = [[Int32]](repeating: [], count: maxRef + 1)
        var fecFirst = [(value: Int64, at: Int64)?](repeating: nil, count: maxRef + 1)
        var fecLast = [(value: Int64, at: Int64)?](repeating: nil, count: maxRef + 1)
        for sample in window {
            try store.forEachONUPoint(ofSample: sample.seq) { ref, rx, fec in
                let index = Int(ref)
                guard index <= maxRef else { return }
                if let rx { levels[index].append(Int32(clamping: rx)) }
                if let fec {
                    if fecFirst[index] == nil { fecFirst[index] = (fec, sample.at) }
                    fecLast[index] = (fec, sample.at)
                }
            }
        }
        // The last samples: RX of each, FEC of the newest and the oldest.
        var recentRX = [[Int?]](repeating: [Int?](repeating: nil, count: recent.count), count: maxRef + 1)
        var recentFEC = [(newest: Int64?, oldest: Int64?)](repeating: (nil, nil), count: maxRef + 1)
        for (position, sample) in recent.enumerated() {
            try store.forEachONUPoint(ofSample: sample.seq) { ref, rx, fec in
                let index = Int(ref)
                guard index <= maxRef else { return }
                recentRX[index][position] = rx
                if position == 0 { recentFEC[index].newest = fec }
                if position == recent.count - 1 { recentFEC[index].oldest = fec }
            }
        }
        let recentHours = Double(latest.at - recent[recent.count - 1].at) / Double(HistoryStore.hour)
        let olts = try store.knownDevices(olt: true)
        let oltNames = Dictionary(olts.values.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        var compared = 0
        for (ref, device) in devices {
            let index = Int(ref)
            var finding = Finding(
                id: device.id, name: device.name, olt: device.olt, oltName: device.olt.flatMap { oltNames[$0] }, port: device.port)
            var flagged = false
            if levels[index].count >= options.hold, let median = Self.median(levels[index]) {
                let values = recentRX[index]
                if values.allSatisfy({ $0 != nil }) {
                    compared += 1
                    let held = values.map { median - $0! }.min() ?? 0
                    finding.baseline = median
                    finding.current = values[0]
                    if held >= options.rxDrop {
                        finding.rxDrop = median - values[0]!
                        flagged = true
                    }
                }
            }
            if let rise = options.fecRise, let first = fecFirst[index], let last = fecLast[index], last.at > first.at,
                last.value >= first.value, let newest = recentFEC[index].newest, let oldest = recentFEC[index].oldest,
                newest >= oldest, recentHours > 0
            {
                let baselineRate = Double(last.value - first.value) / (Double(last.at - first.at) / Double(HistoryStore.hour))
                let recentRate = Double(newest - oldest) / recentHours
                finding.fecBaselineRate = baselineRate
                finding.fecRecentRate = recentRate
                if recentRate - baselineRate >= rise {
                    finding.fecRose = true
                    flagged = true
                }
            }
            if flagged {
                if let baseline = finding.baseline, finding.rxDrop != nil {
                    finding.since = try since(ref: ref, threshold: baseline - options.rxDrop, from: windowStart, until: now)
                }
                findings.append(finding)
            }
        }
        findings.sort { ($0.rxDrop ?? 0, $0.fecRecentRate ?? 0, $1.id) > ($1.rxDrop ?? 0, $1.fecRecentRate ?? 0, $0.id) }
        return Result(
            findings: findings, groups: Self.groups(findings), onusCompared: compared, baselinePoints: window.count, baselineHourly: hourly,
            latest: latest.at)
    }

    /// The first point of the ONU's last run of points at or below `threshold`.
    private func since(ref: Int64, threshold: Int, from: Int64, until: Int64) throws -> Int64? {
        let series = try store.onuSeries(ref: ref, since: from, until: until)
        var start: Int64?
        for point in series.reversed() {
            guard let rx = point.rx else { continue }
            if rx <= threshold { start = point.at } else { break }
        }
        return start
    }

    /// ONUs that drifted on the same OLT port, two or more, largest group first.
    static func groups(_ findings: [Finding]) -> [Group] {
        var byPort: [String: Group] = [:]
        for finding in findings where finding.rxDrop != nil {
            guard let olt = finding.olt, let port = finding.port else { continue }
            byPort["\(olt)#\(port)", default: Group(olt: olt, oltName: finding.oltName, port: port, findings: [])].findings.append(finding)
        }
        return byPort.values.filter { $0.findings.count >= 2 }.sorted {
            ($0.findings.count, $1.olt, $1.port) > ($1.findings.count, $0.olt, $0.port)
        }
    }

    static func median(_ values: [Int32]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return Int(sorted[middle]) }
        return Int((Int64(sorted[middle - 1]) + Int64(sorted[middle])) / 2)
    }
}
