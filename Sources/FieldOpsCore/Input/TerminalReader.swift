import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reads keys from the controlling terminal on fd 0 so that Ctrl-C is noticed while waiting.
///
/// The core's interrupt handler ignores SIGINT and cancels the command's task instead, so a
/// blocking `read` would sit there until Enter. This reader waits with `poll` in short slices
/// and checks the task's cancellation between them: a Ctrl-C (or SIGTERM) ends the wait at
/// once with `CancellationError`. It reads one byte at a time, so nothing is buffered that a
/// later prompt would miss. Every prompt of the core (secrets, lines, confirmations) and of the
/// backends' interactive forms reads through it.
public enum TerminalReader {
    /// What one wait for a byte gave.
    public enum Key: Equatable, Sendable {
        case byte(UInt8)
        case endOfInput
        /// Nothing arrived within the timeout given.
        case timedOut
    }

    /// The next byte from fd 0; throws `CancellationError` once the command is interrupted.
    /// With `timeout` (milliseconds), gives `.timedOut` when no byte came in that time.
    public static func nextByte(timeout: Int? = nil) throws -> Key {
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            try Task.checkCancellation()
            var slice: Int32 = 100
            if let timeout {
                let waited = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
                if waited >= timeout { return .timedOut }
                slice = Int32(min(100, timeout - waited))
            }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, slice)
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count == 1 else { return .endOfInput }
            // Off the canonical line discipline (a raw-mode editor), Ctrl-C arrives as a byte:
            // it interrupts the command just as the signal would.
            if byte == 0x03, !keysSendSignals { raise(SIGINT) }
            return .byte(byte)
        }
    }

    /// One line without its newline; nil at end of input. In canonical mode the terminal
    /// driver does the echo and the erase keys; this only collects the bytes.
    public static func line() throws -> String? {
        try lineBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The same as bytes, so a caller holding a secret can wipe them after use.
    public static func lineBytes() throws -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            switch try nextByte() {
            case .byte(UInt8(ascii: "\n")):
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return line
            case .byte(let byte):
                line.append(byte)
            case .endOfInput, .timedOut:
                return line.isEmpty ? nil : line
            }
        }
    }

    /// Reads a line with echo off (a password), the modes restored on every path. Echo goes
    /// off before `prompt` shows the question: a person (or a script) that types as soon as
    /// the prompt appears must never see the secret echoed.
    public static func secretBytes(prompt: () -> Void) throws -> [UInt8]? {
        var modes = termios()
        let canRestore = tcgetattr(STDIN_FILENO, &modes) == 0
        if canRestore {
            TerminalModes.preserve()
            var quiet = modes
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ICANON)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        defer { if canRestore { TerminalModes.restore() } }
        prompt()
        return try lineBytes()
    }

    /// Whether the terminal turns Ctrl-C into SIGINT itself (`ISIG`).
    private static var keysSendSignals: Bool {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return true }
        return modes.c_lflag & tcflag_t(ISIG) != 0
    }
}
