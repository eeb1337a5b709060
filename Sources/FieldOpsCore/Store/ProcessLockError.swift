/// A `ProcessLock` that could not be taken or opened.
public struct ProcessLockError: UserFacingError, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Another process kept the lock for the whole wait.
        case held(pid: Int32?)
        /// The lock file could not be created, opened or locked.
        case io(String)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var summary: String {
        switch reason {
        case .held(let pid?): "another fieldops process (pid \(pid)) is already working with this profile (lock \(path))"
        case .held(nil): "another fieldops process is already working with this profile (lock \(path))"
        case .io(let message): "cannot use the lock file \(path): \(message)"
        }
    }

    public var hint: String? {
        switch reason {
        case .held: "wait for it to finish, then run the command again"
        case .io: "check that the directory exists and that you can write to it"
        }
    }

    public var exitCode: ExitCode { .failure }
    public var description: String { summary }
}
