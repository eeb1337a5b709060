internal import CNetlink
import Dispatch
import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What wakes the agent: the kernel's rtnetlink messages, a poke from a command that queued
/// work, and SIGINT/SIGTERM — three descriptors under one `poll(2)`, so an idle agent sleeps
/// in the kernel until one of them (or its next timer) is due. Nothing polls in a loop.
final class AgentEvents: @unchecked Sendable {
    struct Woken: OptionSet, Sendable {
        let rawValue: Int
        /// A link came up or an address or route was added: the network may be back.
        static let network = Woken(rawValue: 1)
        /// A command queued work for this profile.
        static let queued = Woken(rawValue: 2)
        /// SIGINT or SIGTERM.
        static let signal = Woken(rawValue: 4)
    }

    private let netlink: Int32
    private let wake: Int32
    private let signalPipe: (read: Int32, write: Int32)
    private var signalWatch: SignalWatch.Token?
    let socketPath: String?
    /// Why network changes are not watched, when they are not (the agent then logs it once).
    let netlinkFailure: String?

    /// - Parameters:
    ///   - socketPath: where commands poke this agent; bound here (a stale file from a killed
    ///     agent is replaced — the caller holds the agent lock, so no live agent owns it).
    ///   - onSignal: called on the signal thread at once, before the loop notices (the agent
    ///     asks a sync in progress to stop there).
    init(socketPath: String?, onSignal: @escaping @Sendable (Int32) -> Void) throws {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            throw FieldOpsError("the agent cannot create its signal pipe: \(String(cString: strerror(errno)))")
        }
        for fd in pipeFDs {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalPipe = (pipeFDs[0], pipeFDs[1])

        let (netlink, failure) = Self.openNetlink()
        self.netlink = netlink
        netlinkFailure = failure

        var bound: Int32 = -1
        var path = socketPath
        if let socketPath {
            do {
                bound = try Self.bindWakeSocket(socketPath)
            } catch {
                path = nil
            }
        }
        wake = bound
        self.socketPath = path

        let writer = signalPipe.write
        signalWatch = SignalWatch.watch { number in
            onSignal(number)
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(writer, &byte, 1)
        }
    }

    deinit {
        signalWatch?.cancel()
        for fd in [netlink, wake, signalPipe.read, signalPipe.write] where fd >= 0 { close(fd) }
        if let socketPath, wake >= 0 { unlink(socketPath) }
    }

    /// Waits up to `timeout` seconds (forever when nil) for something to happen, then drains
    /// every ready descriptor and says what it saw; an empty set means the timeout passed.
    func wait(timeout: Double?) async -> Woken {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.waitBlocking(timeout: timeout))
            }
        }
    }

    private func waitBlocking(timeout: Double?) -> Woken {
        var fds = [pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
        if netlink >= 0 { fds.append(pollfd(fd: netlink, events: Int16(POLLIN), revents: 0)) }
        if wake >= 0 { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(min(max($0, 0) * 1000, Double(Int32.max / 2)).rounded(.up)) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return [] }
        var woken: Woken = []
        for entry in fds where entry.revents != 0 {
            if entry.fd == signalPipe.read {
                if drain(entry.fd) { woken.insert(.signal) }
            } else if entry.fd == netlink {
                if drainNetlink() { woken.insert(.network) }
            } else if entry.fd == wake {
                if drain(entry.fd) { woken.insert(.queued) }
            }
        }
        return woken
    }

    /// Reads everything waiting on a non-blocking descriptor; true when anything was there.
    private func drain(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 512)
        var any = false
        while read(fd, &buffer, buffer.count) > 0 { any = true }
        return any
    }

    /// Reads every queued rtnetlink message; true when one of them can mean "online again":
    /// a link that is up with a carrier, a new address, a new route. Removals never wake.
    private func drainNetlink() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var online = false
        while true {
            let count = recv(netlink, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count < 0 && errno == ENOBUFS {
                // The kernel dropped messages for us: something changed; assume it may be back.
                online = true
                continue
            }
            guard count > 0 else { break }
            online = Self.anyOnlineEvent(in: buffer, count: count) || online
        }
        return online
    }

    static func anyOnlineEvent(in buffer: [UInt8], count: Int) -> Bool {
        var offset = 0
        let headerLength = Int(fieldops_nlmsg_header_length())
        var online = false
        buffer.withUnsafeBytes { raw in
            while offset + headerLength <= count {
                let header = raw.baseAddress!.advanced(by: offset).assumingMemoryBound(to: nlmsghdr.self)
                let length = Int(header.pointee.nlmsg_len)
                guard length >= headerLength, offset + length <= count else { break }
                switch Int32(header.pointee.nlmsg_type) {
                case Int32(RTM_NEWLINK):
                    if fieldops_link_is_up(header) != 0 { online = true }
                case Int32(RTM_NEWADDR), Int32(RTM_NEWROUTE):
                    online = true
                default:
                    break
                }
                offset += Int(fieldops_nlmsg_align(length))
            }
        }
        return online
    }

    private static func openNetlink() -> (Int32, String?) {
        let fd = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), NETLINK_ROUTE)
        guard fd >= 0 else { return (-1, "cannot open a NETLINK_ROUTE socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = fieldops_rtnetlink_groups()
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return (-1, "cannot join the rtnetlink groups: \(reason)")
        }
        return (fd, nil)
    }

    private static func bindWakeSocket(_ path: String) throws -> Int32 {
        let directory = PathText.parent(of: path)
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw FieldOpsError("cannot create the wake socket: \(String(cString: strerror(errno)))") }
        let result = AgentWake.withSocketAddress(path) { address, length in bind(fd, address, length) }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw FieldOpsError("cannot bind the wake socket \(path): \(reason)")
        }
        chmod(path, 0o600)
        return fd
    }
}
