/// Prints `label  value` lines with the labels aligned (dim on a colour terminal), or
/// `label<TAB>value` lines when the output is plain: the one facts renderer of every backend
/// (`profile show`, `auth status`, JQC's facility, template and issue details).
public func printFacts(_ facts: [(String, String)], to context: CommandContext) {
    if context.format == .plain {
        for (label, value) in facts { context.stdout.line("\(label)\t\(value)") }
        return
    }
    let width = facts.map(\.0.count).max() ?? 0
    for (label, value) in facts {
        let padded = label + String(repeating: " ", count: width - label.count)
        context.stdout.line(Style.dim.apply(padded, enabled: context.terminal.colorEnabled) + "  " + value)
    }
}
