import FieldOpsCore

/// The MCMS appliances one read asks at once: `--profiles PATTERN[,PATTERN…]` (profile names,
/// globs such as `'site-*'`, `@SET` of `profile_sets:`) or `--all-profiles`, at most
/// `--max-parallel` at a time, each with its own profile, session and credentials.
///
/// An appliance that is down, slow past its timeout or logged out is one line on stderr naming
/// its profile, as soon as it failed; the others' records are printed all the same, and the
/// command then exits 5 (partial) — 4 only when none could be read (`Outcomes.conclude`).
struct Appliances: Sendable {
    static let profilesOption = OptionSpec(
        "profiles", value: .dynamic(.profile), valueName: "PATTERN",
        help:
            "Ask these profiles' appliances at once and merge their output (a PROFILE column): names, globs ('site-*') or @SET of profile_sets, comma-separated or repeated.",
        repeatable: true)
    static let allProfilesOption = OptionSpec.flag(
        "all-profiles", help: "Ask every MCMS profile's appliance at once (as --profiles).")
    static let maxParallelOption = OptionSpec(
        "max-parallel", value: .integer(1...64), valueName: "N",
        help: "With --profiles or --all-profiles: ask at most N appliances at a time (default \(defaultParallel)).")
    /// The options of every MCMS read that can ask several appliances.
    static let readSpecs = [profilesOption, allProfilesOption, maxParallelOption]
    static let defaultParallel = 8

    let profiles: [Profile]
    let maxParallel: Int
    let reading: MCMSReadOptions

    /// The appliances the command line names; nil when it names none (`-p` or the default
    /// profile: the command reads one appliance, as always).
    /// - Parameter parallel: the default of `--max-parallel` (a lookup of one ONU is two small
    ///   requests per appliance: `onu find` asks more at once).
    static func selected(
        _ context: CommandContext, reading: MCMSReadOptions = MCMSReadOptions(), parallel: Int = defaultParallel
    ) throws -> Appliances? {
        let invocation = context.invocation
        guard invocation.declares(profilesOption.long) else { return nil }
        let patterns = invocation.all(profilesOption.long)
        let all = invocation.flag(allProfilesOption.long)
        // Writes take the set but ask their appliances one after another (`FleetWrite`).
        let maxParallel = invocation.declares(maxParallelOption.long) ? invocation.integer(maxParallelOption.long) : nil
        guard all || !patterns.isEmpty else {
            if maxParallel != nil {
                throw FieldOpsError.usage(
                    "--max-parallel applies to --profiles or --all-profiles",
                    hint: "see the usage: \((invocation.commandWords + ["--help"]).joined(separator: " "))")
            }
            return nil
        }
        if all, !patterns.isEmpty {
            throw FieldOpsError.usage(
                "--all-profiles and --profiles both name the appliances: give one of them",
                hint: "see the usage: \((invocation.commandWords + ["--help"]).joined(separator: " "))")
        }
        var reading = reading
        reading.fanOut = true
        return Appliances(
            profiles: try context.profiles(backend: "mcms", patterns: patterns, all: all),
            maxParallel: maxParallel ?? parallel, reading: reading)
    }

    /// Runs `body` against every appliance, at most `maxParallel` at once, and returns the
    /// outcomes in profile order. A failure is reported on stderr at once (one line naming the
    /// profile) unless `quiet` (a full-screen watch shows it in its frame instead); "not found"
    /// (exit 1) is an answer, not a failure, and is left to the command.
    func each<Value: Sendable>(
        _ context: CommandContext, quiet: Bool = false,
        _ body: @escaping @Sendable (MCMSConnection) async throws -> Value
    ) async -> Outcomes<Value> {
        let reading = self.reading
        var results = [Result<Value, any Error>?](repeating: nil, count: profiles.count)
        await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
            var next = 0
            func start() {
                let index = next
                let profile = profiles[index]
                next += 1
                group.addTask(executorPreference: MainThreadExecutor.current) {
                    do {
                        let connection = try MCMSConnection(context: context, profile: profile, reading: reading)
                        return (index, .success(try await body(connection)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while next < min(maxParallel, profiles.count) { start() }
            for await (index, result) in group {
                results[index] = result
                if !quiet, case .failure(let error) = result, !Outcomes<Value>.isAbsence(error) {
                    context.output.stderr.line(Outcomes<Value>.line(profile: profiles[index].name, error: error))
                }
                if next < profiles.count { start() }
            }
        }
        return Outcomes(
            entries: zip(profiles, results).map { profile, result in
                (profile.name, result ?? .failure(CancellationError()))
            })
    }
}

/// What each appliance of a read answered, in profile order.
struct Outcomes<Value: Sendable>: Sendable {
    var entries: [(profile: String, result: Result<Value, any Error>)]

    /// The appliances that answered, with their values.
    var answered: [(profile: String, value: Value)] {
        entries.compactMap { entry in
            if case .success(let value) = entry.result { return (entry.profile, value) }
            return nil
        }
    }

    /// The appliances that could not be read, with their errors ("not found" is not among them).
    var failed: [(profile: String, error: any Error)] {
        entries.compactMap { entry in
            if case .failure(let error) = entry.result, !Self.isAbsence(error) { return (entry.profile, error) }
            return nil
        }
    }

    /// The appliances that answered "not found" (exit 1), with their errors.
    var absent: [(profile: String, error: any Error)] {
        entries.compactMap { entry in
            if case .failure(let error) = entry.result, Self.isAbsence(error) { return (entry.profile, error) }
            return nil
        }
    }

    /// "Not found" on one appliance is an answer: the thing is on another, or on none.
    static func isAbsence(_ error: any Error) -> Bool {
        (error as? any UserFacingError)?.exitCode == .failure
    }

    /// `fieldops: profile site-b: cannot reach …`: an appliance's failure in one line.
    static func line(profile: String, error: any Error) -> String {
        let summary = (error as? any UserFacingError)?.summary ?? error.summaryText
        let named = summary.contains("profile \(profile)") ? summary : "profile \(profile): \(summary)"
        return "fieldops: " + named
    }

    /// After the output: nothing when every appliance answered; exit 5 when some could not be
    /// read (their lines are above); exit 4 when none could be; and when every appliance that
    /// answered said "not found", that (exit 1), naming how many were asked.
    func conclude(what: String) throws {
        let failed = self.failed
        if answered.isEmpty, failed.isEmpty, let first = absent.first {
            guard absent.count > 1, var error = first.error as? FieldOpsError else { throw first.error }
            error.summary = "\(what) is on none of the \(absent.count) appliances asked (\(absent.map(\.profile).joined(separator: ", ")))"
            throw error
        }
        guard !failed.isEmpty else { return }
        let names = failed.map(\.profile).joined(separator: ", ")
        if answered.isEmpty, absent.isEmpty {
            // The one error of one appliance says it best; several are summed up.
            if failed.count == 1 { throw failed[0].error }
            // Each one's line is above.
            throw FieldOpsError(
                "none of the \(failed.count) appliances could be read (\(names))", hint: Self.hint(failed), exitCode: .network)
        }
        throw FieldOpsError(
            "\(Noun.count(failed.count, "appliance")) of \(entries.count) could not be read (\(names)); the others' records are above",
            hint: Self.hint(failed), exitCode: .partialFailure)
    }

    /// The hint of the first failure that has one (logging in again, checking the address).
    private static func hint(_ failed: [(profile: String, error: any Error)]) -> String? {
        failed.lazy.compactMap { ($0.error as? any UserFacingError)?.hint }.first
    }
}
