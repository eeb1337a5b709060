import FieldOpsCore
import FoundationEssentials

/// `mcms record install [--every 5m] [--keep 90d]`: a systemd user timer per profile that runs
/// `mcms record --once` at every multiple of `--every` (no root, no process between samples).
struct RecordInstallCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "install",
        abstract: "Record in the background: a systemd user timer per profile runs record --once every 5 minutes.",
        discussion: """
            Writes fieldops-mcms-record-PROFILE.service and .timer into $XDG_CONFIG_HOME/systemd/user/ for the profile \
            (-p), or for each profile of --profiles or --all-profiles, and, when a user service manager is reachable, \
            reloads it and enables and starts each timer; otherwise prints the exact commands. The timer fires at every \
            multiple of --every on the clock. Its log: journalctl --user -u fieldops-mcms-record-PROFILE. For samples \
            while logged out: loginctl enable-linger.
            """,
        examples: ["fieldops -p lab-pon mcms record install", "fieldops mcms record install --every 15m --all-profiles"],
        options: [
            OptionSpec(
                "every", value: .duration, valueName: "DURATION",
                help: "Sample at every multiple of DURATION (default \(RecordCommand.defaultEvery))."),
            OptionSpec(
                "keep", value: .duration, valueName: "DURATION",
                help: "Drop history older than DURATION (default \(RecordCommand.defaultKeep))."),
            Appliances.profilesOption, Appliances.allProfilesOption,
        ])

    let every: String
    let keep: String

    init(_ invocation: Invocation) throws {
        // Checked as the recorder checks them, so the timer never runs a refused command.
        _ = try RecordCommand.schedule(invocation)
        every = invocation.value("every") ?? RecordCommand.defaultEvery
        keep = invocation.value("keep") ?? RecordCommand.defaultKeep
    }

    func run(_ context: CommandContext) async throws {
        let profiles = try RecordUnits.profiles(context)
        let executable = UserUnits.executable()
        let seconds = Int((DurationText.seconds(every) ?? 300).rounded())
        var commands: [[String]] = [["daemon-reload"]]
        for profile in profiles {
            let units = RecordUnits(profile: profile.name)
            let paths = try UserUnits.write(
                [
                    (units.service, units.serviceText(executable: executable, keep: keep, timeout: seconds)),
                    (units.timer, units.timerText(everySeconds: seconds, every: every)),
                ], context: context)
            for path in paths { context.output.stdout.line("wrote \(path)") }
            commands.append(["enable", "--now", units.timer])
        }
        let timers = profiles.map { RecordUnits(profile: $0.name).timer }
        UserUnits.apply(
            commands,
            done:
                "enabled and started \(timers.joined(separator: ", ")); see them with: systemctl --user list-timers 'fieldops-mcms-record-*'",
            context: context)
    }
}

/// `mcms record uninstall`: the profile's timer stopped and disabled, its units removed.
struct RecordUninstallCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "uninstall", abstract: "Stop the background recorder of the profile and remove its timer and service (the history stays).",
        examples: ["fieldops -p lab-pon mcms record uninstall", "fieldops mcms record uninstall --all-profiles"],
        options: [Appliances.profilesOption, Appliances.allProfilesOption])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let directory = UserUnits.directory(context)
        for profile in try RecordUnits.profiles(context) {
            let units = RecordUnits(profile: profile.name)
            let failure = UserUnits.systemctl([["disable", "--now", units.timer]], context: context)
            try? FileManager.default.removeItem(atPath: directory + "/timers.target.wants/" + units.timer)
            for name in [units.timer, units.service] where FileManager.default.fileExists(atPath: directory + "/" + name) {
                try FileManager.default.removeItem(atPath: directory + "/" + name)
                context.output.stdout.line("removed \(directory)/\(name)")
            }
            if let failure {
                context.output.stdout.line(
                    "no user service manager answered (\(failure)); where one runs: systemctl --user disable --now \(units.timer) && systemctl --user daemon-reload"
                )
            } else {
                context.output.stdout.line("stopped and disabled \(units.timer); the history stays in place")
            }
        }
        _ = UserUnits.systemctl([["daemon-reload"]], context: context)
    }
}

/// The two units of one profile's recorder.
struct RecordUnits {
    let profile: String

    var service: String { "fieldops-mcms-record-\(profile).service" }
    var timer: String { "fieldops-mcms-record-\(profile).timer" }

    /// `-p`, or the profiles of `--profiles`/`--all-profiles`.
    static func profiles(_ context: CommandContext) throws -> [Profile] {
        let invocation = context.invocation
        let patterns = invocation.all(Appliances.profilesOption.long)
        if invocation.flag(Appliances.allProfilesOption.long) || !patterns.isEmpty {
            return try context.profiles(
                backend: "mcms", patterns: patterns, all: invocation.flag(Appliances.allProfilesOption.long))
        }
        return [try context.profile(backend: "mcms")]
    }

    func serviceText(executable: String, keep: String, timeout: Int) -> String {
        """
        # Written by `fieldops mcms record install`; `fieldops mcms record uninstall` removes it.
        [Unit]
        Description=fieldops MCMS history sample for profile \(profile)
        Documentation=man:fieldops-mcms-record(1)

        [Service]
        Type=oneshot
        ExecStart=\(Self.quoted(executable)) --profile \(profile) mcms record --once --keep \(keep)
        # A sample still running at the next tick is stopped; SIGTERM finishes the one in hand.
        TimeoutStartSec=\(max(60, timeout))
        KillSignal=SIGTERM

        """
    }

    /// At every multiple of the interval on the clock when it divides a minute, an hour or a
    /// day; else every interval after the last run.
    func timerText(everySeconds seconds: Int, every: String) -> String {
        let schedule: String
        if seconds < 60, 60 % seconds == 0 {
            schedule = "OnCalendar=*-*-* *:*:00/\(seconds)"
        } else if seconds % 60 == 0, 3_600 % seconds == 0 {
            schedule = "OnCalendar=*-*-* *:00/\(seconds / 60):00"
        } else if seconds % 3_600 == 0, 86_400 % seconds == 0 {
            schedule = "OnCalendar=*-*-* 00/\(seconds / 3_600):00:00"
        } else {
            schedule = "OnActiveSec=0\nOnUnitActiveSec=\(seconds)s"
        }
        return """
            # Written by `fieldops mcms record install`; `fieldops mcms record uninstall` removes it.
            [Unit]
            Description=fieldops MCMS recorder for profile \(profile), every \(every)

            [Timer]
            \(schedule)
            AccuracySec=1s
            Unit=\(service)

            [Install]
            WantedBy=timers.target

            """
    }

    /// A path as one word of `ExecStart=` (double-quoted when it holds a space or a quote).
    static func quoted(_ path: String) -> String {
        guard path.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" }) else { return path }
        return "\"" + path.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"") + "\""
    }
}
