import FoundationEssentials

/// `fieldops doctor`'s look at the installation: completion for the person's shell, the man
/// page, and any fieldops systemd user unit.
struct InstallChecks {
    let environment: [String: String]
    let paths: ConfigPaths
    let section = "install"

    func run() -> [DoctorCheck] {
        [completion(), manual()] + units()
    }

    private var home: String { paths.home }
    private var dataHome: String {
        environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
    }
    private var configHome: String {
        environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    }
    /// `$XDG_DATA_DIRS`, or the specification's default.
    private var dataDirectories: [String] {
        let value = environment["XDG_DATA_DIRS"] ?? ""
        let listed = value.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return listed.isEmpty ? ["/usr/local/share", "/usr/share"] : listed
    }

    func completion() -> DoctorCheck {
        let shell = (environment["SHELL"] ?? "").split(separator: "/").last.map(String.init) ?? ""
        let candidates: [String]
        let fix: String
        switch shell {
        case "bash":
            let user = environment["BASH_COMPLETION_USER_DIR"].map { $0 + "/completions" } ?? dataHome + "/bash-completion/completions"
            candidates =
                [user + "/fieldops"] + dataDirectories.map { $0 + "/bash-completion/completions/fieldops" }
                + ["/etc/bash_completion.d/fieldops"]
            fix =
                "install fieldops (`sudo make install` or the .deb), or run: mkdir -p \(user) && fieldops completion bash > \(user)/fieldops"
            if !FileSystem.exists("/usr/share/bash-completion/bash_completion"),
                let found = candidates.first(where: FileSystem.exists)
            {
                return .warning(
                    section, "completion", "bash: \(found) is installed but the bash-completion package that loads it is not",
                    fix: "sudo apt install bash-completion")
            }
        case "zsh":
            candidates = zshFunctionPath().map { $0 + "/_fieldops" }
            fix =
                "install fieldops (`sudo make install` or the .deb), or run: mkdir -p ~/.zfunc && fieldops completion zsh > ~/.zfunc/_fieldops, and put `fpath=(~/.zfunc $fpath)` before compinit in ~/.zshrc"
        case "fish":
            candidates =
                [configHome + "/fish/completions/fieldops.fish"]
                + dataDirectories.map { $0 + "/fish/vendor_completions.d/fieldops.fish" }
                + ["/etc/fish/completions/fieldops.fish"]
            fix =
                "install fieldops (`sudo make install` or the .deb), or run: fieldops completion fish > \(configHome)/fish/completions/fieldops.fish"
        default:
            return .ok(
                section, "completion",
                shell.isEmpty ? "no $SHELL: nothing to check" : "\(shell) has no fieldops completion (bash, zsh and fish do)")
        }
        if let found = candidates.first(where: FileSystem.exists) {
            return .ok(section, "completion", "\(shell): \(found)")
        }
        return .warning(section, "completion", "\(shell): no fieldops completion where \(shell) looks", fix: fix)
    }

    /// zsh's `$fpath` as a non-interactive zsh reports it, plus the directories people add.
    private func zshFunctionPath() -> [String] {
        var directories = [home + "/.zfunc", home + "/.zsh/completions"]
        if let output = Self.output(of: ["zsh", "-fc", "print -rl -- $fpath"], environment: environment) {
            directories += output.split(separator: "\n").map(String.init)
        } else {
            directories += ["/usr/local/share/zsh/site-functions", "/usr/share/zsh/vendor-completions"]
        }
        return directories
    }

    func manual() -> DoctorCheck {
        guard let found = Self.output(of: ["man", "-w", "fieldops"], environment: environment) else {
            return .warning(
                section, "man page", "`man fieldops` finds no page",
                fix: "install fieldops (the .deb, or sudo make install); from a checkout, write them to man/: make man")
        }
        return .ok(section, "man page", found.split(separator: "\n").first.map(String.init) ?? found)
    }

    /// Every installed systemd user unit named `fieldops*`, and whether it is running.
    func units() -> [DoctorCheck] {
        let directories = [
            configHome + "/systemd/user", "/etc/systemd/user", "/usr/local/lib/systemd/user",
            "/usr/lib/systemd/user", "/lib/systemd/user",
        ]
        var seen: Set<String> = []
        var checks: [DoctorCheck] = []
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() where name.hasPrefix("fieldops") && name.hasSuffix(".service") && seen.insert(name).inserted {
                if name.contains("@.") {
                    checks.append(
                        .ok(
                            section, "unit \(name)",
                            "installed in \(directory) (a template: one instance per profile, `systemctl --user enable --now \(name.replacingEvery("@.", with: "@PROFILE."))`)"
                        ))
                    continue
                }
                let state =
                    Self.output(of: ["systemctl", "--user", "is-active", name], environment: environment, acceptFailure: true)?
                    .trimmingWhitespace() ?? "unknown"
                if state == "active" {
                    checks.append(.ok(section, "unit \(name)", "installed in \(directory), running"))
                } else {
                    checks.append(
                        .warning(
                            section, "unit \(name)", "installed in \(directory), \(state.isEmpty ? "not running" : state)",
                            fix: "start it: systemctl --user enable --now \(name)"))
                }
            }
        }
        if checks.isEmpty { checks.append(.ok(section, "systemd units", "no fieldops user unit is installed")) }
        return checks
    }

    /// The standard output of a short command found on `PATH`, or nil when it fails or is absent.
    static func output(of arguments: [String], environment: [String: String], acceptFailure: Bool = false) -> String? {
        guard let result = ExternalTool.run(arguments, environment: environment), result.status == 0 || acceptFailure else { return nil }
        return result.stdout.trimmingWhitespace()
    }
}
