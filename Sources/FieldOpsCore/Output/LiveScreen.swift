import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal while a full-screen live view runs (`--watch`): the alternate screen, no echo,
/// keys read one at a time and decoded (`ScrollKey`), and everything put back — through the
/// core's `TerminalModes`, which every way out reaches: a normal return, a thrown error, `q`,
/// and SIGINT/SIGTERM (restored from the signal itself, so even the second Ctrl-C, which exits
/// at once, leaves a working terminal).
public final class LiveScreen: Sendable {
    private let output: TextStream
    private let active = Locked(false)
    private let keys = Locked<[ScrollKey]>([])
    private let keysStopped = Locked(false)
    private let signalWatch = Locked<SignalWatch.Token?>(nil)

    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// The line end first: a terminal without an alternate screen (the Linux console) keeps
    /// the last frame, and the shell's next line must not start on its status line.
    static let leave = "\u{1B}[0m\r\n\u{1B}[?25h\u{1B}[?1049l"

    /// Enters the alternate screen on `output` (standard output); reads keys from stdin when
    /// `readKeys` and it is a terminal.
    public init(output: TextStream, readKeys: Bool) {
        self.output = output
        let reading = readKeys && isatty(STDIN_FILENO) == 1
        TerminalModes.preserve(leaving: Self.leave, on: STDOUT_FILENO)
        if reading {
            var modes = termios()
            if tcgetattr(STDIN_FILENO, &modes) == 0 {
                // No line buffering and no echo, so a key arrives at once and is not shown;
                // ISIG stays on, so Ctrl-C is still SIGINT and goes the usual way.
                modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
                withUnsafeMutableBytes(of: &modes.c_cc) { bytes in
                    bytes[Int(VMIN)] = 1
                    bytes[Int(VTIME)] = 0
                }
                tcsetattr(STDIN_FILENO, TCSANOW, &modes)
            }
        }
        active.withLock { active in
            output.write(Self.enter)
            active = true
        }
        // The screen is put back from the signal itself, before the command's own handler runs
        // (`SignalWatch` calls the newest watcher first), which exits on a second Ctrl-C.
        let watch = SignalWatch.watch { [weak self] _ in self?.restore() }
        signalWatch.withLock { $0 = watch }
        if reading { startKeyReader() }
    }

    deinit {
        restore()
    }

    /// Keys pressed since the last call, oldest first.
    public func takeKeys() -> [ScrollKey] {
        keys.withLock { keys in
            defer { keys = [] }
            return keys
        }
    }

    /// Rows and columns of the terminal (80×24 when it does not say).
    public var size: (rows: Int, columns: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            return (Int(size.ws_row), Int(size.ws_col))
        }
        return (24, 80)
    }

    /// Draws a whole frame from the top left; a no-op once restored.
    public func draw(_ text: String) {
        active.withLock { active in
            guard active else { return }
            output.write("\u{1B}[H" + text + "\u{1B}[J")
        }
    }

    /// Leaves the alternate screen, shows the cursor and puts the terminal modes back
    /// (`TerminalModes.restore`). Idempotent.
    public func restore() {
        keysStopped.withLock { $0 = true }
        let wasActive = active.withLock { active in
            defer { active = false }
            return active
        }
        if wasActive { TerminalModes.restore() }
        signalWatch.withLock { watch in
            defer { watch = nil }
            return watch
        }?.cancel()
    }

    /// A thread that waits for keys with poll(2), so it notices `restore()` within 100 ms.
    private func startKeyReader() {
        let keys = self.keys
        let stopped = keysStopped
        // Without a thread left, keys are not read; Ctrl-C still ends the view.
        DetachedThread.start {
            func read(waiting milliseconds: Int32) -> UInt8?? {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, milliseconds)
                if ready <= 0 { return .some(nil) }
                var byte: UInt8 = 0
                return Glibc.read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
            }
            while !stopped.withLock({ $0 }) {
                guard let first = read(waiting: 100) else { return }  // end of input
                guard let first else { continue }
                // The rest of an escape sequence comes in the same write: 50 ms is plenty.
                let key = ScrollKey.decode(first: first) { read(waiting: 50) ?? nil }
                guard let key else { continue }
                keys.withLock { $0.append(key) }
                if key == .quit { return }
            }
        }
    }
}
