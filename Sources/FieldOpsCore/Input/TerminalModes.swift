import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The one place that puts the controlling terminal back as the person had it.
///
/// Code that changes terminal modes (a no-echo secret, libedit's raw mode, a full-screen form)
/// first calls `preserve(leaving:)`, which keeps the modes fd 0 had before the first change and
/// the escape sequence that undoes what was drawn (leave the alternate screen, show the cursor,
/// stop mouse reporting). `restore()` applies both; it is called when that code finishes, by
/// `App` after every command, and by `InterruptHandler` before a second Ctrl-C exits at once,
/// so no exit path leaves the terminal without echo or in raw mode.
public enum TerminalModes {
    private struct Saved {
        var modes: termios?
        /// What to write on restore, and where (stderr, or stdout for a live view).
        var leave: [(descriptor: Int32, text: String)]
    }

    private static let saved = Locked<Saved?>(nil)

    /// Remembers fd 0's modes (the first call wins until `restore()`), and `leaving`: bytes
    /// written to the terminal (on `descriptor`, stderr unless said) on restore, added to those
    /// already registered.
    public static func preserve(leaving: String = "", on descriptor: Int32 = STDERR_FILENO) {
        saved.withLock { saved in
            if saved == nil {
                var modes = termios()
                saved = Saved(modes: tcgetattr(STDIN_FILENO, &modes) == 0 ? modes : nil, leave: [])
            }
            if !leaving.isEmpty, saved?.leave.contains(where: { $0.descriptor == descriptor && $0.text == leaving }) == false {
                saved?.leave.append((descriptor, leaving))
            }
        }
    }

    /// Puts the modes and screen back as `preserve` found them; nothing when nothing changed.
    /// Safe to call more than once and from the signal queue.
    public static func restore() {
        guard
            let state = saved.withLock({ saved -> Saved? in
                defer { saved = nil }
                return saved
            })
        else { return }
        for (descriptor, text) in state.leave {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
        }
        if var modes = state.modes {
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
    }
}
