import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import InterlinedList

/// InterlinedList's test bed: an InterlinedList emulator, and a home whose profile `lists` (not
/// the default; the bed passes `-p lists`) points at it. ada's account logs in.
typealias ILTestBed = BackendTestBed

extension ILTestBed {
    static let profile = "lists"

    /// Leases an emulator started with `arguments` (such as `--login-limit 1`) in its seeded state,
    /// runs `body`, releases it. `http` is the profile's `http:` block: no retries unless a test
    /// is about them.
    static func with(
        arguments: [String] = [], http: String = "{ retries: 0, timeout: 10s }", _ body: (ILTestBed) async throws -> Void
    ) async throws {
        let bed = try ILTestBed(
            emulator: try await EmulatorPool.shared.lease(script: "interlinedlist_emulator.py", arguments: arguments),
            backends: [InterlinedListBackend()],
            profile: Profile(name: profile, backend: "il", isDefault: false, settings: ["http: \(http)"]),
            account: PasswordLogin(username: "ada@example.com", password: "lovelace1"), home: try FieldOpsHome())
        defer { bed.stop() }
        try await body(bed)
    }

    /// The profile's cache directory of `user`.
    func cacheDirectory(user: String = "u_ada") -> String {
        profileCacheDirectory + "/interlinedlist/\(user)"
    }

    func cache(user: String = "u_ada") -> ILMirror {
        ILMirror(profileDirectory: profileCacheDirectory, userID: user)
    }

    // MARK: Emulator admin

    /// `POST /__admin/<path>` with a JSON body.
    func adminPost(_ path: String, _ body: String) async throws {
        try await adminRequest(.post, [path], body: .json(Data(body.utf8)))
    }

    /// The credential log entries (method, path, presented credentials, status).
    func credentialLog() async throws -> [(method: String, path: String, presented: [String], status: Int?)] {
        (try await state()["credential_log"]?.arrayValue ?? []).map { entry in
            (
                entry["method"]?.stringValue ?? "", entry["path"]?.stringValue ?? "",
                (entry["presented"]?.arrayValue ?? []).compactMap(\.stringValue), entry["status"]?.int64Value.map(Int.init)
            )
        }
    }

    /// The keys of `snake_case_keys` the emulator recorded (should stay empty).
    func snakeCaseKeys() async throws -> [String] {
        (try await state()["snake_case_keys"]?.arrayValue ?? []).map { $0.jsonString() }
    }

    /// The secret names stored for the profile, from `auth status --json`.
    func storedSecrets() async throws -> [String] {
        let outcome = await run(["auth", "status", "--json"])
        let status = try JSONValue(parsing: outcome.stdout)
        return (status[0]?["secrets"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
