import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Login, token refresh with rotation, and what a lost session does to a sync.
@Suite
struct SyncAuthTests {
    @Test func loginStoresRotatableTokensAndIdentityInTheKeyring() async throws {
        try await withWorld { world in
            try await world.login()
            let keyring = Keyring(path: world.home.path("data") + "/fieldops/keyring", passphrase: PassphraseSource(environment: [:]))
            let entry = try #require(try keyring.entry(for: "site"))
            #expect(entry.secrets["access_token"]?.split(separator: ".").count == 3)
            #expect(entry.secrets["refresh_token"]?.count == 64)
            #expect(entry.identity?["user_id"] == "1")
            #expect(entry.identity?["role"] == "inspector")
            #expect(entry.identity?["display_name"] == "Ines Inspector")

            let status = await world.run(["auth", "status", "--json"])
            let views = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
            let facts = try #require(views.first?["facts"] as? [String: String])
            #expect(facts["user"] == "Ines Inspector (inspector)")
            #expect(facts["role"] == "inspector")
            #expect(facts["token expires"]?.contains("(in ") == true)
        }
    }

    @Test func wrongPasswordIsNotAuthenticatedAndStoresNothing() async throws {
        try await withWorld { world in
            let result = await world.run(["auth", "login", "--password-stdin"], stdin: "nope\n")
            #expect(result.exitCode == 3)
            #expect(result.stderr.contains("Invalid credentials"))
            let status = await world.run(["auth", "status", "--json"])
            #expect(status.stdout.contains("\"logged_in\" : false"))
        }
    }

    @Test func logoutRevokesTheRefreshTokenOnTheServerAndClearsTheKeyring() async throws {
        try await withWorld { world in
            try await world.login()
            #expect(try await world.serverState()["refresh_tokens_valid"] as? Int == 1)
            await world.run(["jqc", "sync"])
            #expect(try world.store().notificationCursor() != nil)
            #expect(await world.run(["auth", "logout"]).exitCode == 0)
            // The next account starts from its own unread notices; work and reference data stay.
            #expect(try world.store().notificationCursor() == nil)
            #expect(try world.store().referenceCounts().templates == 4)
            #expect(try await world.serverState()["refresh_tokens_valid"] as? Int == 0)
            #expect(await world.run(["jqc", "sync"]).exitCode == 3)
        }
    }

    @Test func logoutStillClearsLocallyWhenTheServerIsDownAndSaysTheSessionLivesOn() async throws {
        try await withWorld { world in
            try await world.login()
            world.emulator.stop()
            let logout = await world.run(["auth", "logout"])
            #expect(logout.exitCode == 5)
            #expect(logout.stderr.contains("the server could not be reached"), "\(logout.stderr)")
            #expect(logout.stderr.contains("the refresh token stays valid on the server"))
            let status = await world.run(["auth", "status", "--json"])
            #expect(status.stdout.contains("\"logged_in\" : false"))
        }
    }

    @Test func syncWithoutLoginIsExit3WithoutANetworkCall() async throws {
        try await withWorld { world in
            let result = await world.run(["jqc", "sync"])
            #expect(result.exitCode == 3)
            #expect(result.stderr.contains("not logged in"))
            let requests = try await world.emulator.requests()
            #expect(requests.isEmpty)
        }
    }

    @Test func tokenExpiringMidSyncIsRefreshedOnceAndTheSyncContinues() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspections = try (0..<8).map { _ in try outbox.completedInspection(photo: true) }
            let before = try #require(
                try Keyring(path: world.home.path("data") + "/fieldops/keyring", passphrase: PassphraseSource(environment: [:])).entry(
                    for: "site"))
            // Every upload waits a little; the tokens die while uploads are in flight.
            try await world.emulator.setLatency(milliseconds: 40)
            async let sync = world.run(["jqc", "sync", "--json"])
            // Uploads are in flight once the server has seen two (it logs them on arrival).
            try await world.waitForRequests(path: "/api/v1/photos/upload", count: 2)
            #expect(try await world.admin("expire-tokens")["ok"] as? Bool == true)
            let result = await sync
            #expect(result.exitCode == 0, "\(result.stderr)")

            let refreshes = try await world.emulator.requests().filter { $0.path == "/api/v1/auth/refresh" }
            #expect(refreshes.count == 1)
            for inspection in inspections {
                #expect(try await world.postCounts("inspections")[inspection.localID] == 1)
            }
            // The rotated pair replaced the old one in the keyring.
            let after = try #require(
                try Keyring(path: world.home.path("data") + "/fieldops/keyring", passphrase: PassphraseSource(environment: [:])).entry(
                    for: "site"))
            #expect(after.secrets["refresh_token"] != before.secrets["refresh_token"])
            #expect(after.secrets["access_token"] != before.secrets["access_token"])
        }
    }

    @Test func revokedRefreshTokenIsExit3AndLosesNothing() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            try outbox.issue(on: inspection)
            let pending = try outbox.store.pendingCounts()
            try await world.admin("expire-tokens")
            try await world.admin("revoke-refresh")

            let result = await world.run(["jqc", "sync"])
            #expect(result.exitCode == 3)
            #expect(result.stderr.contains("auth login"))
            #expect(try outbox.store.pendingCounts() == pending)
            #expect(try outbox.store.failedCounts().total == 0)
            #expect(try await world.postCounts("inspections").isEmpty)

            // After logging in again everything goes.
            try await world.login()
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try outbox.store.pendingCounts().total == 0)
        }
    }

    @Test func refreshRevokedWhileUploadsAreInFlightStopsWithExit3AndKeepsTheRest() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspections = try (0..<6).map { _ in try outbox.completedInspection(photo: true) }
            try await world.emulator.setLatency(milliseconds: 40)
            async let sync = world.run(["jqc", "sync"])
            try await world.waitForRequests(path: "/api/v1/photos/upload", count: 2)
            try await world.admin("revoke-refresh")
            try await world.admin("expire-tokens")
            let result = await sync
            #expect(result.exitCode == 3)
            try await world.emulator.setLatency(milliseconds: 0)
            #expect(try outbox.store.failedCounts().total == 0)
            try await world.login()
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            for inspection in inspections {
                #expect(try await world.postCounts("inspections")[inspection.localID] == 1)
            }
        }
    }
}

/// Credentials that cannot be refreshed, and the identity kept for offline use.
@Suite
struct TokenSourceTests {
    @Test func pastedTokenIsCheckedAndCannotBeRefreshed() async throws {
        try await withWorld { world in
            let grant = try await world.login(returningToken: ())
            let result = await world.run(["auth", "login", "--with-token"], stdin: grant + "\n")
            #expect(result.exitCode == 0, "\(result.stderr)")
            let status = await world.run(["auth", "status", "--json"])
            #expect(status.stdout.contains("\"refreshable\" : \"no\""))
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            try await world.admin("expire-tokens")
            let expired = await world.run(["jqc", "sync"])
            #expect(expired.exitCode == 3)
            #expect(expired.stderr.contains("no refresh token"))
        }
    }

    @Test func environmentTokenOverridesTheKeyring() async throws {
        try await withWorld { world in
            let token = try await world.login(returningToken: ())
            var environment = world.environment
            environment["FIELDOPS_TOKEN"] = token
            let out = CapturedStream()
            let err = CapturedStream()
            let code = await App(backends: [JQCBackend()]).run(
                arguments: ["jqc", "sync"], environment: environment, stdout: out, stderr: err, stdin: FixedInput(""))
            #expect(code == 0, "\(err.text)")
            #expect(try world.store().referenceCounts().templates == 4)
        }
    }

    @Test func storedIdentityIsReadableWithoutTheServer() async throws {
        try await withWorld { world in
            try await world.login()
            world.emulator.stop()
            let keyring = Keyring(path: world.home.path("data") + "/fieldops/keyring", passphrase: PassphraseSource(environment: [:]))
            let identity = try #require(JQCIdentity.stored(in: try keyring.entry(for: "site")))
            #expect(identity == JQCIdentity(userID: 1, username: "inspector", role: "inspector", displayName: "Ines Inspector"))
            let status = await world.run(["auth", "status"])
            #expect(status.stdout.contains("Ines Inspector (inspector)"))
        }
    }

    @Test func interruptedSyncExits130AndTheNextSyncFinishesExactlyOnce() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let ids = try (0..<16).map { _ in try outbox.completedInspection(photo: true).localID }
            // The server holds one upload: the sync is mid-way through step 1, and step 2 cannot
            // start before it ends, so the interrupt lands before any inspection is sent.
            let hold = try #require(try await world.admin("hold", ["path": "/api/v1/photos/upload", "method": "POST"])["id"] as? Int)
            let process = try world.spawn(["jqc", "sync"])
            try await world.waitUntilHeld(hold)
            kill(process.processIdentifier, SIGINT)
            process.waitForExit()
            try await world.admin("release", ["id": hold])
            #expect(process.terminationStatus == 130)
            #expect(try outbox.store.failedCounts().total == 0)
            #expect(try outbox.store.pendingCounts().total > 0)
            #expect(try await world.postCounts("inspections").isEmpty)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let counts = try await world.postCounts("inspections")
            for id in ids { #expect(counts[id] == 1) }
        }
    }
}

/// The identity kept for offline use follows the server.
@Suite
struct IdentityRefreshTests {
    @Test func syncUpdatesTheStoredIdentityWhenTheServerChangedIt() async throws {
        try await withWorld { world in
            try await world.login()
            try await world.admin("users", ["username": "inspector", "full_name": "Ines Lead", "role": "supervisor"])
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let keyring = Keyring(path: world.home.path("data") + "/fieldops/keyring", passphrase: PassphraseSource(environment: [:]))
            let identity = try #require(JQCIdentity.stored(in: try keyring.entry(for: "site")))
            #expect(identity.displayName == "Ines Lead")
            #expect(identity.role == "supervisor")
            #expect(try keyring.entry(for: "site")?.identity?["device_id"] != nil)
        }
    }
}

/// Two fieldops processes of one profile with an expired access token (a sync and the agent):
/// the server rotates the refresh token on the first refresh, so a second refresh with the same
/// one is refused — and the loser used to delete the credentials, the winner's fresh pair with
/// them, logging the profile out. Refreshes take turns under a lock beside the keyring, the
/// second process uses the pair the first stored, and a refused refresh deletes only the tokens
/// it held.
@Suite
struct ParallelRefreshTests {
    /// Runs the binary and waits for it on a thread of its own: two processes waited for on the
    /// concurrency pool's threads (two on this machine) would leave none for the test itself.
    static func runOnAThreadOfItsOwn(_ home: FieldOpsHome, _ arguments: [String]) async throws -> CommandOutcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try home.runBinary(arguments) }) }
        }
    }

    @Test func twoProcessesRefreshingAtOnceStayLoggedIn() async throws {
        try await withWorld { world in
            try await world.ready()
            try await world.admin("expire-tokens")
            // The first refresh to reach the server waits there until released: the other
            // process starts while it is in flight.
            try await world.admin("hold", ["path": "/api/v1/auth/refresh", "count": 1])
            let first = Task { try await Self.runOnAThreadOfItsOwn(world.home, ["jqc", "sync"]) }
            try await world.waitForRequests(path: "/api/v1/auth/refresh", count: 1)
            let second = Task { try await Self.runOnAThreadOfItsOwn(world.home, ["jqc", "notifications", "poll"]) }
            try await Task.sleep(for: .milliseconds(500))
            try await world.admin("release")
            let (a, b) = (try await first.value, try await second.value)

            #expect(a.exitCode == 0, "sync: \(a.stderr) \(a.stdout)")
            #expect(b.exitCode == 0, "poll: \(b.stderr)")
            let refreshes = try await world.emulator.requests().filter { $0.path == "/api/v1/auth/refresh" }
            #expect(refreshes.count == 1, "the second process used the pair the first stored")
            #expect(await world.run(["jqc", "sync"]).exitCode == 0, "still logged in")
        }
    }

    /// A refused refresh deletes the stored tokens only while they are the ones it tried.
    @Test func aRefusedRefreshKeepsAPairAnotherProcessStored() async throws {
        try await withWorld { world in
            try await world.login()
            let keyring = Keyring(path: world.home.path("data") + "/fieldops/keyring", passphrase: PassphraseSource(environment: [:]))
            let client = try JQCClient(
                profile: Profile(name: "site", backend: "jqc", baseURL: world.emulator.baseURL), session: world.http, token: nil,
                keyring: keyring)
            // Another process logs in again meanwhile: a new, valid pair in the keyring.
            try await world.login()
            let fresh = try #require(try keyring.entry(for: "site")).secrets
            try await client.tokens.clearStoredTokens()
            #expect(try keyring.entry(for: "site")?.secrets == fresh)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
        }
    }
}
