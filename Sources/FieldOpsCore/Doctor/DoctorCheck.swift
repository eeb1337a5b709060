/// One line of `fieldops doctor`: what was checked, what was found, and for a problem the fix.
public struct DoctorCheck: Sendable, Equatable, Encodable {
    public enum Status: String, Sendable, Equatable, Encodable, Comparable {
        case ok, warning, failure

        /// ✓, ! or ✗.
        public var mark: String {
            switch self {
            case .ok: "✓"
            case .warning: "!"
            case .failure: "✗"
            }
        }

        private var rank: Int {
            switch self {
            case .ok: 0
            case .warning: 1
            case .failure: 2
            }
        }

        public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rank < rhs.rank }
    }

    /// The group it belongs to: `configuration`, `keyring`, `profile site-a`, `install`.
    public var section: String
    /// A short name within the group (`mode`, `TLS`, `server clock`).
    public var name: String
    public var status: Status
    /// What was found, one line.
    public var detail: String
    /// For a warning or a failure: what to do about it, one line a person can act on.
    public var fix: String?

    public init(_ section: String, _ name: String, _ status: Status, _ detail: String, fix: String? = nil) {
        self.section = section
        self.name = name
        self.status = status
        self.detail = detail
        self.fix = status == .ok ? nil : fix
    }

    public static func ok(_ section: String, _ name: String, _ detail: String) -> DoctorCheck {
        DoctorCheck(section, name, .ok, detail)
    }

    public static func warning(_ section: String, _ name: String, _ detail: String, fix: String?) -> DoctorCheck {
        DoctorCheck(section, name, .warning, detail, fix: fix)
    }

    public static func failure(_ section: String, _ name: String, _ detail: String, fix: String?) -> DoctorCheck {
        DoctorCheck(section, name, .failure, detail, fix: fix)
    }
}

/// Every check of one `fieldops doctor` run, in the order they ran.
public struct DoctorReport: Sendable, Encodable {
    public var checks: [DoctorCheck]

    public init(checks: [DoctorCheck] = []) {
        self.checks = checks
    }

    /// The worst status found: any failure exits 1; warnings alone exit 0.
    public var worst: DoctorCheck.Status { checks.map(\.status).max() ?? .ok }

    public var exitCode: ExitCode { worst == .failure ? .failure : .ok }

    struct Summary: Encodable {
        var ok: Int
        var warnings: Int
        var failures: Int
    }

    var summary: Summary {
        Summary(
            ok: checks.filter { $0.status == .ok }.count,
            warnings: checks.filter { $0.status == .warning }.count,
            failures: checks.filter { $0.status == .failure }.count)
    }

    enum CodingKeys: String, CodingKey { case checks, summary }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checks, forKey: .checks)
        try container.encode(summary, forKey: .summary)
    }

    /// One heading per section, a line per check (`✓ mode: 0600`), the fix under a problem.
    public func render(color: Bool) -> String {
        var out = ""
        var section: String?
        for check in checks {
            if check.section != section {
                if section != nil { out += "\n" }
                out += Style.bold.apply(check.section, enabled: color) + "\n"
                section = check.section
            }
            let style: Style = check.status == .ok ? .green : check.status == .warning ? .yellow : .red
            out += "  " + style.apply(check.status.mark, enabled: color) + " \(check.name): \(check.detail)\n"
            if let fix = check.fix { out += "      fix: \(fix)\n" }
        }
        let summary = summary
        out +=
            "\n\(summary.ok) ok, \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"), "
            + "\(summary.failures) failure\(summary.failures == 1 ? "" : "s")\n"
        return out
    }
}

extension DoctorCheck {
    /// The `credentials` line of a profile from the outcome of one authenticated request: what
    /// was accepted, or why not, in the same words for every backend.
    public static func credentials(profile: Profile, _ request: () async throws -> String) async -> DoctorCheck {
        let outcome: Result<String, any Error>
        do {
            outcome = .success(try await request())
        } catch {
            outcome = .failure(error)
        }
        let section = "profile \(profile.name)"
        let login = "log in again: fieldops -p \(profile.name) auth login"
        switch outcome {
        case .success(let detail):
            return .ok(section, "credentials", "accepted (\(detail))")
        case .failure(let error):
            let reported = error as? any UserFacingError
            let summary = error.summaryText
            switch reported?.exitCode {
            case .notAuthenticated?:
                return .failure(section, "credentials", "not accepted: \(summary)", fix: login)
            default:
                return .failure(section, "credentials", "the check failed: \(summary)", fix: reported?.hint)
            }
        }
    }
}
