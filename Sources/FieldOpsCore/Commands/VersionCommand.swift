internal import CFieldOpsBuild
internal import CSQLite
internal import CSodium
internal import CYAML

/// The version of this build: what `git describe` said when it was built (`make build-info`),
/// or the release line in `VERSION` when it was built outside a git checkout.
public enum FieldOpsVersion {
    /// The release line; `VERSION` at the repository root says the same (a test keeps them equal).
    public static let base = "0.1.0"

    public static let current: String = {
        let described = String(cString: fieldops_build_describe())
        return described.isEmpty ? base : described
    }()

    /// The full commit hash the binary was built from, nil outside a git checkout.
    public static let commit: String? = {
        let commit = String(cString: fieldops_build_commit())
        return commit.isEmpty ? nil : commit
    }()
}

/// The libraries this process runs with, as they report their own versions (like `curl -V`).
struct LibraryVersions: Encodable {
    /// nil when libcurl cannot be loaded (it is loaded on first use); `error` says why.
    var libcurl: String?
    var tls: String?
    var sqlite: String
    var libyaml: String
    var libsodium: String
    /// The public-suffix list library, loaded on demand like libcurl; nil when absent.
    var libpsl: String?
    var libcurlError: String?

    enum CodingKeys: String, CodingKey {
        case libcurl, tls, sqlite, libyaml, libsodium, libpsl
        case libcurlError = "libcurl_error"
    }

    static func current() -> LibraryVersions {
        let curl = HTTPLibrary.versions()
        return LibraryVersions(
            libcurl: curl.libcurl, tls: curl.tls,
            sqlite: fieldops_sqlite_error().map { "not loaded (\(String(cString: $0)))" }
                ?? String(cString: fieldops_sqlite3_libversion()),
            libyaml: String(cString: yaml_get_version_string()),
            libsodium: fieldops_sodium_error().map { "not loaded (\(String(cString: $0)))" }
                ?? String(cString: fieldops_sodium_version_string()),
            libpsl: PublicSuffix.version,
            libcurlError: curl.error)
    }
}

/// `fieldops version` and `fieldops --version`.
struct VersionCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "version", abstract: "Print the version of fieldops, its commit and the libraries it runs with.",
        discussion:
            "The version is what `git describe` said when the binary was built; the library versions are those of the libraries loaded now, which is what a bug report needs.",
        examples: ["fieldops version", "fieldops version --json"])

    struct Report: Encodable {
        var version: String
        var commit: String?
        var libraries: LibraryVersions
    }

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        if context.output.format == .json {
            try context.output.emitJSON(Self.report())
        } else {
            context.output.stdout.write(Self.text())
        }
    }

    static func report() -> Report {
        Report(version: FieldOpsVersion.current, commit: FieldOpsVersion.commit, libraries: .current())
    }

    /// `fieldops 0.1.0-219-g1234abcd`, the commit, then one library per line.
    static func text() -> String {
        let report = report()
        let libraries = report.libraries
        var lines = ["fieldops \(report.version)"]
        lines.append("commit:    \(report.commit ?? "unknown (built outside a git checkout)")")
        if let curl = libraries.libcurl {
            lines.append("libcurl:   \(curl)" + (libraries.tls.map { $0.isEmpty ? "" : " (\($0))" } ?? ""))
        } else {
            lines.append("libcurl:   not loaded: \(libraries.libcurlError ?? "unknown reason")")
        }
        lines.append("SQLite:    \(libraries.sqlite)")
        lines.append("libyaml:   \(libraries.libyaml)")
        lines.append("libsodium: \(libraries.libsodium)")
        lines.append("libpsl:    \(libraries.libpsl ?? "not found (cookie domains checked by the two-label rule)")")
        return lines.joined(separator: "\n") + "\n"
    }
}
