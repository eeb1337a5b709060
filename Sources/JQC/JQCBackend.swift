import FieldOpsCore
import FoundationEssentials

/// The JanitorialQC backend: `fieldops jqc …`, its login flow, `auth status` facts and the
/// dynamic completion of cached facility and template ids.
public struct JQCBackend: Backend {
    public init() {}

    public var name: String { "jqc" }
    public var summary: String { "JanitorialQC facility inspections, offline-first." }

    public func commands() -> CommandSpec { JQCCommands.spec }

    public var profileKeys: [ProfileKey] {
        [
            ProfileKey(
                ServerZone.key, kind: .string,
                help:
                    "The IANA time zone of the server's zone-less time stamps (default UTC; the public JQC server runs on America/New_York)."
            )
        ]
    }

    public func login(_ context: CommandContext, profile: Profile, credentials: any LoginCredentials) async throws -> LoginResult {
        try await JQCLogin.login(context, profile: profile, credentials: credentials)
    }

    public func apiTransport(_ context: CommandContext, profile: Profile) throws -> any APITransport {
        JQCAPITransport(client: try JQCClient(context: context, profile: profile))
    }

    public func logout(_ context: CommandContext, profile: Profile) async -> LogoutOutcome {
        await JQCLogin.logout(context, profile: profile)
    }

    public func statusFacts(profile: Profile, entry: KeyringEntry?) -> [(label: String, value: String)] {
        JQCLogin.statusFacts(entry: entry, now: Date())
    }

    /// Completion sources: `facility`, `template`, `area` (cached reference data; areas of the
    /// `--facility` already typed) and `outbox` (failed local ids, for `jqc retry`). Local data
    /// only; no store, no candidates.
    public func completions(
        for source: CompletionSource, profile: Profile, paths: ConfigPaths, partial: Invocation, prefix: String
    ) -> [CompletionCandidate] {
        guard let store = JQCStore.existing(directory: paths.dataDirectory(for: profile.name)) else { return [] }
        let pairs: [(String, String)]
        switch source {
        case JQCCompletion.facility:
            pairs = ((try? store.completionPairs("facilities")) ?? []).map { (String($0.0), $0.1) }
        case JQCCompletion.template:
            pairs = ((try? store.completionPairs("templates")) ?? []).map { (String($0.0), $0.1) }
        case JQCCompletion.area:
            // After `--facility N`, only that facility's areas: another's would be refused.
            let facility = partial.values["facility"]?.last.flatMap { Int64($0) }
            pairs =
                ((try? store.read { database in
                    try database.query(
                        facility == nil
                            ? "SELECT id, name FROM areas ORDER BY id" : "SELECT id, name FROM areas WHERE facility_id = ? ORDER BY id",
                        facility.map { [$0] as StatementArguments } ?? []
                    ).map {
                        (String(try $0.decode("id", as: Int.self)), try $0.decode("name", as: String.self))
                    }
                }) ?? [])
        case JQCCompletion.failed:
            pairs = ((try? store.failures()) ?? []).map { ($0.localID, "\($0.kind.rawValue): \($0.error ?? "failed")") }
        default:
            return JQCCompletion.workflowCandidates(source, store: store, prefix: prefix) ?? []
        }
        return pairs.filter { $0.0.hasPrefix(prefix) }.map { CompletionCandidate($0.0, description: $0.1) }
    }

    /// The store (read-only: quick_check, schema, WAL) with what waits to be sent or failed,
    /// and the photo copies beside it.
    public func doctorChecks(profile: Profile, paths: ConfigPaths) -> [DoctorCheck] {
        let directory = paths.dataDirectory(for: profile.name)
        let section = "profile \(profile.name)"
        return StoreDiagnosis.check(
            path: directory + "/" + JQCStore.fileName, name: "store", migrator: JQCSchema.migrator, section: section
        ) { database in
            let pending = try JQCStore.counts(.pending, in: database)
            let failed = try JQCStore.counts(.failed, in: database)
            func text(_ counts: JQCStore.KindCounts) -> String {
                "\(counts.inspections) inspection\(counts.inspections == 1 ? "" : "s"), \(counts.issues) issue\(counts.issues == 1 ? "" : "s"), \(counts.photos) photo\(counts.photos == 1 ? "" : "s")"
                    + (counts.statusChanges > 0 ? ", \(counts.statusChanges) status change\(counts.statusChanges == 1 ? "" : "s")" : "")
            }
            var checks = [DoctorCheck.ok(section, "outbox", pending.total > 0 ? "pending: \(text(pending))" : "nothing waiting to be sent")]
            checks.append(Self.timeZoneCheck(profile: profile, section: section, observed: try JQCStore.serverOffset(in: database)))
            if failed.total > 0 {
                checks.append(
                    .warning(
                        section, "failed", "\(text(failed)) failed to send",
                        fix:
                            "see why (fieldops -p \(profile.name) jqc status), then re-queue them: fieldops -p \(profile.name) jqc retry --all-failed"
                    ))
            }
            return checks
        }
    }

    /// The profile's `time_zone` against the offset the server's own stamps showed in a sync.
    static func timeZoneCheck(profile: Profile, section: String, observed: SyncReport.ObservedOffset?) -> DoctorCheck {
        let zone: ServerZone
        do {
            zone = try ServerZone(profile: profile)
        } catch {
            let failure = error as? FieldOpsError
            return .failure(section, "server time zone", error.summaryText, fix: failure?.hint ?? "")
        }
        guard let observed else {
            return .ok(
                section, "server time zone", "\(zone.name) (not checked yet: a sync that creates an issue shows the server's offset)")
        }
        if let disagreement = zone.disagreement(with: observed, profile: profile) {
            return .warning(section, "server time zone", disagreement.problem, fix: disagreement.fix)
        }
        return .ok(
            section, "server time zone", "\(zone.name), as the server's own stamps show (UTC\(ServerZone.offsetText(observed.seconds)))")
    }

    /// `GET /auth/me` with the stored token, refreshed once on a 401 as every JQC command does.
    public func checkCredentials(_ context: CommandContext, profile: Profile) async -> DoctorCheck {
        await DoctorCheck.credentials(profile: profile) {
            let user = try await JQCClient(context: context, profile: profile).call(JQCEndpoint.me, as: MeResponse.self).user
            return "\(user.username), \(user.role)"
        }
    }

    /// Logout forgets the notification cursor, so the next account starts from its own unread
    /// notices. Work and reference data stay. Never throws: a store that is busy or damaged
    /// must not keep the credentials from being removed.
    public func forget(profile: Profile, paths: ConfigPaths) throws {
        try? JQCStore.existing(directory: paths.dataDirectory(for: profile.name))?.resetNotificationCursor()
    }
}

/// The dynamic completion sources JQC answers for.
public enum JQCCompletion {
    public static let facility = CompletionSource("facility")
    public static let template = CompletionSource("template")
    public static let area = CompletionSource("area")
    public static let failed = CompletionSource("failed")
}
