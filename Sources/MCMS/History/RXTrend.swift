import FieldOpsCore

#if canImport(Glibc)
    import Glibc
#endif

/// An ONU's RX level over the last days, from the local history: where it was, where it is,
/// and a sparkline between (`-21.40 → -23.60 dBm ▂▃▅▇`), for `onu show`.
public struct RXTrend: Sendable, Equatable {
    public var days: Int
    /// Centi-dBm: the first and last recorded level of the window (nil: none recorded).
    public var first: Int?
    public var last: Int?
    /// The window in `columns` equal spans of time, each its average (nil: no sample there).
    public var columns: [Double?]

    static let width = 8

    /// The trend of an ONU the history has no level of: blank in a listing that shows trends.
    static let none = RXTrend(days: 7, first: nil, last: nil, columns: [])

    /// `-21.40 → -23.60 dBm ▂▃▅▇`
    public var text: String {
        guard let first, let last else { return "" }
        return "\(HistoryMetric.centiText(first)) → \(HistoryMetric.centiText(last)) dBm " + spark
    }

    /// `▂▃▅▇`, one character per column.
    public var spark: String { columns.isEmpty ? "" : Sparkline.render(columns, width: columns.count) }

    static func level(_ centi: Int?) -> JSONNumber? { centi.map { JSONNumber(lexeme: HistoryMetric.centiText($0)) ?? JSONNumber($0) } }

    var json: JSONValue {
        .object([
            "days": .number(JSONNumber(days)), "from_dbm": Self.level(first).map(JSONValue.number) ?? .null,
            "to_dbm": Self.level(last).map(JSONValue.number) ?? .null,
        ])
    }

    /// Every recorded ONU's trend at once, for a listing: the window cut into `width` spans, each
    /// read from the one sample nearest its middle (a range of the store per span, not a series
    /// per ONU). Nil when nothing was recorded under `dataDirectory`.
    static func all(dataDirectory: String, days: Int = 7, now: Int64 = WallClock.nowMilliseconds) -> [String: RXTrend]? {
        do {
            guard let store = try HistoryStore.existing(path: HistoryStore.path(inDataDirectory: dataDirectory)) else { return nil }
            let since = now - Int64(days) * HistoryStore.day
            let span = max(1, now - since)
            var samples = try store.samples(hourly: false, since: since, until: now)
            samples += try store.samples(hourly: true, since: since, until: now)
            var chosen = [(seq: Int64, at: Int64)?](repeating: nil, count: width)
            for sample in samples {
                let column = min(width - 1, max(0, Int((sample.at - since) * Int64(width) / span)))
                let middle = since + (Int64(column) * 2 + 1) * span / Int64(width * 2)
                if let current = chosen[column], abs(current.at - middle) <= abs(sample.at - middle) { continue }
                chosen[column] = sample
            }
            let devices = try store.knownDevices(olt: false)
            var levels: [Int64: [Double?]] = [:]
            var first: [Int64: (at: Int64, rx: Int)] = [:]
            var last: [Int64: (at: Int64, rx: Int)] = [:]
            for (column, sample) in chosen.enumerated() {
                guard let sample else { continue }
                try store.forEachONUPoint(ofSample: sample.seq) { ref, rx, _ in
                    guard let rx else { return }
                    levels[ref, default: [Double?](repeating: nil, count: width)][column] = Double(rx) / 100
                    if first[ref].map({ sample.at < $0.at }) ?? true { first[ref] = (sample.at, rx) }
                    if last[ref].map({ sample.at > $0.at }) ?? true { last[ref] = (sample.at, rx) }
                }
            }
            var trends: [String: RXTrend] = [:]
            for (ref, columns) in levels {
                guard let device = devices[ref] else { continue }
                trends[device.id] = RXTrend(days: days, first: first[ref]?.rx, last: last[ref]?.rx, columns: columns)
            }
            return trends
        } catch {
            return nil
        }
    }

    /// True when the profile has a history store (a listing then shows the trend column).
    static func recorded(dataDirectory: String) -> Bool {
        access(HistoryStore.path(inDataDirectory: dataDirectory), F_OK) == 0
    }

    /// The trend of `onu` in the store under `dataDirectory`; nil when nothing was recorded
    /// there, or not for this ONU, or fewer than two levels. Never fails the command that asks.
    static func of(_ onu: String, dataDirectory: String, days: Int = 7, now: Int64 = WallClock.nowMilliseconds) -> RXTrend? {
        do {
            guard let store = try HistoryStore.existing(path: HistoryStore.path(inDataDirectory: dataDirectory)),
                let (ref, _) = try store.device(onu, olt: false)
            else { return nil }
            let since = now - Int64(days) * HistoryStore.day
            let points = try store.onuSeries(ref: ref, since: since, until: now).filter { $0.rx != nil }
            guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
            var sums = [Double](repeating: 0, count: width)
            var counts = [Int](repeating: 0, count: width)
            let span = max(1, now - since)
            for point in points {
                let column = min(width - 1, max(0, Int((point.at - since) * Int64(width) / span)))
                sums[column] += Double(point.rx!) / 100
                counts[column] += 1
            }
            return RXTrend(
                days: days, first: first.rx!, last: last.rx!, columns: zip(sums, counts).map { $1 == 0 ? nil : $0 / Double($1) })
        } catch {
            return nil
        }
    }
}
