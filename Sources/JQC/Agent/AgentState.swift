import FieldOpsCore
import FoundationEssentials

/// What a running agent last did, for `jqc status`: kept beside the store in `agent.json`
/// (rewritten after every attempt), and the agent lock that says whether it still runs.
public struct AgentState: Codable, Sendable, Equatable {
    public var pid: Int32
    public var startedAt: Date
    public var stoppedAt: Date?
    public var lastAttemptAt: Date?
    public var lastOutcome: String?
    /// Whether the last attempt reached the server.
    public var online = false
    /// The wake socket, when the agent listens on one.
    public var socket: String?
    public var watchesNetwork = false

    enum CodingKeys: String, CodingKey {
        case pid, online, socket
        case startedAt = "started_at"
        case stoppedAt = "stopped_at"
        case lastAttemptAt = "last_attempt_at"
        case lastOutcome = "last_outcome"
        case watchesNetwork = "watches_network"
    }

    public init(pid: Int32, startedAt: Date) {
        self.pid = pid
        self.startedAt = startedAt
    }
}

/// `agent.json` and `agent.lock` in a profile's data directory.
public struct AgentStateFile: Sendable {
    public static let lockName = "agent.lock"
    public let directory: String
    public var path: String { directory + "/agent.json" }

    public init(directory: String) {
        self.directory = directory
    }

    func write(_ state: AgentState) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(state).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The running agent's state, or nil when no agent holds the profile's agent lock.
    public func running() -> AgentState? {
        guard FileManager.default.fileExists(atPath: directory + "/" + Self.lockName),
            let lock = try? ProcessLock(path: directory + "/" + Self.lockName)
        else { return nil }
        switch try? lock.tryLock() {
        case .heldBy(let pid)?:
            var state = read() ?? AgentState(pid: pid ?? 0, startedAt: Date())
            if let pid { state.pid = pid }
            return state
        default:
            lock.unlock()
            return nil
        }
    }

    func read() -> AgentState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(AgentState.self, from: data)
    }
}
