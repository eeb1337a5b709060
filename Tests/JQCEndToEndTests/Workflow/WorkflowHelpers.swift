import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Shared steps of the workflow tests: a logged-in world with reference data, drafts started
/// through the real command, JSON output read back, and the store's rows for before/after checks.
extension JQCWorld {
    /// Logs in and pulls reference data, as a person does before the first inspection.
    func ready() async throws {
        try await login()
        let sync = await run(["jqc", "sync"])
        guard sync.exitCode == 0 else { throw TestSupportError("sync failed: \(sync.stderr)") }
    }

    /// `ready()`, then the outbox to queue work in: where the sync tests start.
    func readyOutbox() async throws -> Outbox {
        try await ready()
        return try Outbox(self)
    }

    /// `jqc inspect start` and the local id it printed.
    func startDraft(template: Int = 1, facility: Int = 1, area: Int? = 101, extra: [String] = []) async throws -> String {
        var arguments = ["jqc", "inspect", "start", "--template", String(template), "--facility", String(facility)]
        if let area { arguments += ["--area", String(area)] }
        let result = await run(arguments + extra)
        guard result.exitCode == 0 else { throw TestSupportError("start failed (\(result.exitCode)): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `text` to a file in the world's home and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = home.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every row of the work and reference tables, for "the store is unchanged" checks.
    func storeRows() throws -> String { try ReferenceAndOfflineTests.snapshot(try store()) }

    /// Files in the store's photos directory.
    func photoFiles() throws -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: profileDataDirectory + "/photos")) ?? []).sorted()
    }
}

extension CommandOutcome {
    /// stdout parsed as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
            throw TestSupportError("stdout is not a JSON object: \(stdout)")
        }
        return object
    }

    /// stdout parsed as a JSON array of objects.
    func array() throws -> [[String: Any]] {
        guard let array = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]] else {
            throw TestSupportError("stdout is not a JSON array: \(stdout)")
        }
        return array
    }
}

/// A tiny real PNG header (the store and server check content, not names).
let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
