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
        // The baseline window as one matrix, an ONU's levels in a row (`missing` where it had none).
        let columns = window.count
        let missing = Int32.min
        var levels = [Int32](repeating: missing, count: (maxRef + 1) * columns)
        for (column, sample) in window.enumerated() {
            try store.forEachONULevel(ofSample: sample.seq) { ref, rx in
                guard ref <= maxRef else { return }
                levels[ref * columns + column] = Int32(clamping: rx)
            }
        }
        // The last samples' levels.
        var recentRX = [Int32](repeating: missing, count: (maxRef + 1) * recent.count)
        for (position, sample) in recent.enumerated() {
            try store.forEachONULevel(ofSample: sample.seq) { ref, rx in
                guard ref <= maxRef else { return }
                recentRX[ref * recent.count + position] = Int32(clamping: rx)
            }
        }
        // FEC: cumulative counters, so a rate needs only the two ends of each span.
        var fec: [Int64: (first: (Int64, Int64)?, last: (Int64, Int64)?, newest: Int64?, oldest: Int64?)] = [:]
        if options.fecRise != nil, let first = window.first, let last = window.last {
            for (sample, slot) in [(first, 0), (last, 1), (recent[0], 2), (recent[recent.count - 1], 3)] {
                try store.forEachONUPoint(ofSample: sample.seq) { ref, _, value in
                    guard let value else { return }
                    switch slot {
                    case 0: fec[ref, default: (nil, nil, nil, nil)].first = (value, sample.at)
                    case 1: fec[ref, default: (nil, nil, nil, nil)].last = (value, sample.at)
                    case 2: fec[ref, default: (nil, nil, nil, nil)].newest = value
                    default: fec[ref, default: (nil, nil, nil, nil)].oldest = value
                    }
                }
            }
        }
        let recentHours = Double(latest.at - recent[recent.count - 1].at) / Double(HistoryStore.hour)
        let olts = try store.knownDevices(olt: true)
        let oltNames = Dictionary(olts.values.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        var compared = 0
        var scratch: [Int32] = []
        scratch.reserveCapacity(columns)
        for (ref, device) in devices {
            let index = Int(ref)
            var finding = Finding(
                id: device.id, name: device.name, olt: device.olt, oltName: device.olt.flatMap { oltNames[$0] }, port: device.port)
            var flagged = false
            scratch.removeAll(keepingCapacity: true)
            for column in 0..<columns where levels[index * columns + column] != missing {
                scratch.append(levels[index * columns + column])
            }
            let values = recentRX[(index * recent.count)..<((index + 1) * recent.count)]
            if scratch.count >= options.hold, !values.contains(missing), let median = Self.median(&scratch) {
                compared += 1
                let held = values.map { median - Int($0) }.min() ?? 0
                finding.baseline = median
                finding.current = Int(values[values.startIndex])
                if held >= options.rxDrop {
                    finding.rxDrop = median - Int(values[values.startIndex])
                    flagged = true
                    // Since the first point of the run at or below the threshold, back from the end.
                    let threshold = Int32(clamping: median - options.rxDrop)
                    var start = recent[recent.count - 1].at
                    for column in stride(from: columns - 1, through: 0, by: -1) {
                        let level = levels[index * columns + column]
                        if level == missing { continue }
                        if level > threshold { break }
                        start = min(start, window[column].at)
                    }
                    finding.since = start
                }
            }
            if let rise = options.fecRise, let counts = fec[ref], let first = counts.first, let last = counts.last, last.1 > first.1,
                last.0 >= first.0, let newest = counts.newest, let oldest = counts.oldest, newest >= oldest, recentHours > 0
            {
                let baselineRate = Double(last.0 - first.0) / (Double(last.1 - first.1) / Double(HistoryStore.hour))
                let recentRate = Double(newest - oldest) / recentHours
                finding.fecBaselineRate = baselineRate
                finding.fecRecentRate = recentRate
                if recentRate - baselineRate >= rise {
                    finding.fecRose = true
                    flagged = true
                }
            }
            if flagged { findings.append(finding) }
        }
        findings.sort { ($0.rxDrop ?? 0, $0.fecRecentRate ?? 0, $1.id) > ($1.rxDrop ?? 0, $1.fecRecentRate ?? 0, $0.id) }
        return Result(
            findings: findings, groups: Self.groups(findings), onusCompared: compared, baselinePoints: window.count, baselineHourly: hourly,
            latest: latest.at)
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

    /// The median of `values`, which it sorts in place.
    static func median(_ values: inout [Int32]) -> Int? {
        guard !values.isEmpty else { return nil }
        values.sort()
        let middle = values.count / 2
        if values.count % 2 == 1 { return Int(values[middle]) }
        return Int((Int64(values[middle - 1]) + Int64(values[middle])) / 2)
    }
}
