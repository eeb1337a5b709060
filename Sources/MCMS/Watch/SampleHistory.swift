import FieldOpsCore

/// The samples of a watch so far, per metric, capped so a watch left open for days stays small.
struct SampleHistory: Sendable {
    let capacity: Int
    private(set) var samples: [String: [Double?]] = [:]
    private(set) var count = 0

    init(capacity: Int = 240) {
        self.capacity = capacity
    }

    mutating func record(_ metrics: [String: Double], names: [String]) {
        for name in names {
            var series = samples[name] ?? []
            series.append(metrics[name])
            if series.count > capacity { series.removeFirst(series.count - capacity) }
            samples[name] = series
        }
        count += 1
    }

    func series(_ name: String) -> [Double?] { samples[name] ?? [] }

    /// `Trend (12 samples)` lines: label, sparkline, latest value, low and high.
    func render(_ trends: [WatchTrend], width: Int, color: Bool) -> String {
        guard !trends.isEmpty else { return "" }
        let labelWidth = trends.map(\.label.count).max() ?? 0
        var out = "\n" + Style.bold.apply("Trend (\(count) sample\(count == 1 ? "" : "s"))", enabled: color) + "\n"
        let lineWidth = max(10, min(capacity, width - labelWidth - 48))
        for trend in trends {
            let series = self.series(trend.metric)
            let values = series.compactMap { $0 }.filter(\.isFinite)
            var line = "  " + trend.label + String(repeating: " ", count: labelWidth - trend.label.count) + "  "
            line += Sparkline.render(series, width: lineWidth)
            if let latest = series.last ?? nil, latest.isFinite {
                line += "  " + trend.format(latest)
            }
            if let low = values.min(), let high = values.max(), values.count > 1 {
                line += "  (low \(trend.format(low)), high \(trend.format(high)))"
            }
            out += line + "\n"
        }
        return out
    }
}
