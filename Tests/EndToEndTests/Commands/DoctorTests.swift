import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// `fieldops doctor` as a person runs it: the real binary against the three emulators over TLS
/// with a private CA, a real keyring and store, completion and man pages installed where the
/// shell and man look. First everything is fine, then each fault in turn.
@Suite struct DoctorTests {
    /// The three services over TLS, logged in, with completion and man pages installed.
    final class World: Sendable {
        let home: FieldOpsHome
        let certificates: TestCertificates
        let jqc: Emulator
        let mcms: Emulator
        let il: Emulator

        /// - Parameter certificateDays: a certificate of the world's own, valid this many days;
        ///   nil: the process's shared one (a year), whose emulators come from the pool.
        init(certificateDays: Int? = nil) async throws {
            certificates = try certificateDays.map { try TestCertificates.generate(days: $0) } ?? TestCertificates.shared
            let tls = ["--tls-cert", certificates.serverCertificate, "--tls-key", certificates.serverKey]
            let pooled = certificates.isShared
            jqc = try await Self.emulator("jqc_emulator", tls, pooled: pooled)
            mcms = try await Self.emulator("mcms_emulator", tls + ["--onus", "4"], pooled: pooled)
            il = try await Self.emulator("interlinedlist_emulator", tls, pooled: pooled)
            let root = try TemporaryDirectory(prefix: "fieldops-doctor-man")
            home = try FieldOpsHome(extraEnvironment: ["SHELL": "/bin/bash", "MANPATH": root.path("man")])
            try writeConfig()
            // An expired certificate lets no login through: that world has no credentials.
            for (profile, password) in [("site-a", "secret123"), ("lab-pon", "pon-secret"), ("lists", "lovelace1")]
            where (certificateDays ?? 365) > 0 {
                let login = try home.logIn(profile, password: password)
                guard login.exitCode == 0 else { throw TestSupportError("login \(profile) failed: \(login)") }
            }
            // Completion where bash-completion looks for it, man pages where MANPATH points.
            let completions = home.directory.path("data") + "/bash-completion/completions"
            try FileManager.default.createDirectory(atPath: completions, withIntermediateDirectories: true)
            try home.runBinary(["completion", "bash"]).stdout.write(toFile: completions + "/fieldops", atomically: true, encoding: .utf8)
            let manual = try home.runBinary(["__manual", root.path("man") + "/man1"])
            guard manual.exitCode == 0 else { throw TestSupportError("__manual failed: \(manual)") }
        }

        private static func emulator(_ script: String, _ arguments: [String], pooled: Bool) async throws -> Emulator {
            pooled
                ? try await EmulatorPool.shared.lease(script: script, arguments: arguments)
                : try await Emulator.start(script: script, arguments: arguments)
        }

        func writeConfig(caFile: String? = nil, jqcURL: String? = nil) throws {
            let ca = caFile ?? certificates.caFile
            try home.writeConfig(
                """
                profiles:
                  site-a:
                    backend: jqc
                    base_url: \(jqcURL ?? jqc.baseURL)
                    username: inspector
                    http: { ca_file: \(ca), timeout: 5s, connect_timeout: 2s, retries: 0 }
                  lab-pon:
                    backend: mcms
                    base_url: \(mcms.baseURL)
                    username: tech@example.net
                    http: { ca_file: \(ca), timeout: 5s, retries: 0 }
                  lists:
                    backend: il
                    base_url: \(il.baseURL)
                    username: ada@example.com
                    http: { ca_file: \(ca), timeout: 5s, retries: 0 }
                """)
        }

        func doctor(_ arguments: [String] = []) throws -> CommandOutcome {
            try home.runBinary(["doctor"] + arguments, timeout: 60)
        }

        /// The `--json` report's checks.
        func checks(_ arguments: [String] = []) throws -> (exitCode: Int32, checks: [[String: String]]) {
            let outcome = try doctor(arguments + ["--json"])
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            let checks = (object?["checks"] as? [[String: Any]] ?? []).map { check in
                check.compactMapValues { $0 as? String }
            }
            return (outcome.exitCode, checks)
        }

        func stop() {
            jqc.release()
            mcms.release()
            il.release()
            certificates.remove()
            home.remove()
        }
    }

    static func withWorld(certificateDays: Int? = nil, _ body: (World) async throws -> Void) async throws {
        let world = try await World(certificateDays: certificateDays)
        defer { world.stop() }
        try await body(world)
    }

    /// The one check of `section` named `name`.
    static func check(_ checks: [[String: String]], _ section: String, _ name: String) -> [String: String]? {
        checks.first { $0["section"] == section && $0["name"] == name }
    }

    @Test func everythingFineIsAllTicksAndExitsZero() async throws {
        try await Self.withWorld { world in
            let outcome = try world.doctor()
            #expect(outcome.exitCode == 0, "\(outcome)")
            let lines = outcome.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let marked = lines.filter { $0.hasPrefix("✓") || $0.hasPrefix("!") || $0.hasPrefix("✗") }
            #expect(marked.count > 25)
            #expect(marked.allSatisfy { $0.hasPrefix("✓") }, "\(outcome.stdout)")
            #expect(outcome.stdout.contains("0 warnings, 0 failures"))
            for profile in ["site-a", "lab-pon", "lists"] {
                for name in ["TCP", "TLS", "certificate", "HTTP", "server clock", "credentials"] {
                    #expect(lines.contains { $0.hasPrefix("✓ \(name):") }, "\(profile) \(name)")
                }
            }
            #expect(outcome.stdout.contains("valid for 36"))  // 364 or 365 days left
            #expect(outcome.stdout.contains("HTTP/1.1"))
            #expect(outcome.stdout.contains("completion: bash:"))

            let (code, checks) = try world.checks()
            #expect(code == 0)
            #expect(checks.allSatisfy { $0["status"] == "ok" })
            #expect(Self.check(checks, "profile site-a", "credentials")?["detail"]?.contains("inspector") == true)
            #expect(Self.check(checks, "keyring", "file")?["detail"]?.contains("mode 0600") == true)
            // No secret reaches the report.
            let keyring = try String(contentsOfFile: world.home.keyringFile, encoding: .utf8)
            #expect(!outcome.stdout.contains("secret123") && !keyring.isEmpty)
        }
    }

    @Test func offlineRunsOnlyLocalChecks() async throws {
        try await Self.withWorld { world in
            let (code, checks) = try world.checks(["--offline"])
            #expect(code == 0)
            #expect(!checks.contains { ["DNS", "TCP", "TLS", "credentials"].contains($0["name"] ?? "") })
            #expect(Self.check(checks, "profile site-a", "cache") != nil)
            let requests = try await world.jqc.requests()
            #expect(!requests.contains { $0.method == "HEAD" })
        }
    }

    @Test func keyringReadableByOthersIsAFailureWithTheChmodFix() async throws {
        try await Self.withWorld { world in
            chmod(world.home.keyringFile, 0o644)
            let (code, checks) = try world.checks()
            #expect(code == 1)
            let file = try #require(Self.check(checks, "keyring", "file"))
            #expect(file["status"] == "failure")
            #expect(file["detail"]?.contains("0644") == true)
            #expect(file["fix"] == "run: chmod 600 \(world.home.keyringFile)")
            let text = try world.doctor()
            #expect(text.stdout.contains("✗ file:"))
            #expect(text.stdout.contains("fix: run: chmod 600"))
            #expect(text.stderr.contains("doctor found"))
        }
    }

    @Test func corruptStoreIsAFailureAndIsLeftUntouched() async throws {
        try await Self.withWorld { world in
            let directory = world.home.dataDirectory + "/site-a"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: URL(fileURLWithPath: directory + "/jqc.sqlite"))
            let (code, checks) = try world.checks()
            #expect(code == 1)
            let store = try #require(Self.check(checks, "profile site-a", "store"))
            #expect(store["status"] == "failure")
            #expect(store["detail"]?.contains("corrupt") == true)
            #expect(store["fix"]?.contains("move") == true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/jqc.sqlite")) == garbage)
        }
    }

    @Test func storeWithQueuedWorkShowsWhatWaits() async throws {
        try await Self.withWorld { world in
            // A real store with its schema and one flagged issue, made by the commands people use.
            let sync = try world.home.runBinary(["-p", "site-a", "jqc", "sync"])
            #expect(sync.exitCode == 0, "\(sync)")
            let (code, checks) = try world.checks(["--offline"])
            #expect(code == 0)
            let store = try #require(Self.check(checks, "profile site-a", "store"))
            #expect(store["status"] == "ok")
            #expect(store["detail"]?.contains("passes quick_check") == true)
            #expect(store["detail"]?.contains("(current)") == true)
            #expect(Self.check(checks, "profile site-a", "outbox")?["detail"] == "nothing waiting to be sent")

            let start = try world.home.runBinary([
                "-p", "site-a", "jqc", "inspect", "start", "--template", "1", "--facility", "1", "--area", "101", "--json",
            ])
            let draft = try #require(try JSONSerialization.jsonObject(with: Data(start.stdout.utf8)) as? [String: Any])
            let localID = try #require(draft["local_id"] as? String)
            let flag = try world.home.runBinary([
                "-p", "site-a", "jqc", "issue", "flag", "--inspection", localID, "--severity", "high", "--description", "Dispenser broken",
            ])
            #expect(flag.exitCode == 0, "\(flag)")
            let after = try world.checks(["--offline"]).checks
            #expect(Self.check(after, "profile site-a", "outbox")?["detail"] == "pending: 0 inspections, 1 issue, 0 photos")
        }
    }

    @Test func wrongCAFileIsATLSFailureNamingCAFile() async throws {
        try await Self.withWorld { world in
            let other = try TestCertificates.generate(name: "some other CA")
            defer { other.remove() }
            try world.writeConfig(caFile: other.caFile)
            let (code, checks) = try world.checks()
            #expect(code == 1)
            let tls = try #require(Self.check(checks, "profile site-a", "TLS"))
            #expect(tls["status"] == "failure")
            #expect(tls["fix"]?.contains("http.ca_file") == true)
            #expect(Self.check(checks, "profile site-a", "credentials") == nil)
        }
    }

    @Test func expiredCertificateIsAFailure() async throws {
        try await Self.withWorld(certificateDays: -1) { world in
            let (code, checks) = try world.checks()
            #expect(code == 1)
            let tls = try #require(Self.check(checks, "profile lab-pon", "TLS"))
            #expect(tls["status"] == "failure")
            #expect(tls["detail"]?.contains("expired") == true)
            #expect(tls["fix"]?.contains("renew") == true)
        }
    }

    @Test func soonExpiringCertificateIsAWarningThatExitsZero() async throws {
        try await Self.withWorld(certificateDays: 5) { world in
            let (code, checks) = try world.checks()
            #expect(code == 0)
            let certificate = try #require(Self.check(checks, "profile lists", "certificate"))
            #expect(certificate["status"] == "warning")
            #expect(
                certificate["detail"]?.contains("expires in 4 days") == true || certificate["detail"]?.contains("expires in 5 days") == true
            )
            #expect(certificate["fix"]?.contains("renew") == true)
        }
    }

    @Test func serverClockFiveMinutesOffIsAWarning() async throws {
        try await Self.withWorld { world in
            try await world.mcms.setClockOffset(seconds: 300)
            try await world.jqc.setClockOffset(seconds: -300)
            let (code, checks) = try world.checks()
            #expect(code == 0)
            let ahead = try #require(Self.check(checks, "profile lab-pon", "server clock"))
            #expect(ahead["status"] == "warning")
            #expect(ahead["detail"] == "the server's clock is 5 min ahead of this machine's")
            #expect(ahead["fix"]?.contains("timedatectl") == true)
            let behind = try #require(Self.check(checks, "profile site-a", "server clock"))
            #expect(behind["detail"] == "the server's clock is 5 min behind this machine's")
            #expect(Self.check(checks, "profile lists", "server clock")?["status"] == "ok")
        }
    }

    @Test func revokedCredentialsAreFailuresWithTheLoginFix() async throws {
        try await Self.withWorld { world in
            try await world.jqc.admin(post: "expire-tokens")
            try await world.jqc.admin(post: "revoke-refresh")
            try await world.mcms.admin(post: "expire-sessions")
            try await world.il.admin(post: "revoke", json: ["token": true, "cookie": true])
            let (code, checks) = try world.checks()
            #expect(code == 1)
            for profile in ["site-a", "lab-pon", "lists"] {
                let credentials = try #require(Self.check(checks, "profile \(profile)", "credentials"))
                #expect(credentials["status"] == "failure", "\(profile): \(credentials)")
                #expect(credentials["fix"] == "log in again: fieldops -p \(profile) auth login", "\(profile): \(credentials)")
            }
        }
    }

    @Test func unreachableServerIsATCPFailure() async throws {
        try await Self.withWorld { world in
            // A port nothing listens on: bound, then closed.
            let closed = try await Emulator.start(script: "http_test_server")
            let url = closed.baseURL
            closed.stop()
            try world.writeConfig(jqcURL: url)
            let (code, checks) = try world.checks()
            #expect(code == 1)
            let tcp = try #require(Self.check(checks, "profile site-a", "TCP"))
            #expect(tcp["status"] == "failure")
            #expect(tcp["detail"]?.contains("refused") == true)
            #expect(Self.check(checks, "profile site-a", "TLS") == nil)
            #expect(Self.check(checks, "profile lab-pon", "credentials")?["status"] == "ok")
        }
    }

    @Test func profileOptionNarrowsThePerProfileChecks() async throws {
        try await Self.withWorld { world in
            let (code, checks) = try world.checks(["-p", "lists"])
            #expect(code == 0)
            #expect(checks.allSatisfy { !($0["section"] ?? "").hasPrefix("profile ") || $0["section"] == "profile lists" })
            #expect(Self.check(checks, "profile lists", "credentials") != nil)
        }
    }
}

/// Pieces of the doctor that need no server.
@Suite struct DoctorUnitTests {
    @Test func certificateDatesInBothLibraryFormsParse() {
        let openssl = TLSCertificate(lines: ["Subject:CN = 127.0.0.1", "Expire date:Mar  4 09:30:00 2027 GMT"])
        #expect(openssl.expires == Date(timeIntervalSince1970: 1_804_152_600))
        let iso = TLSCertificate(lines: ["Expire date:2027-03-04 09:30:00 GMT"])
        #expect(iso.expires == openssl.expires)
        #expect(TLSCertificate(lines: ["Expire date:soon"]).expires == nil)
        #expect(TLSCertificate(lines: ["Expire date:Foo 99 99:99:99 99999 GMT"]).expires == nil)
    }

    @Test func reportExitsOneOnlyForFailures() {
        var report = DoctorReport(checks: [.ok("a", "b", "fine"), .warning("a", "c", "hmm", fix: "do x")])
        #expect(report.exitCode == .ok)
        report.checks.append(.failure("a", "d", "bad", fix: "do y"))
        #expect(report.exitCode == .failure)
        let text = report.render(color: false)
        #expect(text.contains("  ✓ b: fine\n"))
        #expect(text.contains("  ! c: hmm\n      fix: do x\n"))
        #expect(text.contains("1 ok, 1 warning, 1 failure"))
    }

    @Test func versionFileMatchesTheBuiltInReleaseLine() throws {
        let file = Emulator.packageRoot.appendingPathComponent("VERSION")
        let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text == FieldOpsVersion.base)
        #expect(FieldOpsVersion.current.hasPrefix(FieldOpsVersion.base) || FieldOpsVersion.current.first?.isNumber == true)
    }
}
