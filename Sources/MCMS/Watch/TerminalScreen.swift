import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal while a live view runs: the alternate screen, no echo, keys read one at a time,
/// and everything put back by `restore()` — which every way out reaches: a normal return, a
/// thrown error, `q`, and SIGINT/SIGTERM (restored from the signal itself, so even the second
/// Ctrl-C, which exits at once, leaves a working terminal).
final class TerminalScreen: Sendable {
    private struct State {
        var saved: termios?
        var active = false
    }

    private let state = Locked(State())
    private let output: TextStream
    private let quit = Locked(false)
    private let keysStopped = Locked(false)
    private let signalWatch = Locked<SignalWatch.Token?>(nil)

    /// Enters the alternate screen; reads keys from stdin when it is a terminal.
    init(output: TextStream, readKeys: Bool) {
        self.output = output
        state.withLock { state in
            if readKeys {
                var saved = termios()
                if tcgetattr(STDIN_FILENO, &saved) == 0 {
                    state.saved = saved
                    var raw = saved
                    // No line buffering and no echo, so `q` arrives at once and is not shown;
                    // ISIG stays on, so Ctrl-C is still SIGINT and goes the usual way.
                    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
                    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                        bytes[Int(VMIN)] = 1
                        bytes[Int(VTIME)] = 0
                    }
                    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
                }
            }
            output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
            state.active = true
        }
        // The screen is put back from the signal itself, before the command's own handler runs
        // (`SignalWatch` calls the newest watcher first), which exits on a second Ctrl-C.
        let watch = SignalWatch.watch { [weak self] _ in self?.restore() }
        signalWatch.withLock { $0 = watch }
        if readKeys, state.withLock({ $0.saved != nil }) { startKeyReader() }
    }

    deinit {
        restore()
    }

    /// True once `q` was pressed.
    var quitRequested: Bool { quit.withLock { $0 } }

    /// Rows and columns of the terminal (80×24 when it does not say).
    var size: (rows: Int, columns: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            return (Int(size.ws_row), Int(size.ws_col))
        }
        return (24, 80)
    }

    /// Draws a whole frame from the top left; a no-op once restored.
    func draw(_ text: String) {
        state.withLock { state in
            guard state.active else { return }
            output.write("\u{1B}[H" + text + "\u{1B}[J")
        }
    }

    /// Leaves the alternate screen, shows the cursor and puts the terminal modes back. Idempotent.
    func restore() {
        keysStopped.withLock { $0 = true }
        state.withLock { state in
            guard state.active else { return }
            state.active = false
            output.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
            if var saved = state.saved {
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            }
        }
        signalWatch.withLock { watch in
            defer { watch = nil }
            return watch
        }?.cancel()
    }

    /// A thread that waits for keys with poll(2), so it notices `restore()` within 100 ms.
    private func startKeyReader() {
        let quit = self.quit
        let stopped = keysStopped
        // Without a thread left, `q` is not read; Ctrl-C still ends the view.
        DetachedThread.start {
            var byte: UInt8 = 0
            while !stopped.withLock({ $0 }) {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, 100)
                if ready < 0 && errno == EINTR { continue }
                if ready <= 0 { continue }
                guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
                if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") {
                    quit.withLock { $0 = true }
                    return
                }
            }
        }
    }
}
