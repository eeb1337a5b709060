import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks of `fieldops doctor` that read only local files: configuration, keyring, caches.
enum LocalChecks {
    // MARK: Configuration

    /// Variables whose values are secrets: doctor says they are set, never what they hold.
    static let secretVariables = ProcessEnvironment.secretVariables

    static func configuration(_ result: Result<Configuration, any Error>, paths: ConfigPaths, environment: [String: String])
        -> [DoctorCheck]
    {
        let section = "configuration"
        var checks: [DoctorCheck] = []
        switch result {
        case .failure(let error):
            let reported = error as? any UserFacingError
            let detail = ([error.summaryText] + (reported?.details.prefix(2) ?? [])).joined(separator: " ")
            checks.append(.failure(section, "files", detail, fix: reported?.hint ?? "fix \(paths.configFile) and run doctor again"))
        case .success(let configuration):
            let others = configuration.files.count - (configuration.files.first == paths.configFile ? 1 : 0)
            let main = FileSystem.exists(paths.configFile) ? paths.configFile : "\(paths.configFile) (absent)"
            checks.append(.ok(section, "files", "\(main)" + (others > 0 ? " + \(others) in \(paths.profilesDirectory)" : "")))
            if configuration.profiles.isEmpty {
                checks.append(
                    .warning(
                        section, "profiles", "no profile is configured",
                        fix: "create one: fieldops profile add NAME --backend BACKEND --base-url URL"))
            }
            for profile in configuration.profiles {
                checks.append(.ok(section, "profile \(profile.name)", "\(profile.backend) at \(profile.baseURL) (\(profile.origin))"))
            }
            for (skipped, summary) in zip(configuration.skippedFiles, configuration.skippedFileSummaries) {
                checks.append(
                    .failure(
                        section, "skipped file", "\(summary): its profiles are not loaded (the others work)",
                        fix: skipped.error.hint ?? "fix \(skipped.path), or move it out of \(configuration.paths.profilesDirectory)"))
            }
            checks += defaults(configuration, environment: environment)
        }
        checks.append(variables(environment, section: section))
        return checks
    }

    /// Which profile each backend's commands use when none is named.
    static func defaults(_ configuration: Configuration, environment: [String: String]) -> [DoctorCheck] {
        let section = "configuration"
        var checks: [DoctorCheck] = []
        if let name = configuration.defaultProfile, configuration.profile(named: name) == nil {
            checks.append(
                .failure(
                    section, "default_profile",
                    "names \(name), which is not a profile (\(configuration.defaultProfileOrigin ?? configuration.paths.configFile))",
                    fix: "choose an existing one: fieldops profile use NAME"))
        }
        for (backend, name) in configuration.backendDefaults.sorted(by: { $0.key < $1.key })
        where configuration.profile(named: name)?.backend != backend {
            let why = configuration.profile(named: name).map { "a profile of backend \($0.backend)" } ?? "not a profile"
            checks.append(
                .failure(
                    section, "default_profile.\(backend)",
                    "names \(name), which is \(why) (\(configuration.backendDefaultOrigins[backend] ?? configuration.paths.configFile))",
                    fix: "choose a \(backend) profile: fieldops profile use NAME"))
        }
        if let name = environment["FIELDOPS_PROFILE"], !name.isEmpty, configuration.profile(named: name) == nil {
            checks.append(
                .failure(
                    section, "FIELDOPS_PROFILE", "names \(name), which is not a profile",
                    fix: "unset FIELDOPS_PROFILE or set it to one of: \(configuration.profileNames.joined(separator: ", "))"))
        }
        var backends: [String] = []
        for profile in configuration.profiles where !backends.contains(profile.backend) { backends.append(profile.backend) }
        for backend in backends {
            let names = configuration.profiles.filter { $0.backend == backend }.map(\.name)
            if let chosen = configuration.defaultProfile(forBackend: backend), names.contains(chosen.name) {
                checks.append(
                    .ok(section, "default for \(backend)", "\(chosen.name) (default_profile), of \(names.joined(separator: ", "))"))
            } else if names.count == 1 {
                checks.append(.ok(section, "default for \(backend)", "\(names[0]) (its only profile)"))
            } else {
                checks.append(
                    .warning(
                        section, "default for \(backend)",
                        "none: \(names.count) profiles (\(names.joined(separator: ", "))) use \(backend), so its commands need --profile",
                        fix: "set FIELDOPS_PROFILE, or make one the default: fieldops profile use NAME"))
            }
        }
        return checks
    }

    /// The `FIELDOPS_*` variables in effect, secrets shown only as set.
    static func variables(_ environment: [String: String], section: String) -> DoctorCheck {
        let set = environment.keys.filter { $0.hasPrefix("FIELDOPS_") }.sorted()
        guard !set.isEmpty else { return .ok(section, "environment", "no FIELDOPS_* variable is set") }
        let shown = set.map { name in
            secretVariables.contains(name) ? "\(name) (set; value hidden)" : "\(name)=\(environment[name] ?? "")"
        }
        return .ok(section, "environment", shown.joined(separator: ", "))
    }

    // MARK: Keyring

    static func keyring(_ keyring: Keyring) -> [DoctorCheck] {
        let section = "keyring"
        let path = keyring.path
        var info = stat()
        // The file itself, not a link to it: a link's own mode (0777) says nothing.
        guard stat(path, &info) == 0 else {
            if errno == ENOENT {
                return [.ok(section, "file", "none yet at \(path) (created by the first `fieldops auth login`)")]
            }
            return [
                .failure(
                    section, "file", "cannot inspect \(path): \(String(cString: strerror(errno)))",
                    fix: "check the permissions of \(ConfigPaths.directory(of: path))")
            ]
        }
        var checks: [DoctorCheck] = []
        let storage: KeyringStorage
        do {
            storage = try keyring.storage()
        } catch {
            let reported = error as? any UserFacingError
            return [.failure(section, "file", error.summaryText, fix: reported?.hint)]
        }
        checks.append(.ok(section, "file", "\(path), mode \(Keyring.octal(info.st_mode)), owned by you"))
        checks.append(
            .ok(
                section, "encryption",
                storage.encrypted
                    ? "passphrase (Argon2id + XChaCha20-Poly1305)"
                    : "none: the secrets are protected by the file's mode only"))
        checks.append(lock(keyring.lockPath, section: section))
        do {
            let profiles = try keyring.profiles()
            let opened = storage.encrypted ? "the passphrase opens it; " : ""
            checks.append(
                .ok(
                    section, "entries",
                    opened + (profiles.isEmpty ? "no profile has credentials" : "credentials for \(profiles.joined(separator: ", "))")))
        } catch {
            let reported = error as? any UserFacingError
            checks.append(
                .failure(
                    section, "entries", error.summaryText,
                    fix: reported?.hint ?? "see the credentials: fieldops auth status"))
        }
        return checks
    }

    /// Whether the keyring's lock can be taken now (a stuck process would make logins wait).
    static func lock(_ path: String, section: String) -> DoctorCheck {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .ok(section, "lock", errno == ENOENT ? "free (no lock file yet)" : "not inspected: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return .ok(section, "lock", "free")
        }
        return .warning(
            section, "lock", "held by another process right now",
            fix: "if no other fieldops is running, find the holder: fuser \(path)")
    }

    // MARK: Caches

    /// The size and age of each profile's cache directory.
    static func cache(profile: Profile, paths: ConfigPaths, now: Date) -> DoctorCheck {
        let directory = paths.cacheDirectory(for: profile.name)
        let usage = DiskUsage.of(directory)
        guard usage.files > 0 else { return .ok("profile \(profile.name)", "cache", "empty") }
        let age = usage.newest.map { ", newest \(DurationText.spoken(now.timeIntervalSince($0))) old" } ?? ""
        return .ok(
            "profile \(profile.name)", "cache", "\(usage.files) file\(usage.files == 1 ? "" : "s"), \(DiskUsage.bytes(usage.bytes))" + age)
    }
}

/// Bytes and files under a directory, and the newest modification time.
struct DiskUsage {
    var files = 0
    var bytes: Int64 = 0
    var newest: Date?

    static func of(_ directory: String) -> DiskUsage {
        var usage = DiskUsage()
        usage.add(directory)
        return usage
    }

    /// Every plain file under `directory`, hidden ones included; symbolic links are not followed.
    private mutating func add(_ directory: String) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = FileSystem.name(of: entry)
            if name == "." || name == ".." { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                add(path)
            case S_IFREG:
                files += 1
                bytes += Int64(info.st_size)
                let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
                if newest.map({ modified > $0 }) ?? true { newest = modified }
            default:
                continue
            }
        }
    }

    static func bytes(_ count: Int64) -> String {
        if count >= 1 << 30 { return (Double(count) / Double(1 << 30)).fixedPoint(places: 1) + " GiB" }
        if count >= 1 << 20 { return (Double(count) / Double(1 << 20)).fixedPoint(places: 1) + " MiB" }
        if count >= 1 << 10 { return (Double(count) / Double(1 << 10)).fixedPoint(places: 1) + " KiB" }
        return "\(count) B"
    }
}

/// A SQLite store as doctor sees it, opened read-only: never created, migrated or changed.
public enum StoreDiagnosis {
    /// `PRAGMA quick_check`, the schema version against this build's, and the WAL's size; then
    /// `details` (the backend's own counts) on the same read-only connection.
    public static func check(
        path: String, name: String, migrator: Migrator, section: String,
        details: (Database) throws -> [DoctorCheck] = { _ in [] }
    ) -> [DoctorCheck] {
        guard FileSystem.exists(path) else { return [.ok(section, name, "none yet (created on first use)")] }
        // Only for a store that is damaged: never for one that is merely on a full or read-only
        // disk (it is intact, and moving it away would hide its unsent work).
        let aside =
            "move \(path) aside — KEEP IT, DO NOT DELETE IT: IT MAY HOLD UNSENT WORK — and restore a backup; fieldops starts a new store when none is there"
        var info = stat()
        if stat(path, &info) == 0, info.st_size == 0 {
            return [.warning(section, name, "\(path) is an empty file", fix: aside)]
        }
        do {
            let database = try Database.readingAsItIs(path: path, busyTimeout: .milliseconds(500))
            let verdict = try database.query("PRAGMA quick_check").compactMap { try? $0.decode(0, as: String.self) }
            guard verdict == ["ok"] else {
                return [.failure(section, name, "\(path) fails quick_check: " + verdict.prefix(3).joined(separator: "; "), fix: aside)]
            }
            var checks: [DoctorCheck] = []
            let version = try migrator.currentVersion(of: database)
            let latest = migrator.latestVersion
            let wal = fileSize(path + "-wal")
            let walText = wal > 0 ? ", WAL \(DiskUsage.bytes(wal))" : ""
            if version > latest {
                checks.append(
                    .failure(
                        section, name, "\(path): schema v\(version) is newer than this fieldops knows (v\(latest))",
                        fix: "a newer fieldops wrote it: upgrade fieldops (this one is: fieldops version)"))
                return checks
            } else if version < latest {
                checks.append(
                    .ok(section, name, "\(path) passes quick_check; schema v\(version), migrated to v\(latest) on next use\(walText)"))
            } else {
                checks.append(.ok(section, name, "\(path) passes quick_check; schema v\(version) (current)\(walText)"))
            }
            if version == latest { checks += try details(database) }
            return checks
        } catch let error as StoreError {
            if case .locked = error.kind {
                return [
                    .warning(
                        section, name, error.summary, fix: "wait for the other fieldops process (a sync) to finish and run doctor again")
                ]
            }
            switch error.kind {
            case .full, .readOnly, .foreignOwner, .cannotOpen:
                // The disk or the permissions, not the store: it keeps its work where it is.
                return [.failure(section, name, error.summary, fix: (error.hint ?? "") + " (do not move the store)")]
            default:
                return [.failure(section, name, error.summary, fix: aside)]
            }
        } catch {
            return [.failure(section, name, "\(path): \(error.summaryText)", fix: aside)]
        }
    }

    static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
