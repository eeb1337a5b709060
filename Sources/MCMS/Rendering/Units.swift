import FieldOpsCore

/// Formatting of device quantities for tables; JSON output keeps the exact numbers instead.
enum Units {
    /// `1.23 Gb/s`, `850 Mb/s`, `12 kb/s`, `0 b/s`.
    static func bitRate(_ bps: Double?) -> String {
        guard let bps else { return "" }
        let units: [(Double, String)] = [(1e12, "Tb/s"), (1e9, "Gb/s"), (1e6, "Mb/s"), (1e3, "kb/s")]
        for (scale, unit) in units where bps >= scale {
            let value = bps / scale
            return (value >= 100 ? String(Int(value.rounded())) : trimmed(value)) + " " + unit
        }
        return "\(Int(bps)) b/s"
    }

    static func bitRate(_ number: JSONNumber?) -> String { bitRate(number?.double) }

    /// Two decimals at most, without trailing zeros: `1.5`, `12.25`, `3`.
    static func trimmed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// An optical level by its exact lexeme: `-18.20 dBm`.
    static func dBm(_ number: JSONNumber?) -> String {
        number.map { "\($0.lexeme) dBm" } ?? ""
    }

    static func celsius(_ number: JSONNumber?) -> String {
        number.map { "\($0.lexeme) °C" } ?? ""
    }
}
