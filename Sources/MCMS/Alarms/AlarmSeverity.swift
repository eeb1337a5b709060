import FieldOpsCore

/// How MCMS alarm severities rank and look. MCMS spells them in capitals (`CRITICAL`); a
/// severity it does not document sorts after the known ones, alphabetically.
public enum AlarmSeverity {
    public static let known = ["CRITICAL", "MAJOR", "MINOR", "WARNING", "INFO"]

    /// Most severe first.
    public static func rank(_ severity: String) -> (Int, String) {
        let upper = severity.uppercased()
        return (known.firstIndex(of: upper) ?? known.count, upper)
    }

    /// Red for critical, yellow for major: the two a NOC acts on at once.
    public static func style(_ severity: String) -> Style? {
        switch severity.uppercased() {
        case "CRITICAL": .red
        case "MAJOR": .yellow
        default: nil
        }
    }
}

extension RegistrationState {
    /// Red for an ONU that lost power, yellow for one that dropped off its OLT.
    var style: Style? {
        switch self {
        case .dyingGasp: .red
        case .deregistered: .yellow
        default: nil
        }
    }
}
