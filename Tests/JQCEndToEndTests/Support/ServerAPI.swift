import FieldOpsCore
import FieldOpsTestSupport
import Foundation

@testable import JQC

/// The JQC API called directly, as another device or person would, to change server state
/// between two `fieldops` runs.
extension JQCWorld {
    /// Sends `json` to `/api/v1/<path>` with `token` and returns the envelope's `data`.
    @discardableResult
    func api(_ method: HTTPMethod, _ path: String, _ json: [String: Any], token: String) async throws -> [String: Any] {
        let session = try HTTPSession(settings: HTTPSettings(timeout: 30, retries: 0), version: "test")
        let request = HTTPRequest(
            method, baseURL: emulator.baseURL, path: ["api", "v1"] + path.split(separator: "/").map(String.init),
            headers: ["Authorization": "Bearer " + token], body: .json(try JSONSerialization.data(withJSONObject: json)))
        let response = try await session.send(request).requireSuccess()
        let envelope = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (envelope?["data"] as? [String: Any]) ?? [:]
    }

    /// The emulator's holds (`/__admin/holds`).
    func holds() async throws -> [[String: Any]] {
        (try await admin("holds", method: .get)["holds"] as? [[String: Any]]) ?? []
    }

    /// Waits until a request is held at hold `id` (the emulator is the trigger, not a timer):
    /// polls the emulator's count, for at most `attempts` tries.
    func waitUntilHeld(_ id: Int, attempts: Int = 400) async throws {
        for _ in 0..<attempts {
            if try await holds().first(where: { $0["id"] as? Int == id })?["waiting"] as? Int == 1 { return }
            try await Task.sleep(nanoseconds: 25_000_000)
        }
        throw TestSupportError("no request reached hold \(id)")
    }
}
