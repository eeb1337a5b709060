import FieldOpsCore

/// `mcms alarms silence (ID|MAC|--olt MAC|--alarm NAME) --for 4h -m COMMENT`: records that the
/// alarms it matches are known — who, why, until when — in the profile's silences file.
struct AlarmSilenceCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "silence",
        abstract: "Mark matching alarms as known: who is on it, why, until when (listed apart, never notified).",
        discussion: """
            Matches a device (an ONU id or an OLT MAC), --olt MAC (the OLT and every ONU the local cache places under \
            it), --alarm NAME (that alarm on any device, e.g. "Loss of Signal"), or several at once (all must match). \
            The silence lasts --for (default 2h) from now or --start-at, and records your login and the comment \
            (-m, required). alarms, the dashboard and their watch views list and count silenced alarms apart \
            ("critical 3 (1 silenced)"); --until thresholds on a severity count only the alarms nobody silenced. \
            Silences live in the profile's silences_file (shared by engineers who point it at one file; updated \
            under a lock, merged by id), else beside the profile's stores. No request is sent.
            """,
        examples: [
            "fieldops mcms alarms silence ALPHe30cadcf --for 4h -m 'fibre crew on site'",
            "fieldops mcms alarms silence --olt 70:b3:d5:52:31:27 --alarm 'Loss of Signal' --for 1h -m 'splitter swap, ticket 4411'",
        ],
        options: [
            OptionSpec("olt", value: .dynamic(MCMSCommands.oltSource), valueName: "MAC", help: "The OLT and every ONU under it."),
            OptionSpec("alarm", valueName: "NAME", help: "Only alarms of this name (any case)."),
            OptionSpec("for", value: .duration, valueName: "DURATION", help: "How long (default 2h, at most a year)."),
            OptionSpec("start-at", valueName: "WHEN", help: "Start later: a time (2026-06-01T22:00) or a day."),
            OptionSpec("message", short: "m", valueName: "TEXT", help: "Why: who is on it, the ticket (required)."),
        ],
        arguments: [ArgumentSpec("DEVICE", help: "An ONU id or an OLT MAC.", value: .dynamic(MCMSCommands.onuSource), optional: true)])

    let device: String?
    let olt: String?
    let alarm: String?
    let duration: Int64
    let startAt: Int64?
    let comment: String

    init(_ invocation: Invocation) throws {
        let typed = invocation.value("DEVICE")
        device = typed.map { $0.contains(":") ? DeviceID.olt($0) : DeviceID.onu($0) }
        olt = invocation.value("olt").map(DeviceID.olt)
        alarm = invocation.value("alarm").map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        let hint = "see the usage: fieldops mcms alarms silence --help"
        guard device != nil || olt != nil || alarm != nil else {
            throw FieldOpsError.usage("say what to silence: a DEVICE, --olt MAC or --alarm NAME", hint: hint)
        }
        guard let message = invocation.value("message")?.trimmingWhitespace(), !message.isEmpty else {
            throw FieldOpsError.usage("a silence needs a comment: -m 'fibre crew on site'", hint: hint)
        }
        comment = message
        duration = Int64((invocation.seconds("for") ?? 7_200) * 1_000)
        guard duration >= 60_000 else { throw FieldOpsError.usage("--for must be at least 1m", hint: hint) }
        startAt = try invocation.value("start-at").map { text in
            try HistoryWindow.instant(invocation, "start-at", default: text, now: WallClock.nowMilliseconds)
        }
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "mcms")
        let file = SilenceFile.of(profile, context: context)
        let author = SilenceFile.author(profile, context: context)
        let now = WallClock.nowMilliseconds
        let starts = max(now, startAt ?? now)
        let silence = try file.update(now: now) { silences -> Silence in
            let silence = Silence(
                id: SilenceFile.newID(among: silences), device: device, olt: olt, alarm: alarm, author: author, comment: comment,
                profile: profile.name, createdAt: now, startsAt: starts, endsAt: starts + duration)
            silences.append(silence)
            return silence
        }
        if context.output.format == .json {
            context.output.emit(json: silence.json)
            return
        }
        context.output.stdout.line(
            "silenced \(silence.target) until \(Timestamp.localMinuteText(milliseconds: silence.endsAt))"
                + (starts > now ? " from \(Timestamp.localMinuteText(milliseconds: starts))" : "") + ": \(silence.id)")
        if !context.output.quiet {
            context.output.stderr.line(
                "end it early: fieldops -p \(ShellQuote.word(profile.name)) mcms alarms unsilence \(silence.id)")
        }
    }
}

/// `mcms alarms silences [--all]`: the silences in force (with `--all`, ended and future ones too).
struct AlarmSilencesCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "silences",
        abstract: "The alarm silences in force: what, who, why, until when.",
        discussion: "Reads the profile's silences file; --all adds those that ended (kept 30 days) and those not started yet.",
        examples: ["fieldops mcms alarms silences", "fieldops mcms alarms silences --all --json"],
        options: [.flag("all", help: "Also the silences that ended or have not started.")])

    let all: Bool

    init(_ invocation: Invocation) { all = invocation.flag("all") }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "mcms")
        let now = WallClock.nowMilliseconds
        let silences = try SilenceFile.of(profile, context: context).load()
            .filter { all || $0.isActive(at: now) }
            .sorted { ($0.endsAt, $0.id) < ($1.endsAt, $1.id) }
        let output = context.output
        if output.format == .json || output.structured.kind != .table {
            output.emit(records: .array(silences.map(\.json)))
            return
        }
        guard !silences.isEmpty else {
            output.sayEmpty(all ? "no silences on profile \(profile.name)" : "no silence in force on profile \(profile.name)")
            return
        }
        var table = Table(columns: [
            .init("ID", fit: .whole), .init("Matches"), .init("Author", fit: .optional(rank: 2)), .init("Comment"),
            .init("Until", fit: .whole), .init("State", fit: .optional(rank: 1)),
        ])
        for silence in silences {
            let state: String
            if let ended = silence.endedAt, ended < silence.endsAt {
                state = "ended by \(silence.endedBy ?? "?")"
            } else if silence.startsAt > now {
                state = "from " + Timestamp.localText(milliseconds: silence.startsAt, format: "%b %d %H:%M")
            } else if silence.endsAt <= now {
                state = "expired"
            } else {
                state = AlarmHistoryCommand.length(silence.endsAt - now) + " left"
            }
            table.append([
                silence.id, silence.target, silence.author, silence.comment,
                Timestamp.localText(milliseconds: min(silence.endedAt ?? silence.endsAt, silence.endsAt), format: "%b %d %H:%M"), state,
            ])
        }
        output.stdout.write(table.render(format: output.format, color: output.terminal.colorEnabled, fit: output.tableFit))
    }
}

/// `mcms alarms unsilence ID…`: ends silences early (they stay listed with `silences --all`).
struct AlarmUnsilenceCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "unsilence", abstract: "End alarm silences early.",
        examples: ["fieldops mcms alarms unsilence 3f9a01c2"],
        arguments: [ArgumentSpec("ID", help: "A silence id (mcms alarms silences).", variadic: true)])

    let ids: [String]

    init(_ invocation: Invocation) throws {
        ids = invocation.all("ID").map { $0.lowercased() }
        guard !ids.isEmpty else {
            throw FieldOpsError.usage(
                "missing argument ID for 'fieldops mcms alarms unsilence'", hint: "list them: fieldops mcms alarms silences")
        }
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "mcms")
        let file = SilenceFile.of(profile, context: context)
        let author = SilenceFile.author(profile, context: context)
        let now = WallClock.nowMilliseconds
        let ids = self.ids
        let (ended, unknown) = try file.update(now: now) { silences -> ([Silence], [String]) in
            var ended: [Silence] = []
            var unknown: [String] = []
            for id in ids {
                guard let index = silences.firstIndex(where: { $0.id == id }) else {
                    unknown.append(id)
                    continue
                }
                if silences[index].isActive(at: now) || silences[index].startsAt > now {
                    silences[index].endedAt = now
                    silences[index].endedBy = author
                }
                ended.append(silences[index])
            }
            return (ended, unknown)
        }
        for silence in ended { context.output.stdout.line("ended silence \(silence.id) of \(silence.target)") }
        if let first = unknown.first {
            throw FieldOpsError(
                "no silence \(first) on profile \(profile.name)"
                    + (unknown.count > 1 ? " (nor \(unknown.dropFirst().joined(separator: ", ")))" : ""),
                hint: "list them: fieldops -p \(ShellQuote.word(profile.name)) mcms alarms silences --all")
        }
    }
}
