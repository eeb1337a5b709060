/// What an empty listing prints, the same for every backend (as gh does): "no <things>" on
/// stderr when the output is the table a person reads, and nothing at all when piped — a
/// script sees an empty result, not a sentence to filter out. `--quiet` silences it too.
public enum EmptyListing {
    public static func say(_ message: String, format: OutputFormat, quiet: Bool, stderr: any TextStream) {
        guard format == .table, !quiet else { return }
        stderr.line(message)
    }
}
