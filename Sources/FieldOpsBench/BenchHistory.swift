import FieldOpsCore
import MCMS

/// `fieldops-bench history-fill`: a history store as a month of `mcms record` leaves it — hourly
/// averages for the older days, five-minute samples for the last week — written through the
/// recorder's own `HistoryStore.record`, so the layout, roll-ups and retention are the real ones.
/// The fleet is synthetic: RX levels wander by a few hundredths of a dB; every 50th ONU loses
/// 2.5 dB two days before the end, ten of them on one OLT port; counters grow.
enum BenchHistory {
    static func fill(store path: String, onus: Int, hourlyDays: Int, rawDays: Int, end: Int64) throws {
        let store = try HistoryStore(path: path)
        try store.database.execute("PRAGMA synchronous = OFF")
        let hour = HistoryStore.hour
        let five: Int64 = 300_000
        let start = end - Int64(hourlyDays + rawDays) * HistoryStore.day
        let rawStart = end - Int64(rawDays) * HistoryStore.day
        let dropAt = end - 2 * HistoryStore.day
        var times: [Int64] = []
        var at = start
        while at < rawStart {
            times.append(at)
            at += hour
        }
        while at <= end {
            times.append(at)
            at += five
        }
        let ids = (0..<onus).map { "ALPH" + String(String(0x1000_0000 + $0, radix: 16).suffix(8)) }
        let olts = (0..<8).map { "70:b3:d5:00:00:\(String(0x10 + $0, radix: 16))" }
        var names: [String: String] = [:]
        for (index, id) in ids.enumerated() { names[id] = "Sjøgata \(index % 120 + 1)" }
        for (index, olt) in olts.enumerated() { names[olt] = "OLT Kirkegata \(index + 1)" }
        var random = SplitMix(seed: 42)
        let bases = ids.map { _ in -1_200 - Int(random.next() % 1_500) }
        for (step, time) in times.enumerated() {
            var sample = HistorySample(at: time)
            sample.names = step == 0 ? names : [:]
            sample.onus.reserveCapacity(onus)
            for (index, id) in ids.enumerated() {
                var point = ONUPoint(id: id)
                point.olt = olts[index % olts.count]
                point.port = index % 16
                let wander = Int(random.next() % 7) - 3
                let dropped = time >= dropAt && (index % 50 == 0 || (index % 128 == 3 && index < 1_280))
                point.rx = bases[index] + wander - (dropped ? 250 : 0)
                point.tx = 250 + Int(random.next() % 5)
                point.fecCorrected = Int64(step * (index % 97))
                point.fecUncorrectable = 0
                point.bip = Int64(step / 12)
                point.rxRate = Int64(random.next() % 900_000_000)
                point.txRate = Int64(random.next() % 200_000_000)
                point.registration = .registered
                point.firmware = index % 3 == 0 ? "R4.2.0" : "R4.3.1"
                sample.onus.append(point)
            }
            sample.olts = olts.map { OLTPoint(mac: $0) }
            sample.alarms = nil
            try store.record(sample, keep: 90 * HistoryStore.day)
        }
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        print(
            "filled \(path): \(times.count) samples of \(onus) ONUs from \(Timestamp.isoUTC(milliseconds: start)) to \(Timestamp.isoUTC(milliseconds: end))"
        )
    }
}

/// A small deterministic generator (SplitMix64), so every fill is the same store.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
