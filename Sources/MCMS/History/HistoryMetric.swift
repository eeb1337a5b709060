import FieldOpsCore

/// A quantity `onu history` / `olt history` can show: how to read it from a series point, how
/// to say a value, and its record fields.
enum HistoryMetric: String, CaseIterable, Sendable {
    case rx
    case tx
    case fec
    case bip
    case traffic
    case state
    case temperature

    static let onuMetrics: [HistoryMetric] = [.rx, .tx, .fec, .bip, .traffic, .state]
    static let oltMetrics: [HistoryMetric] = [.traffic, .temperature, .state]

    /// One line of a metric on a terminal: a label and the values it plots (nil: a gap).
    struct Line {
        var label: String
        var values: [Double?]
        var unit: String
        var places: Int
        /// Counters: the values are increases per hour between points, and the total is said.
        var total: Int64?
    }

    /// The lines this metric draws for a series (traffic draws two: down and up).
    func lines(_ points: [SeriesPoint]) -> [Line] {
        switch self {
        case .rx: return [Line(label: "RX", values: points.map { $0.rx.map { Double($0) / 100 } }, unit: "dBm", places: 2)]
        case .tx: return [Line(label: "TX", values: points.map { $0.tx.map { Double($0) / 100 } }, unit: "dBm", places: 2)]
        case .temperature:
            return [Line(label: "Temp", values: points.map { $0.temperature.map { Double($0) / 100 } }, unit: "°C", places: 1)]
        case .fec:
            return [
                Self.counterLine("FEC", points.map(\.fecCorrected), at: points.map(\.at)),
                Self.counterLine("FEC unc", points.map(\.fecUncorrectable), at: points.map(\.at)),
            ]
        case .bip: return [Self.counterLine("BIP", points.map(\.bip), at: points.map(\.at))]
        case .traffic:
            return [
                Line(label: "RX rate", values: points.map { $0.rxRate.map { Double($0) / 1e6 } }, unit: "Mbit/s", places: 1),
                Line(label: "TX rate", values: points.map { $0.txRate.map { Double($0) / 1e6 } }, unit: "Mbit/s", places: 1),
            ]
        case .state: return []
        }
    }

    /// A counter as its increase per hour between consecutive points (a counter that went
    /// down was reset: no value there), with the total increase.
    static func counterLine(_ label: String, _ values: [Int64?], at times: [Int64]) -> Line {
        var rates: [Double?] = []
        var total: Int64 = 0
        var previous: (value: Int64, at: Int64)?
        for (value, at) in zip(values, times) {
            guard let value else {
                rates.append(nil)
                continue
            }
            if let previous, value >= previous.value, at > previous.at {
                let increase = value - previous.value
                total = total.addingReportingOverflow(increase).overflow ? Int64.max : total + increase
                rates.append(Double(increase) / (Double(at - previous.at) / 3_600_000))
            } else {
                rates.append(nil)
            }
            previous = (value, at)
        }
        return Line(label: label, values: rates, unit: "/h", places: 0, total: total)
    }

    /// The record fields of this metric for one point.
    func fields(_ point: SeriesPoint) -> [(String, JSONValue)] {
        func number(_ value: Int64?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        func level(_ centi: Int?) -> JSONValue {
            centi.map { .number(JSONNumber(lexeme: Self.centiText($0)) ?? JSONNumber($0)) } ?? .null
        }
        switch self {
        case .rx: return [("rx_dbm", level(point.rx))]
        case .tx: return [("tx_dbm", level(point.tx))]
        case .temperature: return [("temperature_c", level(point.temperature))]
        case .fec: return [("fec_corrected", number(point.fecCorrected)), ("fec_uncorrectable", number(point.fecUncorrectable))]
        case .bip: return [("bip_errors", number(point.bip))]
        case .traffic: return [("rx_rate_bps", number(point.rxRate)), ("tx_rate_bps", number(point.txRate))]
        case .state:
            if !point.counts.isEmpty {
                return RegistrationState.bucketed.map { state in
                    ("onus_" + state.word.replacingEvery("-", with: "_"), point.counts[state].map { .number(JSONNumber($0)) } ?? .null)
                }
            }
            return [
                ("state", point.registration.map { .string($0.word) } ?? .null),
                ("firmware", point.firmware.map { .string($0) } ?? .null),
            ]
        }
    }

    /// `-1820` → `-18.20`, exactly.
    static func centiText(_ centi: Int) -> String {
        let magnitude = centi.magnitude
        let fraction = magnitude % 100
        return (centi < 0 ? "-" : "") + "\(magnitude / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// `--metric rx,tx`: the metrics named, in the order given; every one of `allowed` when nil.
    static func parse(_ words: [String], allowed: [HistoryMetric], command: String) throws -> [HistoryMetric] {
        guard !words.isEmpty else { return allowed }
        var metrics: [HistoryMetric] = []
        for word in words.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingWhitespace().lowercased() }) {
            guard let metric = HistoryMetric(rawValue: word), allowed.contains(metric) else {
                throw FieldOpsError.usage(
                    "invalid value '\(word)' for '--metric': expected one of \(allowed.map(\.rawValue).joined(separator: ", "))",
                    hint: "see the usage: \(command) --help")
            }
            if !metrics.contains(metric) { metrics.append(metric) }
        }
        return metrics
    }
}
