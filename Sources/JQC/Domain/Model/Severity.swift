/// How serious a flagged issue is; ordered from `low` to `critical`.
public enum Severity: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case low
    case medium
    case high
    case critical

    /// The rank used for ordering (low = 0).
    public var rank: Int { Severity.allCases.firstIndex(of: self) ?? 0 }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }

    /// The label for a table ("Critical").
    /// Shown as it is written (`high`), as every severity, status and state is: lower case.
    public var label: String { rawValue }
}
