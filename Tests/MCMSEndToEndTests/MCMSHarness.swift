import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import MCMS

/// MCMS's test bed: an MCMS emulator with a fleet of ONUs, and a home whose default profile
/// `lab` points at it as the technician.
typealias MCMSHarness = BackendTestBed

extension MCMSHarness {
    static let password = "pon-secret"
    static let tech = "tech@example.net"
    static let viewer = "viewer@example.net"

    /// - Parameters:
    ///   - profileHTTP: the profile's `http:` mapping, e.g. `{ version: "1.1" }`.
    ///   - profileSettings: further lines of the profile, e.g. `chunk_size: 70`.
    ///   - certificates: serve TLS with these (and trust their CA in the profile).
    convenience init(
        onus: Int = 40, arguments: [String] = [], profileHTTP: String? = nil, profileSettings: [String] = [],
        certificates: TestCertificates? = nil
    ) async throws {
        var emulatorArguments = ["--onus", String(onus), "--olts", "4"] + arguments
        if let certificates {
            emulatorArguments += ["--tls-cert", certificates.serverCertificate, "--tls-key", certificates.serverKey]
        }
        var http = profileHTTP.map { ["http: \($0)"] } ?? []
        if let caFile = certificates?.caFile {
            let more = profileHTTP.map { ", " + $0.trimmingCharacters(in: CharacterSet(charactersIn: "{} ")) } ?? ""
            http = ["http: { ca_file: \(caFile)\(more) }"]
        }
        // A TLS emulator serving a test's own certificate is a process of its own, never pooled.
        let emulator =
            certificates?.isShared ?? true
            ? try await EmulatorPool.shared.lease(script: "mcms_emulator", arguments: emulatorArguments)
            : try await Emulator.start(script: "mcms_emulator", arguments: emulatorArguments)
        try self.init(
            emulator: emulator, backends: [MCMSBackend()],
            profile: Profile(name: "lab", backend: "mcms", isDefault: true, settings: ["username: \(Self.tech)"] + http + profileSettings),
            account: PasswordLogin(username: Self.tech, password: Self.password), home: try FieldOpsHome(), caFile: certificates?.caFile)
    }

    /// Runs with stdout as a terminal (tables, empty-result messages, colour unless `color` is false).
    func runOnTerminal(_ arguments: [String], color: Bool = false) async -> CommandOutcome {
        await run(arguments, unset: color ? ["NO_COLOR"] : [], terminals: .stdout)
    }

    func keyringText() -> String {
        (FileManager.default.contents(atPath: home.keyringFile).map { String(decoding: $0, as: UTF8.self) }) ?? ""
    }

    // MARK: Admin

    func adminGet(_ path: [String]) async throws -> HTTPResponse {
        try await adminRequest(.get, path)
    }

    /// The stored raw text of a config document, byte for byte.
    func rawConfig(_ id: String) async throws -> String {
        try await adminGet(["config", id]).text
    }

    func putRaw(_ kind: String, _ id: String, _ text: String) async throws {
        try await adminRequest(.put, [kind, id], body: .bytes(Data(text.utf8), contentType: "application/json"))
    }

    /// Edits the stored ONU-STATE (or OLT-STATE, with `kind: "olt-state"`) document of `id`.
    func editState(_ id: String, kind: String = "onu-state", _ change: (inout JSONValue) throws -> Void) async throws {
        var document = try JSONValue(parsing: try await adminGet([kind, id]).body)
        try change(&document)
        try await putRaw(kind, id, document.jsonString())
    }

    /// Replaces one device's active alarms (`[]` for none).
    func setAlarms(_ id: String, _ alarms: [JSONValue]) async throws {
        try await putRaw("alarms", id, JSONValue.array(alarms).jsonString())
    }

    /// Clears every device's alarms.
    func clearAlarms() async throws {
        try await adminRequest(.delete, ["alarms"])
    }

    /// Sets the emulator's activation model: `{"boot_delay", "jitter", "upgrade_block",
    /// "default", "outcomes": {"<id>": "success"|"fall-back"|"never-back"}}`.
    func setActivation(_ spec: JSONValue) async throws {
        try await adminRequest(.post, ["activation"], body: .json(spec.jsonData()))
    }

    /// Every activation the emulator saw, and the most booting at once per OLT.
    func activations() async throws -> JSONValue {
        try JSONValue(parsing: try await adminGet(["activations"]).body)
    }

    /// The request log (every non-admin request, in order), as JSON.
    func requests() async throws -> [JSONValue] {
        try JSONValue(parsing: try await adminGet(["requests"]).body).arrayValue ?? []
    }

    func deleteState(_ id: String) async throws {
        try await adminRequest(.delete, ["onu-state", id])
    }

    func expireSessions() async throws {
        try await adminRequest(.post, ["expire-sessions"])
    }

    /// The write log: one entry per unsafe request to a document.
    func writes() async throws -> [JSONValue] {
        try await state()["writes"]?.arrayValue ?? []
    }

    func special(_ kind: String) async throws -> [String] {
        (try await state()["special"]?[kind]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    func onuIDs() async throws -> [String] {
        (try await state()["first_onus"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
