import FieldOpsCore

/// Formatting of device quantities for tables; JSON output keeps the exact numbers instead.
///
/// A server can send any number (`1e400`, `-5`, `1e20`): nothing here converts a `Double` to an
/// integer type without checking the range first, and a value no reading could have is shown
/// by its lexeme with a mark instead of being scaled.
enum Units {
    /// Rates at or above this many bits per second are no reading a device makes.
    static let largestBitRate = 1e15

    /// `1.23 Gb/s`, `850 Mb/s`, `12 kb/s`, `0 b/s`; `1e400 (out of range)` for the impossible.
    static func bitRate(_ bps: Double?) -> String {
        guard let bps else { return "" }
        guard bps.isFinite, bps >= 0, bps < largestBitRate else { return outOfRange(Units.plain(bps)) }
        let units: [(Double, String)] = [(1e12, "Tb/s"), (1e9, "Gb/s"), (1e6, "Mb/s"), (1e3, "kb/s")]
        for (scale, unit) in units where bps >= scale {
            let value = bps / scale
            return (value >= 100 ? String(Int(value.rounded())) : trimmed(value)) + " " + unit
        }
        return "\(Int(bps)) b/s"
    }

    static func bitRate(_ number: JSONNumber?) -> String {
        guard let number else { return "" }
        guard let value = number.double, value.isFinite, value >= 0, value < largestBitRate else {
            return outOfRange(number.lexeme)
        }
        return bitRate(value)
    }

    /// Two decimals at most, without trailing zeros: `1.5`, `12.25`, `3`; huge or non-finite
    /// values are printed as Swift writes them rather than trapping on the conversion.
    static func trimmed(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return plain(value) }
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// An optical level by its exact lexeme: `-18.20 dBm`.
    static func dBm(_ number: JSONNumber?) -> String {
        number.map { "\($0.lexeme) dBm" } ?? ""
    }

    static func celsius(_ number: JSONNumber?) -> String {
        number.map { "\($0.lexeme) °C" } ?? ""
    }

    /// A reading with its unit, by its exact lexeme (`3.31 V`, `12.500 mA`).
    static func reading(_ number: JSONNumber?, _ unit: String) -> String {
        number.map { "\($0.lexeme) \(unit)" } ?? ""
    }

    /// A counter by its exact lexeme (`18446744073709551615` stays whole).
    static func count(_ number: JSONNumber?) -> String {
        number?.lexeme ?? ""
    }

    /// The mark for a value no device could report, so it stands out instead of misleading.
    static func outOfRange(_ text: String) -> String { "\(text) (out of range)" }

    static func plain(_ value: Double) -> String {
        value.isNaN ? "nan" : value.isInfinite ? (value < 0 ? "-inf" : "inf") : "\(value)"
    }
}
