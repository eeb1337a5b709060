import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc agent [--interval D] [--notify] [--exec CMD]`, and `agent install|uninstall`
/// for running it as a systemd user service (no root).
struct AgentCommand: FieldOpsCommand {
    static let unitTemplate = "fieldops-jqc-agent@.service"

    static let definition: CommandSpec = {
        var spec = CommandSpec(
            "agent", abstract: "Sync by itself: when the network returns, when work is queued, and periodically.",
            discussion: """
                Runs in the foreground until SIGTERM or Ctrl-C (it lets the requests in flight finish, records them, and exits 0). \
                It syncs at start; when rtnetlink reports a link up or an address or route added (no polling, no root); \
                when a command queues work (`inspect submit`, `issue flag`, `retry`, …, which poke it through a unix socket \
                in $XDG_RUNTIME_DIR); every --interval (with jitter); and after a failure with capped exponential backoff \
                (5 s doubling up to the interval, never sooner than a server's Retry-After). While the server is reachable \
                it polls notifications every 60 s. One agent runs per profile; a second names the first's PID. \
                Log lines go to stderr with timestamps (journald keeps them under `agent install`); `fieldops jqc status` \
                shows whether an agent runs and what it last did.
                """,
            examples: [
                "fieldops -p site-a jqc agent",
                "fieldops jqc agent --interval 10m --notify",
                "fieldops jqc agent --exec 'logger -t jqc \"$FIELDOPS_NOTIFICATION_TITLE\"'",
                "fieldops -p site-a jqc agent install",
            ],
            options: [
                OptionSpec(
                    "interval", value: .duration, valueName: "DURATION", help: "Sync at least this often (default 5m, at least 10s)."),
                .flag("notify", help: "Show each new notification on the desktop (notify-send)."),
                OptionSpec(
                    "exec", valueName: "CMD",
                    help: "Run CMD through /bin/sh for each new notification, its fields in FIELDOPS_NOTIFICATION_* variables."),
            ],
            subcommands: [AgentInstallCommand.spec, AgentUninstallCommand.spec])
        spec.handlesSignals = true
        return spec
    }()

    let options: JQCAgent.Options

    init(_ invocation: Invocation) throws {
        var options = JQCAgent.Options()
        if let text = invocation.value("interval") {
            guard let seconds = invocation.seconds("interval"), seconds.isFinite, (10...86_400).contains(seconds) else {
                throw FieldOpsError.usage("--interval must be a duration from 10s to 24h, not \(text)")
            }
            options.interval = seconds
        }
        options.notify = invocation.flag("notify")
        options.exec = invocation.value("exec")
        self.options = options
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        try await JQCAgent(context: context, profile: profile, store: store, options: options).run()
    }
}

// MARK: systemd user unit

/// `fieldops jqc agent install`: the agent as a systemd user service of the profile.
struct AgentInstallCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "install", abstract: "Run the agent as a systemd user service for the profile (no root).",
        discussion:
            "Writes \(AgentCommand.unitTemplate) into $XDG_CONFIG_HOME/systemd/user/ (one instance per profile) and, when a user service manager is reachable, reloads it and enables and starts the profile's instance; otherwise prints the exact commands. Its log: `journalctl --user -u fieldops-jqc-agent@PROFILE`.",
        examples: ["fieldops -p site-a jqc agent install"])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "jqc")
        let paths = try UserUnits.write(
            [(AgentCommand.unitTemplate, AgentCommand.unitText(executable: UserUnits.executable()))], context: context)
        for path in paths { context.output.stdout.line("wrote \(path)") }
        let instance = "fieldops-jqc-agent@\(profile.name).service"
        UserUnits.apply(
            [["daemon-reload"], ["enable", "--now", instance]],
            done: "enabled and started \(instance); its log: journalctl --user -u \(instance)", context: context)
    }
}

/// `fieldops jqc agent uninstall`: the profile's instance stopped and disabled.
struct AgentUninstallCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "uninstall", abstract: "Stop and disable the profile's agent service (the unit file goes with the last instance).",
        examples: ["fieldops -p site-a jqc agent uninstall"])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "jqc")
        let directory = UserUnits.directory(context)
        let path = directory + "/" + AgentCommand.unitTemplate
        let instance = "fieldops-jqc-agent@\(profile.name).service"
        let failure = UserUnits.systemctl([["disable", "--now", instance]], context: context)
        // `enable` links instances from default.target.wants; a stale link of this instance goes too.
        let wants = directory + "/default.target.wants"
        try? FileManager.default.removeItem(atPath: wants + "/" + instance)
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: wants)) ?? [])
            .filter { $0.hasPrefix("fieldops-jqc-agent@") }
        if others.isEmpty, FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
            context.output.stdout.line("removed \(path)")
        } else if !others.isEmpty {
            context.output.stdout.line("kept \(path): still used by " + others.joined(separator: ", "))
        }
        if let failure {
            context.output.stdout.line(
                "no user service manager answered (\(failure)); where one runs: systemctl --user disable --now \(instance) && systemctl --user daemon-reload"
            )
        } else {
            _ = UserUnits.systemctl([["daemon-reload"]], context: context)
            context.output.stdout.line("stopped and disabled \(instance)")
        }
    }
}

/// The unit file, shared by install and uninstall (`UserUnits` writes it and runs `systemctl`).
extension AgentCommand {
    /// The unit, running this very binary (so a `make install` to /usr/local and a .deb both work).
    static func unitText(executable: String) -> String {
        """
        # Written by `fieldops jqc agent install`; `fieldops jqc agent uninstall` removes it.
        [Unit]
        Description=fieldops JQC sync agent for profile %i
        Documentation=man:fieldops-jqc-agent(1)

        [Service]
        Type=simple
        ExecStart=\(executable) --profile %i jqc agent
        # SIGTERM: the agent lets the requests in flight finish, records them and exits 0.
        KillSignal=SIGTERM
        TimeoutStopSec=90
        Restart=on-failure
        RestartSec=30

        [Install]
        WantedBy=default.target

        """
    }
}
