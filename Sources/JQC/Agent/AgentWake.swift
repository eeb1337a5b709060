internal import CNetlink
import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where a profile's running `jqc agent` listens, and the one-datagram "work is queued" poke
/// that every command queuing work sends it, so a submit made online reaches the server within
/// seconds with no `sync` command.
///
/// A unix datagram socket in `$XDG_RUNTIME_DIR/fieldops/` (per-user, 0700, cleared at logout)
/// when that is a directory, else beside the profile's store (0700 too). The name carries a hash
/// of the data directory, so two homes that share a runtime directory (tests, `--config` users)
/// never wake each other's agent. A poke never blocks and never fails a command: no agent, no socket, a full queue —
/// the work is in the store either way and the next sync sends it.
public enum AgentWake {
    /// sun_path holds 108 bytes including the terminating NUL.
    static let maximumPathLength = 107

    /// The socket path for `profile`, or nil when no candidate fits in a socket address.
    public static func socketPath(profile: String, paths: ConfigPaths, environment: [String: String]) -> String? {
        let data = paths.dataDirectory(for: profile)
        var candidates: [String] = []
        // Only a directory is a runtime directory: set to a file (or to nothing that exists),
        // the agent could not bind there and every poke was lost; both ends then use the store's.
        if let runtime = ProcessEnvironment.runtimeDirectory(in: environment) {
            candidates.append(runtime + "/fieldops/jqc-agent-\(fileSafe(profile))-\(hash(data)).sock")
        }
        candidates.append(data + "/agent.sock")
        return candidates.first { $0.utf8.count <= maximumPathLength }
    }

    /// Tells the profile's agent, if one is running, that work was queued. Never throws.
    public static func poke(profile: String, paths: ConfigPaths, environment: [String: String]) {
        guard let path = socketPath(profile: profile, paths: paths, environment: environment) else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = withSocketAddress(path) { address, length in
            let message: [UInt8] = Array("queued".utf8)
            return message.withUnsafeBytes { bytes in
                sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT), address, length)
            }
        }
    }

    /// The poke for the command's own profile.
    public static func poke(_ context: CommandContext, profile: Profile) {
        poke(profile: profile.name, paths: context.paths, environment: context.environment)
    }

    /// Calls `body` with a `sockaddr_un` for `path`.
    static func withSocketAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(maximumPathLength))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    static func fileSafe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(40))
    }

    /// FNV-1a of the data directory, 8 hex digits: stable across runs and builds.
    static func hash(_ text: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        return String(value, radix: 16).leftPadded(to: 8)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
