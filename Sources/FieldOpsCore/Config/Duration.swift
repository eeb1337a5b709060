/// Parses durations written in configuration and on the command line: `500ms`, `30s`, `2m`, `1h`,
/// or a bare number of seconds (`30`, `1.5`).
///
/// Hand-rolled on purpose: it runs for every profile at load time, where regexes and
/// Foundation formatters would cost more than the whole parse.
public enum Duration {
    /// Seconds, or nil when `text` is not a duration (negative values are not durations).
    public static func seconds(from text: String) -> Double? {
        var number = Substring(text)
        var scale = 1.0
        if text.hasSuffix("ms") {
            number = number.dropLast(2)
            scale = 0.001
        } else if let last = text.last, let unit = unitScale(last) {
            number = number.dropLast()
            scale = unit
        }
        guard let first = number.first, first.isASCII, first.isNumber || first == "." else { return nil }
        guard let value = Double(number), value.isFinite else { return nil }
        return value * scale
    }

    private static func unitScale(_ unit: Character) -> Double? {
        switch unit {
        case "s": return 1
        case "m": return 60
        case "h": return 3600
        default: return nil
        }
    }
}
