import FieldOpsCore
import Foundation

/// The emulator's `/__admin/` endpoints that every backend's tests read: its state document and
/// its request log. Each backend's own admin calls are built on `adminRequest`.
extension BackendTestBed {
    /// `METHOD /__admin/PATH…` on the emulator through `http`, failing on an error status.
    @discardableResult
    public func adminRequest(
        _ method: HTTPMethod, _ path: [String], query: [HTTPRequest.QueryItem] = [], body: HTTPBody = .none
    ) async throws -> HTTPResponse {
        let request = HTTPRequest(method, baseURL: emulator.baseURL, path: ["__admin"] + path, query: query, body: body)
        return try await http.send(request).requireSuccess()
    }

    /// The emulator's state document.
    public func state() async throws -> JSONValue {
        try JSONValue(parsing: try await emulator.state())
    }

    /// Every non-admin request the emulator received, as `METHOD /path`, oldest first.
    public func requestLines() async throws -> [String] {
        try await emulator.requests().map { "\($0.method) \($0.path)" }
    }
}
