import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The public JQC server as it really runs (contract, "The public server, as run"): naive
/// local-zone stamps, a CSRF refusal on POSTs, HTML 404s for routes it does not have, and
/// records looser than the contract. The emulator serves each of these in a mode.
@Suite
struct RealServerTests {
    static func poll(_ world: JQCWorld) async throws -> [Int] { try await NotificationInboxTests.poll(world) }

    static func serverNotificationIDs(_ world: JQCWorld) async throws -> Set<Int> {
        Set(try await NotificationInboxTests.serverIDs(world))
    }

    static func keyringEntry(_ world: JQCWorld) throws -> KeyringEntry? {
        try Keyring(path: world.home.path("data") + "/fieldops/keyring", passphrase: PassphraseSource(environment: [:])).entry(for: "site")
    }

    // MARK: Server time zones

    /// With the server stamping in its own zone, a cursor taken from the (UTC) `Date` header ran
    /// hours ahead of every stamp and lost each notice; a clock off by ten minutes either way
    /// changes nothing when the cursor is only ever the server's own stamp.
    @Test(arguments: [
        ("America/New_York", 600.0), ("Asia/Kolkata", -600.0), ("Pacific/Kiritimati", 0.0), ("Etc/GMT+12", 600.0),
    ])
    func notificationsFromAServerInItsOwnZoneAreShownExactlyOnce(zone: String, skew: Double) async throws {
        try await withWorld(emulatorArguments: ["--time-zone", zone, "--microseconds"], settings: ["time_zone: \(zone)"]) { world in
            try await world.login()
            try await world.admin("clock", ["offset_seconds": skew])
            var shown = try await Self.poll(world)
            for round in 1...3 {
                try await world.admin("notify", ["user": "inspector", "title": "Sjøgata 5: runde \(round)"])
                shown += try await Self.poll(world)
                // Stamped half a minute before the last answer, committed after it.
                try await world.admin("notify", ["user": "inspector", "title": "“Late” \(round) 東京", "age_seconds": 30])
                shown += try await Self.poll(world)
                // Nothing new: the cursor stays where the server's newest stamp put it.
                let cursor = try world.store().notificationCursor()
                shown += try await Self.poll(world)
                #expect(try world.store().notificationCursor() == cursor)
            }
            #expect(Set(shown).count == shown.count, "shown twice: \(shown)")
            let expected = try await Self.serverNotificationIDs(world).subtracting([3])  // #3 was read before this device looked
            #expect(Set(shown) == expected)
            // Every `since` is a stamp of the server's zone, never ahead of what it stamped last.
            let newest = ((try await world.serverState()["notifications"] as? [[String: Any]]) ?? []).compactMap {
                ($0["created_at"] as? String).map { String($0.prefix(19)) }
            }.max()
            for request in try await world.emulator.requests() where request.path == "/api/v1/notifications" {
                if let since = request.query["since"]?.first { #expect(since <= (newest ?? ""), "since \(since) is ahead of the server") }
            }
        }
    }

    /// 2027-11-07 in New York: 01:20 EDT, then the clock turns back and 01:10 EST is later in
    /// time but earlier as text. The server compares the text; the cursor must reach back.
    @Test func aDaylightSavingEndDuringARunLosesNoNotificationAndShowsNoneTwice() async throws {
        try await withWorld(emulatorArguments: ["--time-zone", "America/New_York"], settings: ["time_zone: America/New_York"]) { world in
            try await world.login()
            var shown = try await Self.poll(world)
            try await world.admin("clock", ["now": "2027-11-07T05:20:00Z"])
            try await world.admin("notify", ["user": "inspector", "title": "Ålesundsvegen 3: før"])
            shown += try await Self.poll(world)
            #expect(try world.store().notificationCursor() == "2027-11-07T01:20:00")
            try await world.admin("clock", ["now": "2027-11-07T06:10:00Z"])
            try await world.admin("notify", ["user": "inspector", "title": "Ålesundsvegen 3: etter 👩‍🔧"])
            let afterChange = try await Self.poll(world)
            #expect(afterChange.count == 1, "the notice stamped 01:10 EST after 01:20 EDT")
            shown += afterChange
            shown += try await Self.poll(world)
            try await world.admin("clock", ["now": "2027-11-07T06:40:00Z"])
            try await world.admin("notify", ["user": "inspector", "title": "Kvartal “Nord”"])
            shown += try await Self.poll(world)
            #expect(Set(shown).count == shown.count, "shown twice: \(shown)")
            #expect(Set(shown) == (try await Self.serverNotificationIDs(world)).subtracting([3]))
        }
    }

    /// What fieldops sends is in the server's zone, and what it shows is in the user's.
    @Test func timesAreSentInTheServersZoneAndShownInTheLocalZone() async throws {
        try await withWorld(emulatorArguments: ["--time-zone", "America/New_York"], settings: ["time_zone: America/New_York"]) { world in
            let outbox = try await world.readyOutbox()
            let completedAt = Date(timeIntervalSince1970: 1_796_579_462)  // 2026-12-06T17:51:02Z
            let inspection = try outbox.completedInspection(completedAt: completedAt)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let sent = try #require(try await world.serverInspections()[inspection.localID])
            #expect(sent["completed_at"] as? String == "2026-12-06T12:51:02", "New York wall time, no offset")

            try await world.admin(
                "notify", ["user": "inspector", "title": "Sjøgata 5 – “tørk”", "created_at": "2026-12-06T17:51:02"])
            let oslo = try world.home.runBinary(["jqc", "notifications", "poll"], environment: ["TZ": "Europe/Oslo"])
            #expect(oslo.exitCode == 0, "\(oslo.stderr)")
            #expect(oslo.stdout.contains("2026-12-06 23:51:02 CET"), "\(oslo.stdout)")
            try await world.admin("notify", ["user": "inspector", "title": "東京 office", "created_at": "2026-12-06T17:51:03"])
            let tokyo = try world.home.runBinary(["jqc", "notifications", "poll"], environment: ["TZ": "Asia/Tokyo"])
            #expect(tokyo.stdout.contains("2026-12-07 07:51:03 JST"), "\(tokyo.stdout)")
            // Piped, a table's times are ISO 8601 UTC: the New York stamp converted, not relabelled.
            let piped = await world.run(["jqc", "notifications", "list"])
            #expect(piped.stdout.contains("2026-12-06T22:51:02Z"), "\(piped.stdout)")
        }
    }

    /// A record the server just created shows its offset against the answer's `Date`.
    @Test(arguments: [false, true])
    func statusAndDoctorWarnWhenTheTimeZoneIsWrongAndAreQuietWhenRight(zoneSet: Bool) async throws {
        let settings = zoneSet ? ["time_zone: America/New_York"] : []
        try await withWorld(emulatorArguments: ["--time-zone", "America/New_York"], settings: settings) { world in
            let outbox = try await world.readyOutbox()
            try outbox.facilityIssue(description: "Vått gulv ved inngangen")
            let sync = await world.run(["jqc", "sync"])
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            let offset = try #require(try world.store().serverOffset())
            #expect(
                offset.seconds
                    == ServerZone(zone: try ZoneInfo.named("America/New_York")).zone.offset(atUTC: Int64(offset.at.timeIntervalSince1970)))
            let status = await world.run(["jqc", "status"])
            let statusJSON = try #require(
                try JSONSerialization.jsonObject(with: Data(await world.run(["jqc", "status", "--json"]).stdout.utf8)) as? [String: Any])
            let doctor = await world.run(["doctor"])
            if zoneSet {
                #expect(!sync.stderr.contains("time_zone"))
                #expect(!status.stderr.contains("time_zone"))
                #expect(statusJSON["server_offset_warning"] is NSNull)
                #expect(statusJSON["server_time_zone"] as? String == "America/New_York")
                #expect(doctor.stdout.contains("America/New_York, as the server's own stamps show"), "\(doctor.stdout)")
            } else {
                for text in [sync.stderr, status.stderr] {
                    #expect(text.contains("the server stamps its records at UTC-05:00"), "\(text)")
                    #expect(text.contains("time_zone is UTC"))
                    #expect(text.contains("America/New_York"))
                }
                #expect((statusJSON["server_offset_warning"] as? String)?.contains("UTC-05:00") == true)
                #expect(doctor.stdout.contains("UTC-05:00"), "\(doctor.stdout)")
            }
        }
    }

    @Test func anUnknownTimeZoneIsAConfigurationErrorNamingTheProfile() async throws {
        try await withWorld(settings: ["time_zone: Europe/Sjøgata"]) { world in
            for command in [["auth", "login", "--password-stdin"], ["jqc", "sync"]] {
                let result = await world.run(command, stdin: "secret123\n")
                #expect(result.exitCode == 2)
                #expect(result.stderr.contains("profile site: time_zone: 'Europe/Sjøgata' is not a time zone name"), "\(result.stderr)")
                #expect(result.stderr.contains("America/New_York"))
            }
        }
    }

    // MARK: This machine's clock

    /// A laptop whose clock is years behind (or ahead of) the server's stamped its work with
    /// that date and said nothing. The sync now says so, and the commands that stamp work warn
    /// before they do; a clock a few hours out (a zone set wrong, drift) is not a wrong date.
    static let clockCases: [(Double, Bool)] = [(-94_608_000, true), (172_800, true), (-18_000, false)]

    @Test(arguments: clockCases)
    func aClockFarFromTheServersIsSaidBeforeWorkIsStamped(serverAhead skew: Double, warned: Bool) async throws {
        try await withWorld { world in
            try await world.login()
            try await world.admin("clock", ["offset_seconds": skew])
            let sync = await world.run(["jqc", "sync"])
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            #expect(sync.stderr.contains("this machine's clock says") == warned, "\(sync.stderr)")
            if warned {
                let days = Int((abs(skew) / 86_400).rounded())
                let phrase = "\(days >= 1000 ? "1,095" : String(days)) days \(skew < 0 ? "ahead of" : "behind") the JQC server's"
                #expect(sync.stderr.contains(phrase), "\(sync.stderr)")
            }
            let started = await world.run(["jqc", "inspect", "start", "--template", "1", "--facility", "1"])
            #expect(started.exitCode == 0, "\(started.stderr)")
            #expect(started.stderr.contains("work is stamped with this machine's clock") == warned, "\(started.stderr)")
            let flagged = await world.run([
                "jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "Sjøgata 5: “knust” glass",
            ])
            #expect(flagged.exitCode == 0, "\(flagged.stderr)")
            #expect(flagged.stderr.contains("timedatectl set-ntp true") == warned)
            // Once the clocks agree again, the next sync says nothing and neither does the work.
            try await world.admin("clock", ["offset_seconds": 0])
            #expect(!(await world.run(["jqc", "sync"])).stderr.contains("this machine's clock"))
            #expect(
                !(await world.run(["jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "Ålesund"])).stderr
                    .contains("this machine's clock"))
        }
    }

    // MARK: Auth refused for other reasons than the credentials

    @Test func aLoginRefusedForCSRFNamesTheRefusalNotThePassword() async throws {
        try await withWorld(emulatorArguments: ["--csrf-refusal", "/api/v1/auth/login"]) { world in
            let result = await world.run(["auth", "login", "--password-stdin"], stdin: "secret123\n")
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("HTTP 400 The CSRF token is missing."), "\(result.stderr)")
            #expect(result.stderr.contains("POST /api/v1/auth/login"))
            #expect(result.stderr.contains("not a password problem"))
            #expect(!result.stderr.contains("check the username"))
            // A wrong password is still said as such.
            try await world.admin("mode", ["csrf_refusal": false])
            let wrong = await world.run(["auth", "login", "--password-stdin"], stdin: "feil passord\n")
            #expect(wrong.exitCode == 3)
            #expect(wrong.stderr.contains("check the username and password"))
        }
    }

    @Test func aRefreshRefusedWith400KeepsTheStoredTokens() async throws {
        try await withWorld { world in
            try await world.login()
            let before = try #require(try Self.keyringEntry(world))
            try await world.admin("mode", ["csrf_refusal": ["/api/v1/auth/refresh"]])
            try await world.admin("expire-tokens")
            let refused = await world.run(["jqc", "sync"])
            #expect(refused.exitCode == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("The CSRF token is missing."))
            #expect(refused.stderr.contains("the stored tokens are kept"))
            #expect(!refused.stderr.contains("expired"))
            let after = try #require(try Self.keyringEntry(world))
            #expect(after.secrets == before.secrets)
            // Once the server takes the refresh again, the kept refresh token works.
            try await world.admin("mode", ["csrf_refusal": false])
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
        }
    }

    @Test func logoutSaysWhenTheServerDidNotRevokeAndExits5() async throws {
        try await withWorld { world in
            try await world.login()
            try await world.admin("mode", ["csrf_refusal": ["/api/v1/auth/logout"]])
            let result = await world.run(["auth", "logout"])
            #expect(result.exitCode == 5)
            #expect(result.stderr.contains("the server did not end the session"), "\(result.stderr)")
            #expect(result.stderr.contains("The CSRF token is missing."))
            #expect(result.stderr.contains("the refresh token stays valid on the server"))
            #expect(result.stderr.contains("30 days after it was issued"))
            #expect(try Self.keyringEntry(world) == nil, "the local credentials are removed all the same")
            #expect(try await world.serverState()["refresh_tokens_valid"] as? Int == 1)
        }
    }

    @Test func logoutWithAnExpiredAccessTokenRefreshesFirstThenRevokes() async throws {
        try await withWorld { world in
            try await world.login()
            try await world.admin("expire-tokens")
            let result = await world.run(["auth", "logout"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stderr.contains("the server revoked the refresh token"))
            #expect(try await world.serverState()["refresh_tokens_valid"] as? Int == 0)
            #expect(try Self.keyringEntry(world) == nil)
        }
    }

    // MARK: Routes the server does not have

    @Test func aServerWithoutTheMobileRoutesIsNamedAndEveryFailedAttemptIsRecorded() async throws {
        try await withWorld(emulatorArguments: ["--html-errors", "--routes", "auth-only"], http: "{ retries: 0 }") { world in
            try await world.login()
            let sync = await world.run(["jqc", "sync"])
            #expect(sync.exitCode == 1)
            #expect(sync.stderr.contains("HTTP 404: this server has no GET /api/v1/facilities"), "\(sync.stderr)")
            #expect(sync.stderr.contains("older JQC version"))
            #expect(!sync.stderr.contains("captive portal"))
            let status = await world.run(["jqc", "status", "-o", "table"])
            #expect(status.stdout.contains("last sync: never"))
            #expect(status.stdout.contains("failed: HTTP 404: this server has no GET /api/v1/facilities"), "\(status.stdout)")

            world.emulator.stop()
            #expect(await world.run(["jqc", "sync"]).exitCode == 4)
            let offline = try #require(
                try JSONSerialization.jsonObject(with: Data(await world.run(["jqc", "status", "--json"]).stdout.utf8)) as? [String: Any])
            #expect((offline["last_attempt_error"] as? String)?.hasPrefix("offline") == true, "\(offline)")
            #expect(offline["last_attempt_at"] is String)
        }
    }

    // MARK: The real records

    @Test func theRealServersRecordsDecodeAndShow() async throws {
        try await withWorld(
            emulatorArguments: ["--real-shapes", "--time-zone", "America/New_York"], settings: ["time_zone: America/New_York"]
        ) {
            world in
            let login = await world.run(["auth", "login", "--password-stdin"], stdin: "secret123\n")
            #expect(login.exitCode == 0, "\(login.stderr)")
            #expect(login.stderr.contains("as inspector\n"), "no full_name: the username once")
            // The login names this device: a UUID kept per profile, and the host.
            let tokens = try #require(try await world.serverState()["refresh_tokens"] as? [[String: Any]])
            let deviceID = try #require(tokens.last?["device_id"] as? String)
            #expect(UUID(uuidString: deviceID) != nil)
            #expect((tokens.last?["device_name"] as? String)?.hasPrefix("fieldops on ") == true)

            // A status this build has never heard of is kept as the server wrote it, and filters.
            try await world.admin(
                "issues",
                ["facility_id": 1, "description": "Sjøgata 5: “lekkasje” i kjelleren", "status": "escalated", "assigned_to": "inspector"])
            let sync = await world.run(["jqc", "sync"])
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            let escalated = try await world.run(["jqc", "issue", "list", "--status", "Escalated", "--json"]).array()
            #expect(escalated.map { $0["status"] as? String } == ["escalated"])
            #expect(await world.run(["jqc", "issue", "list", "--status", "escalated"]).stdout.contains("escalated"))
            let issues = try await world.run(["jqc", "issue", "list", "--json"]).array()
            let pending = try #require(issues.first { $0["status"] as? String == "pending_verification" })
            #expect(pending["facility_id"] as? Int != LocalIssue.unknownFacility, "the facility comes from the area")
            let filtered = try await world.run(["jqc", "issue", "list", "--status", "pending_verification", "--json"]).array()
            #expect(filtered.count == 1)
            let table = await world.run(["jqc", "issue", "list"])
            #expect(table.stdout.contains("pending verification"))
        }
    }

    /// The public server scores with its own rule (pass_fail not scored, ratings out of 5 points)
    /// and keeps that number: once synced it is shown beside the local one.
    @Test func theServersScoreIsKeptAndShownBesideTheLocalOne() async throws {
        try await withWorld(emulatorArguments: ["--real-shapes"]) { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection()
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let stored = try #require(try world.store().inspection(localID: inspection.localID))
            #expect(stored.overallScore == 96)
            #expect(stored.serverScore == 91.67)
            let show = await world.run(["jqc", "inspect", "show", inspection.localID])
            #expect(show.stdout.contains("91.67% on the server, which keeps its own score (96% computed here)"), "\(show.stdout)")
            let history = await world.run(["jqc", "history"])
            #expect(history.stdout.contains("91.67% (here 96%)"), "\(history.stdout)")
        }
    }
}
