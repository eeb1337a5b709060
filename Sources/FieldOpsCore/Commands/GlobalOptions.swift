/// The options every command accepts, anywhere on the line (DESIGN.md §6).
public enum GlobalOptions {
    public static let all: [OptionSpec] = [
        OptionSpec(
            "profile", short: "p", value: .dynamic(.profile), valueName: "NAME",
            help: "Use this profile (default: $FIELDOPS_PROFILE, then the backend's default from `profile use`, then its only profile)."),
        OptionSpec(
            "config", value: .file, valueName: "PATH",
            help: "Read configuration from PATH instead of $XDG_CONFIG_HOME/fieldops/config.yaml."),
        .flag("json", help: "Print stable JSON on stdout (same as --output json)."),
        OptionSpec(
            "output", short: "o", value: .choice(["table", "json", "plain", "csv", "ndjson"]), valueName: "FORMAT",
            help:
                "Output format: table (terminal default), plain (tab-separated; default when piped), json, ndjson (one record per line) or csv (RFC 4180, a header row, raw values)."
        ),
        OptionSpec(
            "fields", valueName: "A,B.C",
            help: "Print only these fields of each record, in this order (dotted paths into nested objects); for every output format."),
        .flag(
            "wide",
            help:
                "On a terminal, show every column of a table whole even when lines wrap (narrow terminals cut long cells with … and hide the columns that cannot fit; piped output is never cut)."
        ),
        .flag("no-color", help: "Never colour output (also: NO_COLOR=1)."),
        .flag("quiet", short: "q", help: "Print only results and errors."),
        .flag("verbose", short: "v", help: "Trace HTTP requests on stderr (secrets redacted)."),
        .flag("yes", short: "y", help: "Answer yes to confirmations (required off a terminal for destructive actions)."),
        OptionSpec(
            "timeout", value: .duration, valueName: "DURATION",
            help: "Time allowed for each HTTP request (e.g. 30s, 2m), overriding the profile."),
        .flag("help", short: "h", help: "Show help for the command."),
        .flag("version", help: "Print the version and exit."),
    ]
}
