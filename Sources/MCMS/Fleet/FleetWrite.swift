import FieldOpsCore
import FoundationEssentials

/// A write given `--profiles` (or `--all-profiles`): never fanned out on a guess.
///
/// Every target is first looked for on every appliance of the set (ONU ids by one projected
/// query per appliance, an OLT by its MAC or name). The write goes ahead only when each target
/// is on exactly one appliance: one missing everywhere is "not found" (exit 1), one on several
/// appliances is refused (exit 2) with the command to run on each, and an appliance that cannot
/// be read refuses the whole write (it may hold a target). Then the command runs on each
/// appliance holding targets, as `-p PROFILE` with only that appliance's ids; over several
/// appliances the confirmation first names each appliance with its count, and a write that
/// fails on one still runs on the others (exit 5).
enum FleetWrite {
    static let profilesOption = OptionSpec(
        "profiles", value: .dynamic(.profile), valueName: "PATTERN",
        help:
            "Find the targets on these profiles' appliances (names, globs, @SET) and write each where it is: refused unless every id is on exactly one.",
        repeatable: true)
    static let allProfilesOption = OptionSpec.flag("all-profiles", help: "As --profiles, over every MCMS profile.")
    static let specs = [profilesOption, allProfilesOption]

    /// What the command writes to.
    enum Kind: Sendable {
        /// ONUs: the `ID` argument, or `--ids`, `--ids-from`, `--olt`.
        case onu
        /// One OLT: the `MAC` argument.
        case olt
    }

    /// The command's spec with `--profiles`/`--all-profiles`, run through `run` when given.
    /// - Parameters:
    ///   - several: the write may go to several appliances (else all targets must be on one:
    ///     a rollout runs on one appliance, with its canary and report).
    ///   - verb: the confirmation's verb (`reset`).
    static func spec<Command: FieldOpsCommand>(_ command: Command.Type, kind: Kind, several: Bool, verb: String) -> CommandSpec {
        var spec = Command.spec
        spec.options += specs
        spec.discussion +=
            (spec.discussion.isEmpty ? "" : " ")
            + "With --profiles or --all-profiles each target is first found on the appliances of those profiles; the write goes ahead only when each is on exactly one"
            + (several ? ", and the confirmation names each appliance with its count." : " and all are on the same appliance.")
        spec.action = { context in
            if try await run(Command.self, context, kind: kind, several: several, verb: verb) { return }
            try await Command(context.invocation).run(context)
        }
        return spec
    }

    /// What was chosen on the command line: ids, or an OLT (by MAC or name).
    fileprivate enum Targets {
        case onus([String], viaArgument: Bool)
        case onusOfOLT(String)
        case olt(String)
    }

    /// False when the command line names no profile set (the command runs as always).
    static func run<Command: FieldOpsCommand>(
        _ command: Command.Type, _ context: CommandContext, kind: Kind, several: Bool, verb: String
    ) async throws -> Bool {
        guard let appliances = try Appliances.selected(context) else { return false }
        let invocation = context.invocation
        // The command checks its own options first, as without --profiles.
        _ = try Command(invocation)
        let targets = try self.targets(invocation, kind: kind, context: context)
        let outcomes = await appliances.each(context) { connection in try await holds(targets, connection: connection) }
        let failed = outcomes.failed
        if !failed.isEmpty {
            throw FieldOpsError(
                "cannot tell where the targets are: \(Noun.count(failed.count, "appliance")) of \(appliances.profiles.count) could not be read (\(failed.map(\.profile).joined(separator: ", ")))",
                details: ["a write goes only where each target is known to be, on exactly one appliance"],
                hint: "retry when every appliance answers, or name the appliance: "
                    + rerun(invocation, profile: appliances.profiles[0].name, ids: nil),
                exitCode: .network)
        }
        // Which appliances hold each target, in profile order.
        let holders = outcomes.answered.reduce(into: [String: [String]]()) { holders, answer in
            for id in answer.value { holders[id, default: []].append(answer.profile) }
        }
        let wanted = targets.ids
        let names = appliances.profiles.map(\.name).joined(separator: ", ")
        let missing = wanted.filter { holders[$0] == nil }
        if !missing.isEmpty {
            throw FieldOpsError(
                "no \(targets.noun) \(missing.prefix(5).joined(separator: ", "))\(missing.count > 5 ? " and \(missing.count - 5) more" : "") on any of the \(appliances.profiles.count) appliances asked (\(names))",
                hint: "find it: fieldops mcms onu find \(ShellQuote.word(missing[0]))", exitCode: .failure)
        }
        if let ambiguous = wanted.first(where: { (holders[$0]?.count ?? 0) > 1 }), let places = holders[ambiguous] {
            let count = wanted.filter { (holders[$0]?.count ?? 0) > 1 }.count
            throw FieldOpsError(
                "\(targets.noun) \(ambiguous) is on \(places.count) appliances (\(places.joined(separator: ", "))): refusing to guess which is meant"
                    + (count > 1 ? " (\(count) targets are on several)" : ""),
                details: places.map { "on \($0): " + rerun(invocation, profile: $0, ids: nil) },
                hint: "name the appliance: " + rerun(invocation, profile: places[0], ids: nil), exitCode: .usage)
        }
        // Each appliance with its targets, in profile order.
        let groups = appliances.profiles.map(\.name).compactMap { profile -> (profile: String, ids: [String])? in
            let ids = wanted.filter { holders[$0]?.first == profile }
            return ids.isEmpty ? nil : (profile, ids)
        }
        if groups.count > 1, !several {
            throw FieldOpsError(
                "the targets are on \(groups.count) appliances (\(groups.map { "\($0.profile): \($0.ids.count)" }.joined(separator: ", "))); this write runs on one appliance at a time",
                details: groups.map { "on \($0.profile): " + rerun(invocation, profile: $0.profile, ids: $0.ids) },
                hint: "run it on each appliance: " + rerun(invocation, profile: groups[0].profile, ids: groups[0].ids),
                exitCode: .usage)
        }
        let total = groups.reduce(0) { $0 + $1.ids.count }
        if groups.count > 1 {
            try context.prompter.confirm(
                "\(verb) \(Noun.count(total, targets.noun)) on \(groups.count) appliances ("
                    + groups.map { "\($0.profile): \($0.ids.count)" }.joined(separator: ", ") + ")",
                typing: String(total),
                consequence: "each appliance's \(Noun.form(2, targets.noun)) are written there, one appliance after another")
        } else if let only = groups.first {
            context.output.note("\(targets.describe(only.ids)) \(only.ids.count == 1 ? "is" : "are") on profile \(only.profile)")
        }
        var failures: [(profile: String, error: any Error)] = []
        for group in groups {
            if groups.count > 1 { context.output.note("profile \(group.profile): \(Noun.count(group.ids.count, targets.noun))") }
            let derived = narrowed(invocation, profile: group.profile, targets: targets, ids: group.ids, confirmed: groups.count > 1)
            let sub = CommandContext(
                invocation: derived, environment: context.environment, stdout: context.output.stdout, stderr: context.output.stderr,
                stdin: context.stdin, backends: context.backends)
            if let error = await attempt(Command.self, derived, sub) {
                // Over several appliances, one that fails does not stop the others.
                guard groups.count > 1, !(error is CancellationError) else { throw error }
                context.output.stderr.write(
                    ErrorReporter.render(error, color: context.output.terminal.colorEnabled, profile: group.profile).text)
                failures.append((group.profile, error))
            }
        }
        if !failures.isEmpty {
            throw FieldOpsError(
                "the write failed on \(Noun.count(failures.count, "appliance")) of \(groups.count) (\(failures.map(\.profile).joined(separator: ", "))); the others were written",
                hint: "fix the cause and run it again there: " + rerun(invocation, profile: failures[0].profile, ids: nil),
                exitCode: .partialFailure)
        }
        return true
    }

    /// Runs the command; its error, or nil.
    private static func attempt<Command: FieldOpsCommand>(
        _ command: Command.Type, _ invocation: Invocation, _ context: CommandContext
    ) async -> (any Error)? {
        do {
            try await Command(invocation).run(context)
            return nil
        } catch {
            return error
        }
    }

    /// The targets the command line names, read once (a file or stdin of ids is read here, and
    /// each appliance's run gets its ids as `--ids`).
    private static func targets(_ invocation: Invocation, kind: Kind, context: CommandContext) throws -> Targets {
        switch kind {
        case .olt:
            return .olt(DeviceID.olt(try invocation.required("MAC")))
        case .onu:
            if invocation.declares("ID"), let id = invocation.value("ID") { return .onus([DeviceID.onu(id)], viaArgument: true) }
            switch try ONUSelection(invocation).source {
            case .ids(let list):
                return .onus(unique(list.split(separator: ",").map { DeviceID.onu($0.trimmingSpaces()) }), viaArgument: false)
            case .file(let path):
                return .onus(unique(try ONUSelection.ids(inFile: path, context: context).map(DeviceID.onu)), viaArgument: false)
            case .olt(let word):
                return .onusOfOLT(word)
            case nil:
                if invocation.value("resume") != nil {
                    throw FieldOpsError.usage(
                        "--resume continues a rollout on the appliance it ran on: name it with -p, not --profiles",
                        hint:
                            "see the report's profile, then: fieldops -p PROFILE mcms onu firmware-bulk --resume \(invocation.value("resume") ?? "FILE")"
                    )
                }
                throw FieldOpsError.usage(ONUSelection.choiceError)
            }
        }
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        let kept = ids.filter { !$0.isEmpty && seen.insert($0).inserted }
        return kept
    }

    /// The targets the appliance holds.
    @Sendable private static func holds(_ targets: Targets, connection: MCMSConnection) async throws -> [String] {
        let repository = connection.repository
        switch targets {
        case .onus(let ids, _):
            // One query by id for all of them, a thousand at a time.
            let chunks = stride(from: 0, to: ids.count, by: 1000).map { Array(ids[$0..<min(ids.count, $0 + 1000)]) }
            var held: [String] = []
            for chunk in chunks { held.append(contentsOf: try await repository.onuNames(ids: chunk).keys) }
            return held
        case .onusOfOLT(let word), .olt(let word):
            let olts = try await repository.oltNames()
            return try names(word, among: olts, profile: connection.profile.name) ? [word] : []
        }
    }

    /// True when `word` names one of `olts`; "no such OLT" is false, a word of several is an error.
    private static func names(_ word: String, among olts: [String: String], profile: String) throws -> Bool {
        do {
            _ = try OLTSelector(word, profile: profile).resolve(olts: olts)
            return true
        } catch  where error.exitCode == .failure {
            return false
        }
    }

    /// The command line for one appliance: `-p PROFILE`, no profile set, and its ids only.
    private static func narrowed(_ invocation: Invocation, profile: String, targets: Targets, ids: [String], confirmed: Bool) -> Invocation
    {
        var derived = invocation
        for name in ["profiles", "all-profiles", "max-parallel"] {
            derived.values[name] = nil
            derived.flags.remove(name)
        }
        derived.values["profile"] = [profile]
        if case .onus(_, let viaArgument) = targets {
            if viaArgument, ids.count == 1 {
                derived.values["ID"] = ids
            } else {
                derived.values["ID"] = nil
                derived.values["ids-from"] = nil
                derived.values["olt"] = nil
                derived.values["ids"] = [ids.joined(separator: ",")]
            }
        }
        if confirmed { derived.flags.insert("yes") }
        return derived
    }

    /// The command line again as a person would type it for one appliance (a hint).
    private static func rerun(_ invocation: Invocation, profile: String, ids: [String]?) -> String {
        var words = ["fieldops", "-p", profile]
        var skip = false
        var idsGiven = false
        for word in invocation.words {
            if skip {
                skip = false
                continue
            }
            if ["--profiles", "--max-parallel"].contains(word) {
                skip = true
                continue
            }
            if word == "--all-profiles" || word.hasPrefix("--profiles=") || word.hasPrefix("--max-parallel=") { continue }
            if let ids, ["--ids", "--ids-from"].contains(word) {
                skip = true
                if !idsGiven { words += ["--ids", ids.joined(separator: ",")] }
                idsGiven = true
                continue
            }
            words.append(word)
        }
        return words.map(ShellQuote.word).joined(separator: " ")
    }
}

extension FleetWrite.Targets {
    /// The ids the appliances are asked for (an OLT's word stands for the OLT).
    fileprivate var ids: [String] {
        switch self {
        case .onus(let ids, _): return ids
        case .onusOfOLT(let word), .olt(let word): return [word]
        }
    }

    fileprivate var noun: String {
        switch self {
        case .onus: return "ONU"
        case .onusOfOLT, .olt: return "OLT"
        }
    }

    /// `ONU ALPH0067dba8`, `3 ONUs`, `OLT 70:b3:d5:52:31:27`.
    fileprivate func describe(_ ids: [String]) -> String {
        ids.count == 1 ? "\(noun) \(ids[0])" : Noun.count(ids.count, noun)
    }
}
