extension Output {
    /// Writes `label  value` lines with the labels aligned (dim on a colour terminal), or
    /// `label<TAB>value` lines when the output is plain: the one facts renderer of every backend
    /// (`profile show`, `auth status`, JQC's facility, template and issue details).
    public func emit(facts: [(String, String)]) {
        if format == .plain {
            for (label, value) in facts { stdout.line("\(label)\t\(value)") }
            return
        }
        let width = facts.map(\.0.count).max() ?? 0
        for (label, value) in facts {
            let padded = label + String(repeating: " ", count: width - label.count)
            stdout.line(Style.dim.apply(padded, enabled: terminal.colorEnabled) + "  " + value)
        }
    }
}
