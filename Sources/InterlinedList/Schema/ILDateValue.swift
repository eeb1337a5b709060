import FieldOpsCore

/// What `new Date(value)` makes of a date cell, for the date rules of `validateFormData`:
/// `2026-03-01` (midnight UTC, as JavaScript reads a date-only form), a full ISO 8601 instant,
/// `2026-03-01T09:30` without a zone (read as UTC here; JavaScript uses local time, which only
/// moves a min/max comparison by the machine's offset), or a number of milliseconds.
enum ILDateValue {
    static func seconds(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number):
            return number.double.map { $0 / 1_000 }
        case .string(let raw):
            let text = raw.trimmingSpaces()
            let bytes = Array(text.utf8)
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            if bytes.count == 10 { return Timestamp.milliseconds(text + "T00:00:00Z").map { Double($0) / 1_000 } }
            if bytes.count == 16 { return Timestamp.milliseconds(text + ":00Z").map { Double($0) / 1_000 } }
            if let millis = Timestamp.milliseconds(text) ?? Timestamp.milliseconds(text + "Z") { return Double(millis) / 1_000 }
            return nil
        default:
            return nil
        }
    }
}
