import FieldOpsCore
import Foundation

/// The `/__admin/` endpoints of `emulator_base.py`, called through the real HTTP core.
extension Emulator {
    /// Makes the next `count` requests matching `path` (a trailing `*` matches a prefix)
    /// fail: with `status`, after `delayMs`, or by dropping the connection; with `hold`, wait
    /// unanswered until `releaseHeld()` (at most 60 s) and then answer (with `status` if given).
    public func injectFault(
        path: String,
        method: String? = nil,
        status: Int? = nil,
        count: Int = 1,
        delayMs: Int = 0,
        drop: Bool = false,
        dropAfterHandler: Bool = false,
        body: String? = nil,
        contentType: String? = nil,
        headers: [String: String] = [:],
        after: Int = 0,
        hold: Bool = false
    ) async throws {
        var spec: [String: Any] = [
            "path": path, "count": count, "delay_ms": delayMs, "drop": drop, "drop_after_handler": dropAfterHandler, "headers": headers,
            "after": after, "hold": hold,
        ]
        if let method { spec["method"] = method }
        if let status { spec["status"] = status }
        if let body { spec["body"] = body }
        if let contentType { spec["content_type"] = contentType }
        try await adminCall(.post, "faults", json: spec)
    }

    /// Answers every request held by a `hold` fault.
    public func releaseHeld() async throws {
        try await adminCall(.post, "release")
    }

    /// How many requests a `hold` fault keeps unanswered right now.
    public func heldCount() async throws -> Int {
        let body = try await adminCall(.get, "held").body
        return (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["held"] as? Int ?? 0
    }

    public func clearFaults() async throws {
        try await adminCall(.delete, "faults")
    }

    /// Adds `milliseconds` of delay to every non-admin request.
    public func setLatency(milliseconds: Int) async throws {
        try await adminCall(.post, "latency", json: ["delay_ms": milliseconds])
    }

    /// The emulator's state document, as raw JSON.
    public func state() async throws -> Data {
        try await adminCall(.get, "state").body
    }

    public func state<T: Decodable>(as type: T.Type) async throws -> T {
        try await adminCall(.get, "state").decode(T.self)
    }

    /// Every non-admin request the emulator received, oldest first.
    public func requests() async throws -> [RecordedRequest] {
        try await adminCall(.get, "requests").decode([RecordedRequest].self)
    }

    public func stats() async throws -> EmulatorStats {
        try await adminCall(.get, "stats").decode(EmulatorStats.self)
    }

    /// Back to the seeded fixtures; clears faults, latency and the request log. With `arguments`:
    /// as a process started with them would be, where they differ from this one's only in
    /// what the emulator lets a reset change (`EmulatorPool.resettableOptions`).
    public func reset(arguments: [String]? = nil) async throws {
        if let arguments {
            try await adminCall(.post, "reset", json: ["arguments": arguments])
        } else {
            try await adminCall(.post, "reset")
        }
    }

    /// Makes the emulator's `Date` header run `seconds` ahead (negative: behind) of the real clock.
    public func setClockOffset(seconds: Double) async throws {
        try await adminCall(.post, "clock", json: ["offset_seconds": seconds])
    }

    /// POSTs `json` to an emulator-specific admin endpoint (`expire-tokens`, `revoke`, …).
    public func admin(post endpoint: String, json: [String: any Sendable] = [:]) async throws {
        try await adminCall(.post, endpoint, json: json)
    }

    @discardableResult
    private func adminCall(_ method: HTTPMethod, _ endpoint: String, json: Any? = nil) async throws -> HTTPResponse {
        if !launcher.isEmpty {
            return try launchedAdminCall(method, endpoint, json: json.map { try JSONSerialization.data(withJSONObject: $0) })
        }
        var body = HTTPBody.none
        if let json { body = .json(try JSONSerialization.data(withJSONObject: json)) }
        let request = HTTPRequest(method, baseURL: baseURL, path: ["__admin", endpoint], body: body)
        return try await admin.send(request).requireSuccess()
    }
}

extension Emulator {
    /// An admin call made by a python3 one-liner run under the emulator's launcher (inside its
    /// network namespace), since this process's loopback is another one.
    fileprivate func launchedAdminCall(_ method: HTTPMethod, _ endpoint: String, json: Data?) throws -> HTTPResponse {
        let script = """
            import sys, urllib.request
            data = sys.stdin.buffer.read() or None
            request = urllib.request.Request(sys.argv[1], data=data, method=sys.argv[2], headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=30) as answer:
                sys.stdout.buffer.write(answer.read())
            """
        let url = baseURL + "/__admin/" + endpoint
        let result = try ProcessRunner.run(
            "/usr/bin/env", arguments: launcher + ["python3", "-c", script, url, method.rawValue],
            environment: ProcessInfo.processInfo.environment, stdin: json ?? Data(), timeout: 30)
        guard result.exitCode == 0 else {
            throw TestSupportError("admin \(method.rawValue) \(endpoint) under \(launcher.joined(separator: " ")) failed: \(result.stderr)")
        }
        return HTTPResponse(status: 200, body: Data(result.stdout.utf8), url: url, method: method)
    }
}

/// One entry of the emulator's request log.
public struct RecordedRequest: Decodable, Sendable {
    public var method: String
    /// The path decoded once, as the server's router sees it.
    public var path: String
    /// The path exactly as it arrived on the wire (still percent-encoded).
    public var rawPath: String
    public var query: [String: [String]]
    public var headers: [String: String]
    public var body: String
    /// Which TCP connection carried it (1, 2, …): equal ids mean a reused connection.
    public var connection: Int
    public var httpVersion: String
    /// When it arrived, by the emulator's monotonic clock (seconds): only differences mean anything.
    public var arrivedAt: Double

    enum CodingKeys: String, CodingKey {
        case method, path
        case rawPath = "raw_path"
        case query, headers, body, connection
        case httpVersion = "http_version"
        case arrivedAt = "at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        rawPath = try container.decode(String.self, forKey: .rawPath)
        headers = try container.decode([String: String].self, forKey: .headers)
        body = try container.decode(String.self, forKey: .body)
        connection = try container.decode(Int.self, forKey: .connection)
        httpVersion = try container.decode(String.self, forKey: .httpVersion)
        arrivedAt = try container.decode(Double.self, forKey: .arrivedAt)
        // The log flattens single values: {"a": "1", "b": ["1", "2"]}.
        let raw = try container.decode([String: QueryValue].self, forKey: .query)
        query = raw.mapValues(\.values)
    }

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    private struct QueryValue: Decodable {
        var values: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                values = [one]
            } else {
                values = try container.decode([String].self)
            }
        }
    }
}

/// The emulator's counters: requests served, TCP connections accepted, protocol versions seen.
public struct EmulatorStats: Decodable, Sendable {
    public var requests: Int
    public var connections: Int
    public var httpVersions: [String: Int]

    enum CodingKeys: String, CodingKey {
        case requests, connections
        case httpVersions = "http_versions"
    }
}
