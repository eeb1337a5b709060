internal import CNcurses
import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal under ncurses while the form is open: draws canvases, reads keys.
///
/// Opening it registers with the core's `TerminalModes` how to put the terminal back (modes,
/// alternate screen, cursor, mouse reporting), so a second Ctrl-C or an error on any path
/// leaves the shell as it was; `close()` (also from `deinit`) ends ncurses normally.
final class CursesScreen {
    private let api: UnsafeMutablePointer<fieldops_curses_api>
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let colors: Bool
    private var closed = false
    private var pending: [UInt8] = []

    /// What restores the screen when ncurses cannot run its own `endwin` (a second Ctrl-C).
    /// Like `endwin`, it first puts the cursor in the lower-left corner (row 999 is clamped to
    /// the last), so on a terminal without the alternate screen what the shell prints next
    /// starts a line instead of wrapping off the end of the form's status line.
    static let leaveSequence = "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[999;1H\u{1B}[?1049l\u{1B}[?25h"

    /// Opens ncurses on the terminal of fd 0 (drawing on stderr); nil when ncurses is not
    /// installed or does not know `$TERM`.
    init?(color: Bool) {
        guard let api = fieldops_curses() else { return nil }
        // Labels, stars and braille strokes are UTF-8: ncursesw needs a UTF-8 character type.
        TextLocale.ensureUTF8()
        TerminalModes.preserve(leaving: Self.leaveSequence)
        guard let screen = api.pointee.newterm(nil, fieldops_stderr(), fieldops_stdin()), let window = fieldops_stdscr() else {
            TerminalModes.restore()
            return nil
        }
        self.api = api
        self.screen = screen
        self.window = window
        _ = api.pointee.cbreak()
        _ = api.pointee.noecho()
        _ = api.pointee.nonl()
        _ = api.pointee.keypad(window, true)
        _ = api.pointee.intrflush(window, false)
        _ = api.pointee.set_escdelay(25)
        api.pointee.wtimeout(window, 100)
        colors = color && api.pointee.has_colors()
        if colors {
            _ = api.pointee.start_color()
            _ = api.pointee.use_default_colors()
            _ = api.pointee.init_pair(1, Int16(COLOR_RED), -1)
            _ = api.pointee.init_pair(2, Int16(COLOR_CYAN), -1)
        }
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        _ = api.pointee.endwin()
        api.pointee.delscreen(screen)
        TerminalModes.restore()
    }

    var size: (width: Int, height: Int) {
        (Int(api.pointee.getmaxx(window)), Int(api.pointee.getmaxy(window)))
    }

    func draw(_ canvas: FormCanvas) {
        _ = api.pointee.werase(window)
        for span in canvas.spans {
            var text = span.text
            // Writing the bottom-right cell would scroll the screen.
            if span.y == canvas.height - 1, span.x + text.displayWidth >= canvas.width {
                text = FormCanvas.prefix(of: text, columns: canvas.width - span.x - 1)
            }
            _ = api.pointee.wmove(window, Int32(span.y), Int32(span.x))
            let attribute = self.attribute(span.style)
            _ = api.pointee.wattron(window, attribute)
            _ = api.pointee.waddnstr(window, text, -1)
            _ = api.pointee.wattroff(window, attribute)
        }
        if let cursor = canvas.cursor {
            _ = api.pointee.curs_set(1)
            _ = api.pointee.wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            _ = api.pointee.curs_set(0)
        }
        _ = api.pointee.wrefresh(window)
    }

    private func attribute(_ style: FormCanvas.Style) -> Int32 {
        switch style {
        case .plain: return 0
        case .bold: return fieldops_attr_bold()
        case .reverse, .status: return fieldops_attr_reverse()
        case .dim: return fieldops_attr_dim()
        case .problem: return colors ? fieldops_color_pair(1) | fieldops_attr_bold() : fieldops_attr_bold()
        case .heading: return colors ? fieldops_color_pair(2) | fieldops_attr_bold() : fieldops_attr_bold()
        }
    }

    // MARK: Keys

    /// The next key, nil when none came within 100 ms; throws `CancellationError` once the
    /// command is interrupted (Ctrl-C, SIGTERM) so the form can leave cleanly.
    func key() throws -> FormKey? {
        try Task.checkCancellation()
        let code = api.pointee.wgetch(window)
        if code == ERR { return nil }
        switch code {
        case KEY_RESIZE: return .resize
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BTAB: return .backTab
        case KEY_DC: return .delete
        case KEY_BACKSPACE, 127, 8: return .backspace
        case KEY_ENTER, 10, 13: return .enter
        case 9: return .tab
        case 27:
            api.pointee.wtimeout(window, 30)
            let next = api.pointee.wgetch(window)
            api.pointee.wtimeout(window, 100)
            if next == ERR || next >= 256 { return .escape(nil) }
            return .escape(Character(Unicode.Scalar(UInt8(next))))
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 96)))
        case 0..<256:
            pending.append(UInt8(code))
            guard let scalar = LineEditor.decodeScalar(&pending) else { return try key() }
            return .character(Character(scalar))
        default:
            return nil
        }
    }

    /// Bytes exactly as the terminal sent them (the signature pad reads mouse reports so).
    func rawByte(timeout: Int32) -> UInt8? {
        api.pointee.wtimeout(window, timeout)
        defer { api.pointee.wtimeout(window, 100) }
        let code = api.pointee.wgetch(window)
        return code >= 0 && code < 256 ? UInt8(code) : nil
    }

    /// With keypad decoding off, escape sequences (mouse reports) arrive byte by byte.
    func decodeKeys(_ on: Bool) {
        _ = api.pointee.keypad(window, on)
    }

    /// Writes bytes straight to the terminal (mode switches ncurses has no call for).
    func sendToTerminal(_ sequence: String) {
        FileDescriptorStream.standardError.write(sequence)
    }

    /// Leaves ncurses for a program that takes the terminal ($EDITOR), then comes back.
    func suspend<T>(_ body: () throws -> T) rethrows -> T {
        _ = api.pointee.endwin()
        defer {
            _ = api.pointee.clearok(window, true)
            _ = api.pointee.wrefresh(window)
        }
        return try body()
    }
}
