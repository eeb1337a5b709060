/// How listing commands render their results.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns with a header: the default on a terminal.
    case table
    /// Stable JSON on stdout for scripts (`--json` or `-o json`).
    case json
    /// Tab-separated values without a header or colour: the default when stdout is not a terminal.
    case plain

    /// `--json` wins, then `-o`, then table on a terminal and plain otherwise.
    public static func resolve(jsonFlag: Bool, output: String?, stdoutIsTerminal: Bool) -> OutputFormat {
        if jsonFlag { return .json }
        if let output, let format = OutputFormat(rawValue: output) { return format }
        return stdoutIsTerminal ? .table : .plain
    }
}
