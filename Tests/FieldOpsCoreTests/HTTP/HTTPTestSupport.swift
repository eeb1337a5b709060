import FieldOpsCore
import FieldOpsTestSupport
import Foundation

/// What `/echo` on http_test_server.py reports about the request it received.
struct EchoReply: Decodable {
    var method: String
    var path: String
    var rawPath: String
    var query: [String: String]
    var headers: [[String]]
    var body: String?
    var bodyLength: Int

    enum CodingKeys: String, CodingKey {
        case method, path
        case rawPath = "raw_path"
        case query, headers, body
        case bodyLength = "body_length"
    }

    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}

/// A session for tests: fast backoff so retry tests take fractions of a second.
func testSession(
    _ settings: HTTPSettings = HTTPSettings(timeout: 10, retries: 0),
    maxConcurrentTransfers: Int = 8,
    maxResponseBytes: Int = 64 << 20,
    trace: HTTPTraceSink? = nil
) throws -> HTTPSession {
    try HTTPSession(
        settings: settings, version: "test", maxConcurrentTransfers: maxConcurrentTransfers,
        maxResponseBytes: maxResponseBytes, retryBaseDelay: 0.05, trace: trace
    )
}

/// A loopback port with nothing listening: bound, then closed.
func closedLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestSupportError("socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Int32 in
            guard bind(fd, raw, length) == 0 else { return -1 }
            return getsockname(fd, raw, &length)
        }
    }
    guard bound == 0 else { throw TestSupportError("bind() failed") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Collects trace lines from the session's sink.
final class TraceRecorder: Sendable {
    private let lines = LockedLines()

    var sink: HTTPTraceSink {
        { [lines] line in lines.append(line) }
    }

    var all: [String] { lines.snapshot() }
}

final class LockedLines: @unchecked Sendable {
    // @unchecked: `items` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ line: String) {
        lock.withLock { items.append(line) }
    }

    func snapshot() -> [String] {
        lock.withLock { items }
    }
}
