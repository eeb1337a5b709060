#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's one status line: a progress bar, a listing's page count or a phase note
/// (`canary: verifying 5 ONUs…`), drawn on stderr at the bottom of what was printed.
///
/// Everything else written to the terminal — by any task, on stdout or stderr — goes through
/// `FileDescriptorStream`, which asks this line to step aside first: the status is erased, the
/// other text is written, and once that text has ended its line the status is drawn again below
/// it, as cargo and apt keep their bars under the log. Nothing else writes a carriage return, so
/// two messages never run together on one line. While a line is open (a prompt waiting for its
/// answer, a table half written) the status waits; a prompt (`TerminalPrompt`) hides it until
/// the answer is in.
///
/// Owners are told apart by a token, so the end of one (a finished listing) never erases the
/// status another has shown since (a verifier's phase note).
public final class StatusLine: Sendable {
    /// The process's terminal: drawn on stderr when that is one (nothing is drawn otherwise).
    public static let terminal = StatusLine(descriptor: STDERR_FILENO, enabled: isatty(STDERR_FILENO) == 1)

    public struct Owner: Sendable, Hashable {
        let id: Int
    }

    private struct State {
        var text: String?
        var owner: Owner?
        var drawn = false
        var lineOpen = false
        var paused = 0
        var writing = 0
        var nextOwner = 0
    }

    private let state = Locked(State())
    private let descriptor: Int32
    /// Whether anything is drawn (stderr is a terminal).
    public let enabled: Bool
    /// Where the bytes go; the terminal unless a test captures them.
    private let sink: (@Sendable ([UInt8]) -> Void)?

    init(descriptor: Int32, enabled: Bool, sink: (@Sendable ([UInt8]) -> Void)? = nil) {
        self.descriptor = descriptor
        self.enabled = enabled
        self.sink = sink
    }

    /// A status line writing into `sink` (tests).
    public convenience init(capturing sink: @escaping @Sendable ([UInt8]) -> Void) {
        self.init(descriptor: -1, enabled: true, sink: sink)
    }

    /// A new owner's token.
    public func owner() -> Owner {
        state.withLock { state in
            defer { state.nextOwner += 1 }
            return Owner(id: state.nextOwner)
        }
    }

    /// Shows `text` (cut to `width` columns) as the status, replacing whatever it showed.
    public func show(_ text: String, by owner: Owner, width: Int) {
        guard enabled else { return }
        let line = text.truncated(toWidth: max(1, width - 1))
        state.withLock { state in
            guard state.text != line || state.owner != owner || !state.drawn else { return }
            state.text = line
            state.owner = owner
            state.drawn = false  // drawn again, over what was there
            draw(&state)
        }
    }

    /// Erases the status when `owner` shows it (something another owner shows stays).
    public func clear(by owner: Owner) {
        state.withLock { state in
            guard state.owner == owner else { return }
            erase(&state)
            state.text = nil
            state.owner = nil
        }
    }

    /// Erases whatever is shown, whoever showed it: the command ended (`App`), and the shell's
    /// prompt must not land on a progress line.
    public func clearAll() {
        state.withLock { state in
            erase(&state)
            state.text = nil
            state.owner = nil
        }
    }

    /// Writes other text to the terminal through `write`: the status is erased first and drawn
    /// again after text that ends its line. `FileDescriptorStream` calls this for every write to
    /// a terminal.
    public func interrupt(for bytes: [UInt8], _ write: () -> Void) {
        guard enabled, !bytes.isEmpty else {
            write()
            return
        }
        // The lock is not held while writing (a failed write's handlers may write too); while
        // any write is under way the status is not drawn.
        state.withLock { state in
            erase(&state)
            state.writing += 1
        }
        write()
        state.withLock { state in
            state.writing -= 1
            state.lineOpen = bytes.last != 0x0A
            draw(&state)
        }
    }

    /// Hides the status while `body` asks a question on the terminal, and shows it again after.
    public func pause<T>(_ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        state.withLock { state in
            erase(&state)
            state.paused += 1
        }
        defer {
            state.withLock { state in
                state.paused -= 1
                // The answer's Enter ended the prompt's line.
                state.lineOpen = false
                draw(&state)
            }
        }
        return try body()
    }

    private func draw(_ state: inout State) {
        guard let text = state.text, !state.drawn, !state.lineOpen, state.paused == 0, state.writing == 0 else { return }
        emit("\r\u{1B}[2K" + text)
        state.drawn = true
    }

    private func erase(_ state: inout State) {
        guard state.drawn else { return }
        emit("\r\u{1B}[2K")
        state.drawn = false
    }

    private func emit(_ text: String) {
        let bytes = Array(text.utf8)
        if let sink { return sink(bytes) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
